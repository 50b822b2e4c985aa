"""The index space (extent, tiled_extent), kernels, and parallel_for_each."""

from __future__ import annotations

from typing import Any, Literal, Optional, Sequence, Tuple, overload

from . import _host_writes, _no_elements, _tiles
from ._checks import C_INT_MAX, describe, instance, integer, text
from ._devices import Context, Event, context_handle, event_handles
from .errors import InvalidArgument, InvalidComputeDomain


class extent:
    """The bounds of an index space of any rank, in C++ AMP order (component 0 is the row).
    Launches over more than 3 dimensions have no tiles, as in C++ AMP."""

    def __init__(self, *dims: int):
        self.dims: Tuple[int, ...] = _components(dims, "an extent")
        self._native = (list(self.dims), [])  # what launches pass on: extent and tile, as lists

    @classmethod
    def _of_checked(cls, dims: Tuple[int, ...]) -> "extent":
        """An extent of components known good (the C API's own), made without checking them again."""
        self = cls.__new__(cls)
        self.dims, self._native = dims, (list(dims), [])
        return self

    @property
    def rank(self) -> int:
        """The number of dimensions."""
        return len(self.dims)

    @property
    def size(self) -> int:
        """The number of points: the product of the components."""
        n = 1
        for d in self.dims:
            n *= d
        return n

    def tile(self, *tile: int) -> "tiled_extent":
        """This extent in tiles of `tile` (as many dimensions as the extent): one OpenCL
        work-group per tile, with TILE_DIM0.. set in the kernel."""
        return tiled_extent(self.dims, tile)

    def __iter__(self):
        return iter(self.dims)

    def __getitem__(self, d: int) -> int:
        return self.dims[d]

    def __eq__(self, other: object) -> bool:
        return type(other) is type(self) and self._key() == other._key()  # type: ignore[attr-defined]

    def __hash__(self) -> int:
        return hash(self._key())

    def _key(self) -> tuple:
        return self.dims

    def __repr__(self) -> str:
        return f"tiles.extent{self.dims}"


def _components(values: Sequence[Any], what: str) -> Tuple[int, ...]:
    """The components (1 or more) of an extent or a tile as ints a C int holds; their values (a
    tile's rank, positive, divisible, within the device) are the C API's to check."""
    if len(values) < 1:
        raise InvalidComputeDomain(f"{what} has 1 or more components, not 0")
    dims = tuple(integer(d, f"component {i} of {what}") for i, d in enumerate(values))
    for i, d in enumerate(dims):
        if abs(d) > C_INT_MAX:
            raise InvalidComputeDomain(f"component {i} of {what} is {d}, beyond libtiles' limit of 2**31 - 1")
    return dims


