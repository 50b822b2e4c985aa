"""numpy's arithmetic on tiles data: the operators, numpy's ufuncs through __array_ufunc__, and
the methods numpy users reach for (astype, reshape, ...). Arithmetic, comparisons, math functions,
conversions, numpy.where and assignments through a mask are one call of the core's elementwise
engine each (tiles_elementwise), which decides numpy's type resolution (NEP 50's rules for Python
scalars), broadcasting and kernel; gathers and scatters of indexing are one call of the core's
(tiles_gather, tiles_scatter). Results are new tiles.array on the device."""

from __future__ import annotations

import dataclasses
import math
import warnings
from typing import Any, Dict, List, Optional, Sequence, Tuple

import numpy as np
from numpy.lib.array_utils import normalize_axis_index

# _data imports this module (through _operators) before it defines array and array_view: they are
# reached through the module, when an operator runs.
from . import _data, _indexing, _through_host, _tiles
from ._checks import describe
from ._devices import Context
from ._where_work_runs import context_for
from .errors import InvalidArgument, Unsupported

# The operations of the core's elementwise engine, by their numbers in the C API: numpy's ufuncs
# (np.divide is numpy's true_divide) and the parts of complex numbers, and astype's copy.
_OPERATIONS = _tiles.elementwise_op_names()
_UFUNCS: Dict[np.ufunc, int] = {getattr(np, name): op for op, name in enumerate(_OPERATIONS) if hasattr(np, name) and
                                isinstance(getattr(np, name), np.ufunc)}
_COPY = _OPERATIONS.index("copy")
_PARTS = {name: _OPERATIONS.index(name) for name in ("real", "imag")}
_WHERE = _OPERATIONS.index("where")

# tiles.fuse's placeholder class (_fuse.py sets it): an operation of one records itself in its trace.
placeholder: Optional[type] = None


class _input:
    """One operand of a ufunc: tiles data (`data`, with its shape), or a scalar (`value`); `dtype`
    is what numpy's type resolution is given: a dtype, or Python's int or float for a Python
    scalar, which NEP 50 makes take the other operand's type (a Python complex: its kind's)."""

    def __init__(self, data: Any, value: Any, dtype: Any, shape: Optional[Tuple[int, ...]] = None):
        self.data, self.value, self.dtype = data, value, dtype
        # The shape it is broadcast from: the data's, or that shape less leading dimensions of 1.
        self.shape = None if data is None else tuple(data.shape if shape is None else shape)


# The dtypes the core's kernels compute in: those of the C API's one table of element types computed
# in themselves, and bools.
_COMPUTED = {row["dtype"] for row in _tiles.dtypes() if not row["as_bits"] and row["computed"] == row["dtype"]}
_COMPUTED.add(np.dtype(np.bool_))


def computable(dtype: np.dtype) -> bool:
    """Whether the core's elementwise kernels compute in `dtype` (float16 is only stored)."""
    return dtype in _COMPUTED


def real_part(dtype: np.dtype) -> np.dtype:
    """The real dtype of a complex `dtype`'s parts; `dtype` itself for the others."""
    return np.dtype(np.float32 if dtype == np.complex64 else np.float64) if dtype.kind == "c" else dtype


def _is_tiles(value: Any) -> bool:
    return isinstance(value, (_data.array, _data.array_view))


def _uploaded(value: Any, values: Sequence[Any], out: Any) -> Any:
    """numpy data or a list among `values` as the core takes it: a number where it has no
    dimensions, else a tiles.array of it where work on the values runs; None for what numpy's
    arithmetic does not take (the operator then returns NotImplemented)."""
    if not isinstance(value, (np.ndarray, list, tuple)):
        return None
    host = np.asarray(value)
    if host.dtype == object:
        return None
    # The device's copy is in the machine's byte order, and so is numpy's result of any order.
    return host[()] if host.ndim == 0 else _data.array(host, context=context_for(list(values) + [out]))


