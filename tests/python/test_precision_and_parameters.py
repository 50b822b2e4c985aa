"""gemm's precision= and the algorithms' launch parameters by name from Python: the tensor-core
kernel (its emulation on devices without tensor cores, chosen with set_parameters) against numpy
with the inputs rounded as each precision says, and the parameters' overrides and refusals."""

import logging

import numpy as np
import pytest
import tiles

PRECISIONS = ["tf32x3", "tf32", "float16", "bfloat16"]
# The shapes of the C++ and C tests', so that PoCL compiles each kernel once.
SMALL_TENSOR_CORE_TILES = {"WARPS_DOWN": 2, "WARPS_ACROSS": 2, "WARP_ROWS": 32, "WARP_COLUMNS": 16,
                           "SLICE_STEPS": 1, "TENSOR_CORES": 2}


@pytest.fixture
def tensor_cores():
    """The tensor-core kernel: the emulation of its instructions where the device has none (set
    always: where the device has them, TENSOR_CORES 2 runs them)."""
    for name in ("gemm_mma", "gemm_mma_tf32x3", "gemm_mma_small"):
        tiles.set_parameters(name, SMALL_TENSOR_CORE_TILES)
    yield
    tiles.reset_parameters()


def rounded(x, precision):
    """float32 values rounded as `precision` rounds gemm's inputs, in float64."""
    x = x.astype(np.float64)
    if precision == "float16":
        return x.astype(np.float16).astype(np.float64)
    bits = {"tf32": 10, "bfloat16": 7}.get(precision)
    if bits is None:
        return x
    mantissa, exponent = np.frexp(x)
    scaled = np.ldexp(mantissa, bits + 1)
    # TF32 rounds ties away from zero (cvt.rna), bfloat16 to even.
    whole = np.sign(scaled) * np.floor(np.abs(scaled) + 0.5) if precision == "tf32" else np.rint(scaled)
    return np.ldexp(whole, exponent - bits - 1)


@pytest.mark.parametrize("precision", PRECISIONS)
@pytest.mark.parametrize("m,n,k", [(1, 1, 1), (37, 29, 41), (33, 1, 70)])
def test_precisions_compute_the_products_of_their_rounded_inputs(tensor_cores, precision, m, n, k):
    rng = np.random.default_rng(3)
    a, b = (rng.uniform(-1, 1, shape).astype(np.float32) for shape in ((m, k), (k, n)))
    c = rng.uniform(-1, 1, (m, n)).astype(np.float32)
    result = tiles.gemm(1.5, a, b, -0.5, c, precision=precision)
    reference = 1.5 * (rounded(a, precision) @ rounded(b, precision)) - 0.5 * c
    magnitude = 1.5 * (np.abs(rounded(a, precision)) @ np.abs(rounded(b, precision))) + 0.5 * np.abs(c)
    assert result.dtype == np.float32
    assert np.all(np.abs(result - reference) <= (3 * k + 16) * 2.0**-23 * magnitude)


def test_matrix_multiply_takes_a_precision(tensor_cores):
    a = np.full((19, 7), 1 + 2.0**-12, np.float32)  # below half a TF32 place of 1
    b = np.ones((7, 5), np.float32)
    np.testing.assert_array_equal(tiles.matrix_multiply(a, b, precision="tf32"), np.full((19, 5), 7, np.float32))
    np.testing.assert_array_equal(tiles.matrix_multiply(a, b, precision="tf32x3"), a.astype(np.float64) @ b)
    np.testing.assert_array_equal(tiles.matrix_multiply(a, b), a.astype(np.float64) @ b)


def test_half_matrices_at_their_own_precision_compute_as_float_ones_rounded_in_the_kernel(tensor_cores):
    rng = np.random.default_rng(5)
    a, b = (rng.uniform(-1, 1, shape).astype(np.float32) for shape in ((37, 70), (70, 29)))
    halves = tiles.matrix_multiply(a.astype(np.float16), b.astype(np.float16), precision="float16")
    assert halves.dtype == np.float32
    reference = rounded(a, "float16") @ rounded(b, "float16")  # numpy, in float64
    magnitude = np.abs(rounded(a, "float16")) @ np.abs(rounded(b, "float16"))
    assert np.all(np.abs(halves - reference) <= (3 * 70 + 16) * 2.0**-23 * magnitude)
    np.testing.assert_array_equal(halves, tiles.matrix_multiply(a, b, precision="float16"))
    with pytest.raises(tiles.InvalidArgument, match="multiplied as they are, at the precision exact or float16; not tf32"):
        tiles.matrix_multiply(a.astype(np.float16), b.astype(np.float16), precision="tf32")


