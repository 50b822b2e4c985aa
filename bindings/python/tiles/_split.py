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
"""

from __future__ import annotations

from typing import Any, Iterator, List, Optional, Sequence

import numpy as np

from . import _tiles
from ._bands import Band, band_of
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
        self.contexts: List[Context] = context_list(contexts, "tiles.Split's contexts argument")
        dims = integers(shape, "a split matrix's shape (rows, columns)", 1)
        if len(dims) != 2:
            raise InvalidArgument(f"a split matrix's shape is (rows, columns), not {describe(shape)}")
        self.shape = (dims[0], dims[1])
        self.dtype = _dtype(dtype)
        self.halo = integer(halo, "a split matrix's halo", 0)
        granularity = integer(granularity, "a split matrix's granularity", 1)
        self._handle = _tiles.Split.create([c._handle for c in self.contexts], self.dtype, dims[0], dims[1],
                                           self.halo, granularity)
        self.bands: List[Band] = [band_of(dims[0], self.halo, part, len(self.contexts), granularity)
                                  for part in range(self._handle.count())]
        self._arrays = [array._of_handle(self._handle.array(i)) for i in range(len(self.bands))]

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
        return f"<tiles.Split {self.dtype} {self.shape} in {len(self)} bands with halos of {self.halo} rows>"


def _whole_view(data: Any, what: str) -> array_view:
    if isinstance(data, array):
        return data.view()
    if isinstance(data, array_view):
        return data
    if isinstance(data, np.ndarray):
        return array_view(data)
    raise InvalidArgument(f"a Split can {what} a numpy array, tiles.array or tiles.array_view, not {describe(data)}")