def apply(ufunc: np.ufunc, values: Sequence[Any], out: Any = None, where: Any = True) -> Any:
    """numpy's `ufunc` of `values` (tiles data, numpy data, scalars), computed on the device into a
    new tiles.array, or into `out` (tiles data of the result's shape, which numpy's same_kind
    casting must allow): one call of the core, which decides numpy's dtypes, broadcasting and
    kernel. With where= (numpy's bool mask), only the elements where it is true are written, in
    the same kernel; the others keep out's values (without out, uninitialized, as numpy's).
    NotImplemented where an operand is of a type numpy would not take."""
    op = _UFUNCS.get(ufunc)
    if op is None:
        return NotImplemented
    if placeholder in map(type, values):
        return _recorded(op, values) if where is True else NotImplemented
    if ufunc is np.power:
        _check_exponents(values)
    try:
        return _on_core(op, values, out, where)
    except Unsupported:
        if where is not True or not any(np.result_type(v).kind == "c" for v in values
                                        if not isinstance(v, (list, tuple))):
            raise
        return _through_the_host(ufunc, values, out)  # complex power, trigonometry, ordering
    except InvalidArgument:
        _raise_numpys_refusal(ufunc, values)
        raise


def where_mask(where: Any, context: Context) -> Any:
    """where= as the core takes it: None for a true scalar (every element), False, or tiles data of
    bools (tiles data as it is, anything else uploaded to `context`), converted as numpy converts
    it (None is False; numpy's TypeError for an array that does not cast 'safe' to bool)."""
    if _is_tiles(where):
        _through_host.refuse_unsafe_cast(where.dtype, where.ndim, np.bool_)
        return where
    mask = _through_host.argument(where, np.bool_)
    if mask.ndim == 0:
        return None if mask else False
    return _data.array(mask, context=context)


def _masked_out(op: int, operands: Tuple[Any, ...], bools: int, values: Sequence[Any], mask: Any) -> Any:
    """A new uninitialized array for a ufunc with where= and no out (numpy's choice): of the
    result's dtype and of the shape the values and the mask broadcast to."""
    dtype = _tiles.elementwise_result_type(op, operands, bools)
    shapes = [v.shape if _is_tiles(v) else np.shape(v) for v in (*values, mask)]
    return _data.empty(np.broadcast_shapes(*shapes), dtype, context=context_for(list(values)))


def _on_core(op: int, values: Sequence[Any], out: Any, where: Any = True) -> Any:
    """The core's operation `op` of `values` into a new array, or into `out`, writing only where
    where= is true: one call of the C API. NotImplemented where an operand is of a type numpy would
    not take."""
    mask = None if where is True else where_mask(where, context_for(list(values) + [out]))
    operands, bools, no_dimensions = [], 0, True
    through = getattr(out, "_through", None)
    for k, value in enumerate(values):
        if through is not None and value is through[0]:
            value = value.copy()  # numpy buffers an input the output overlaps: the kernel would race
        tiles = _is_tiles(value)  # first: the common operand, which then meets no other test
        if not tiles and not isinstance(value, (bool, int, float, complex, np.generic)):
            value = _uploaded(value, values, out)
            if value is None:
                return NotImplemented
            tiles = _is_tiles(value)
        if tiles:
            handle = value._view_handle()
            if type(handle) is not _tiles.View:  # data of no elements, which the C API holds no view of
                return _of_no_elements(op, values, out)
            no_dimensions = no_dimensions and getattr(value, "_no_dimensions", False)
            bools |= value._holds_bool << k
            value = handle
        operands.append(value)
    if out is None and mask is None:
        return _data.array._of_core(*_tiles.elementwise_new(op, tuple(operands), bools, None), no_dimensions)
    if out is None:
        out = _masked_out(op, tuple(operands), bools, values, mask)
    if _is_tiles(mask):
        mask = mask._view_handle()
    if through is not None:
        return _written_through(op, tuple(operands), bools, out, mask)
    _check_writable(out)
    _tiles.elementwise(op, tuple(operands), bools, out._view_handle(), out._holds_bool, None, where=mask)
    return out