def test_half_matrices_run_on_tensor_cores_by_default_and_exact_keeps_them_off(tensor_cores, caplog):
    """As cuBLAS's CUBLAS_COMPUTE_32F and CuPy multiply them: the products of halves are exact in
    float and their sums float's, on tensor cores (here their emulation) or not."""
    assert [tiles._tiles.default_precision(np.dtype(t)) for t in ("float16", "float32", "float64", "int32")] == [
        "float16", "exact", "exact", "exact"]
    rng = np.random.default_rng(6)
    a, b = (rng.uniform(-1, 1, shape).astype(np.float16) for shape in ((37, 70), (70, 29)))
    reference = a.astype(np.float64) @ b.astype(np.float64)
    built = {}
    for precision in (None, "exact"):
        caplog.clear()
        caplog.set_level(logging.INFO, logger="tiles")
        tiles.set_log_level("info")
        try:
            product = tiles.matrix_multiply(a, b, precision=precision, context=tiles.Context())
        finally:
            tiles.set_log_level("off")
        assert product.dtype == np.float32
        np.testing.assert_allclose(product, reference, rtol=0, atol=(3 * 70 + 16) * 2.0**-23 * 70)
        # A new context builds its kernels, or loads them from the program cache: either is logged.
        built[precision] = [r.getMessage() for r in caplog.records if "kernel 'gemm" in r.getMessage()]
    assert built[None] and all("kernel 'gemm_mma'" in m for m in built[None]), built
    assert built["exact"] and not any("gemm_mma" in m for m in built["exact"]), built


def test_precision_refusals():
    floats = np.ones((4, 4), np.float32)
    with pytest.raises(tiles.InvalidArgument, match='not "tf16"'):
        tiles.gemm(1, floats, floats, 0, floats, precision="tf16")
    with pytest.raises(tiles.InvalidArgument, match="a precision is a str"):
        tiles.matrix_multiply(floats, floats, precision=2)
    if tiles.default_device().supports_fp64:
        with pytest.raises(tiles.InvalidArgument, match="the precision tf32 is for float elements"):
            tiles.matrix_multiply(floats.astype(np.float64), floats.astype(np.float64), precision="tf32")


def test_parameters_by_name():
    assert tiles.parameter_sets() == ["reduce", "block_reduce", "transpose", "stencil", "gemm_float",
                                      "gemm_float_small", "gemm_double", "gemm_mma", "gemm_mma_tf32x3",
                                      "gemm_mma_small", "staging"]
    before = tiles.get_parameters("gemm_float")
    assert list(before) == ["TILE_ROWS", "TILE_COLUMNS", "WORK_ROWS", "WORK_COLUMNS", "VECTOR_WIDTH", "SLICE"]
    try:
        tiles.set_parameters("gemm_float", {"TILE_ROWS": 4, "TILE_COLUMNS": 4, "WORK_ROWS": 2, "WORK_COLUMNS": 2,
                                            "VECTOR_WIDTH": 2, "SLICE": 8}, device=tiles.default_device())
        assert tiles.get_parameters("gemm_float")["WORK_ROWS"] == 2
        a, b = np.arange(35, dtype=np.float32).reshape(5, 7), np.arange(21, dtype=np.float32).reshape(7, 3)
        np.testing.assert_array_equal(tiles.matrix_multiply(a, b), a.astype(np.float64) @ b)
        with pytest.raises(tiles.InvalidArgument, match="VECTOR_WIDTH must divide WORK_COLUMNS and SLICE"):
            tiles.set_parameters("gemm_float", {"VECTOR_WIDTH": 4, "WORK_COLUMNS": 2})
        with pytest.raises(tiles.InvalidArgument, match="has no parameter 'DEPTH'"):
            tiles.set_parameters("gemm_float", {"DEPTH": 2})
        with pytest.raises(tiles.InvalidArgument, match="above 2147483647"):
            tiles.set_parameters("gemm_float", {"SLICE": 2**40})
        with pytest.raises(tiles.InvalidArgument, match="'gemm' is not a parameter set"):
            tiles.get_parameters("gemm")
        with pytest.raises(tiles.InvalidArgument, match="a mapping of parameter names"):
            tiles.set_parameters("gemm_float", [("SLICE", 8)])
        assert tiles.get_parameters("gemm_float")["WORK_ROWS"] == 2  # the refusals changed nothing
    finally:
        tiles.reset_parameters("gemm_float")
    assert tiles.get_parameters("gemm_float") == before
