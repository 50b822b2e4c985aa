"""tiles.arange and tiles.linspace, numpy's, as new arrays on a device."""

from __future__ import annotations

from typing import Any, Optional

import numpy as np

from ._data import array
from ._devices import Context


def arange(start: Any, stop: Any = None, step: Any = None, *, dtype: Any = None,
           context: Optional[Context] = None) -> array:
    """numpy.arange's values (of its dtype, or `dtype`) as a new array on `context`'s device (None:
    the default context's). They are numpy's own, made on the host and copied to the device once."""
    return array(np.arange(start, stop, step, dtype=dtype), context=context)


def linspace(start: Any, stop: Any, num: int = 50, *, endpoint: bool = True, dtype: Any = None,
             context: Optional[Context] = None) -> array:
    """numpy.linspace's `num` values from `start` to `stop` as a new array, as arange makes them."""
    return array(np.linspace(start, stop, num, endpoint=endpoint, dtype=dtype), context=context)