def _written_through(op: int, operands: Tuple[Any, ...], bools: int, out: Any, mask: Any) -> Any:
    """The core's operation `op` into `out`, a copy of a transpose or of steps of other data, as
    into numpy's view: written through to that data at the copy's place (the core's placed output),
    then the copy taken from the data again."""
    data, place = out._through
    _tiles.elementwise(op, operands, bools, data._view_handle(), data._holds_bool, None,
                       ([int(n) for n in out.shape], [int(s) for s in place.strides], int(place.offset)), mask)
    written_back(data)
    _gather_into(out, data, place)
    return out


def written_back(data: Any) -> None:
    """Where `data`, just written, is itself a copy written through to other data (a transpose of
    a flip, say), its elements written there too, and so on down the chain, as numpy's views of
    views share their elements."""
    while getattr(data, "_through", None) is not None:
        base, place = data._through
        _scatter_at(base, tuple(data.shape), place, data)
        data = base


def _raise_numpys_refusal(ufunc: np.ufunc, values: Sequence[Any]) -> None:
    """Raises numpy's own exception where numpy refuses the operands' dtypes too, as the core
    has (numpy's classes: _UFuncNoLoopError for positive of bools, say)."""
    stand_ins = [np.zeros((), v.dtype) if _is_tiles(v) else v for v in values]
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        ufunc(*stand_ins)


def _of_no_elements(op: int, values: Sequence[Any], out: Any) -> Any:
    """The core's answer for operands of which one holds no elements: its dtype, numpy's
    broadcast shape, and no launch (the core holds no data of no elements)."""
    stand_ins = tuple(np.zeros((), v.dtype)[()] if _is_tiles(v) else v for v in values)
    dtype = _tiles.elementwise_result_type(op, stand_ins, 0)
    shape = np.broadcast_shapes(*(v.shape if _is_tiles(v) else np.shape(v) for v in values))
    if out is not None:
        _check_out(out, shape, dtype, f"numpy.{_OPERATIONS[op]}")
        return out
    return _data.empty(shape, dtype, context=context_for(list(values)))


def _through_the_host(ufunc: np.ufunc, values: Sequence[Any], out: Any) -> Any:
    """numpy's `ufunc` of complex operands that the kernels lack (power, the trigonometric and
    hyperbolic functions, ordering): computed by numpy on a download, the result uploaded (into
    `out`, converted as numpy's same_kind casting allows)."""
    result = _through_host.compute(ufunc, *values)
    if out is None:
        return result
    _check_out(out, result.shape, result.dtype, f"numpy.{ufunc.__name__}")
    _data.copy(result if result.dtype == out.dtype else astype(result, out.dtype), out)
    return out


def part(data: Any, name: str) -> Any:
    """numpy's real or imag (`name`) of tiles data, a new array: the parts of complex numbers, or
    of real ones the number (a copy) and 0, computed on the device by the core."""
    if data.size == 0:
        return _data.empty(data.shape, real_part(data.dtype), context=context_for([data]))
    return _data.array._of_core(*_tiles.elementwise_new(_PARTS[name], (data._view_handle(),), int(data._holds_bool),
                                                        None), data.ndim == 0)


def where(condition: Any, x: Any, y: Any) -> Any:
    """numpy.where(condition, x, y) of tiles data, numpy data and scalars, computed on the device
    into a new tiles.array by the core: x's element where the condition's is true (not 0), else
    y's, in numpy's result type of x and y (NEP 50's for Python scalars), broadcast as numpy does."""
    if placeholder in map(type, (condition, x, y)):
        return _recorded(_WHERE, (condition, x, y))
    result = _on_core(_WHERE, (condition, x, y), None)
    if result is NotImplemented:
        raise TypeError(f"where takes arrays and scalars, not {[type(v).__name__ for v in (condition, x, y)]}")
    return result


def _recorded(op: int, values: Sequence[Any]) -> Any:
    """`op` of `values`, of which one at least is tiles.fuse's placeholder, recorded in its trace."""
    return next(v for v in values if type(v) is placeholder).trace.record(op, tuple(values))


