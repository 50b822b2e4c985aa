"""The Python packages that some tests need and the package `tiles` does not: a test that needs one
that is missing is skipped, saying which. ./setup.sh test installs them all and sets
TILES_REQUIRE_ALL_TOOLS, under which a missing one fails the test instead."""

import importlib
import os

import pytest


def needs(module, installed_as):
    """The module `module`, imported; where it is missing, skips the test (or, at a module's top,
    its tests), naming it and `installed_as`, what installs it."""
    if os.environ.get("TILES_REQUIRE_ALL_TOOLS"):
        return importlib.import_module(module)
    return pytest.importorskip(module, reason=f"needs {module} ({installed_as}), which is not installed")
