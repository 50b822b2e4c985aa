"""Where Python's work that names no context runs: the engine's one rule (engine::context_for,
reached as _tiles.context_for), asked with the operands' handles. Python only turns its operands
into what the engine looks at; it decides nothing itself."""

from __future__ import annotations

from typing import Any, Optional, Sequence

from . import _tiles
from ._devices import Context
from ._no_elements import NoElements


def context_for(operands: Sequence[Any], context: Optional[Context] = None) -> Context:
    """`context` where one is given, else the engine's choice among `operands` (anything; those
    with a view, tiles.array and tiles.array_view, count, in their order): where the first that is
    an array, or a view of one, lives, else the default context. Data of no elements, which has no
    view, counts where it stands by the context it belongs to (an array's; none for a view of host
    memory)."""
    if context is not None:
        return context
    handles = [o._view_handle() for o in operands if hasattr(o, "_view_handle")]
    return Context(_handle=_tiles.context_for([h.context() if isinstance(h, NoElements) else h for h in handles]))