class tiled_extent(extent):
    """An extent divided into tiles; launches need every component to be a multiple of the
    tile's, and pad() and truncate() give the nearest extents that are."""

    def __init__(self, dims, tile):
        super().__init__(*dims)
        self.tile_extent: Tuple[int, ...] = _components(tile, "a tile")
        self._native = (list(self.dims), list(self.tile_extent))
        _tiles.check_domain(*self._native)

    @property
    def tile_count(self) -> Tuple[int, ...]:
        """The number of tiles along each dimension (whole tiles: the extent divided by the tile)."""
        return tuple(e // t for e, t in zip(self.dims, self.tile_extent))

    def pad(self) -> "tiled_extent":
        """The extent rounded up to whole tiles; the kernel must ignore the extra work-items."""
        return tiled_extent(_tiles.rounded_extent(list(self.dims), list(self.tile_extent), True), self.tile_extent)

    def truncate(self) -> "tiled_extent":
        """The extent rounded down to whole tiles; the rest is left to the caller."""
        return tiled_extent(_tiles.rounded_extent(list(self.dims), list(self.tile_extent), False), self.tile_extent)

    def _key(self) -> tuple:
        return (self.dims, self.tile_extent)

    def __repr__(self) -> str:
        return f"tiles.extent{self.dims}.tile{self.tile_extent}"


# The languages of kernel sources, as tiles.h numbers them.
_LANGUAGES = {"opencl": 0, "opencl c": 0, "opencl-c": 0, "c++": 1, "cpp": 1}


def language_number(language: str) -> int:
    """tiles.h's number of a kernel language named "opencl" (OpenCL C) or "c++"."""
    key = text(language, "a kernel's language").lower()
    if key not in _LANGUAGES:
        raise InvalidArgument(f"a kernel's language is 'opencl' (OpenCL C) or 'c++', not {language!r}")
    return _LANGUAGES[key]


class Kernel:
    """The kernel `name` of `source`, compiled with `options` on first launch for each context and
    tile shape, and cached from then on. `language="opencl"` (the default): OpenCL C with libtiles'
    prelude (tiled_index, tile_static, tile_barrier_wait, ...). `language="c++"`: C++ AMP's kernel
    functions, `void name(captures..., index) restrict(amp) { ...C++ AMP's body... }`, compiled by
    clang with C++ AMP's device-side classes (README: "Kernels in C++")."""

    def __init__(self, source: str, name: str, options: str = "", language: str = "opencl"):
        self.name = text(name, "a kernel's name")
        self.language = language
        self._handle = _tiles.Kernel(
            text(source, "a kernel's source"), name, text(options, "a kernel's options"), language_number(language)
        )

    def build(self, domain: extent, context: Optional[Context] = None) -> str:
        """Compiles the kernel now, as its first launch over a domain of this rank and tile shape
        on `context` (None: the default context) would, so that those launches compile nothing
        and a BuildError comes before any data moves. Returns the compiler's warnings, "" if it
        gave none (from the program cache: those of the build that stored the program)."""
        if not isinstance(domain, extent):
            raise InvalidArgument(f"Kernel.build's domain is a tiles.extent or tiled_extent, not {describe(domain)}")
        dims, tile = domain._native
        return self._handle.build(context_handle(context), dims, tile)

    def __call__(self, queue: Optional[Context], global_size: Sequence[int], local_size: Optional[Sequence[int]],
                 *args: Any, wait_for: Optional[Sequence[Any]] = None) -> Event:
        """Launches the kernel as PyOpenCL's kernel(queue, global_size, local_size, *args) does,
        with the sizes in OpenCL's order (dimension 0 varies fastest, so a numpy array's
        a.shape[::-1]); returns a tiles.Event of the launch. `queue` is a tiles.Context (None: the
        default context). It is parallel_for_each over tiles.extent(*reversed(global_size)),
        tiled by reversed(local_size) unless local_size is None; get_global_id(0) and friends in
        the kernel count along OpenCL's dimension 0, the last of the extent."""
        if queue is not None and not isinstance(queue, Context):
            raise InvalidArgument(f"a kernel's queue is a tiles.Context or None (tiles.Context.from_opencl(ctx, queue) "
                                  f"adopts a PyOpenCL queue), not {describe(queue)}")
        domain = _opencl_domain(global_size, local_size)
        return parallel_for_each(domain, self, *args, context=queue or Context.default(),
                                 wait_for=wait_for or (), return_event=True)

    @property
    def build_log(self) -> str:
        """The compiler's warnings from the kernel's latest build (a launch on a new context or
        with a new tile shape, or build()), "" if it gave none or nothing was built yet."""
        return self._handle.build_log

    def __repr__(self) -> str:
        return f"<tiles.Kernel {self.name!r}>"


def _opencl_domain(global_size: Any, local_size: Any) -> extent:
    """The domain of an OpenCL NDRange: global and local sizes in OpenCL's order, reversed into
    C++ AMP's (component 0 the slowest)."""
    if isinstance(global_size, int) or not isinstance(global_size, Sequence):
        raise InvalidArgument(f"global_size is a tuple of 1 to 3 sizes in OpenCL's order, not {describe(global_size)}")
    if len(global_size) > 3:
        raise InvalidComputeDomain(f"global_size has 1, 2 or 3 sizes, as OpenCL's NDRange, not {len(global_size)}: "
                                   f"{tuple(global_size)}")
    dims = _components(tuple(global_size)[::-1], "global_size")
    if local_size is None:
        return extent(*dims)
    if isinstance(local_size, int) or not isinstance(local_size, Sequence):
        raise InvalidArgument(f"local_size is None or a tuple of sizes in OpenCL's order, not {describe(local_size)}")
    if len(local_size) != len(dims):
        raise InvalidComputeDomain(f"local_size {tuple(local_size)} has {len(local_size)} sizes but global_size "
                                   f"{tuple(global_size)} has {len(dims)}")
    return extent(*dims).tile(*tuple(local_size)[::-1])


def local_memory(nbytes: int) -> _tiles.LocalMemory:
    """A __local (tile_static) buffer of `nbytes` for a kernel parameter declared __local."""
    return _tiles.LocalMemory(integer(nbytes, "local_memory's size in bytes", 0, 2**64 - 1))


@overload
def parallel_for_each(domain: extent, kernel: Kernel, *args: Any, context: Optional[Context] = None,
                      wait_for: Sequence[Any] = (), return_event: Literal[False] = False) -> None: ...


@overload
def parallel_for_each(domain: extent, kernel: Kernel, *args: Any, context: Optional[Context] = None,
                      wait_for: Sequence[Any] = (), return_event: Literal[True]) -> Event: ...


@overload
def parallel_for_each(domain: extent, kernel: Kernel, *args: Any, context: Optional[Context] = None,
                      wait_for: Sequence[Any] = (), return_event: bool = False) -> Optional[Event]: ...


def parallel_for_each(domain: extent, kernel: Kernel, *args: Any, context: Optional[Context] = None,
                      wait_for: Sequence[Any] = (), return_event: bool = False) -> Optional[Event]:
    """Launches `kernel` over `domain` (an extent, or a tiled_extent for tiles) with `args` matched
    to its parameters in order: array_view and array to __global pointers, local_memory(n) to
    __local ones, numbers (Python's, and numpy's integer and floating scalars) to scalar
    parameters they fit. Runs on `context`, else where the first array lives, else on the default
    context, and returns without waiting; reading a view waits for what wrote it.

    For OpenCL pipelines (a context made with Context.from_opencl): `wait_for` holds OpenCL events
    (tiles.Event, PyOpenCL events or their int_ptr) the launch waits for, and with
    return_event=True the launch returns a tiles.Event that completes with it (its int_ptr is the
    OpenCL event, for pyopencl.Event.from_int_ptr)."""
    # Views and arrays go to the extension as their handles; anything else as it is, for the
    # extension to type or refuse.
    if not isinstance(domain, extent):
        raise InvalidArgument(f"the domain of parallel_for_each is a tiles.extent or tiled_extent (view.extent, "
                              f"tiles.extent(8).tile(4)), not {describe(domain)}")
    instance(kernel, Kernel, "the kernel of parallel_for_each")
    handles = [getattr(a, "_handle", a) for a in args]
    _no_elements.refuse_in(handles, "parallel_for_each")
    dims, tile = domain._native
    if not wait_for and not return_event:
        with _host_writes.launch("parallel_for_each", args, context):
            _tiles.launch(context_handle(context), dims, tile, kernel._handle, *handles)
        return None
    if context is None:
        raise InvalidArgument("launches with OpenCL events need the context whose queue they run on")
    with _host_writes.launch("parallel_for_each", args, context):
        done = _tiles.launch_with_events(context_handle(context), dims, tile, kernel._handle,
                                         event_handles(wait_for, "parallel_for_each"), bool(return_event), *handles)
    return None if done is None else Event(done)
