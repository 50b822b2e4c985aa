"""What numpy users write on arrays, for tiles.array and tiles.array_view: the arithmetic, bitwise
and comparison operators (in-place and reflected too) and numpy's ufuncs, computed on the device
into new tiles.array; bool() as numpy's; the reductions (sum, prod, max, min, mean, var, std, all,
any, argmax, argmin, cumsum, cumprod), put, nonzero, astype, copy, reshape, ravel and tolist."""

from __future__ import annotations

import math
from typing import Any, Callable, Optional, Tuple

import numpy as np

# _data imports this module before it defines array and array_view: they are reached through
# the module, when a method runs.
from . import _data, _elementwise, _linalg, _through_host
from ._checks import describe
from ._devices import Context
from ._where_work_runs import context_for
from .errors import InvalidArgument, Unsupported


def _binary(ufunc: np.ufunc, reflected: bool = False, in_place: bool = False):
    if in_place:
        def operator(self, other):
            return _elementwise.apply(ufunc, (self, other), out=self)
    elif reflected:
        def operator(self, other):
            return _elementwise.apply(ufunc, (other, self))
    else:
        def operator(self, other):
            return _elementwise.apply(ufunc, (self, other))
    return operator


def _unary(ufunc: np.ufunc):
    return lambda self: _elementwise.apply(ufunc, (self,))


def _shape_of(shape: Tuple[Any, ...], size: int) -> Tuple[int, ...]:
    """reshape's arguments (ints, or one tuple) as a shape of `size` elements, one -1 inferred, as
    numpy's; numpy's ValueError where the sizes differ."""
    if len(shape) == 1 and isinstance(shape[0], (tuple, list)):
        shape = tuple(shape[0])
    dims = [int(d) for d in shape]
    if dims.count(-1) > 1:
        raise ValueError("can only specify one unknown dimension")
    known = math.prod(d for d in dims if d != -1)
    if -1 in dims:
        if known == 0 or size % known:
            raise ValueError(f"cannot reshape array of size {size} into shape {tuple(shape)}")
        dims[dims.index(-1)] = size // known
    if math.prod(dims) != size:
        raise ValueError(f"cannot reshape array of size {size} into shape {tuple(dims)}")
    return tuple(dims)


# The module of the reductions, which imports _data, and so this module, first: imported at the
# first reduction and kept, so that each later one pays no import statement (about 1 us).
_statistics_module: Any = None


def _statistics() -> Any:
    global _statistics_module
    if _statistics_module is None:
        from . import _statistics as module
        _statistics_module = module
    return _statistics_module


def _method_result(result: Any, out: Any, positions: bool = False, root: bool = False) -> Any:
    """A reduction method's `result` as numpy's method gives it: in `out` where one is given (of
    the result's shape, cast as numpy casts into out=: any dtype, but one that casts 'safe' to
    int64 for the `positions` of argmax and argmin, and one that the result casts to
    'same_kind' for the square `root` of std; numpy's TypeError otherwise), else the tiles.array
    itself: one of no dimensions too, as CuPy's, so that nothing waits for the device."""
    if out is None:
        return result
    if not isinstance(out, (np.ndarray, _data.array, _data.array_view)):
        raise TypeError(f"out= is a numpy or tiles array, not {describe(out)}")
    if tuple(out.shape) != result.shape:
        raise ValueError(f"out= has shape {tuple(out.shape)}, where the result's is {result.shape}")
    if positions and not np.can_cast(out.dtype, np.int64, "safe"):
        raise TypeError(f"Cannot cast out= of {out.dtype} to the positions' int64 according to the rule 'safe'")
    if root and not np.can_cast(result.dtype, out.dtype, "same_kind"):
        raise TypeError(f"Cannot cast std's {result.dtype} to out= of {out.dtype} according to the rule 'same_kind'")
    if isinstance(out, np.ndarray):
        np.copyto(out, result.get(), casting="unsafe")
    else:
        out[...] = result
    return out


def _axis(data: Any, axis: Any) -> Any:
    """The `axis` of a reduction method that takes one as numpy's ufunc reductions, argmax,
    argmin and cumsum do: on data of no dimensions, axis 0 or -1 (an integer) is all of it, None;
    any other axis as given (for numpy's AxisError)."""
    if isinstance(axis, (int, np.integer)) and axis in (0, -1) and data.ndim == 0:  # ndim last: it costs most
        return None
    return axis


