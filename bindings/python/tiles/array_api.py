"""The Python array API standard's namespace (version 2024.12) for libtiles' data: what
x.__array_namespace__() returns for a tiles.array or array_view, so that code written against the
standard (array_api_compat, SciPy's and scikit-learn's array-API dispatch) takes libtiles data and
keeps it on the device.

    import tiles.array_api as xp
    x = xp.asarray([1.0, 2.0, 3.0], dtype=xp.float32)
    y = xp.sqrt(x * 2) + xp.sum(x)          # tiles arrays, computed on the device

A device is a tiles.Context (an array's `device` is its context); `device=` takes a Context or a
tiles.Device (its default context). The default floating dtype is float64 where the device has
doubles, float32 where it has not (complex128 and complex64 likewise); the default integer and
index dtype is int64.

On the device: creation (empty, zeros, ones, full, their ``*_like``; asarray, arange and
linspace copy numpy's values once), every elementwise function of real data, those of complex
data but pow and the trigonometric and hyperbolic functions (add, subtract, multiply, divide,
equal, not_equal, abs, conj, real, imag, exp, expm1, log, sqrt, square, negative, positive,
isfinite, isinf, isnan, logical_*), where, astype, reshape, indexing (a view where the
elements are a rectangle, else gathered into a new array; integer arrays among the keys,
and a boolean mask, whose true elements a prefix sum of it finds, too), take, assignments
through every such key, permute_dims, matrix_transpose, expand_dims, squeeze, concat and stack (where the pieces are rectangles libtiles moves as one),
matmul of float32 (float64) matrices, tensordot (permuted, flattened and multiplied as
matrices) and vecdot, the linalg extension (tiles.array_api.linalg: cholesky, qr, svd, eigh,
solve, inv, det, norms, diagonal, trace, outer, cross, ...; docs/guides/linalg.md), sum, prod, max, min, mean, all and any over any axes and
argmax and argmin (each in numpy's result dtype, one call of the core's reduction engine;
complex sums, products and means too; float64 results where the device has doubles), var and std
of float32 (float64) data over any axes, cumulative_sum and cumulative_prod along any axis (one
call of the core's scan) into numpy's dtypes but float16, count_nonzero (a sum of x != 0), diff
(a subtraction of two sections a order), reciprocal, clip (one fused kernel), sort and argsort
(the core's stable merge sort), and nonzero (a prefix sum of x != 0; the number of elements found, like
a mask's number of true elements, is the one value read back).
Through the host (a download, numpy, an upload of the result; see _through_host): the other
elementwise functions of complex data (pow, sign, sin, cos, tan, their inverses, the
hyperbolic ones, log1p, log2, log10), max, min, argmax and argmin of complex data, var and std
of other dtypes, cumulative sums of complex and float16 data,
searchsorted, take_along_axis, sort and argsort of complex and float16 data, the unique_* functions, eye, meshgrid, tril, triu, flip,
roll, repeat, tile, moveaxis, broadcast_to, broadcast_arrays and unstack."""

from __future__ import annotations

import builtins
import math
from collections import namedtuple
from typing import Any, Dict, List, Optional, Sequence, Tuple, Union

import numpy as np
from numpy.lib.array_utils import normalize_axis_index

from . import _data, _elementwise, _fuse, _linalg, _scan, _sort, _statistics, _through_host
from ._checks import describe
from ._devices import Context, Device
from .errors import InvalidArgument

__array_api_version__ = "2024.12"

# The data types, as numpy's dtype objects (x.dtype == float32 holds for tiles data).
bool = np.dtype(np.bool_)  # noqa: A001  # the standard's name
int8, int16, int32, int64 = (np.dtype(t) for t in (np.int8, np.int16, np.int32, np.int64))
uint8, uint16, uint32, uint64 = (np.dtype(t) for t in (np.uint8, np.uint16, np.uint32, np.uint64))
float32, float64 = np.dtype(np.float32), np.dtype(np.float64)
complex64, complex128 = np.dtype(np.complex64), np.dtype(np.complex128)

