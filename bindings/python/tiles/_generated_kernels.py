"""The kernels generated for numpy's operations (elementwise, reductions over axes, scans): one
cache of them, each a Kernel made once from its signature's source, whose programs the engine then
builds and keeps per context."""

from __future__ import annotations

from typing import Any, Callable, Dict, Hashable, Tuple

from ._launch import Kernel


class generated_kernels:
    """The kernels of one generator: `source(signature)` holds the kernel `name`, compiled with
    `options`."""

    def __init__(self, source: Callable[[Any], str], options: str = "") -> None:
        self._source = source
        self._options = options
        self._made: Dict[Tuple[Hashable, str], Kernel] = {}

    def __call__(self, signature: Hashable, name: str) -> Kernel:
        kernel = self._made.get((signature, name))
        if kernel is None:
            kernel = self._made[(signature, name)] = Kernel(self._source(signature), name, self._options)
        return kernel

    def __len__(self) -> int:
        """How many kernels have been made, for tests that a repeated operation makes none."""
        return len(self._made)
