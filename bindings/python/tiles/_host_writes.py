"""Checked mode's report of writes into the numpy array behind a view that no view.refresh()
followed, in Python's terms: a launch reuses the copy of a view's data that a device holds (C++
AMP's rule), so such writes are silently not seen. libtiles finds them (a checksum of the host
memory a checked launch last used, or libtiles last wrote); before a launch on a checked context,
this asks it about each view the launch takes, and reports a finding at the caller's line as a
RuntimeWarning naming the argument, or raises tiles.CheckFailed on a strict context."""

from __future__ import annotations

import os
import sys
import warnings
from types import FrameType
from typing import Any, List, Optional, Sequence, Tuple

import numpy as np

from . import _tiles
from .errors import CheckFailed, InvalidHandle

_PACKAGE = os.path.dirname(os.path.abspath(__file__))


def _of_numpy(view: Any) -> bool:
    """Whether `view` is a live array_view of a numpy array."""
    handle = getattr(view, "_handle", None)
    if not isinstance(handle, _tiles.View):
        return False
    try:
        return isinstance(handle.keeps_alive(), np.ndarray)
    except InvalidHandle:  # a released view has nothing to report
        return False


def _checking(context: Any, arguments: List[Any]) -> Tuple[Optional[_tiles.Context], bool]:
    """The checked context the launch runs on (`context`, else the C API's tiles_context_for of its
    views, the rule of every launch and algorithm), None where it is not checked; and whether it is
    strict, where Python can tell: one of Context.checked(strict=True), or the default context under
    TILES_CHECKED=strict."""
    from ._devices import Context
    if context is not None:  # anything else than a Context is the launch's to refuse
        checked = isinstance(context, Context) and context.is_checked
        return (context._handle if checked else None), checked and getattr(context, "_strict", False)
    home = _tiles.context_for([a._view_handle() for a in arguments if hasattr(a, "_view_handle")])
    if not home.is_checked():
        return None, False
    strict = os.environ.get("TILES_CHECKED") == "strict" and home.opencl() == _tiles.Context.default(None).opencl()
    return home, strict


def _caller_stacklevel() -> int:
    """warnings.warn's stacklevel of the first frame outside the tiles package."""
    frame: Optional[FrameType] = sys._getframe(1)
    level = 1
    while frame is not None and os.path.dirname(os.path.abspath(frame.f_code.co_filename)) == _PACKAGE:
        frame, level = frame.f_back, level + 1
    return level


class launch:
    """A context manager around a launch by `function` of `arguments` (named `names`, else
    args[i]) on `context`: before it, reports what libtiles finds of writes into the numpy arrays
    behind its views. Asks nothing off checked contexts."""

    def __init__(self, function: str, arguments: Sequence[Any], context: Any = None,
                 names: Optional[Sequence[str]] = None):
        self.viewed = [(i, a) for i, a in enumerate(arguments) if _of_numpy(a)]
        self.names = names
        self.function = function
        self.checked, self.strict = _checking(context, list(arguments)) if self.viewed else (None, False)

    def __enter__(self) -> "launch":
        if self.checked is not None:
            for position, view in self.viewed:
                if view._handle.host_written(self.checked):
                    self._report(
                        f"{self.function}'s {self.names[position] if self.names else f'args[{position}]'} (a "
                        f"tiles.array_view, {view.dtype} {view.shape}) views "
                        f"a numpy array that was written after the view was last used, without view.refresh(): "
                        f"the launch reads the device's old copy of those elements. Call view.refresh() after "
                        f"writing the numpy array, or assign through the view (view[...] = values)")
        return self

    def _report(self, message: str) -> None:
        """A strict context's report raises tiles.CheckFailed, as its launches' do; others warn."""
        if self.strict:
            raise CheckFailed(message, -2006, _tiles.status_string(-2006))  # TILES_ERROR_CHECK_FAILED
        warnings.warn(message, RuntimeWarning, stacklevel=_caller_stacklevel())

    def __exit__(self, *exc: Any) -> None:
        pass
