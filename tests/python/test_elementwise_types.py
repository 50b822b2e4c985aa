"""The core's type resolution of numpy's operations (tiles_elementwise_result_type), decided once
for every face, against numpy's own (ufunc.resolve_dtypes) for every operation and every pair of
dtypes, arrays and NEP 50's weak Python scalars alike; and one operation of each against numpy's
values, on the device."""

import itertools

import numpy as np
import pytest
import tiles
from tiles import _tiles

DTYPES = [np.dtype(d) for d in (np.bool_, np.int8, np.uint8, np.int16, np.uint16, np.int32, np.uint32, np.int64,
                                np.uint64, np.float16, np.float32, np.float64, np.complex64, np.complex128)]
NAMES = _tiles.elementwise_op_names()
UFUNCS = [(op, getattr(np, name)) for op, name in enumerate(NAMES) if isinstance(getattr(np, name, None), np.ufunc)]
BINARY = [(op, ufunc) for op, ufunc in UFUNCS if ufunc.nin == 2]
UNARY = [(op, ufunc) for op, ufunc in UFUNCS if ufunc.nin == 1]


def numpys(ufunc, dtypes):
    """numpy's result dtype, or None where numpy has no loop."""
    try:
        return ufunc.resolve_dtypes(tuple(dtypes) + (None,))[-1]
    except TypeError:
        return None


def cores(op, operands):
    try:
        return _tiles.elementwise_result_type(op, tuple(operands), 0)
    except tiles.errors.InvalidArgument:
        return None


def strong(dtype):
    """A numpy scalar of `dtype`, which promotes as an array of that dtype does."""
    return np.zeros((), dtype)[()]


@pytest.mark.parametrize("op,ufunc", BINARY, ids=lambda x: getattr(x, "__name__", ""))
def test_binary_result_dtypes_are_numpys(op, ufunc):
    wrong = []
    for a, b in itertools.product(DTYPES, DTYPES):
        if numpys(ufunc, (a, b)) != cores(op, (strong(a), strong(b))):
            wrong.append((a.name, b.name, numpys(ufunc, (a, b)), cores(op, (strong(a), strong(b)))))
    # numpy's resolve_dtypes takes Python's int, float and complex as NEP 50's weak scalars; a
    # Python bool promotes as numpy's bool.
    for a, (python, value) in itertools.product(DTYPES, ((int, 3), (float, 2.5), (complex, 1j),
                                                         (np.dtype(np.bool_), True))):
        if numpys(ufunc, (a, python)) != cores(op, (strong(a), value)):
            wrong.append((a.name, str(python), numpys(ufunc, (a, python)), cores(op, (strong(a), value))))
    assert not wrong


@pytest.mark.parametrize("op,ufunc", UNARY, ids=lambda x: getattr(x, "__name__", ""))
def test_unary_result_dtypes_are_numpys(op, ufunc):
    wrong = [(a.name, numpys(ufunc, (a,)), cores(op, (strong(a),))) for a in DTYPES
             if numpys(ufunc, (a,)) != cores(op, (strong(a),))]
    assert not wrong


def test_mixed_dtypes_broadcast_on_the_device_as_numpys():
    a = np.arange(-6, 6, dtype=np.int16).reshape(3, 4)
    b = np.linspace(-2, 2, 4).astype(np.float32)
    for ufunc in (np.add, np.multiply, np.maximum, np.less, np.arctan2, np.floor_divide):
        result = ufunc(tiles.array(a), tiles.array(b))
        expected = ufunc(a, b)
        assert result.dtype == expected.dtype
        np.testing.assert_allclose(result.get(), expected, rtol=1e-6)
