/* What the C MPI examples share (mpi_example.h): bands of rows, the rank's context, and rows moved
 * between ranks through libtiles' views. */
#include "mpi_example.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

int exchange_period(int grid_rows, int ranks, int radius) {
    const int period = grid_rows / ranks / 32 / (radius > 1 ? radius : 1);
    return period < 1 ? 1 : period > 16 ? 16 : period;
}

int split_rows(band* out, MPI_Comm comm, int grid_rows, int halo) {
    int rank = 0, ranks = 1;
    MPI_Comm_rank(comm, &rank);
    MPI_Comm_size(comm, &ranks);
    const int least = grid_rows / ranks, extra = grid_rows % ranks;
    if (least < 1 || halo < 0 || (ranks > 1 && least < halo)) {
        fprintf(stderr, "%d rows over %d ranks make bands of %d rows; each needs at least one, and %d for the halo\n",
                grid_rows, ranks, least, halo);
        return -1;
    }
    out->grid_rows = grid_rows;
    out->halo = halo;
    out->rank = rank;
    out->ranks = ranks;
    out->rows = least + (rank < extra ? 1 : 0);
    out->first = rank * least + (rank < extra ? rank : extra);
    out->halo_above = rank > 0 ? halo : 0;
    out->halo_below = rank < ranks - 1 ? halo : 0;
    return 0;
}

int local_rows(const band* b) { return b->halo_above + b->rows + b->halo_below; }

/* Whether device `index` is a GPU, into *out. */
static tiles_status is_gpu(int* out, size_t index) {
    tiles_device* device = NULL;
    tiles_device_info info = TILES_DEVICE_INFO_INIT;
    tiles_status status = tiles_device_get(&device, index);
    if (status == TILES_SUCCESS) status = tiles_device_get_info(&info, device);
    *out = info.is_gpu;
    return first_failure(status, tiles_device_release(device));
}

tiles_status context_for_rank(tiles_context** out, MPI_Comm comm) {
    MPI_Comm host;
    int rank_on_host = 0, gpu = 0;
    MPI_Comm_split_type(comm, MPI_COMM_TYPE_SHARED, 0, MPI_INFO_NULL, &host);
    MPI_Comm_rank(host, &rank_on_host);
    MPI_Comm_free(&host);
    tiles_device* device = NULL;
    const char* chosen = getenv("TILES_DEVICE");
    tiles_status status = TILES_SUCCESS;
    if (chosen != NULL && *chosen != '\0') {
        status = tiles_device_default(&device);
    } else {
        size_t count = 0, gpus = 0, index = 0;
        status = tiles_device_count(&count);
        for (size_t i = 0; i < count && status == TILES_SUCCESS; i++) {
            status = is_gpu(&gpu, i);
            gpus += (size_t)gpu;
        }
        /* The rank's turn among the devices listed: every GPU, else every device (tiles_device_count
         * fails where there is none). */
        size_t turn = status == TILES_SUCCESS ? (size_t)rank_on_host % (gpus > 0 ? gpus : count) : 0;
        for (index = 0; index < count && status == TILES_SUCCESS; index++) {
            status = is_gpu(&gpu, index);
            if ((gpus == 0 || gpu) && turn-- == 0) break;
        }
        if (status == TILES_SUCCESS) status = tiles_device_get(&device, index);
    }
    if (status == TILES_SUCCESS) status = tiles_context_create(out, device);
    return first_failure(status, tiles_device_release(device));
}

tiles_status float_view(tiles_view** out, int rows, int columns, float* values) {
    tiles_shape shape = TILES_SHAPE_INIT;
    shape.dtype = TILES_FLOAT32;
    shape.rank = 2;
    shape.extent[0] = rows;
    shape.extent[1] = columns;
    return tiles_view_create(out, &shape, values);
}

/* The `count` rows of `view` from row `first` on. */
static tiles_status rows_of(tiles_view** out, tiles_view* view, int first, int count, int columns) {
    const int origin[2] = {first, 0}, extent[2] = {count, columns};
    return tiles_view_section(out, view, origin, extent);
}

/* Host memory for rows MPI is about to write: the host needs none of their contents (discarding
 * spares the download), and after MPI wrote them, tiles_view_refresh has the next launch upload
 * them. */
static tiles_status rows_to_receive(void** out, tiles_view* rows) {
    tiles_status status = tiles_view_discard(rows);
    if (status == TILES_SUCCESS) status = tiles_view_data(out, rows, TILES_ACCESS_READ_WRITE);
    return status;
}

/* An MPI datatype of one row: counts in rows stay within an int for grids whose floats do not. */
static MPI_Datatype row_type(int columns) {
    MPI_Datatype row;
    MPI_Type_contiguous(columns, MPI_FLOAT, &row);
    MPI_Type_commit(&row);
    return row;
}

