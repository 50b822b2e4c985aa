// libtiles over MPI, header-only, for programs that link MPI themselves (libtiles never does): one
// rank per device, each holding a band of a grid's rows plus the halo rows its kernels read from
// its neighbours. The halo exchange is libtiles' own coherence: only the boundary rows come home,
// and only the halo rows go back to the device, at the next launch.
#pragma once

// Without MPI's C++ bindings (deprecated by MPI 2.2, gone from MPI 3.0, which this header does not
// use): Open MPI's bring in glibc's <string.h>, whose ::index() would stand beside tiles::index
// under `using namespace tiles;`.
#ifndef OMPI_SKIP_MPICXX
#define OMPI_SKIP_MPICXX 1
#endif
#ifndef MPICH_SKIP_MPICXX
#define MPICH_SKIP_MPICXX 1
#endif
#include <mpi.h>

#include <climits>
#include <cstdlib>
#include <string>
#include <type_traits>
#include <vector>

#include "tiles/accelerator.hpp"
#include "tiles/array_view.hpp"
#include "tiles/bands.hpp"
#include "tiles/completion_future.hpp"
#include "tiles/exceptions.hpp"
#include "tiles/extent.hpp"

namespace tiles::mpi {

// A rank's rows of the grid: its band (tiles/bands.hpp), the rank's number being the band's part.
using tiles::band;
using tiles::split_rows;

namespace detail {

inline void check(int code, const char* call) {
    if (code == MPI_SUCCESS) return;
    char text[MPI_MAX_ERROR_STRING];
    int length = 0;
    MPI_Error_string(code, text, &length);
    throw runtime_exception(std::string("tiles::mpi: ") + call + " failed: " + std::string(text, length));
}

// An MPI datatype of one row of `columns` elements of T: counts and offsets in rows stay within an
// int for grids whose elements do not.
class row_type {
  public:
    row_type(int columns, std::size_t element_size) {
        if (columns < 1 || element_size > std::size_t(INT_MAX) / std::size_t(columns))
            throw invalid_argument("tiles::mpi: rows of " + std::to_string(columns) + " elements of " +
                                   std::to_string(element_size) + " bytes cannot be sent as one MPI datatype");
        check(MPI_Type_contiguous(int(element_size) * columns, MPI_BYTE, &type_), "MPI_Type_contiguous");
        check(MPI_Type_commit(&type_), "MPI_Type_commit");
    }
    row_type(const row_type&) = delete;
    row_type& operator=(const row_type&) = delete;
    ~row_type() { MPI_Type_free(&type_); }
    operator MPI_Datatype() const { return type_; }