def _check_exponents(values: Sequence[Any]) -> None:
    """numpy's refusal of negative integer powers of integers, for an array of exponents (a pass
    over it on the device; the core refuses a negative scalar exponent itself)."""
    exponent = values[1]
    kinds = [np.result_type(v).kind for v in values if not isinstance(v, (list, tuple))]
    if _is_tiles(exponent) and exponent.dtype.kind == "i" and exponent.size and set(kinds) <= set("biu"):
        if bool(apply(np.less, (exponent, 0)).max()):
            raise ValueError("Integers to negative integer powers are not allowed.")


def _check_writable(out: Any) -> None:
    """Refuses an out= that is no tiles data, or a read-only array (a gathered copy)."""
    if not _is_tiles(out):
        raise InvalidArgument(f"out is a tiles.array or tiles.array_view, not {describe(out)}")
    if isinstance(out, _data.array):
        out._check_writable()


def _check_out(out: Any, shape: Tuple[int, ...], result: np.dtype, what: str) -> None:
    _check_writable(out)
    if tuple(out.shape) != tuple(shape):
        raise ValueError(f"non-broadcastable output operand with shape {tuple(out.shape)} doesn't match the "
                         f"broadcast shape {tuple(shape)}")
    if not np.can_cast(result, out.dtype, "same_kind"):
        raise TypeError(f"Cannot cast {what}'s output from {result!r} to {out.dtype!r} with casting rule "
                        f"'same_kind'")


def astype(data: Any, dtype: Any, copy: bool = True) -> Any:
    """numpy's astype (casting="unsafe", as numpy's default): a new array of `dtype`, converted on
    the device; `data` itself where it has that dtype and copy=False."""
    dtype = _data._dtype(dtype)
    if dtype == data.dtype and not copy:
        return data
    return _converted(data, dtype, data.shape)


def reshaped_copy(data: Any, shape: Tuple[int, ...]) -> Any:
    """A new array of `data`'s elements, in their order, in `shape` (of as many elements)."""
    return _converted(data, data.dtype, shape)


def _converted(data: Any, dtype: np.dtype, shape: Tuple[int, ...]) -> Any:
    """A new array of `shape` and `dtype` holding data's elements in their order, converted as
    numpy's astype converts: the core's copy, into the new array seen in data's shape."""
    if data.dtype.kind == "c" and dtype.kind != "c":
        warnings.warn("Casting complex values to real discards the imaginary part", np.exceptions.ComplexWarning,
                      stacklevel=3)
    out = _data.empty(shape, dtype, context=context_for([data]))
    if out.size == 0:
        return out
    source, target = data._view_handle(), out._view_handle()
    held = source.shape()[1]
    if target.shape()[1] != held:
        target = target.view_as(list(held))
    _tiles.elementwise(_COPY, (source,), int(data._holds_bool), target, out._holds_bool, None)
    return out


def gathered(data: Any, selection: _indexing.Selection) -> Any:
    """A new array of the elements `selection` picks of `data` (numpy's indexing that no view
    covers: integers past the leading dimensions, steps, new axes, an integer array, elements),
    gathered on the device where work on `data` runs. Read only where numpy's result would be a
    view of `data`; an integer array's, a copy in numpy too, takes writes."""
    place = selection.place()
    return _gather(data, selection.shape, place,
                   "a gathered copy of indexed elements" if place.index is None else None)


def permuted(data: Any, axes: Sequence[int]) -> Any:
    """numpy.transpose(data, axes) (the array API's permute_dims) as a new array, gathered on the
    device where work on `data` runs."""
    try:
        order = [int(a) for a in axes]
        normalized = [normalize_axis_index(a, data.ndim) for a in order]
    except TypeError:
        raise TypeError(f"permute_dims' axes are integers, not {describe(axes)}") from None
    if sorted(normalized) != list(range(data.ndim)):
        raise ValueError(f"axes {tuple(order)} don't match data of {data.ndim} dimensions (shape {data.shape})")
    dense = _indexing.dense_strides(data.shape)
    return _gather(data, tuple(data.shape[a] for a in normalized), _indexing.Place(0, [dense[a] for a in normalized]),
                   "a gathered copy of a transpose")