tiles_status exchange_halo(MPI_Comm comm, const band* b, tiles_view* local, int columns) {
    /* Each side with a neighbour: that rank, where the halo from it and the boundary rows for it
     * lie, and the tags of the rows going there and coming from there (0 up, 1 down). */
    struct side {
        int neighbour, halo_first, boundary_first, rows, send_tag, receive_tag;
    } sides[2];
    int count = 0;
    const int own_end = b->halo_above + b->rows;
    if (b->halo_above > 0) {
        const struct side above = {b->rank - 1, 0, b->halo_above, b->halo_above, 0, 1};
        sides[count++] = above;
    }
    if (b->halo_below > 0) {
        const struct side below = {b->rank + 1, own_end, own_end - b->halo_below, b->halo_below, 1, 0};
        sides[count++] = below;
    }
    tiles_view *boundaries[2] = {NULL, NULL}, *halos[2] = {NULL, NULL};
    tiles_event* downloads[2] = {NULL, NULL};
    void *sent[2] = {NULL, NULL}, *received[2] = {NULL, NULL};
    tiles_status status = TILES_SUCCESS;
    /* The boundary rows come home, all at once; read access leaves the device's copy current. */
    for (int i = 0; i < count && status == TILES_SUCCESS; i++) {
        status = rows_of(&boundaries[i], local, sides[i].boundary_first, sides[i].rows, columns);
        if (status == TILES_SUCCESS) status = tiles_view_synchronize_async(&downloads[i], boundaries[i]);
    }
    for (int i = 0; i < count && status == TILES_SUCCESS; i++) status = tiles_event_wait(downloads[i]);
    for (int i = 0; i < count && status == TILES_SUCCESS; i++) {
        status = tiles_view_data(&sent[i], boundaries[i], TILES_ACCESS_READ);
        if (status == TILES_SUCCESS) status = rows_of(&halos[i], local, sides[i].halo_first, sides[i].rows, columns);
        if (status == TILES_SUCCESS) status = rows_to_receive(&received[i], halos[i]);
    }
    if (status == TILES_SUCCESS && count > 0) {
        MPI_Datatype row = row_type(columns);
        MPI_Request requests[4];
        for (int i = 0; i < count; i++) {
            MPI_Irecv(received[i], sides[i].rows, row, sides[i].neighbour, sides[i].receive_tag, comm,
                      &requests[2 * i]);
            MPI_Isend(sent[i], sides[i].rows, row, sides[i].neighbour, sides[i].send_tag, comm, &requests[2 * i + 1]);
        }
        MPI_Waitall(2 * count, requests, MPI_STATUSES_IGNORE);
        MPI_Type_free(&row);
        for (int i = 0; i < count && status == TILES_SUCCESS; i++) status = tiles_view_refresh(halos[i]);
    }
    for (int i = 0; i < count; i++) {
        status = first_failure(status, tiles_event_release(downloads[i]));
        status = first_failure(status, tiles_view_release(boundaries[i]));
        status = first_failure(status, tiles_view_release(halos[i]));
    }
    return status;
}

/* Each rank's own rows and where they start, in rows, for MPI_Scatterv and MPI_Gatherv. */
static void owned_rows(const band* b, int* counts, int* firsts) {
    const int least = b->grid_rows / b->ranks, extra = b->grid_rows % b->ranks;
    for (int r = 0; r < b->ranks; r++) {
        counts[r] = least + (r < extra ? 1 : 0);
        firsts[r] = r * least + (r < extra ? r : extra);
    }
}

/* MPI_Scatterv (scatter != 0) or MPI_Gatherv of every rank's own rows, between `grid` on rank 0
 * and `own` on every rank. */
static void move_own_rows(MPI_Comm comm, const band* b, float* grid, void* own, int columns, int scatter) {
    int* counts = malloc(2 * sizeof(int) * (size_t)b->ranks);
    if (counts == NULL) {
        fprintf(stderr, "out of memory for %d ranks' counts\n", b->ranks);
        MPI_Abort(comm, 1);
    }
    owned_rows(b, counts, counts + b->ranks);
    MPI_Datatype row = row_type(columns);
    if (scatter)
        MPI_Scatterv(grid, counts, counts + b->ranks, row, own, b->rows, row, 0, comm);
    else
        MPI_Gatherv(own, b->rows, row, grid, counts, counts + b->ranks, row, 0, comm);
    MPI_Type_free(&row);
    free(counts);
}

tiles_status scatter_rows(MPI_Comm comm, const band* b, const float* grid, tiles_view* local, int columns) {
    tiles_view* own = NULL;
    void* received = NULL;
    tiles_status status = rows_of(&own, local, b->halo_above, b->rows, columns);
    if (status == TILES_SUCCESS) status = rows_to_receive(&received, own);
    if (status == TILES_SUCCESS) {
        move_own_rows(comm, b, (float*)grid, received, columns, 1); /* MPI only reads the grid */
        status = tiles_view_refresh(own);
    }
    status = first_failure(status, tiles_view_release(own));
    return status == TILES_SUCCESS ? exchange_halo(comm, b, local, columns) : status;
}