e, inf, nan, pi, newaxis = math.e, math.inf, math.nan, math.pi, None

Array = Union[_data.array, _data.array_view]


# Devices and default dtypes.

def _context(device: Any) -> Optional[Context]:
    """The context `device=` names: None (the default context), a Context, or a Device's default."""
    if device is None or isinstance(device, Context):
        return device
    if isinstance(device, Device):
        return Context.default(device)
    raise InvalidArgument(f"a device is a tiles.Context or tiles.Device, not {describe(device)}")


def _default_float(context: Optional[Context]) -> np.dtype:
    return float64 if (context or Context.default()).device.supports_fp64 else float32


def _default_complex(context: Optional[Context]) -> np.dtype:
    return complex128 if (context or Context.default()).device.supports_fp64 else complex64


def _creation_dtype(dtype: Any, context: Optional[Context], value: Any = 0.0) -> np.dtype:
    """`dtype`, else the default dtype of `value`'s kind (bool, int64, the default float or
    complex)."""
    if dtype is not None:
        return _data._dtype(dtype)
    if isinstance(value, builtins.bool):
        return bool
    if isinstance(value, int):
        return int64
    if isinstance(value, float):
        return _default_float(context)
    if isinstance(value, complex):
        return _default_complex(context)
    return np.asarray(value).dtype


# Creation functions.

def asarray(obj: Any, /, *, dtype: Any = None, device: Any = None, copy: Optional[builtins.bool] = None) -> Array:
    """`obj` as a tiles array: tiles data as it is (converted, moved or copied where dtype,
    device or copy=True ask), anything numpy.asarray takes copied to the device (Python floats in
    the default float dtype); copy=False refuses what needs a copy (ValueError)."""
    context = _context(device)
    if _through_host.is_tiles(obj):
        result = obj
        if context is not None and obj.device != context:
            if copy is False:
                raise ValueError("asarray(copy=False) of data on another device needs a copy")
            result = obj.to_device(context)
        if dtype is not None and _data._dtype(dtype) != result.dtype:
            if copy is False:
                raise ValueError(f"asarray(copy=False) of {result.dtype} data as {_data._dtype(dtype)} needs a copy")
            return result.astype(dtype)
        return result.copy() if copy and result is obj else result
    if copy is False:
        raise ValueError(f"asarray(copy=False) of {describe(obj)} needs a copy to a device")
    host = np.asarray(obj, dtype=None if dtype is None else _data._dtype(dtype))
    if dtype is None and host.dtype == np.float64 and not isinstance(obj, (np.ndarray, np.generic)):
        host = host.astype(_default_float(context))
    if dtype is None and host.dtype == np.complex128 and not isinstance(obj, (np.ndarray, np.generic)):
        host = host.astype(_default_complex(context))
    return _data.array(host, context=context)


def empty(shape: Any, *, dtype: Any = None, device: Any = None) -> Array:
    context = _context(device)
    return _data.empty(shape, _creation_dtype(dtype, context), context=context)


def zeros(shape: Any, *, dtype: Any = None, device: Any = None) -> Array:
    context = _context(device)
    return _data.zeros(shape, _creation_dtype(dtype, context), context=context)


def ones(shape: Any, *, dtype: Any = None, device: Any = None) -> Array:
    context = _context(device)
    return _data.ones(shape, _creation_dtype(dtype, context), context=context)


def full(shape: Any, fill_value: Any, *, dtype: Any = None, device: Any = None) -> Array:
    context = _context(device)
    return _data.full(shape, fill_value, _creation_dtype(dtype, context, fill_value), context=context)


def empty_like(x: Array, /, *, dtype: Any = None, device: Any = None) -> Array:
    return _data.empty_like(x, dtype, context=_context(device) or x.device)


def zeros_like(x: Array, /, *, dtype: Any = None, device: Any = None) -> Array:
    return _data.zeros_like(x, dtype, context=_context(device) or x.device)