# A numpy keyword a reduction method was not given (None is a value numpy's may take).
_ABSENT: Any = object()


def _computed(data: Any, name: str, keywords: Any, on_device: Callable[[], Any], **given: Any) -> Any:
    """numpy's method `name` of data with `keywords`: on_device() where none of `given` (where=,
    initial=, mean=) was given; with where= and initial= of the reductions that take them, on the
    device too (_statistics.masked); with var's and std's where= or mean=, computed by numpy
    through the host (one download of the data and of tiles keywords, the result a new tiles.array
    on its device)."""
    given = {key: value for key, value in given.items() if value is not _ABSENT}
    if not given:
        return on_device()
    if name not in ("var", "std") and _through_host.is_tiles(data):
        return _statistics().masked(data, name, **dict(keywords, axis=_axis(data, keywords["axis"])), **given)
    given = {key: _through_host.host(value) for key, value in given.items()}
    return _through_host.compute(getattr(np, name), data, **keywords, **given)


def _cumulative(data: Any, operation: str, axis: Any, dtype: Any, out: Any) -> Any:
    """cumsum's (operation "add") or cumprod's ("multiply") result: a scan on the device where its
    kernels compute it, else numpy's through the host."""
    from . import _scan, _through_host  # which import _data, and so this module, first
    axis = _axis(data, axis)
    found = _scan.cumulative_method(data, axis, dtype, operation)
    if found is None:
        found = _through_host.compute(_scan.NUMPY[operation][1], data, axis=axis, dtype=dtype)
    return _method_result(found, out)



# numpy.linalg's functions whose calls without keywords mean what the array API's do (numpy 2
# follows the standard there): on float32 (float64) tiles data they run on the device, in
# tiles.array_api.linalg. pinv is not among them: numpy's default cutoff is not the standard's.
_LINALG_AS_THE_STANDARD = {getattr(np.linalg, name): name for name in (
    "cholesky", "qr", "svd", "svdvals", "eigh", "eigvalsh", "solve", "inv", "det", "slogdet", "matrix_rank",
    "matrix_power")}


# numpy's functions that _sort computes on the device (its function of the same name), or declines
# (None) for what it does not: complex data, out=, weights=, another method.
_ON_DEVICE_OR_NONE = (np.sort, np.argsort, np.median, np.percentile, np.quantile)


def _linalg_on_device(func: Any, args: Any, kwargs: Any) -> bool:
    """Whether numpy's `func` of `args` is tiles.array_api.linalg's: one of _LINALG_AS_THE_STANDARD,
    without keywords, every array argument float32 (float64) tiles data."""
    arrays = [a for a in args if not isinstance(a, int)]
    return (func in _LINALG_AS_THE_STANDARD and not kwargs and
            all(_through_host.is_tiles(a) and a.dtype in (np.float32, np.float64) for a in arrays))

