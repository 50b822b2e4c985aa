"""Shared fixtures of the Python tests: a fresh context per test (so counters start at zero), the
seed examples' kernels, and PyOpenCL for the tests that check against it."""

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