def _gather(data: Any, shape: Tuple[int, ...], place: _indexing.Place, what: Optional[str]) -> Any:
    """A new array of `shape` whose elements are `data`'s at `place`, counted in `data`'s elements
    held dense and row-major; where `what` is given and it has dimensions, a copy (`what` it is)
    that numpy's in-place arithmetic writes through to `data`, as to numpy's view, and that
    refuses other writes, which would not reach `data`."""
    out = _data.empty(shape, data.dtype, context=context_for([data]))
    if shape and what:
        out._copy_of = what
        if getattr(data, "_copy_of", None) is None or getattr(data, "_through", None) is not None:
            out._through = (data, place)
    _gather_into(out, data, place)
    return out


def _gather_into(out: Any, data: Any, place: _indexing.Place) -> None:
    """Writes `data`'s elements at `place` into `out`, a new array of the place's shape: one call
    of the core (tiles_gather)."""
    shape = tuple(out.shape)
    if out.size == 0:
        return
    if not shape:  # one element, of no dimensions, is gathered as (1,)
        shape, place = (1,), _indexing.Place(place.offset, [0])
    _tiles.gather(data._view_handle(), data._holds_bool, _place_tuple(shape, place), _index_tuple(place, data),
                  out._view_handle(), out._holds_bool, None)


def _place_tuple(shape: Tuple[int, ...], place: _indexing.Place) -> Tuple[List[int], List[int], int]:
    """A place of `shape` as the core takes it: (shape, strides, offset), in elements."""
    return [int(n) for n in shape], [int(s) for s in place.strides], int(place.offset)


def _index_tuple(place: _indexing.Place, data: Any, skip_negative: bool = False) -> Any:
    """The integer array of `place` as the core takes it (its positions on data's device, their
    strides, stride and bound, whether a negative one moves nothing); None where it has none."""
    if place.index is None:
        return None
    index = place.index
    on_device = index if _is_tiles(index) else _data.array(np.ascontiguousarray(index, np.int64),
                                                           context=context_for([data]))
    return (on_device._view_handle(), [int(s) for s in place.index_strides], int(place.index_stride),
            int(place.index_bound), skip_negative)


def scatter(data: Any, selection: _indexing.Selection, value: Any) -> None:
    """numpy's data[key] = value, `selection` being key's, on the device where work on `data` and
    `value` runs: `value` (tiles data, numpy data, a scalar) broadcast to the selected elements as
    numpy broadcasts it, converted to data's dtype as numpy assigns (_assigned). Where the integer
    array repeats an index, the last of its elements that names it is written (numpy's order; its
    documents leave it unspecified), by the others writing nothing; a mask's positions (tiles
    data) never repeat."""
    _scatter_at(data, selection.shape, selection.place(), value)


def assign_through(data: Any, key: Any, value: Any) -> bool:
    """numpy's data[key] = value where `data` is a copy of a transpose or of steps of other data
    (its _through) and `key` is of integers, slices and new axes: written at the places the key
    picks in that data, as through numpy's view, then the copy taken from that data again; False,
    having done nothing, for other keys (integer arrays, masks)."""
    if _indexing.is_mask(key):
        return False
    selection = _indexing.select(key, data.shape)
    if selection.index is not None:
        return False
    base, place = data._through
    offset = place.offset + sum(a.start * place.strides[a.dim] for a in selection.axes if a.dim is not None)
    strides = [0 if a.dim is None else a.step * place.strides[a.dim] for a in selection._basic()]
    _scatter_at(base, selection.shape, _indexing.Place(offset, strides), value)
    written_back(base)
    _gather_into(data, base, place)
    return True


