"""Several contexts at once: a matrix's rows split into bands, one per context (the C API's
tiles_split, C++'s tiles::split_array), as the C++ AMP book's multi-GPU chapter does it.

    split = tiles.Split(tiles.gpu_contexts(), (rows, columns), np.float32, halo=1)
    split.scatter(grid)                           # every band's rows and halos, to every context at once
    for i in range(iterations):
        if i > 0:
            split.exchange_halo()                 # only the halo rows move
        for band, band_array, context in zip(split.bands, split, split.contexts):
            tiles.parallel_for_each(band_array.extent, kernel, band_array, ..., context=context)
    result = split.gather()                       # every band's own rows

Split.copies(contexts, shape, dtype) holds a matrix whole on every context: gemm's b, for
tiles.gemm(alpha, a_split, b_copies, beta, c_split), which runs where the bands are.
"""

from __future__ import annotations

from typing import Any, Iterator, List, Optional, Sequence, Tuple

import numpy as np

from . import _tiles
from ._bands import Band
from ._checks import describe, integer, integers
from ._data import _dtype, array, array_view
from ._devices import Context, context_list, devices
from .errors import InvalidArgument


def gpu_contexts() -> List[Context]:
    """A new context on every GPU, in tiles.devices()'s order; an empty list without a GPU."""
    return [Context(d) for d in devices() if d.is_gpu]


class Split:
    """A `shape` (rows, columns) matrix of `dtype` split by rows over `contexts`, band i on
    contexts[i], in whole multiples of `granularity` rows (a tiled launch's tile rows) as evenly
    as can be, each band with `halo` rows of each neighbour. split[i] is band i's tiles.array (its
    local rows x columns, on its context), which kernels launched on that context read and write;
    launches on every band run at the same time. A context manager: release() frees the arrays."""

    def __init__(self, contexts: Sequence[Context], shape: Sequence[int], dtype: Any = np.float32, *, halo: int = 0,
                 granularity: int = 1):
        held_on = context_list(contexts, "tiles.Split's contexts argument")
        rows, columns = _matrix_shape(shape)
        element = _dtype(dtype)
        halo = integer(halo, "a split matrix's halo", 0)
        granularity = integer(granularity, "a split matrix's granularity", 1)
        self._hold(held_on, rows, columns, element, halo, False,
                   _tiles.Split.create([c._handle for c in held_on], element, rows, columns, halo, granularity))

    @classmethod
    def copies(cls, contexts: Sequence[Context], shape: Sequence[int], dtype: Any = np.float32) -> "Split":
        """A `shape` (rows, columns) matrix of `dtype` held whole on every one of `contexts`: band i
        is a copy of all of it on contexts[i], without halos (gemm's b, which every band of a reads
        whole). scatter() sends the same host memory to every context at once, uploaded once for
        every later call; gather() and tiles.reduce read the first copy."""
        held_on = context_list(contexts, "tiles.Split.copies's contexts argument")
        rows, columns = _matrix_shape(shape)
        element = _dtype(dtype)
        split = cls.__new__(cls)
        split._hold(held_on, rows, columns, element, 0, True,
                    _tiles.Split.create_copies([c._handle for c in held_on], element, rows, columns))
        return split

    def _hold(self, contexts: List[Context], rows: int, columns: int, dtype: np.dtype, halo: int, holds_copies: bool,
              handle: _tiles.Split) -> None:
        self.contexts = contexts
        self.shape = (rows, columns)
        self.dtype = dtype
        self.halo = halo
        self.holds_copies = holds_copies  #: every band holds the whole matrix (Split.copies)
        self._handle = handle
        parts = handle.count()
        self.bands: List[Band] = [Band(rows, halo, part, parts, *handle.band(part)) for part in range(parts)]
        self._arrays = [array._of_handle(handle.array(i)) for i in range(parts)]

    def __len__(self) -> int:
        return len(self.bands)

    def __getitem__(self, part: int) -> array:
        return self._arrays[integer(part, "a band's number", -len(self), len(self) - 1)]

    def __iter__(self) -> Iterator[array]:
        return iter(self._arrays)

    def scatter(self, data: Any) -> None:
        """Every band's rows and halos from `data` (a numpy array, tiles.array or tiles.array_view
        of the split's shape and dtype), to every context at once."""
        self._handle.scatter(_whole_view(data, "scatter from")._handle)

    def gather(self, out: Optional[Any] = None) -> Any:
        """Every band's own rows, from every context at once: into a new numpy array, or into
        `out` (a numpy array, tiles.array or writable tiles.array_view of the split's shape and
        dtype), which is returned."""
        result = np.empty(self.shape, self.dtype) if out is None else out
        view = _whole_view(result, "gather into")
        self._handle.gather(view._handle)
        if isinstance(result, np.ndarray):
            view.synchronize()
        return result

    def exchange_halo(self) -> None:
        """Fills every band's halo rows with its neighbours' own rows as the work enqueued so far
        leaves them: the boundary rows come to pinned host memory from every context at once, then
        go to the neighbours' halo rows, ahead of any later work there. Nothing else moves."""
        self._handle.exchange_halo()

    def release(self) -> None:
        """Frees the bands' arrays now; any later use raises tiles.InvalidHandle."""
        for a in self._arrays:
            a.release()
        self._handle.release()

    def __enter__(self) -> "Split":
        return self

    def __exit__(self, *exc: Any) -> None:
        self.release()

    def __repr__(self) -> str:
        if self.holds_copies:
            return f"<tiles.Split {self.dtype} {self.shape} as copies on {len(self)} contexts>"
        return f"<tiles.Split {self.dtype} {self.shape} in {len(self)} bands with halos of {self.halo} rows>"


def _matrix_shape(shape: Sequence[int]) -> Tuple[int, int]:
    dims = integers(shape, "a split matrix's shape (rows, columns)", 1)
    if len(dims) != 2:
        raise InvalidArgument(f"a split matrix's shape is (rows, columns), not {describe(shape)}")
    return dims[0], dims[1]


def _whole_view(data: Any, what: str) -> array_view:
    if isinstance(data, array):
        return data.view()
    if isinstance(data, array_view):
        return data
    if isinstance(data, np.ndarray):
        return array_view(data)
    raise InvalidArgument(f"a Split can {what} a numpy array, tiles.array or tiles.array_view, not {describe(data)}")