def ones_like(x: Array, /, *, dtype: Any = None, device: Any = None) -> Array:
    return _data.ones_like(x, dtype, context=_context(device) or x.device)


def full_like(x: Array, /, fill_value: Any, *, dtype: Any = None, device: Any = None) -> Array:
    return _data.full_like(x, fill_value, dtype, context=_context(device) or x.device)


def arange(start: Any, /, stop: Any = None, step: Any = 1, *, dtype: Any = None, device: Any = None) -> Array:
    context = _context(device)
    if dtype is None and builtins.any(isinstance(v, float) for v in (start, stop, step)):
        dtype = _default_float(context)
    return _data.array(np.arange(start, stop, step, dtype=dtype), context=context)


def linspace(start: Any, stop: Any, /, num: int, *, dtype: Any = None, device: Any = None,
             endpoint: builtins.bool = True) -> Array:
    context = _context(device)
    dtype = _default_float(context) if dtype is None else dtype
    return _data.array(np.linspace(start, stop, num, endpoint=endpoint, dtype=dtype), context=context)


def eye(n_rows: int, n_cols: Optional[int] = None, /, *, k: int = 0, dtype: Any = None, device: Any = None) -> Array:
    context = _context(device)
    return _data.array(np.eye(n_rows, n_cols, k=k, dtype=_creation_dtype(dtype, context)), context=context)


def from_dlpack(x: Any, /, *, device: Any = None, copy: Optional[builtins.bool] = None) -> Array:
    """tiles.from_dlpack's data (a view of a CPU tensor's memory, an array over an OpenCL
    tensor's buffer); copy=True copies it into a new array."""
    taken = _data.from_dlpack(x, context=_context(device))
    return taken.copy() if copy else taken


def meshgrid(*arrays: Array, indexing: str = "xy") -> List[Array]:
    return list(_through_host.compute(np.meshgrid, *arrays, indexing=indexing))


def tril(x: Array, /, *, k: int = 0) -> Array:
    return _through_host.compute(np.tril, x, k=k)


def triu(x: Array, /, *, k: int = 0) -> Array:
    return _through_host.compute(np.triu, x, k=k)


# Data type functions.

def astype(x: Array, dtype: Any, /, *, copy: builtins.bool = True, device: Any = None) -> Array:
    moved = x if device is None else x.to_device(_context(device))
    return moved.astype(dtype, copy=copy and moved is x)


def _dtype_of(value: Any) -> np.dtype:
    return value.dtype if _through_host.is_tiles(value) else _data._dtype(value)


def can_cast(from_: Any, to: Any, /) -> builtins.bool:
    return builtins.bool(np.can_cast(_dtype_of(from_), _data._dtype(to)))


FInfo = namedtuple("FInfo", ["bits", "eps", "max", "min", "smallest_normal", "dtype"])


def finfo(type: Any, /) -> FInfo:  # noqa: A002  # the standard's name
    """numpy's finfo as the standard has it: Python floats (numpy's are numpy scalars); of a
    complex dtype, its parts' real dtype."""
    info = np.finfo(_dtype_of(type))
    return FInfo(int(info.bits), float(info.eps), float(info.max), float(info.min), float(info.smallest_normal),
                 info.dtype)


def iinfo(type: Any, /) -> np.iinfo:  # noqa: A002
    return np.iinfo(_dtype_of(type))


def result_type(*arrays_and_dtypes: Any) -> np.dtype:
    """numpy's promotion of the dtypes (Python scalars weakly, NEP 50's rule)."""
    return np.result_type(*(a.dtype if _through_host.is_tiles(a) else a if isinstance(a, (int, float, complex)) else
                            _data._dtype(a) for a in arrays_and_dtypes))


_KINDS = {"bool": "b", "signed integer": "i", "unsigned integer": "u", "integral": "iu", "real floating": "f",
          "complex floating": "c", "numeric": "iufc"}


