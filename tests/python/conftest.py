"""Shared fixtures of the Python tests: a fresh context per test (so counters start at zero), the
seed examples' kernels, and PyOpenCL for the tests that check against it; and the marker
`oclgrind`, which skips a test of checked mode where Oclgrind cannot be loaded (a GPU machine),
naming it, or fails it under TILES_REQUIRE_ALL_TOOLS."""

import functools
import os
import pathlib

import pytest
import tiles
from optional_tools import needs

KERNELS = pathlib.Path(__file__).resolve().parents[2] / "examples" / "kernels"


@pytest.fixture
def context():
    c = tiles.Context()
    yield c
    c.release()


@pytest.fixture
def seed_kernel():
    """seed_kernel(file, name): a kernel of the seed examples."""
    return lambda file, name: tiles.Kernel((KERNELS / file).read_text(), name)


@pytest.fixture
def cl():
    """PyOpenCL, as `import pyopencl as cl` names it; the test is skipped where it is missing."""
    return needs("pyopencl", "pip's pyopencl")


def pytest_configure(config):
    config.addinivalue_line("markers", "oclgrind: the test runs kernels in checked mode, on Oclgrind")


@functools.lru_cache(maxsize=None)
def oclgrind_missing():
    """Why checked mode cannot run here (Oclgrind cannot be loaded), as libtiles says it; empty where it can."""
    try:
        tiles.Context.checked().release()
    except tiles.errors.Unsupported as refused:
        return str(refused)
    return ""


def pytest_runtest_setup(item):
    if item.get_closest_marker("oclgrind") is None or not oclgrind_missing():
        return
    if os.environ.get("TILES_REQUIRE_ALL_TOOLS"):
        pytest.fail(f"TILES_REQUIRE_ALL_TOOLS is set, and {oclgrind_missing()}")
    pytest.skip(f"needs Oclgrind (Debian's oclgrind) for checked mode: {oclgrind_missing()}")
