"""Checked mode's watch over the numpy arrays behind views: a launch reuses the copy of a view's
data that a device already holds (C++ AMP's rule), so writes into the numpy array after the view
was last used, not followed by view.refresh(), are silently not seen. On checked contexts only, a
launch records a checksum of each viewed numpy array, synchronizations record it anew, and the
next launch compares: a difference is reported as a RuntimeWarning at the caller's line (raised
as tiles.CheckFailed on a strict context)."""

from __future__ import annotations

import os
import sys
import warnings
import weakref
import zlib
from types import FrameType
from typing import Any, Dict, Iterable, List, Optional, Sequence, Tuple

import numpy as np

from . import _tiles
from .errors import CheckFailed, InvalidHandle

# id(numpy array) -> (the array, its checksum, the views launched over it). An entry counts only
# while one of those views lives unreleased: without them the data has no device copy to go stale.
_records: Dict[int, Tuple["weakref.ref[np.ndarray]", int, "weakref.WeakSet[Any]"]] = {}

_PACKAGE = os.path.dirname(os.path.abspath(__file__))


def _owner(view: Any) -> Optional[np.ndarray]:
    if not hasattr(view, "_view_handle"):
        return None
    try:
        handle = view._view_handle()
        handle.shape()  # raises for a released view, which has nothing to watch
        owner = handle.keeps_alive()
    except InvalidHandle:
        return None
    return owner if isinstance(owner, np.ndarray) else None


def _checksum(host: np.ndarray) -> int:
    return zlib.crc32(host.reshape(-1).view(np.uint8).data)


def forget(view: Any) -> None:
    """The numpy array behind `view` may change, or need not be checked, until its next launch."""
    owner = _owner(view)
    if owner is not None:
        _records.pop(id(owner), None)


def synchronized(view: Any) -> None:
    """The numpy array behind `view` was made current: what it holds now is what devices hold."""
    owner = _owner(view)
    if owner is not None and id(owner) in _records:
        reference, _, views = _records[id(owner)]
        _records[id(owner)] = (reference, _checksum(owner), views)


def _checking(context: Any, arguments: List[Any]) -> Tuple[bool, bool]:
    """Whether the launch runs on a checked context (`context`, else where its first array lives,
    else the default context), and whether that context is strict, where Python can tell: one of
    Context.checked(strict=True), or the default context under TILES_CHECKED=strict."""
    from ._devices import Context
    if context is not None:  # anything else than a Context is the launch's to refuse
        checked = isinstance(context, Context) and context.is_checked
        return checked, checked and getattr(context, "_strict", False)
    for a in arguments:
        owner = a._view_handle().keeps_alive() if hasattr(a, "_view_handle") else None
        if isinstance(owner, _tiles.Array):
            return bool(owner.context().is_checked()), False
    global _default_checking
    if _default_checking is None:  # the default context, once made, stays what it is
        checked = bool(_tiles.Context.default(None).is_checked())
        _default_checking = (checked, checked and os.environ.get("TILES_CHECKED") == "strict")
    return _default_checking


_default_checking: Optional[Tuple[bool, bool]] = None


def _viewed(arguments: Iterable[Any]) -> List[Tuple[int, Any, np.ndarray]]:
    """The launch's views of numpy arrays, with their positions."""
    from ._data import array_view
    return [(i, a, owner) for i, a in enumerate(arguments)
            if isinstance(a, array_view) and (owner := _owner(a)) is not None]


def _caller_stacklevel() -> int:
    """warnings.warn's stacklevel of the first frame outside the tiles package."""
    frame: Optional[FrameType] = sys._getframe(1)
    level = 1
    while frame is not None and os.path.dirname(os.path.abspath(frame.f_code.co_filename)) == _PACKAGE:
        frame, level = frame.f_back, level + 1
    return level


class launch:
    """A context manager around a launch by `function` of `arguments` (named `names`, else
    args[i]) on `context`: before it, reports writes into the numpy arrays behind its views since
    they were last used; after it, records what those arrays hold. Costs nothing off checked
    contexts."""

    def __init__(self, function: str, arguments: Sequence[Any], context: Any = None,
                 names: Optional[Sequence[str]] = None):
        self.viewed = _viewed(arguments)
        self.names = names
        self.function = function
        self.watching, self.strict = _checking(context, list(arguments)) if self.viewed else (False, False)

    def __enter__(self) -> "launch":
        if self.watching:
            for position, view, owner in self.viewed:
                record = _records.get(id(owner))
                if record is None or record[0]() is not owner or not _alive(record[2]):
                    continue
                if record[1] != _checksum(owner):
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

    def __exit__(self, kind: Any, *exc: Any) -> None:
        if not self.watching or kind is not None:
            return
        for _, view, owner in self.viewed:
            views = _records[id(owner)][2] if id(owner) in _records else weakref.WeakSet()
            views.add(view)
            _records[id(owner)] = (weakref.ref(owner), _checksum(owner), views)


def _alive(views: "weakref.WeakSet[Any]") -> bool:
    return any(_owner(v) is not None for v in list(views))
