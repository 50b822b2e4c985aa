"""The array API's functions that libtiles computes through the host: the data comes home (one
download each), numpy computes, and the results go back to the device of the first tiles operand
as new tiles.array (one upload each). Sorting, sets, nonzero and the other data-dependent or
data-moving functions run here; array_api's documentation lists them."""

from __future__ import annotations

from typing import Any, Callable

import numpy as np

from . import _data
from ._devices import Context
from ._where_work_runs import context_for


def is_tiles(value: Any) -> bool:
    return isinstance(value, (_data.array, _data.array_view))


def to_device(result: Any, context: Context) -> Any:
    """numpy's `result` (an array or scalar, or a tuple or named tuple of them) as tiles arrays on
    `context`; numpy's scalars become arrays of no dimensions."""
    if isinstance(result, tuple):
        converted = [to_device(r, context) for r in result]
        return type(result)(*converted) if hasattr(result, "_fields") else tuple(converted)
    if isinstance(result, list):
        return [to_device(r, context) for r in result]
    return _data.array(np.asarray(result), context=context)


def host(value: Any) -> Any:
    """A tiles operand as a numpy array (one download); anything else as it is."""
    if isinstance(value, (list, tuple)):
        return type(value)(host(v) for v in value)
    return value.get() if is_tiles(value) else value


def refuse_unsafe_cast(dtype: np.dtype, ndim: int, to: Any) -> None:
    """numpy's TypeError, in its words, where data of `dtype` and `ndim` dimensions does not cast
    'safe' to `to`: the rule numpy's C functions (put's indices, a reduction's where=) hold arrays
    to, where lists and scalars are converted whatever they hold."""
    if not np.can_cast(dtype, to, "safe"):
        what = "array data" if ndim else "scalar"
        raise TypeError(f"Cannot cast {what} from {np.dtype(dtype)!r} to {np.dtype(to)!r} according to the rule 'safe'")


def argument(value: Any, dtype: Any) -> np.ndarray:
    """`value` (tiles data downloaded) as numpy's C functions take an argument of `dtype`: an
    array only where it casts 'safe' (refuse_unsafe_cast), anything else converted as np.array
    converts it (put's index [1.9] is 1, where=None is False)."""
    value = host(value)
    if isinstance(value, np.ndarray):
        refuse_unsafe_cast(value.dtype, value.ndim, dtype)
        return value.astype(dtype, copy=False)
    return np.array(value, dtype=dtype)


def compute(function: Callable[..., Any], *arguments: Any, **keywords: Any) -> Any:
    """numpy's `function` of the arguments (tiles operands downloaded), as tiles arrays on the
    device of the first tiles operand."""
    flat = [a for argument in arguments for a in (argument if isinstance(argument, (list, tuple)) else [argument])]
    context = context_for(flat)
    return to_device(function(*(host(a) for a in arguments), **keywords), context)