  private:
    MPI_Datatype type_ = MPI_DATATYPE_NULL;
};

inline int rank_of(MPI_Comm comm) {
    int rank = 0;
    check(MPI_Comm_rank(comm, &rank), "MPI_Comm_rank");
    return rank;
}

inline int size_of(MPI_Comm comm) {
    int size = 0;
    check(MPI_Comm_size(comm, &size), "MPI_Comm_size");
    return size;
}

// `local` must hold the band's local rows, and the band must be this rank's of `comm`.
template <class T> void check_local(MPI_Comm comm, const band& b, const array_view<T, 2>& local, const char* what) {
    if (b.part != rank_of(comm) || b.parts != size_of(comm))
        throw invalid_argument(std::string("tiles::mpi::") + what + ": the band is rank " + std::to_string(b.part) +
                               "'s of " + std::to_string(b.parts) + ", but this is rank " +
                               std::to_string(rank_of(comm)) + " of " + std::to_string(size_of(comm)));
    if (local.extent[0] != b.local_rows())
        throw invalid_argument(std::string("tiles::mpi::") + what + ": the view has " +
                               std::to_string(local.extent[0]) + " rows, but the band's local data has " +
                               std::to_string(b.local_rows()) + " (a halo of " + std::to_string(b.halo_above) + ", " +
                               std::to_string(b.rows) + " rows, a halo of " + std::to_string(b.halo_below) + ")");
}

template <class T> array_view<T, 2> rows_of(const array_view<T, 2>& local, int first, int count) {
    return local.section(index<2>(first, 0), extent<2>(count, local.extent[1]));
}

// Host memory for rows MPI is about to write: the host needs none of their current contents
// (discard_data spares the download), and the next launch uploads them (refresh, after MPI wrote).
template <class T> T* rows_to_receive(const array_view<T, 2>& rows) {
    rows.discard_data();
    return rows.data();
}

// The rows every rank owns, in rows, for MPI_Scatterv and MPI_Gatherv.
inline void owned_rows(const band& b, std::vector<int>& counts, std::vector<int>& firsts) {
    for (int r = 0; r < b.parts; ++r) {
        const band other = split_rows(b.grid_rows, b.halo, r, b.parts);
        counts.push_back(other.rows);
        firsts.push_back(other.first);
    }
}

} // namespace detail

// The band of this rank of `comm`.
inline band split_rows(MPI_Comm comm, int grid_rows, int halo = 0) {
    return split_rows(grid_rows, halo, detail::rank_of(comm), detail::size_of(comm));
}

// The devices ranks are spread over: the one TILES_DEVICE names where it is set, else every GPU,
// else every device.
inline std::vector<accelerator> rank_devices() {
    const char* chosen = std::getenv("TILES_DEVICE");
    if (chosen != nullptr && *chosen != '\0') return {accelerator()};
    std::vector<accelerator> all = accelerator::get_all(), gpus;
    for (const accelerator& a : all)
        if (a.is_gpu()) gpus.push_back(a);
    return gpus.empty() ? all : gpus;
}

// This rank's device: its rank among the ranks of `comm` on the same host, modulo the number of
// `devices`, so that one host's ranks take its devices in turn.
inline accelerator accelerator_for_rank(MPI_Comm comm, const std::vector<accelerator>& devices = rank_devices()) {
    if (devices.empty()) throw invalid_argument("tiles::mpi::accelerator_for_rank: the list of devices is empty");
    MPI_Comm host;
    detail::check(MPI_Comm_split_type(comm, MPI_COMM_TYPE_SHARED, 0, MPI_INFO_NULL, &host), "MPI_Comm_split_type");
    const int rank_on_host = detail::rank_of(host);
    MPI_Comm_free(&host);
    return devices[std::size_t(rank_on_host) % devices.size()];
}

// Fills the halo rows of `local` (the band's local rows, on this rank of `comm`) with the rows
// the neighbouring ranks own: the boundary rows each neighbour needs are downloaded (only those,
// and only if a launch changed them), exchanged, and the received halo rows are uploaded by the
// next launch that reads `local` (only those). Every rank of `comm` calls it.
template <class T> void exchange_halo(MPI_Comm comm, const band& b, const array_view<T, 2>& local) {
    static_assert(!std::is_const_v<T>, "the halo rows are written: a view of non-const T");
    detail::check_local(comm, b, local, "exchange_halo");
    // Each side with a neighbour: where its halo and the boundary rows it needs lie, and the tags of
    // the rows going there and coming from there.
    struct side {
        int neighbour, halo_first, boundary_first, rows, send_tag, receive_tag;
    };
    const int upward = 0, downward = 1;
    const int own_end = b.halo_above + b.rows;
    std::vector<side> sides;
    if (b.halo_above > 0) sides.push_back({b.part - 1, 0, b.halo_above, b.halo_above, upward, downward});
    if (b.halo_below > 0)
        sides.push_back({b.part + 1, own_end, own_end - b.halo_below, b.halo_below, downward, upward});
    if (sides.empty()) return;

    // The boundary rows come home first, all at once, through read-only views: reading them leaves
    // the device's copy current.
    std::vector<array_view<const T, 2>> boundaries;
    std::vector<completion_future> downloads;
    for (const side& s : sides) {
        boundaries.push_back(detail::rows_of(local, s.boundary_first, s.rows));
        downloads.push_back(boundaries.back().synchronize_async());
    }
    for (const completion_future& d : downloads) d.get();

    const detail::row_type row(local.extent[1], sizeof(T));
    std::vector<MPI_Request> requests(2 * sides.size());
    for (std::size_t i = 0; i < sides.size(); ++i) {
        const side& s = sides[i];
        detail::check(MPI_Irecv(detail::rows_to_receive(detail::rows_of(local, s.halo_first, s.rows)), s.rows, row,
                                s.neighbour, s.receive_tag, comm, &requests[2 * i]),
                      "MPI_Irecv");
        detail::check(MPI_Isend(boundaries[i].data(), s.rows, row, s.neighbour, s.send_tag, comm, &requests[2 * i + 1]),
                      "MPI_Isend");
    }
    detail::check(MPI_Waitall(int(requests.size()), requests.data(), MPI_STATUSES_IGNORE), "MPI_Waitall");
    for (const side& s : sides) detail::rows_of(local, s.halo_first, s.rows).refresh();
}

// Sends each rank its rows of `grid` (grid_rows x local's columns, read on `root` only) into
// `local`, then fills the halos (exchange_halo). Every rank of `comm` calls it.
template <class T>
void scatter(MPI_Comm comm, const band& b, const T* grid, const array_view<T, 2>& local, int root = 0) {
    detail::check_local(comm, b, local, "scatter");
    const detail::row_type row(local.extent[1], sizeof(T));
    std::vector<int> counts, firsts;
    detail::owned_rows(b, counts, firsts);
    const array_view<T, 2> owned = detail::rows_of(local, b.halo_above, b.rows);
    detail::check(
        MPI_Scatterv(grid, counts.data(), firsts.data(), row, detail::rows_to_receive(owned), b.rows, row, root, comm),
        "MPI_Scatterv");
    owned.refresh();
    exchange_halo(comm, b, local);
}

// Makes `data` on every rank of `comm` what it is on `root` (the same extent everywhere): root's
// is read (brought home first if a launch changed it), the others' are replaced, and uploaded
// again by the next launch that reads them. Every rank of `comm` calls it.
template <class T> void broadcast(MPI_Comm comm, const array_view<T, 2>& data, int root = 0) {
    static_assert(!std::is_const_v<T>, "the data is written on every rank but root: a view of non-const T");
    const detail::row_type row(data.extent[1], sizeof(T));
    const bool is_root = detail::rank_of(comm) == root;
    // Root's rows through a read-only view, which leaves its device's copy current; MPI only reads them.
    T* const host = is_root ? const_cast<T*>(array_view<const T, 2>(data).data()) : detail::rows_to_receive(data);
    detail::check(MPI_Bcast(host, data.extent[0], row, root, comm), "MPI_Bcast");
    if (!is_root) data.refresh();
}

// Collects every rank's own rows of `local` into `grid` (grid_rows x local's columns) on `root`;
// `grid` is not used elsewhere. Only the owned rows come home. Every rank of `comm` calls it.
template <class T>
void gather(MPI_Comm comm, const band& b, const array_view<T, 2>& local, std::remove_const_t<T>* grid, int root = 0) {
    detail::check_local(comm, b, local, "gather");
    const detail::row_type row(local.extent[1], sizeof(T));
    std::vector<int> counts, firsts;
    detail::owned_rows(b, counts, firsts);
    const array_view<const T, 2> owned = detail::rows_of(local, b.halo_above, b.rows);
    detail::check(MPI_Gatherv(owned.data(), b.rows, row, grid, counts.data(), firsts.data(), row, root, comm),
                  "MPI_Gatherv");
}

} // namespace tiles::mpi