def isdtype(dtype: Any, kind: Any) -> builtins.bool:
    dtype = _data._dtype(dtype)
    if isinstance(kind, tuple):
        return builtins.any(isdtype(dtype, k) for k in kind)
    if isinstance(kind, str):
        if kind not in _KINDS:
            raise ValueError(f"isdtype's kind is one of {sorted(_KINDS)}, a dtype or a tuple of them, not {kind!r}")
        return dtype.kind in _KINDS[kind]
    return dtype == _data._dtype(kind)


# Elementwise functions: numpy's ufuncs, computed by libtiles' generated kernels on the device.

_UFUNCS = {
    "abs": np.absolute, "acos": np.arccos, "acosh": np.arccosh, "add": np.add, "asin": np.arcsin,
    "asinh": np.arcsinh, "atan": np.arctan, "atan2": np.arctan2, "atanh": np.arctanh, "bitwise_and": np.bitwise_and,
    "bitwise_left_shift": np.left_shift, "bitwise_invert": np.invert, "bitwise_or": np.bitwise_or,
    "bitwise_right_shift": np.right_shift, "bitwise_xor": np.bitwise_xor, "ceil": np.ceil, "copysign": np.copysign,
    "cos": np.cos, "cosh": np.cosh, "divide": np.true_divide, "equal": np.equal, "exp": np.exp, "expm1": np.expm1,
    "floor": np.floor, "floor_divide": np.floor_divide, "greater": np.greater, "greater_equal": np.greater_equal,
    "hypot": np.hypot, "isfinite": np.isfinite, "isinf": np.isinf, "isnan": np.isnan, "less": np.less,
    "less_equal": np.less_equal, "log": np.log, "log1p": np.log1p, "log2": np.log2, "log10": np.log10,
    "logaddexp": np.logaddexp, "logical_and": np.logical_and, "logical_not": np.logical_not,
    "logical_or": np.logical_or, "logical_xor": np.logical_xor, "maximum": np.maximum, "minimum": np.minimum,
    "multiply": np.multiply, "negative": np.negative, "nextafter": np.nextafter, "not_equal": np.not_equal,
    "positive": np.positive, "pow": np.power, "remainder": np.remainder, "sign": np.sign, "signbit": np.signbit,
    "sin": np.sin, "sinh": np.sinh, "square": np.square, "sqrt": np.sqrt, "subtract": np.subtract, "tan": np.tan,
    "tanh": np.tanh, "trunc": np.trunc, "conj": np.conjugate,
}


def _elementwise_function(name: str, ufunc: np.ufunc) -> Any:
    def computed(*operands: Any) -> Array:
        result = _elementwise.apply(ufunc, operands)
        if result is NotImplemented:
            raise TypeError(f"{name} takes tiles arrays and Python scalars, not "
                            f"{', '.join(type(o).__name__ for o in operands)}")
        return result

    # The standard's signatures, positional-only: (x, /) and (x1, x2, /).
    def unary(x: Array, /) -> Array:
        return computed(x)

    def binary(x1: Any, x2: Any, /) -> Array:
        return computed(x1, x2)

    function = unary if ufunc.nin == 1 else binary
    function.__name__ = function.__qualname__ = name
    function.__doc__ = f"The standard's {name}: numpy.{ufunc.__name__}, computed on the device."
    return function


globals().update({name: _elementwise_function(name, ufunc) for name, ufunc in _UFUNCS.items()})


def round(x: Array, /) -> Array:  # noqa: A001
    """To the nearest integer, ties to even (numpy's rint); integers as they are (a copy)."""
    return x.copy() if x.dtype.kind in "biu" else _elementwise.apply(np.rint, (x,))


# numpy's clip of both bounds as one kernel: maximum, then minimum, the first never stored.
_clip_both = _fuse.fuse(lambda x, low, high: np.minimum(np.maximum(x, low), high))