def _scatter_at(data: Any, shape: Tuple[int, ...], place: _indexing.Place, value: Any) -> None:
    """`value` written to data's elements of `shape` at `place` (scatter's work): one call of the
    core (tiles_scatter)."""
    context = context_for([data, value])
    source = _assigned(value, data.dtype, shape, context, data)
    if math.prod(shape) == 0:
        return
    if not shape:  # one element, of no dimensions, is written as (1,)
        shape, place = (1,), _indexing.Place(place.offset, [0])
    if source.data is not None and source.dtype.kind == "c" and data.dtype.kind != "c":
        warnings.warn("Casting complex values to real discards the imaginary part", np.exceptions.ComplexWarning,
                      stacklevel=5)
    written, bools = source.value, 0
    if source.data is not None:
        written, bools = source.data._view_handle(), int(source.data._holds_bool)
        if tuple(source.data.shape) != tuple(source.shape):  # less the leading dimensions of 1
            written = written.view_as(list(source.shape) or [1])
    index = place.index
    if index is not None and not _is_tiles(index):
        place = dataclasses.replace(place, index=_last_writes(index))
    _tiles.scatter(data._view_handle(), data._holds_bool, _place_tuple(shape, place), written, bools,
                   _index_tuple(place, data, skip_negative=True), None)


def _last_writes(index: np.ndarray) -> np.ndarray:
    """`index` with each element that a later one repeats made -1 (which writes nothing)."""
    flat = index.reshape(-1)
    _, last_from_end = np.unique(flat[::-1], return_index=True)
    if len(last_from_end) == len(flat):
        return index
    kept = np.full(len(flat), -1, np.int64)
    last = len(flat) - 1 - last_from_end
    kept[last] = flat[last]
    return kept.reshape(index.shape)


def assign_where(data: Any, mask: Any, value: Any) -> bool:
    """numpy's data[mask] = value on the device, as numpy.where(mask, value, data) written into
    `data`, where `value` is one for all the elements the mask picks (a scalar, or an array
    broadcast along the dimensions the mask leaves), without the mask's positions; False, having
    done nothing, where it is not (a value for each true element) or the mask has no
    dimensions: the caller scatters to the mask's positions then (_indexing.select_mask)."""
    if getattr(mask, "ndim", 0) == 0:
        return False
    masked = tuple(mask.shape)
    _indexing.check_mask(masked, data.shape)
    rest = data.shape[len(masked):]
    if len(_stripped(value.shape if _is_tiles(value) else np.shape(value), rest)) > len(rest):
        return False
    context = context_for([data, mask, value])
    source = _assigned(value, data.dtype, rest, context, data)
    if source.data is not None and source.dtype != data.dtype:
        source = _input(astype(source.data, data.dtype), None, data.dtype, source.shape)
    mask_shape = masked + (1,) * len(rest)
    condition = (_data.array(np.reshape(mask, mask_shape), context=context) if not _is_tiles(mask) else
                 reshaped_copy(mask, mask_shape) if rest else mask)
    chosen = source.value
    if source.data is not None:
        chosen = source.data if source.data.ndim <= data.ndim else reshaped_copy(source.data, source.shape or (1,))
    _on_core(_WHERE, (condition, chosen, data), data)
    return True


def _assigned(value: Any, dtype: np.dtype, shape: Tuple[int, ...], context: Context, data: Any) -> _input:
    """`value` as the operand of an assignment to `data`'s elements (of `dtype`) in `shape`: tiles
    data as it is (cast in the kernel without checks, as numpy casts arrays), copied first where it
    may share `data`'s memory (as numpy copies an overlapping value); anything else converted by
    numpy's own assignment (assignable), a scalar as it is, an array uploaded to `context`."""
    if _is_tiles(value):
        stripped = _stripped(value.shape, shape, check=True)
        return _input(value.copy() if _shares_memory(value, data) else value, None, value.dtype, stripped)
    host = assignable(value, dtype, shape)
    if host.ndim == 0:
        return _input(None, host[()], dtype)
    return _input(_data.array(host, context=context), None, dtype)