tiles_status gather_rows(MPI_Comm comm, const band* b, tiles_view* local, int columns, float* grid) {
    tiles_view* own = NULL;
    void* sent = NULL;
    tiles_status status = rows_of(&own, local, b->halo_above, b->rows, columns);
    if (status == TILES_SUCCESS) status = tiles_view_data(&sent, own, TILES_ACCESS_READ); /* brings them home */
    if (status == TILES_SUCCESS) move_own_rows(comm, b, grid, sent, columns, 0);
    return first_failure(status, tiles_view_release(own));
}

tiles_status broadcast_rows(MPI_Comm comm, tiles_view* view, int rows, int columns) {
    int rank = 0;
    MPI_Comm_rank(comm, &rank);
    void* host = NULL;
    tiles_status status = rank == 0 ? tiles_view_data(&host, view, TILES_ACCESS_READ) : rows_to_receive(&host, view);
    if (status == TILES_SUCCESS) {
        MPI_Datatype row = row_type(columns);
        MPI_Bcast(host, rows, row, 0, comm);
        MPI_Type_free(&row);
        if (rank != 0) status = tiles_view_refresh(view);
    }
    return status;
}

tiles_status rank_0_first(MPI_Comm comm, tiles_status (*build)(void* data), void* data) {
    int rank = 0;
    MPI_Comm_rank(comm, &rank);
    if (rank != 0) MPI_Barrier(comm);
    const tiles_status status = build(data);
    if (rank == 0) MPI_Barrier(comm);
    return status;
}

int parse_command_line(int argc, char** argv, int* numbers, const int* counts, int count_choices, int* check,
                       const char* usage) {
    int given = 0, known = 1, most = 0;
    *check = 0;
    for (int i = 0; i < count_choices; i++) most = counts[i] > most ? counts[i] : most;
    for (int i = 1; i < argc && known; i++) {
        char* end = NULL;
        const long value = strtol(argv[i], &end, 10);
        if (strcmp(argv[i], "--check") == 0)
            *check = 1;
        else if (*argv[i] != '\0' && *end == '\0' && value >= 1 && value <= 1000000000 && given < most)
            numbers[given++] = (int)value;
        else
            known = 0;
    }
    int counted = given == 0;
    for (int i = 0; i < count_choices; i++) counted = counted || given == counts[i];
    if (!known || !counted) {
        fprintf(stderr, "usage: %s\n", usage);
        return -1;
    }
    return given;
}

float matrix_value(long long row, long long column, int salt) {
    return (float)((row * 37 + column * 11 + salt * 5) % 101) / 64.0f - 0.75f;
}

int any_rank(MPI_Comm comm, int yes) {
    int any = 0;
    MPI_Allreduce(&yes, &any, 1, MPI_INT, MPI_MAX, comm);
    return any != 0;
}

int same_as_one_process(const float* distributed, const float* reference, size_t count, int columns) {
    for (size_t i = 0; i < count; i++)
        if (memcmp(&distributed[i], &reference[i], sizeof(float)) != 0) {
            printf("DIFFERENT from one process at row %zu, column %zu: %g instead of %g\n", i / (size_t)columns,
                   i % (size_t)columns, distributed[i], reference[i]);
            return 0;
        }
    return 1;
}

tiles_status ranks_and_devices(char* text, size_t size, MPI_Comm comm, tiles_context* context) {
    int rank = 0, ranks = 1;
    MPI_Comm_rank(comm, &rank);
    MPI_Comm_size(comm, &ranks);
    tiles_device* device = NULL;
    tiles_device_info info = TILES_DEVICE_INFO_INIT;
    tiles_status status = tiles_context_get_device(&device, context);
    if (status == TILES_SUCCESS) status = tiles_device_get_info(&info, device);
    status = first_failure(status, tiles_device_release(device));
    const int mine[2] = {info.platform_index, info.device_index};
    int* all = malloc(2 * sizeof(int) * (size_t)ranks);
    if (all == NULL) MPI_Abort(comm, 1);
    MPI_Gather(mine, 2, MPI_INT, all, 2, MPI_INT, 0, comm);
    size_t used = (size_t)snprintf(text, size, "on %d %s", ranks, ranks == 1 ? "rank, device" : "ranks, devices");
    for (int r = 0; r < ranks && used < size; r++)
        used += (size_t)snprintf(text + used, size - used, " %d:%d", all[2 * r], all[2 * r + 1]);
    free(all);
    return status;
}

tiles_status first_failure(tiles_status earlier, tiles_status later) {
    return earlier != TILES_SUCCESS ? earlier : later;
}

void fail(const char* program, tiles_status status) {
    int rank = 0;
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    fprintf(stderr, "%s: rank %d: %s: %s\n", program, rank, tiles_status_string(status), tiles_last_error_message());
    MPI_Abort(MPI_COMM_WORLD, 1);
}