def clipped(x: Any, low: Any, high: Any) -> Any:
    """numpy.clip(x, low, high) (either bound None) on the device, in numpy's result dtype: one
    kernel (a fused maximum and minimum), NaN staying NaN."""
    if low is None and high is None:
        return x.copy()
    # numpy data among the bounds is uploaded first, so that the fused kernel takes it.
    low, high = (_elementwise._uploaded(b, (x, low, high), None) if isinstance(b, (np.ndarray, list, tuple)) else b
                 for b in (low, high))
    if low is None or high is None:
        return _elementwise.apply(np.maximum if high is None else np.minimum, (x, high if low is None else low))
    return _clip_both(x, low, high)


def reciprocal(x: Array, /) -> Array:
    """1 / x, computed on the device (the standard's reciprocal, of floating data)."""
    return _elementwise.apply(np.true_divide, (1, x))


def clip(x: Array, /, min: Any = None, max: Any = None) -> Array:  # noqa: A002
    """x within [min, max], in x's dtype (the standard's rule), NaN staying NaN: one kernel."""
    result = clipped(x, min, max)
    return result if result.dtype == x.dtype else result.astype(x.dtype)


def real(x: Array, /) -> Array:
    return _elementwise.part(x, "real")


def imag(x: Array, /) -> Array:
    return _elementwise.part(x, "imag")


# Statistical functions.

def max(x: Array, /, *, axis: Any = None, keepdims: builtins.bool = False) -> Array:  # noqa: A001
    return _statistics.reduction(x, "max", axis, keepdims)


def min(x: Array, /, *, axis: Any = None, keepdims: builtins.bool = False) -> Array:  # noqa: A001
    return _statistics.reduction(x, "min", axis, keepdims)


def sum(x: Array, /, *, axis: Any = None, dtype: Any = None, keepdims: builtins.bool = False) -> Array:  # noqa: A001
    return _statistics.reduction(x, "sum", axis, keepdims, dtype)


def prod(x: Array, /, *, axis: Any = None, dtype: Any = None, keepdims: builtins.bool = False) -> Array:
    return _statistics.reduction(x, "prod", axis, keepdims, dtype)


def mean(x: Array, /, *, axis: Any = None, keepdims: builtins.bool = False) -> Array:
    return _statistics.mean(x, axis, keepdims)


def var(x: Array, /, *, axis: Any = None, correction: float = 0.0, keepdims: builtins.bool = False) -> Array:
    return _statistics.var(x, axis, correction, keepdims)


def std(x: Array, /, *, axis: Any = None, correction: float = 0.0, keepdims: builtins.bool = False) -> Array:
    return _statistics.std(x, axis, correction, keepdims)


def cumulative_sum(x: Array, /, *, axis: Optional[int] = None, dtype: Any = None,
                   include_initial: builtins.bool = False) -> Array:
    return _statistics.cumulative("add", x, axis, dtype, include_initial)


def cumulative_prod(x: Array, /, *, axis: Optional[int] = None, dtype: Any = None,
                    include_initial: builtins.bool = False) -> Array:
    return _statistics.cumulative("multiply", x, axis, dtype, include_initial)


# Utility functions, on the device.

def count_nonzero(x: Array, /, *, axis: Any = None, keepdims: builtins.bool = False) -> Array:
    """The number of elements that are not 0 (not False) over `axis`, int64: the core's sum of
    x != 0 (of x itself where it holds bools)."""
    nonzero = x if x.dtype == bool else _elementwise.apply(np.not_equal, (x, 0))
    return _statistics.reduction(nonzero, "sum", axis, keepdims, int64)


def diff(x: Array, /, *, axis: int = -1, n: int = 1, prepend: Optional[Array] = None,
         append: Optional[Array] = None) -> Array:
    """The n-th differences along `axis`, prepend and append concatenated to x first: each order
    one subtraction on the device of two sections of the data one element apart (not_equal of
    bools, as numpy's)."""
    if x.ndim == 0:
        raise ValueError("diff requires input that is at least one dimensional")
    if n < 0:
        raise ValueError(f"order must be non-negative but got {n}")
    axis = normalize_axis_index(axis, x.ndim)
    pieces = [p if _through_host.is_tiles(p) else asarray(p, device=x.device) for p in (prepend, x, append)
              if p is not None]
    x = concat(pieces, axis=axis) if len(pieces) > 1 else x
    before = (slice(None),) * axis
    for _ in range(n):
        later, earlier = x[before + (slice(1, None),)], x[before + (slice(None, -1),)]
        x = _elementwise.apply(np.not_equal if x.dtype == bool else np.subtract, (later, earlier))
    return x

