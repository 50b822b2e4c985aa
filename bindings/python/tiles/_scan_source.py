"""The OpenCL C of the prefix sums that find a mask's true elements (the core scans data for
cumulative_sum and cumulative_prod): one source per (stored dtype, result dtype), whose kernels
are launched over (outer, inner, tiles along the line), tiled (1, 1, TILE_DIM2), so that every line of the data seen as (outer, n, inner) is scanned by its own row of tiles and no
work-item divides to find its line. tiles_scan_tiles sums each tile's part of a line with the
prelude's tile_inclusive_scan_add and writes each tile's total; the host scans those totals the
same way (a line of totals per line of data), and tiles_add_offsets adds to each tile's part the
totals of the tiles before it. A mask's scan (bool into int64) also holds tiles_true_positions,
the compaction that writes where each true element is, adding those totals itself.

Sums are computed in the accumulator of the result dtype (_ACCUMULATORS)."""

from __future__ import annotations

import re
from dataclasses import dataclass

import numpy as np

from . import _elementwise_source as elementwise

# The dtype each result dtype is summed in: the positions' (int64) and their tiles' totals' (uint64)
# in uint64, which the prelude's collectives take and which wraps as C's signed types may not.
_ACCUMULATORS = {np.dtype(np.int64): np.dtype(np.uint64), np.dtype(np.uint64): np.dtype(np.uint64)}


def accumulator(result: np.dtype) -> np.dtype:
    """The dtype the sums of a `result` are computed in."""
    return _ACCUMULATORS[np.dtype(result)]


@dataclass(frozen=True)
class Signature:
    """What one source is made for: the dtype of the data read and of the sums written."""
    stored: np.dtype
    result: np.dtype

    @property
    def finds_positions(self) -> bool:
        """Whether the source is a mask's scan, which holds tiles_true_positions."""
        return self.stored == np.bool_ and self.result == np.int64


# The lines' places, with the work-item's line (outer, across) and its position j along it, the
# tiles of a line starting at position FIRST: the line of n elements at outer * n * inner + across,
# its elements inner apart.
_PLACES = """const long outer = get_global_id(2), across = get_global_id(1), j = get_global_id(0) + FIRST;
    const long line = outer * get_global_size(1) + across;
    const long out_at = (outer * n + j) * inner + across;"""

_TEMPLATE = """
__kernel void tiles_scan_tiles(__global T* out, __global const S* in, __global A* totals, const long n,
                               const long inner) {
    tile_static A scratch[TILE_SCRATCH_SIZE];
    PLACES_FROM_0
    const A sum = tile_inclusive_scan_add(scratch, j < n ? (A)(READ) : (A)0);
    if (j < n) {
        STORE_SUM
    }
    /* the last work-item's sum is the tile's total: those past n added the identity */
    if (get_local_id(0) == TILE_DIM2 - 1) totals[line * get_num_groups(0) + get_group_id(0)] = sum;
}

/* Launched over every tile of a line but the first: tile g + 1 adds the scanned totals of tiles
   0 .. g. */
__kernel void tiles_add_offsets(__global T* out, __global const A* scanned, const long n, const long inner) {
    PLACES_FROM_TILE
    if (j >= n) return;
    const A sum = (A)out[out_at] + scanned[line * (get_num_groups(0) + 1) + get_group_id(0)];
    STORE_SUM
}
"""

# Each true element of a mask of n elements at its place among them: the number of true elements
# before it, which is its tile's inclusive sum `within` (counting itself), less 1, plus the totals
# of the tiles before its tile (`scanned`, the tiles' totals' inclusive sums, launched in the same
# tiles as the scan).
_POSITIONS = """
__kernel void tiles_true_positions(__global long* positions, __global const uchar* mask, __global const long* within,
                                   __global const ulong* scanned, const long n) {
    const long i = get_global_id(0), tile = get_group_id(0);
    if (i < n && mask[i] != 0) positions[within[i] - 1 + (tile == 0 ? 0 : (long)scanned[tile - 1])] = i;
}
"""


def source(signature: Signature) -> str:
    """The OpenCL C of the kernels for `signature` (the module's text says what each does)."""
    stored, result = signature.stored, signature.result
    summed = _ACCUMULATORS[result]
    at = "(outer * n + j) * inner + across"
    element = f"vload_half({at}, in)" if stored == np.float16 else f"in[{at}]"
    words = {"T": elementwise.opencl_type(result), "S": elementwise.opencl_type(stored),
             "A": elementwise.opencl_type(summed), "PLACES_FROM_0": _PLACES.replace("FIRST", "0"),
             "PLACES_FROM_TILE": _PLACES.replace("FIRST", "TILE_DIM2"),
             "READ": elementwise._read(element, stored, result),
             "STORE_SUM": elementwise._store("sum", result, summed, "out_at")}
    text = re.sub(r"\b(" + "|".join(words) + r")\b", lambda m: words[m.group(1)], _TEMPLATE)
    pragma = "#pragma OPENCL EXTENSION cl_khr_fp64 : enable\n" if np.float64 in (stored, result) else ""
    return pragma + text + (_POSITIONS if signature.finds_positions else "")