def assignable(value: Any, dtype: np.dtype, shape: Tuple[int, ...]) -> np.ndarray:
    """`value` as numpy assigns it to elements of `dtype` in `shape` (its refusals, its casts:
    2.7 to an int is 2, 300 to an int8 is numpy's OverflowError), less the leading dimensions of 1
    that broadcasting drops."""
    try:
        host = np.empty(np.shape(value), dtype)
        host[...] = value
    except (TypeError, ValueError) as e:
        raise InvalidArgument(f"{describe(value)} cannot be assigned to {dtype} elements: {e}") from None
    return host.reshape(_stripped(host.shape, shape, check=True))


def _stripped(value_shape: Tuple[int, ...], shape: Tuple[int, ...], check: bool = False) -> Tuple[int, ...]:
    """`value_shape` less the leading dimensions of 1 beyond `shape`'s; with check=True, numpy's
    refusal of a value that does not broadcast to `shape`."""
    stripped = tuple(value_shape)
    while len(stripped) > len(shape) and stripped[0] == 1:
        stripped = stripped[1:]
    if check and (len(stripped) > len(shape) or
                  any(v not in (1, n) for v, n in zip(reversed(stripped), reversed(shape)))):
        raise InvalidArgument(f"could not broadcast input array from shape {tuple(value_shape)} into shape "
                              f"{tuple(shape)}")
    return stripped


def _shares_memory(value: Any, data: Any) -> bool:
    """Whether tiles `value` may view `data`'s elements: views of one array, or of numpy arrays
    that numpy says may share memory."""
    owners = [x._view_handle().keeps_alive() for x in (value, data)]
    if all(isinstance(o, np.ndarray) for o in owners):
        return bool(np.may_share_memory(*owners))
    return owners[0] is not None and owners[0] is owners[1]


def concatenate(arrays: Sequence[Any], axis: int = 0, dtype: Any = None) -> Any:
    """numpy.concatenate of tiles data (numpy data is copied to the device first): a new array,
    each piece converted to numpy's result dtype where it differs and copied into its place on the
    device."""
    context = context_for(list(arrays))
    pieces = [a if _is_tiles(a) else _data.array(np.asarray(a), context=context) for a in arrays]
    if not pieces:
        raise ValueError("need at least one array to concatenate")
    ndim = pieces[0].ndim
    if not -ndim <= axis < ndim:
        raise np.exceptions.AxisError(axis, ndim)
    axis %= ndim
    shape = list(pieces[0].shape)
    for p in pieces[1:]:
        if p.ndim != ndim or any(n != m for d, (n, m) in enumerate(zip(p.shape, shape)) if d != axis):
            raise ValueError(f"all the input array dimensions except for the concatenation axis must match "
                             f"exactly: shapes {[x.shape for x in pieces]} along axis {axis}")
        shape[axis] += p.shape[axis]
    result = np.result_type(*[p.dtype for p in pieces]) if dtype is None else _data._dtype(dtype)
    out = _data.empty(tuple(shape), result, context=context)
    origin = [0] * ndim
    for p in pieces:
        if p.size:
            _data.copy(p if p.dtype == result else astype(p, result), out.section(origin, p.shape))
        origin[axis] += p.shape[axis]
    return out


# The dtypes a kernel names only where its device has doubles.
DOUBLES = (np.float64, np.complex128)


def holds_doubles(dtypes: Sequence[np.dtype]) -> bool:
    """Whether `dtypes` hold float64 or complex128 (DOUBLES)."""
    return any(d in DOUBLES for d in dtypes)


def lacks_doubles(context: Context, dtypes: Sequence[np.dtype]) -> bool:
    """Whether `dtypes` hold float64 or complex128 and `context`'s device has no doubles, so that
    no kernel of its may name them."""
    return holds_doubles(dtypes) and not context.device.supports_fp64


def moves_doubles_without_them(data: Any, value: Any) -> bool:
    """Whether an assignment of `value` to `data`'s elements involves float64 or complex128 where
    they live on a device without doubles, whose kernels cannot name those types."""
    dtypes = [data.dtype] + ([value.dtype] if _is_tiles(value) else [])
    return lacks_doubles(context_for([data, value]), dtypes)


def _has_doubles(data: Any) -> bool:
    return context_for([data]).device.supports_fp64