def all(x: Array, /, *, axis: Any = None, keepdims: builtins.bool = False) -> Array:  # noqa: A001
    return _statistics.reduction(x, "all", axis, keepdims)


def any(x: Array, /, *, axis: Any = None, keepdims: builtins.bool = False) -> Array:  # noqa: A001
    return _statistics.reduction(x, "any", axis, keepdims)


# Searching functions: argmax, argmin and where on the device, the others through the host.

def argmax(x: Array, /, *, axis: Optional[int] = None, keepdims: builtins.bool = False) -> Array:
    return _statistics.reduction(x, "argmax", axis, keepdims)


def argmin(x: Array, /, *, axis: Optional[int] = None, keepdims: builtins.bool = False) -> Array:
    return _statistics.reduction(x, "argmin", axis, keepdims)


def nonzero(x: Array, /) -> Tuple[Array, ...]:
    if x.ndim == 0:
        raise ValueError("nonzero of an array of no dimensions is not defined (the standard's rule)")
    found = _scan.nonzero(x)
    return found if found is not None else _through_host.compute(np.nonzero, x)


def take_along_axis(x: Array, indices: Array, /, *, axis: int = -1) -> Array:
    return _through_host.compute(lambda a, i: np.take_along_axis(a, i, axis=axis), x, indices)


def searchsorted(x1: Array, x2: Array, /, *, side: str = "left", sorter: Optional[Array] = None) -> Array:
    return _through_host.compute(lambda a, v, s: np.searchsorted(a, v, side=side, sorter=s), x1, x2, sorter)


def take(x: Array, indices: Array, /, *, axis: Optional[int] = None) -> Array:
    """x's elements at `indices` along `axis` (which may be left out for data of one dimension),
    gathered on the device as x[:, indices] is (the indices are checked on the host)."""
    if axis is None and x.ndim != 1:
        raise ValueError(f"take of data of {x.ndim} dimensions needs an axis")
    if x.ndim == 0:
        raise ValueError("take of an array of no dimensions is not defined (the standard's rule)")
    axis = normalize_axis_index(0 if axis is None else axis, x.ndim)
    return x[(slice(None),) * axis + (indices,)]


def where(condition: Array, x1: Any, x2: Any, /) -> Array:
    """x1's element where the condition's is true, else x2's, computed on the device."""
    return _elementwise.where(condition, x1, x2)


# Sorting functions: on the device by the core's stable sort (_sort), which the standard's stable=False
# allows too; through the host for the dtypes it does not sort (complex, float16, doubles a device
# lacks).

def sort(x: Array, /, *, axis: int = -1, descending: builtins.bool = False, stable: builtins.bool = True) -> Array:
    """x's elements sorted along `axis`, each line on its own: stable (equal elements keep their
    order, whatever `stable` asks), NaNs last, or first where descending."""
    found = _sort.ordered(x, axis, descending, True, False) if _through_host.is_tiles(x) else None
    if found is not None:
        return found[0]

    def ordered(values: np.ndarray) -> np.ndarray:
        if not descending:
            return np.sort(values, axis=axis, kind="stable" if stable else None)
        return np.flip(np.sort(np.flip(values, axis), axis=axis, kind="stable"), axis)
    return _through_host.compute(ordered, x)


