"""Where Python's work that names no context runs: the engine's one rule (engine::context_for,
reached as _tiles.context_for), asked with the operands' views. Python only turns its operands into
the views the engine looks at; it decides nothing itself."""

from __future__ import annotations

from typing import Any, Optional, Sequence

from . import _tiles
from ._devices import Context
from ._no_elements import NoElements


def context_for(operands: Sequence[Any], context: Optional[Context] = None) -> Context:
    """`context` where one is given, else the engine's choice among `operands` (anything; those
    with a view, tiles.array and tiles.array_view, count, in their order): where the first that is
    an array, or a view of one, lives, else the default context."""
    if context is not None:
        return context
    handles = [o._view_handle() for o in operands if hasattr(o, "_view_handle")]
    views = [h for h in handles if not isinstance(h, NoElements)]
    if not views:
        # Data of no elements has no view for the engine to look at; where nothing else is on a
        # device, an array of no elements still belongs to its context, which keeps its results.
        homes = [h.context() for h in handles if h.context() is not None]
        if homes:
            return Context(_handle=homes[0])
    return Context(_handle=_tiles.context_for(views))
