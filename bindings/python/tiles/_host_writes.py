"""Checked mode's watch over the numpy arrays behind views: a launch reuses the copy of a view's
data that a device already holds (C++ AMP's rule), so writes into the numpy array after the view
was last used, not followed by view.refresh(), are silently not seen. On checked contexts only, a
launch records a checksum of the numpy array behind each view it takes (for the data that view
shares with its sections: another view of the same array has copies of its own, which its first
launch uploads), synchronizations record it anew, and the next launch compares: a difference is reported as a RuntimeWarning at the caller's line (raised
as tiles.CheckFailed on a strict context)."""

from __future__ import annotations

import os
import sys
import warnings
import weakref
import zlib
from types import FrameType
from typing import Any, Iterable, List, Optional, Sequence, Tuple

import numpy as np

from . import _tiles
from .errors import CheckFailed, InvalidHandle


class Storage:
    """What the views of one data share: an array_view of a numpy array makes one, and the views
    made of it (sections, projections, view_as, reinterpret_as) share it, as they share libtiles'
    copies of the data. Another array_view of the same numpy array has copies of its own."""


# A checksum of the numpy array behind each watched storage, from its last launch or
# synchronization; an entry goes with the last view of its storage.
_records: "weakref.WeakKeyDictionary[Storage, int]" = weakref.WeakKeyDictionary()

_PACKAGE = os.path.dirname(os.path.abspath(__file__))


def _owner(view: Any) -> Optional[np.ndarray]:
    """The numpy array behind an array_view, None for anything else or a released view."""
    if not isinstance(getattr(view, "_storage", None), Storage):
        return None
    try:
        view._handle.shape()  # raises for a released view, which has nothing to watch
    except InvalidHandle:
        return None
    owner = view._handle.keeps_alive()
    return owner if isinstance(owner, np.ndarray) else None


def _checksum(host: np.ndarray) -> int:
    return zlib.crc32(host.reshape(-1).view(np.uint8).data)


def forget(view: Any) -> None:
    """The numpy array behind `view` may change, or need not be checked, until its next launch."""
    if _owner(view) is not None:
        _records.pop(view._storage, None)


def synchronized(view: Any) -> None:
    """The numpy array behind `view` was made current: what it holds now is what devices hold."""
    owner = _owner(view)
    if owner is not None and view._storage in _records:
        _records[view._storage] = _checksum(owner)


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
    return [(i, a, owner) for i, a in enumerate(arguments) if (owner := _owner(a)) is not None]


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
                recorded = _records.get(view._storage)
                if recorded is not None and recorded != _checksum(owner):
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
        if self.watching and kind is None:
            for _, view, owner in self.viewed:
                _records[view._storage] = _checksum(owner)
