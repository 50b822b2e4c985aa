/* What the C MPI examples share: bands of a grid's rows split over the ranks, the rank's context,
 * and moving float rows between ranks through libtiles' views (a halo exchange, a scatter, a
 * broadcast, a gather) with libtiles' coherence deciding what crosses to and from the device.
 * MPI's own errors end the job, as MPI does by default; libtiles' come back as statuses, and any
 * failure on one rank must end the job (fail()), since the others may be waiting for it. */
#ifndef MPI_EXAMPLE_H
#define MPI_EXAMPLE_H

#include <stddef.h>

#include <mpi.h>
#include <tiles.h>

/* Where one rank's rows lie in a grid of grid_rows rows split by rows over `ranks` ranks: its local
 * data is halo_above rows of the rank above, its own `rows` from grid row `first` on, and
 * halo_below rows of the rank below. */
typedef struct band {
    int grid_rows, halo, rank, ranks;
    int first, rows, halo_above, halo_below;
} band;

/* This rank's band of comm's: grid_rows split as evenly as can be (the first ones own one row
 * more), with `halo` rows of each neighbour, which must own at least that many. 0, or -1 after
 * saying on stderr why the grid cannot be split so. */
int split_rows(band* out, MPI_Comm comm, int grid_rows, int halo);
/* Iterations between halo exchanges. The halo is radius x period rows deep, so a band's own rows
 * stay exact for that many iterations (temporal blocking). As libtiles' own stencil over several
 * devices does, the extra rows stay within 1/32 of a band, and the period at most 16. */
int exchange_period(int grid_rows, int ranks, int radius);
int local_rows(const band* b);

/* A new context on this rank's device: its rank among comm's ranks on its host, modulo the number
 * of devices (TILES_DEVICE's alone where it is set, else every GPU, else every device). */
tiles_status context_for_rank(tiles_context** out, MPI_Comm comm);

/* A view of the rows x columns floats at `values`. */
tiles_status float_view(tiles_view** out, int rows, int columns, float* values);

/* Fills the halo rows of `local` (the band's local rows of `columns` floats) with the rows the
 * neighbours own: the boundary rows they need are downloaded (only those, only if a launch
 * changed them), exchanged, and the halo rows uploaded again by the next launch. */
tiles_status exchange_halo(MPI_Comm comm, const band* b, tiles_view* local, int columns);
/* Each rank's own rows of `grid` (significant on rank 0) into its `local`, then its halo. */
tiles_status scatter_rows(MPI_Comm comm, const band* b, const float* grid, tiles_view* local, int columns);
/* `view` (rows x columns) on every rank becomes what it is on rank 0. */
tiles_status broadcast_rows(MPI_Comm comm, tiles_view* view, int rows, int columns);
/* Every rank's own rows of `local` into `grid` on rank 0 (grid is not used elsewhere). */
tiles_status gather_rows(MPI_Comm comm, const band* b, tiles_view* local, int columns, float* grid);

/* Calls build(data) (a first launch, which compiles its kernel) on rank 0, then on the other
 * ranks, whose drivers then load the program rank 0 left in libtiles' program cache instead of all
 * compiling it at once. */
tiles_status rank_0_first(MPI_Comm comm, tiles_status (*build)(void* data), void* data);

/* The command line's numbers into `numbers` (one of the `counts` of them, or none: then the
 * defaults already there stay) and whether --check is among them into *check. The count of
 * numbers, or -1 after printing the usage. */
int parse_command_line(int argc, char** argv, int* numbers, const int* counts, int count_choices, int* check,
                       const char* usage);
/* Element (row, column) of the examples' matrices, the same as the C++ and Python examples'. */
float matrix_value(long long row, long long column, int salt);
/* Whether any rank of `comm` says yes; every rank gets the same answer. */
int any_rank(MPI_Comm comm, int yes);
/* Whether `distributed` is bit for bit `reference` (count floats, rows of `columns`); if not,
 * says where they first differ. */
int same_as_one_process(const float* distributed, const float* reference, size_t count, int columns);
/* On rank 0, "on 2 ranks, devices 0:0 0:1" into `text`: each rank's device, in rank order. */
tiles_status ranks_and_devices(char* text, size_t size, MPI_Comm comm, tiles_context* context);

/* `earlier` if it is a failure, else `later`. */
tiles_status first_failure(tiles_status earlier, tiles_status later);
/* Prints "<program>: rank R: <status name>: <libtiles' message>" and ends the whole job. */
void fail(const char* program, tiles_status status);

#endif
