"""tiles.Program: one source of several kernels (OpenCL C, or C++ AMP's kernel functions), as
PyOpenCL's Program and CuPy's RawModule hold them."""

from __future__ import annotations

from typing import Dict, List, Optional, Tuple

from . import _tiles
from ._checks import describe, text
from ._devices import Context, context_handle
from ._launch import Kernel, extent, language_number
from .errors import InvalidArgument


class Program:
    """The kernels of one `source`, tiled and untiled and of any rank, compiled with libtiles'
    prelude and `options`: OpenCL C, or C++ AMP's kernel functions with `language="c++"` (then a
    launch builds its own kernel, and build() checks the whole source). `program.tile_average` (or `program.kernel("tile_average")`)
    is a tiles.Kernel of it; a launch compiles the whole source, and its kernels share each build.

        program = tiles.Program(source).build()        # compile errors and warnings now
        tiles.parallel_for_each(view.extent.tile(16, 16), program.tile_average, view, averages)

    In a launch, the tile dimensions it does not set (TILE_DIM0.. of an untiled launch, those past
    a tiled launch's rank) are 1, so that the source's other kernels compile; only the launched
    kernel's own values mean anything. Kernels whose names are the program's own attributes
    (build, source...) are reached with kernel(name)."""

    def __init__(self, source: str, options: str = "", language: str = "opencl"):
        self.source = text(source, "a program's source")
        self.options = text(options, "a program's options")
        self.language = language
        self._language = language_number(language)
        self._kernels: Dict[str, Kernel] = {}
        self._kernel_names: Optional[Tuple[str, ...]] = None
        self._build_log = ""

    def build(self, context: Optional[Context] = None, domain: Optional[extent] = None) -> "Program":
        """Compiles the whole source once now on `context` (None: the default context) as a launch
        of any of its kernels over a domain of `domain`'s rank and tile shape would (its size does
        not matter; None: an untiled rank-1 launch), so that a BuildError comes before any data
        moves, build_log and kernel_names are known, and launches of every kernel of the program
        over such domains compile nothing:

            program = tiles.Program(source).build(domain=tiles.extent(64, 64).tile(16, 16))

        Launches of another rank or tile shape compile the source once more, for all its kernels.
        Returns the program, as PyOpenCL's does."""
        if domain is not None and not isinstance(domain, extent):
            raise InvalidArgument(f"Program.build's domain is a tiles.extent or tiled_extent, not {describe(domain)}")
        shape = None if domain is None else domain._native
        names, self._build_log = _tiles.build_source(
            context_handle(context), self.source, self.options, self._language, shape
        )
        self._kernel_names = tuple(name for name in names.split(";") if name)
        return self

    @property
    def kernel_names(self) -> Tuple[str, ...]:
        """The source's kernels in its order (built on the default context if build() has not run)."""
        if self._kernel_names is None:
            self.build()
        assert self._kernel_names is not None
        return self._kernel_names

    @property
    def build_log(self) -> str:
        """The compiler's warnings from build(), "" if it gave none or build() has not run."""
        return self._build_log

    def kernel(self, name: str) -> Kernel:
        """The kernel `name` of the source, the same object on every call. Once the program is
        built, a name the source lacks is refused here; before, by the kernel's first launch."""
        name = text(name, "a kernel's name")
        if self._kernel_names is not None and name not in self._kernel_names:
            raise InvalidArgument(f"the program has no kernel named {name!r} ({self._kernels_text()})")
        if name not in self._kernels:
            self._kernels[name] = Kernel(self.source, name, self.options, self.language)
        return self._kernels[name]

    def __getattr__(self, name: str) -> Kernel:
        # Only names that are not attributes come here; they must name a kernel of the source, so
        # that a misspelt one says so at once. Private names never build anything (copy and
        # pickle look for them before __init__ has run).
        if name.startswith("_"):
            raise AttributeError(name)
        if name not in self.kernel_names:
            raise AttributeError(f"the program has no kernel named {name!r} ({self._kernels_text()})")
        return self.kernel(name)

    def __dir__(self) -> List[str]:
        return sorted(set(super().__dir__()) | set(self._kernel_names or ()))

    def release(self) -> None:
        """Gives back the kernels handed out so far now rather than when they are collected."""
        for kernel in self._kernels.values():
            kernel._handle.release()
        self._kernels.clear()

    def __enter__(self) -> "Program":
        return self

    def __exit__(self, *exc) -> None:
        self.release()

    def _kernels_text(self) -> str:
        if self._kernel_names is None:
            return "not built yet"
        return "its kernels: " + (", ".join(self._kernel_names) or "none")

    def __repr__(self) -> str:
        if self._kernel_names is None:
            return "<tiles.Program, not built yet>"
        return f"<tiles.Program of {', '.join(self._kernel_names) or 'no kernels'}>"
