"""Shared fixtures of the Python tests: a fresh context per test (so counters start at zero) and
the seed examples' kernels."""

import pathlib

import pytest
import tiles

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
