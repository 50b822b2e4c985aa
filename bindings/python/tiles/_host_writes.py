"""Checked mode's report of writes into the numpy array behind a view that no view.refresh()
followed, in Python's terms: a launch reuses the copy of a view's data that a device holds (C++
AMP's rule), so such writes are silently not seen. libtiles finds them (a checksum of the host
memory a checked launch last used, or libtiles last wrote); before a launch on a checked context,
this asks it about each view the launch takes, and reports a finding at the caller's line as a
RuntimeWarning naming the argument, or raises tiles.CheckFailed on a strict context."""

from __future__ import annotations

import functools
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
    """The checked context the launch runs on (`context`, else the engine's rule over its views,
    the rule of every launch and algorithm), None where it is not checked; and whether it is
    strict, where Python can tell: one of Context.checked(strict=True), or the default context under
    TILES_CHECKED=strict."""
    from ._devices import Context
    from ._where_work_runs import context_for
    if context is not None:  # anything else than a Context is the launch's to refuse
        checked = isinstance(context, Context) and context.is_checked
        return (context._handle if checked else None), checked and getattr(context, "_strict", False)
    home = context_for(arguments)._handle
    if not home.is_checked():
        return None, False
    return home, home.opencl() == _strict_default()


@functools.lru_cache(maxsize=None)
def _strict_default() -> Optional[Tuple[int, int]]:
    """The OpenCL handles of the default context where TILES_CHECKED=strict made it, else None.
    Asked once: the engine chooses the default context once, from TILES_CHECKED as it is then,
    and never releases it, so no other context can come to have its handles while the process
    lives, whichever thread asks."""
    default = _tiles.Context.default(None)
    return default.opencl() if default.is_checked() and os.environ.get("TILES_CHECKED") == "strict" else None


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
