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


def compute(function: Callable[..., Any], *arguments: Any, **keywords: Any) -> Any:
    """numpy's `function` of the arguments (tiles operands downloaded), as tiles arrays on the
    device of the first tiles operand."""
    flat = [a for argument in arguments for a in (argument if isinstance(argument, (list, tuple)) else [argument])]
    context = context_for(flat)
    return to_device(function(*(host(a) for a in arguments), **keywords), context)