def argsort(x: Array, /, *, axis: int = -1, descending: builtins.bool = False, stable: builtins.bool = True) -> Array:
    """The int64 positions along `axis` that sort x as sort does: numpy's argsort(kind="stable"),
    and the stable descending order of array_api_strict."""
    found = _sort.ordered(x, axis, descending, False, True) if _through_host.is_tiles(x) else None
    if found is not None:
        return found[1]

    def order(values: np.ndarray) -> np.ndarray:
        if not descending:
            return np.argsort(values, axis=axis, kind="stable" if stable else None)
        # The stable descending order: the ascending order of the reversed values, reversed, with
        # the indices counted from the other end.
        reversed_order = np.argsort(np.flip(values, axis), axis=axis, kind="stable")
        return values.shape[axis] - 1 - np.flip(reversed_order, axis)
    return _through_host.compute(order, x)


# Set functions, through the host: numpy's unique, in its sorted order, each NaN a value of its own
# (the standard's rule). numpy's own unique_values may give its values in a hash table's order,
# which changes from call to call (numpy 2.3 on), and its unique_all, unique_counts and
# unique_inverse keep the right to; code written against the standard (scikit-learn's
# LabelEncoder, its metrics' labels) takes numpy's sorted order for granted.

UniqueAllResult = namedtuple("UniqueAllResult", ["values", "indices", "inverse_indices", "counts"])
UniqueCountsResult = namedtuple("UniqueCountsResult", ["values", "counts"])
UniqueInverseResult = namedtuple("UniqueInverseResult", ["values", "inverse_indices"])


def _sorted_unique(x: Array, **returns: builtins.bool) -> Any:
    return _through_host.compute(np.unique, x, equal_nan=False, **returns)


def unique_all(x: Array, /) -> UniqueAllResult:
    return UniqueAllResult(*_sorted_unique(x, return_index=True, return_inverse=True, return_counts=True))


def unique_counts(x: Array, /) -> UniqueCountsResult:
    return UniqueCountsResult(*_sorted_unique(x, return_counts=True))


def unique_inverse(x: Array, /) -> UniqueInverseResult:
    return UniqueInverseResult(*_sorted_unique(x, return_inverse=True))


def unique_values(x: Array, /) -> Array:
    return _sorted_unique(x)


# Manipulation functions: reshapes and joins on the device, the rest through the host.

def reshape(x: Array, /, shape: Tuple[int, ...], *, copy: Optional[builtins.bool] = None) -> Array:
    """x's elements in `shape`: a view where they lie next to each other (copy=None, False),
    a new array with copy=True (or where no view can hold them and copy is not False)."""
    if copy:
        return x.copy().reshape(shape)
    try:
        return x.reshape(shape)
    except InvalidArgument:
        if copy is False:
            raise ValueError(f"reshape(copy=False): these elements cannot be viewed in shape {shape}") from None
        return x.copy().reshape(shape)


def _axis_in(axis: int, ndim: int) -> int:
    if not -ndim <= axis < ndim:
        raise IndexError(f"axis {axis} is out of bounds for an array of {ndim} dimensions")
    return axis % ndim


def expand_dims(x: Array, /, axis: int = 0) -> Array:
    axis = _axis_in(axis, x.ndim + 1)
    return reshape(x, x.shape[:axis] + (1,) + x.shape[axis:])


def squeeze(x: Array, /, axis: Union[int, Tuple[int, ...]]) -> Array:
    axes = {_axis_in(a, x.ndim) for a in (axis if isinstance(axis, tuple) else (axis,))}
    if builtins.any(x.shape[a] != 1 for a in axes):
        raise ValueError(f"squeeze of axes {sorted(axes)} of shape {x.shape}: only dimensions of 1 are removed")
    return reshape(x, tuple(n for d, n in enumerate(x.shape) if d not in axes))


def concat(arrays: Sequence[Array], /, *, axis: Optional[int] = 0) -> Array:
    """The arrays joined along `axis` (None: each flattened), copied on the device where each is
    a rectangle of the result libtiles moves as one (along the first axis, or of up to three
    dimensions), else through the host."""
    if axis is None:
        return _elementwise.concatenate([reshape(a, (-1,)) for a in arrays], axis=0)
    try:
        return _elementwise.concatenate(list(arrays), axis=axis)
    except InvalidArgument:
        return _through_host.compute(np.concatenate, list(arrays), axis=axis)


