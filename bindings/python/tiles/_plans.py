"""Plans of repeated operations: what a call of numpy's arithmetic or reductions decided from its
operands' dtypes and shapes (the kernel, its launch's extent, the result's shape and dtype, the
arguments that follow from the shapes), kept under a key of those dtypes and shapes so that the
next call with the same ones launches without deciding again. A plan names no context and holds
no data: the engine builds and keeps each kernel's program per context, and what depends on the
device is in the key or checked at each call."""

from __future__ import annotations

import threading
from collections import OrderedDict
from typing import Any, Callable, Hashable

# Plans a cache keeps, the least recently used dropped first: as many shapes and dtypes as a
# program that loops over a few arrays uses, each plan a few small Python objects.
LIMIT = 512

_MISSING = object()


class plan_cache:
    """Plans by key, at most `limit`, safe to use from several threads. A plan whose making
    raises (a refusal) is not kept, so the same call raises the same error again."""

    def __init__(self, limit: int = LIMIT) -> None:
        self.limit = limit
        self._plans: "OrderedDict[Hashable, Any]" = OrderedDict()
        self._lock = threading.Lock()

    def get(self, key: Hashable, make: Callable[[], Any]) -> Any:
        """The plan of `key`, made by `make()` where there is none (outside the lock: threads that
        miss at once each make it, and one keeps it)."""
        with self._lock:
            plan = self._plans.get(key, _MISSING)
            if plan is not _MISSING:
                self._plans.move_to_end(key)
                return plan
        plan = make()
        with self._lock:
            self._plans[key] = plan
            while len(self._plans) > self.limit:
                self._plans.popitem(last=False)
        return plan

    def __len__(self) -> int:
        """How many plans are kept, for tests of the bound."""
        return len(self._plans)
