"""Where the bands of a grid's rows lie, split over contexts (tiles.Split) or MPI ranks (tiles.mpi),
as libtiles splits them (the C API's tiles_split_rows)."""

from __future__ import annotations

from dataclasses import dataclass

from . import _tiles
from ._checks import integer


@dataclass(frozen=True)
class Band:
    """Band `part` of `parts` of a grid of `grid_rows` rows: its local data is `halo_above` rows of
    the band above, its own `rows` from grid row `first` on, and `halo_below` rows of the band
    below (each `halo`, or 0 at the grid's top and bottom)."""

    grid_rows: int  #: the rows of the whole grid
    halo: int  #: the halo asked for: rows of each neighbour a band keeps
    part: int  #: the band's place among the bands, from 0 at the top
    parts: int  #: the number of bands
    first: int  #: the grid's row of the band's first own row
    rows: int  #: the rows the band owns
    halo_above: int  #: rows of the band above it, before its own (`halo`, or 0 for the first band)
    halo_below: int  #: rows of the band below it, after its own (`halo`, or 0 for the last band)

    @property
    def local_rows(self) -> int:
        """The rows of the band's local data: its halo above, its own rows, its halo below."""
        return self.halo_above + self.rows + self.halo_below

    @property
    def local_first(self) -> int:
        """The grid's row of local row 0."""
        return self.first - self.halo_above

    @property
    def own(self) -> slice:
        """The band's own rows among its local rows: local[band.own] is its part of the grid."""
        return slice(self.halo_above, self.halo_above + self.rows)


def band_of(grid_rows: int, halo: int, part: int, parts: int, granularity: int = 1) -> Band:
    """Band `part` of `grid_rows` rows split into `parts` bands as evenly as can be, in whole
    multiples of `granularity` rows (the first bands own one multiple more), with `halo` rows of
    each neighbour; every band holds at least `halo` rows, which its neighbours need, and one."""
    values = [integer(grid_rows, "the grid's rows"), integer(halo, "the halo's rows"), integer(part, "the band"),
              integer(parts, "the number of bands"), integer(granularity, "the bands' granularity")]
    first, rows, halo_above, halo_below = _tiles.split_rows(*values)
    return Band(values[0], values[1], values[2], values[3], first, rows, halo_above, halo_below)
