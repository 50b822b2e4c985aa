// libtiles: a grid's rows split into bands, one per accelerator view (tiles/split.hpp) or per MPI
// rank (tiles/mpi.hpp), each with the halo rows of its neighbours that its kernels read.
#pragma once

#include <string>

#include "tiles/exceptions.hpp"

namespace tiles {

// Where one band's rows lie in a grid of `grid_rows` rows split into `parts` bands. The band's
// local data is its halo above, its own rows, and its halo below, in that order.
struct band {
    // The rows of the whole grid.
    int grid_rows = 0;
    int halo = 0;       // the halo asked for: rows of each neighbour a band keeps
    int part = 0;       // the band's place among the bands, from the top
    int parts = 1;      // among this many
    int first = 0;      // the grid's row of the first row the band owns
    int rows = 0;       // the rows it owns
    int halo_above = 0; // `halo`, or 0 for the first band
    int halo_below = 0; // `halo`, or 0 for the last band

    // The rows of the band's local data: its halos and its own rows.
    int local_rows() const { return halo_above + rows + halo_below; }
    // The grid's row of local row 0.
    int local_first() const { return first - halo_above; }
};

// Band `part` of `grid_rows` rows split into `parts` bands as evenly as can be in whole multiples
// of `granularity` rows (the first bands own one multiple more; the last band owns what is left),
// with `halo` rows of each neighbour. A neighbour must own the halo it sends, so every band holds
// at least `halo` rows (and at least one).
inline band split_rows(int grid_rows, int halo, int part, int parts, int granularity = 1) {
    if (parts < 1 || part < 0 || part >= parts)
        throw invalid_argument("split_rows: band " + std::to_string(part) + " of " + std::to_string(parts) +
                               " bands does not exist");
    if (grid_rows < 1 || halo < 0 || granularity < 1)
        throw invalid_argument("split_rows: a grid of " + std::to_string(grid_rows) + " rows with a halo of " +
                               std::to_string(halo) + " rows cannot be split in multiples of " +
                               std::to_string(granularity) +
                               " rows: rows and multiples must be at least 1, the halo at least 0");
    // Whole multiples, the last perhaps cut short (counted without adding, which would overflow
    // for grids near INT_MAX rows).
    const int units = grid_rows / granularity + (grid_rows % granularity != 0 ? 1 : 0);
    const int least = units / parts, extra = units % parts;
    if (least < 1)
        throw invalid_argument(
            "split_rows: " + std::to_string(grid_rows) + " rows cannot be split into " + std::to_string(parts) +
            " bands" +
            (granularity > 1 ? " of whole multiples of " + std::to_string(granularity) + " rows" : std::string()) +
            ": each band needs at least one");
    band b;
    b.grid_rows = grid_rows;
    b.halo = halo;
    b.part = part;
    b.parts = parts;
    b.first = (part * least + (part < extra ? part : extra)) * granularity;
    const int end = part == parts - 1 ? grid_rows : b.first + (least + (part < extra ? 1 : 0)) * granularity;
    b.rows = end - b.first;
    // The last band is the thinnest: `least` multiples, the last of them perhaps cut short.
    const int thinnest = grid_rows - (units - least) * granularity;
    if (parts > 1 && thinnest < halo)
        throw invalid_argument("split_rows: the thinnest band of " + std::to_string(grid_rows) + " rows over " +
                               std::to_string(parts) + " bands has " + std::to_string(thinnest) +
                               " rows, fewer than the halo of " + std::to_string(halo) +
                               " rows a neighbour needs from each");
    b.halo_above = part > 0 ? halo : 0;
    b.halo_below = part < parts - 1 ? halo : 0;
    return b;
}

} // namespace tiles
