// A distributed 2-D stencil with tiles/mpi.hpp: each rank holds a band of a ROWS x COLUMNS grid plus
// a halo, and runs tiles::stencil on its own device. The halo is the mask's radius times
// exchange_period's rows deep, so the halo rows are exchanged only every that many iterations. Rank 0 prints the time
// of the iterations. With --check, rank 0 compares the result with one process's tiles::stencil over the whole grid,
// iterated, and every rank checks that the exchanges moved its halo rows and nothing more.
//   mpirun -n 2 stencil_mpi [ROWS COLUMNS ITERATIONS MASK_SIDE] [--check]
// The mask is a cross MASK_SIDE wide and high (3: the 5-point stencil), every weight the same.
#include <tiles/mpi.hpp>
#include <tiles/tiles.hpp>

#include <algorithm>
#include <utility>

#include "mpi_example.hpp"

namespace {

const char* const usage = "stencil_mpi [ROWS COLUMNS ITERATIONS MASK_SIDE] [--check]";

std::vector<float> cross_mask(int side) {
    std::vector<float> mask(std::size_t(side) * side, 0.0f);
    for (int i = 0; i < side; ++i)
        mask[std::size_t(side / 2) * side + i] = mask[std::size_t(i) * side + side / 2] = 1.0f;
    for (float& weight : mask) weight /= float(2 * side - 1);
    return mask;
}

// The grid's rows from `first` on, as many as `values` holds.
template <class Rows> void fill_rows(Rows& values, int first, int columns) {
    for (std::size_t i = 0; i < values.size(); ++i)
        values[i] = example::matrix_value(first + i / columns, i % columns, 0);
}

// One process's answer: tiles::stencil over the whole grid, `iterations` times, on `view`.
std::vector<float> one_process(const tiles::accelerator_view& view, int rows, int columns, int iterations,
                               const tiles::array_view<const float, 2>& mask) {
    std::vector<float> first(std::size_t(rows) * columns), second(first.size());
    fill_rows(first, 0, columns);
    tiles::array_view<float, 2> in(rows, columns, first), out(rows, columns, second);
    out.discard_data();
    for (int i = 0; i < iterations; ++i) {
        tiles::stencil(view, in, mask, out);
        std::swap(in, out);
    }
    in.synchronize();
    return iterations % 2 == 0 ? first : second;
}

int distributed_stencil(MPI_Comm comm, int argc, char** argv) {
    const example::command_line line = example::parse(argc, argv, {4096, 4096, 100, 3}, {4}, usage);
    const int rows = line.numbers[0], columns = line.numbers[1], iterations = line.numbers[2], side = line.numbers[3];
    if (side % 2 == 0) throw std::invalid_argument("the mask's side must be odd; usage: " + std::string(usage));
    int ranks = 1;
    MPI_Comm_size(comm, &ranks);
    const int period = example::exchange_period(rows, ranks, side / 2);
    const tiles::mpi::band band = tiles::mpi::split_rows(comm, rows, side / 2 * period);
    const tiles::accelerator device = tiles::mpi::accelerator_for_rank(comm);
    const tiles::accelerator_view view = device.create_view();
    const std::string where = example::ranks_and_devices(comm, device);

    const std::vector<float> mask_values = cross_mask(side);
    const tiles::array_view<const float, 2> mask(side, side, mask_values);
    // The band in memory the device's driver pins: each exchange's halo and boundary rows move at
    // the bus's rate, not through the driver's staging of pageable memory.
    const tiles::pinned_allocator<float> pinned(view);
    tiles::pinned_vector<float> first(std::size_t(band.local_rows()) * columns, pinned), second(first.size(), pinned);
    fill_rows(first, band.local_first(), columns);
    tiles::array_view<float, 2> in(band.local_rows(), columns, first), out(band.local_rows(), columns, second);
    out.discard_data(); // written whole by every launch: never uploaded

    // One launch outside the clock builds the kernel and uploads the band; it is done again below.
    example::rank_0_first(comm, [&] {
        tiles::stencil(view, in, mask, out);
        view.wait();
    });
    view.reset_counters();
    MPI_Barrier(comm);
    const auto start = std::chrono::steady_clock::now();
    for (int i = 0; i < iterations; ++i) {
        if (i > 0 && i % period == 0) tiles::mpi::exchange_halo(comm, band, in);
        tiles::stencil(view, in, mask, out);
        std::swap(in, out);
    }
    view.wait();
    MPI_Barrier(comm);
    const double seconds = example::seconds_since(start);

    // Each exchange uploads the halo rows, one transfer a side, and downloads the boundary rows the
    // neighbours need: those at both ends of the rank's own, which are the same rows where its band
    // is thin.
    const tiles::transfer_counters moved = view.counters();
    const std::uint64_t exchanges = std::uint64_t((iterations - 1) / period),
                        row_bytes = std::uint64_t(columns) * sizeof(float);
    const std::uint64_t sides = (band.halo_above > 0 ? 1 : 0) + (band.halo_below > 0 ? 1 : 0);
    const std::uint64_t halo_rows = std::uint64_t(band.halo_above + band.halo_below);
    const std::uint64_t boundary_rows = std::min(halo_rows, std::uint64_t(band.rows));
    const bool halo_only =
        moved.bytes_uploaded == exchanges * halo_rows * row_bytes && moved.uploads == exchanges * sides &&
        moved.bytes_downloaded == exchanges * boundary_rows * row_bytes && moved.downloads <= exchanges * sides;

    int rank = 0;
    MPI_Comm_rank(comm, &rank);
    if (rank == 0)
        std::cout << "stencil_mpi: " << rows << " x " << columns << " floats, " << side << "x" << side << " cross, "
                  << iterations << " iterations " << where << ", halos exchanged every " << period << ": " << seconds
                  << " s, " << seconds * 1e3 / iterations << " ms per iteration" << std::endl;
    std::vector<float> result(rank == 0 ? std::size_t(rows) * columns : 0);
    tiles::mpi::gather(comm, band, in, result.data());
    if (!line.check) return 0;

    if (!halo_only)
        std::cout << "rank " << rank << ": the exchanges moved " << moved.bytes_uploaded << " bytes up and "
                  << moved.bytes_downloaded << " down in " << moved.uploads << " and " << moved.downloads
                  << " transfers, not the " << exchanges * halo_rows * row_bytes << " bytes of its halo rows up and "
                  << exchanges * boundary_rows * row_bytes << " of its boundary rows down" << std::endl;
    bool same = true;
    if (rank == 0) {
        same = example::same_as_one_process(result, one_process(device.create_view(), rows, columns, iterations, mask),
                                            columns);
        if (same) std::cout << "equal to one process's tiles::stencil over the whole grid, iterated" << std::endl;
    }
    const bool failed = example::any_rank(comm, !halo_only || !same);
    if (rank == 0 && !failed) std::cout << "each exchange moved the halo rows alone, on every rank" << std::endl;
    return failed ? 1 : 0;
}

} // namespace

int main(int argc, char** argv) {
    return example::run("stencil_mpi", argc, argv,
                        [&](MPI_Comm comm) { return distributed_stencil(comm, argc, argv); });
}