class operators:
    """numpy's operators and reductions, for the data classes of _data."""

    __add__, __radd__, __iadd__ = _binary(np.add), _binary(np.add, True), _binary(np.add, in_place=True)
    __sub__, __rsub__, __isub__ = _binary(np.subtract), _binary(np.subtract, True), _binary(np.subtract, in_place=True)
    __mul__, __rmul__, __imul__ = _binary(np.multiply), _binary(np.multiply, True), _binary(np.multiply, in_place=True)
    __truediv__, __rtruediv__, __itruediv__ = (_binary(np.true_divide), _binary(np.true_divide, True),
                                               _binary(np.true_divide, in_place=True))
    __floordiv__, __rfloordiv__, __ifloordiv__ = (_binary(np.floor_divide), _binary(np.floor_divide, True),
                                                  _binary(np.floor_divide, in_place=True))
    __mod__, __rmod__, __imod__ = _binary(np.remainder), _binary(np.remainder, True), _binary(np.remainder,
                                                                                               in_place=True)
    __pow__, __rpow__, __ipow__ = _binary(np.power), _binary(np.power, True), _binary(np.power, in_place=True)
    __and__, __rand__, __iand__ = (_binary(np.bitwise_and), _binary(np.bitwise_and, True),
                                   _binary(np.bitwise_and, in_place=True))
    __or__, __ror__, __ior__ = _binary(np.bitwise_or), _binary(np.bitwise_or, True), _binary(np.bitwise_or,
                                                                                             in_place=True)
    __xor__, __rxor__, __ixor__ = (_binary(np.bitwise_xor), _binary(np.bitwise_xor, True),
                                   _binary(np.bitwise_xor, in_place=True))
    __lshift__, __rlshift__, __ilshift__ = (_binary(np.left_shift), _binary(np.left_shift, True),
                                            _binary(np.left_shift, in_place=True))
    __rshift__, __rrshift__, __irshift__ = (_binary(np.right_shift), _binary(np.right_shift, True),
                                            _binary(np.right_shift, in_place=True))
    __eq__, __ne__ = _binary(np.equal), _binary(np.not_equal)  # type: ignore[assignment]
    __lt__, __le__, __gt__, __ge__ = _binary(np.less), _binary(np.less_equal), _binary(np.greater), _binary(
        np.greater_equal)
    __neg__, __pos__, __abs__, __invert__ = _unary(np.negative), _unary(np.positive), _unary(np.absolute), _unary(
        np.invert)
    __hash__ = None  # type: ignore[assignment]  # as numpy's: == is elementwise

    def __array_ufunc__(self, ufunc: np.ufunc, method: str, *inputs: Any, **kwargs: Any) -> Any:
        """numpy's ufuncs with tiles data among their operands: those of the operators and those
        the array API names (the core's elementwise operations) run on the device and give a
        tiles.array (out= may be one tiles array; where= a bool mask, in the same kernel), and so does matmul (tiles.gemm for float32
        and float64 matrices); any other ufunc, or method (reduce, outer, ...), is not
        implemented, and numpy raises TypeError, as CuPy does: nothing goes to the host behind the
        caller's back."""
        out, where = kwargs.pop("out", None), kwargs.pop("where", True)
        if method != "__call__" or kwargs:
            return NotImplemented
        if ufunc is np.matmul and out is None and where is True:
            return _linalg.matmul(*inputs)
        if out is not None:
            if len(out) != 1:
                return NotImplemented
            out = out[0]
        return _elementwise.apply(ufunc, inputs, out=out, where=where)

    def __array_function__(self, func: Any, types: Any, args: Any, kwargs: Any) -> Any:
        """numpy's functions of tiles data: np.concatenate, np.where, np.clip (one kernel),
        np.cumulative_sum, np.cumulative_prod, np.sort, np.argsort, np.median, np.percentile and
        np.quantile (_sort's, where it computes them), np.dot and np.matmul of matrices, and np.linalg's factorizations and
        solves of float32 (float64) data without keywords (_LINALG_AS_THE_STANDARD) run on the
        device (new tiles arrays);
        np.sum, np.max, np.mean, np.var, np.argmax, np.cumsum, ... np.nonzero, np.reshape call the methods, as
        numpy does without this protocol; every other function runs as numpy runs it without the
        protocol, through __array__ (a download), giving numpy results as before."""
        if func is np.concatenate and set(kwargs) <= {"axis", "dtype"}:
            return _elementwise.concatenate(*args, **kwargs)
        if func is np.where and len(args) + len(kwargs) == 3:
            return _elementwise.where(*args, **kwargs)
        if func in (np.cumulative_sum, np.cumulative_prod) and kwargs.get("out") is None:
            from . import _statistics  # which imports _data, and so this module, first
            return _statistics.cumulative("add" if func is np.cumulative_sum else "multiply", *args,
                                          **{k: v for k, v in kwargs.items() if k != "out"})
        if func in _ON_DEVICE_OR_NONE:
            from . import _sort  # which imports _data, and so this module, first
            found = getattr(_sort, func.__name__)(*args, **kwargs)
            if found is not None:
                return found
        if func is np.clip and len(args) == 3 and not kwargs:
            from . import array_api  # which imports _data, and so this module, first
            return array_api.clipped(*args)
        if func in (np.dot, np.matmul) and not kwargs and all(getattr(a, "ndim", None) == 2 for a in args):
            return _linalg.matmul(*args)
        if _linalg_on_device(func, args, kwargs):
            from . import _array_api_linalg  # which imports array_api, and so this module, first
            return getattr(_array_api_linalg, _LINALG_AS_THE_STANDARD[func])(*args)
        return func._implementation(*args, **kwargs)

    def __matmul__(self, other: Any) -> Any:
        """numpy's matmul: float32 (float64) matrices on the device (tiles.gemm), a new tiles.array;
        anything else through the host (the array API's matmul)."""
        return _linalg.matmul(self, other)

    def __rmatmul__(self, other: Any) -> Any:
        return _linalg.matmul(other, self)

    def __array_namespace__(self, *, api_version: Optional[str] = None) -> Any:
        """The array API standard's namespace of libtiles' data: tiles.array_api (2024.12), which
        holds every earlier revision's functions too."""
        if api_version not in (None, "2021.12", "2022.12", "2023.12", "2024.12"):
            raise ValueError(f"libtiles' namespace is of the array API revisions 2021.12 to 2024.12, not "
                             f"{api_version!r}")
        from . import array_api
        return array_api

    @property
    def device(self) -> Context:
        """The context the data lives on, the array API's device: an array's context; for a view of
        host memory, the default context, where its launches run unless told otherwise."""
        return context_for([self])

    def to_device(self, device: Any, /, *, stream: Any = None) -> Any:
        """The data on `device` (a tiles.Context, or a tiles.Device for its default context): itself
        where it is there already, else a new array there (a copy through the host)."""
        from . import array_api
        context = array_api._context(device)
        if stream is not None:
            raise InvalidArgument("to_device's stream is None: the copy is ordered on libtiles' queues")
        return self if context == self.device else _data.array(self, context=context)

    @property
    def mT(self) -> Any:
        """The transpose of the last two dimensions, a new array (the array API's matrix_transpose)."""
        return _linalg.matrix_transpose(self)

    def _element(self, kinds: str, conversion: Any) -> Any:
        if self.size != 1:  # type: ignore[attr-defined]
            raise TypeError(f"only an array of one element converts to a Python {conversion.__name__}, not one of "
                            f"shape {self.shape}")  # type: ignore[attr-defined]
        if self.dtype.kind not in kinds:  # type: ignore[attr-defined]
            raise TypeError(f"{self.dtype} data does not convert to a Python {conversion.__name__}")  # type: ignore
        return conversion(self.get().reshape(())[()])  # type: ignore[attr-defined]

    def __float__(self) -> float:
        return self._element("biuf", float)

    def __int__(self) -> int:
        return self._element("biuf", int)

    def __index__(self) -> int:
        return self._element("iu", int)

    def __complex__(self) -> complex:
        return self._element("biufc", complex)

    def __round__(self, ndigits: Any = None) -> Any:
        """Python's round of an array of no dimensions: its element's, as numpy's scalar rounds (one
        download); numpy's arrays define none, so any other shape is refused, naming np.round."""
        if self.ndim != 0:  # type: ignore[attr-defined]
            raise TypeError(f"round() takes an array of no dimensions, not one of shape {self.shape}: use "
                            "np.round")  # type: ignore[attr-defined]
        return round(self.get()[()], ndigits)  # type: ignore[attr-defined]

    def __format__(self, spec: str) -> str:
        """As numpy's: an array of no dimensions formats as its element (one download)."""
        if self.ndim == 0:  # type: ignore[attr-defined]
            return format(self.get()[()], spec)  # type: ignore[attr-defined]
        return super().__format__(spec)

    def __bool__(self) -> bool:
        """As numpy's: the element of a one-element array (one download); ValueError, the truth
        value being ambiguous, for any other size."""
        if self.size != 1:  # type: ignore[attr-defined]
            return bool(np.empty(self.shape, np.uint8))  # type: ignore[attr-defined]  # numpy's own ValueError
        return bool(self.get().reshape(()))  # type: ignore[attr-defined]

    def astype(self, dtype: Any, copy: bool = True) -> Any:
        """A new tiles.array of `dtype`, converted on the device as numpy's astype converts
        (casting="unsafe": floats to integers truncate; out-of-range values are the device's);
        the data itself if it has `dtype` already and copy=False."""
        return _elementwise.astype(self, dtype, copy)

    def copy(self) -> Any:
        """A new tiles.array of the same elements, copied on the device."""
        return _elementwise.astype(self, self.dtype, True)  # type: ignore[attr-defined]

    def reshape(self, *shape: Any, order: str = "C") -> Any:
        """The elements in `shape` (ints or a tuple; one may be -1), as numpy's reshape: a view
        without a copy (view_as, C++ AMP's), which needs the elements to lie next to each other,
        row after row; a bool array's reshape, and a reshape to no dimensions, is a copy."""
        if order != "C":
            raise Unsupported(f"reshape in order {order!r}: libtiles data is row-major, order 'C'")
        dims = _shape_of(shape, self.size)  # type: ignore[attr-defined]
        if self.dtype == np.bool_ or not dims:  # type: ignore[attr-defined]
            return _elementwise.reshaped_copy(self, dims)
        try:
            return self.view_as(dims)  # type: ignore[attr-defined]
        except InvalidArgument as e:
            raise InvalidArgument(f"reshape is view_as, without a copy, which cannot view these elements in shape "
                                  f"{dims} ({e}); x.copy().reshape(...) reshapes a copy") from None

    def ravel(self) -> Any:
        """reshape(-1): the elements in one dimension."""
        return self.reshape(-1)

    def item(self, *args: Any) -> Any:
        """numpy's item: the element (of a one-element array, or at the index given) as a Python
        number (one download)."""
        return self.get().item(*args)  # type: ignore[attr-defined]

    def tolist(self) -> Any:
        """numpy's tolist of the elements (one download)."""
        return self.get().tolist()  # type: ignore[attr-defined]

    # numpy's reductions as methods, computed where the namespace's functions compute them
    # (_statistics): over any axes on the device, the result a new tiles.array, one of no
    # dimensions (no axis, or every axis without keepdims) too, as CuPy's; out= takes the result
    # instead, as numpy's does.

    def sum(self, axis: Any = None, dtype: Any = None, out: Any = None, keepdims: bool = False, *,
            initial: Any = _ABSENT, where: Any = _ABSENT) -> Any:
        """numpy's sum, in numpy's dtype (int64 for the smaller signed integers and bool, uint64
        for the unsigned ones) or `dtype`; initial= and where= (a mask that broadcasts against the
        data) on the device too (_statistics.masked)."""
        result = _computed(self, "sum", dict(axis=axis, dtype=dtype, keepdims=keepdims),
                           lambda: _statistics().reduction(self, "sum", _axis(self, axis), keepdims, dtype),
                           initial=initial, where=where)
        return _method_result(result, out)

    def prod(self, axis: Any = None, dtype: Any = None, out: Any = None, keepdims: bool = False, *,
             initial: Any = _ABSENT, where: Any = _ABSENT) -> Any:
        """numpy's prod, in sum's dtypes, as sum."""
        result = _computed(self, "prod", dict(axis=axis, dtype=dtype, keepdims=keepdims),
                           lambda: _statistics().reduction(self, "prod", _axis(self, axis), keepdims, dtype),
                           initial=initial, where=where)
        return _method_result(result, out)

    def max(self, axis: Any = None, out: Any = None, keepdims: bool = False, *, initial: Any = _ABSENT,
            where: Any = _ABSENT) -> Any:
        """numpy's max: NaN where there is one; ValueError for no elements; as sum."""
        result = _computed(self, "max", dict(axis=axis, keepdims=keepdims),
                           lambda: _statistics().reduction(self, "max", _axis(self, axis), keepdims),
                           initial=initial, where=where)
        return _method_result(result, out)

    def min(self, axis: Any = None, out: Any = None, keepdims: bool = False, *, initial: Any = _ABSENT,
            where: Any = _ABSENT) -> Any:
        """numpy's min, as max."""
        result = _computed(self, "min", dict(axis=axis, keepdims=keepdims),
                           lambda: _statistics().reduction(self, "min", _axis(self, axis), keepdims),
                           initial=initial, where=where)
        return _method_result(result, out)

    def mean(self, axis: Any = None, dtype: Any = None, out: Any = None, keepdims: bool = False, *,
             where: Any = _ABSENT) -> Any:
        """numpy's mean (float64 for integers and bools, the data's dtype for floats, or `dtype`);
        where= counts only the elements it leaves in."""
        result = _computed(self, "mean", dict(axis=axis, dtype=dtype, keepdims=keepdims),
                           lambda: _statistics().mean(self, axis, keepdims, dtype),
                           where=where)
        return _method_result(result, out)

    def var(self, axis: Any = None, dtype: Any = None, out: Any = None, ddof: float = 0,
            keepdims: bool = False, *, where: Any = _ABSENT, mean: Any = _ABSENT) -> Any:
        """numpy's var, over the number of elements less `ddof`; with where= or mean= (numpy
        2's), numpy's through the host."""
        result = _computed(self, "var", dict(axis=axis, dtype=dtype, ddof=ddof, keepdims=keepdims),
                           lambda: _statistics().var(self, axis, ddof, keepdims, dtype),
                           where=where, mean=mean)
        return _method_result(result, out)

    def std(self, axis: Any = None, dtype: Any = None, out: Any = None, ddof: float = 0,
            keepdims: bool = False, *, where: Any = _ABSENT, mean: Any = _ABSENT) -> Any:
        """numpy's std: the square root of var; as var."""
        result = _computed(self, "std", dict(axis=axis, dtype=dtype, ddof=ddof, keepdims=keepdims),
                           lambda: _statistics().std(self, axis, ddof, keepdims, dtype),
                           where=where, mean=mean)
        return _method_result(result, out, root=True)

    def all(self, axis: Any = None, out: Any = None, keepdims: bool = False, *, where: Any = _ABSENT) -> Any:
        """numpy's all (bool); where= as sum's."""
        result = _computed(self, "all", dict(axis=axis, keepdims=keepdims),
                           lambda: _statistics().reduction(self, "all", _axis(self, axis), keepdims),
                           where=where)
        return _method_result(result, out)

    def any(self, axis: Any = None, out: Any = None, keepdims: bool = False, *, where: Any = _ABSENT) -> Any:
        """numpy's any (bool), as all."""
        result = _computed(self, "any", dict(axis=axis, keepdims=keepdims),
                           lambda: _statistics().reduction(self, "any", _axis(self, axis), keepdims),
                           where=where)
        return _method_result(result, out)

    def argmax(self, axis: Optional[int] = None, out: Any = None, *, keepdims: bool = False) -> Any:
        """numpy's argmax (int64): the first position of the greatest element, or of a NaN."""
        return _method_result(_statistics().reduction(self, "argmax", _axis(self, axis), keepdims), out, positions=True)

    def argmin(self, axis: Optional[int] = None, out: Any = None, *, keepdims: bool = False) -> Any:
        """numpy's argmin, as argmax."""
        return _method_result(_statistics().reduction(self, "argmin", _axis(self, axis), keepdims), out, positions=True)

    def cumsum(self, axis: Optional[int] = None, dtype: Any = None, out: Any = None) -> Any:
        """numpy's cumsum (of all the elements in their order where axis is None) as a new
        tiles.array, by a scan on the device for the dtypes its kernels sum (bool, integers,
        float32, float64 where the device has doubles), through the host for the others."""
        return _cumulative(self, "add", axis, dtype, out)

    def cumprod(self, axis: Optional[int] = None, dtype: Any = None, out: Any = None) -> Any:
        """numpy's cumprod (in the platform integer for bools and smaller integers, as numpy's),
        as cumsum."""
        return _cumulative(self, "multiply", axis, dtype, out)

    def put(self, ind: Any, v: Any, mode: str = "raise") -> None:
        """numpy's put (np.put calls it): the elements at the flat indices `ind` take the values
        `v` (repeated as needed), written on the device as a[idx] = v is, the last value given
        a repeated index winning; `mode` 'raise', 'wrap' or 'clip' for indices outside, as
        numpy's (_put)."""
        from . import _put  # which imports _elementwise, and so _data, first
        _put.put(self, ind, v, mode)

    def nonzero(self) -> Tuple[Any, ...]:
        """numpy's nonzero: the indices of the elements that are not 0, one tiles.array a
        dimension, found on the device (the array API's nonzero)."""
        from . import array_api
        return array_api.nonzero(self)