def stack(arrays: Sequence[Array], /, *, axis: int = 0) -> Array:
    shapes = {tuple(a.shape) for a in arrays}
    if len(shapes) != 1:
        raise ValueError(f"stack takes arrays of one shape, not of shapes {sorted(shapes)}")
    return concat([expand_dims(a, axis=axis) for a in arrays], axis=axis)


def broadcast_arrays(*arrays: Array) -> List[Array]:
    return list(_through_host.compute(np.broadcast_arrays, *arrays))


def broadcast_to(x: Array, /, shape: Tuple[int, ...]) -> Array:
    return _through_host.compute(np.broadcast_to, x, shape)


def flip(x: Array, /, *, axis: Any = None) -> Array:
    return _through_host.compute(np.flip, x, axis=axis)


def moveaxis(x: Array, source: Any, destination: Any, /) -> Array:
    return _through_host.compute(np.moveaxis, x, source, destination)


def permute_dims(x: Array, /, axes: Tuple[int, ...]) -> Array:
    return _elementwise.permuted(x, axes)


def repeat(x: Array, repeats: Any, /, *, axis: Optional[int] = None) -> Array:
    return _through_host.compute(np.repeat, x, repeats, axis=axis)


def roll(x: Array, /, shift: Any, *, axis: Any = None) -> Array:
    return _through_host.compute(np.roll, x, shift, axis=axis)


def tile(x: Array, repetitions: Tuple[int, ...], /) -> Array:
    return _through_host.compute(np.tile, x, repetitions)


def unstack(x: Array, /, *, axis: int = 0) -> Tuple[Array, ...]:
    return _through_host.compute(np.unstack, x, axis=axis)


# Linear algebra functions.

def matmul(x1: Array, x2: Array, /) -> Array:
    return _linalg.matmul(x1, x2)


def matrix_transpose(x: Array, /) -> Array:
    return _linalg.matrix_transpose(x)


def tensordot(x1: Array, x2: Array, /, *, axes: Any = 2) -> Array:
    return linalg.tensordot(x1, x2, axes=axes)


def vecdot(x1: Array, x2: Array, /, *, axis: int = -1) -> Array:
    return linalg.vecdot(x1, x2, axis=axis)


# Inspection.

class _Info:
    """__array_namespace_info__()'s answers for libtiles."""

    def capabilities(self) -> Dict[str, Any]:
        """Boolean-mask indexing and nonzero (on the device), data-dependent shapes (unique_*,
        through the host);
        no limit on dimensions beyond the launches'."""
        return {"boolean indexing": True, "data-dependent shapes": True, "max dimensions": None}

    def default_device(self) -> Context:
        return Context.default()

    def devices(self) -> List[Context]:
        from ._devices import devices
        return [Context.default(d) for d in devices()]

    def default_dtypes(self, *, device: Any = None) -> Dict[str, Any]:
        context = _context(device)
        return {"real floating": _default_float(context), "complex floating": _default_complex(context),
                "integral": int64, "indexing": int64}

    def dtypes(self, *, device: Any = None, kind: Any = None) -> Dict[str, np.dtype]:
        context = _context(device)
        every = {"bool": bool, "int8": int8, "int16": int16, "int32": int32, "int64": int64, "uint8": uint8,
                 "uint16": uint16, "uint32": uint32, "uint64": uint64, "float32": float32, "complex64": complex64}
        if (context or Context.default()).device.supports_fp64:
            every.update(float64=float64, complex128=complex128)
        return {name: d for name, d in every.items() if kind is None or isdtype(d, kind)}


def __array_namespace_info__() -> _Info:
    return _Info()


# The linalg extension, last: it calls this module's functions.
from . import _array_api_linalg as linalg  # noqa: E402
