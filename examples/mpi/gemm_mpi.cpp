// A distributed matrix product with tiles/mpi.hpp: C = A B + C/2 with A (M x K) and C (M x N) split
// by rows over the ranks and B (K x N) broadcast to all, each rank running tiles::gemm on its own
// device. Rank 0 makes the matrices, prints the times, and gathers C. With --check it compares C
// with one process's tiles::gemm over the whole matrices.
//   mpirun -n 2 gemm_mpi [N | M K N] [--check]
#include <tiles/mpi.hpp>
#include <tiles/tiles.hpp>

#include "mpi_example.hpp"

namespace {

const char* const usage = "gemm_mpi [N | M K N] [--check]";
const float alpha = 1.0f, beta = 0.5f;

// A rows x columns matrix of the examples' values (`salt` tells the matrices apart) on rank 0, and
// nothing elsewhere.
std::vector<float> on_rank_0(int rank, int rows, int columns, int salt) {
    std::vector<float> values(rank == 0 ? std::size_t(rows) * columns : 0);
    for (std::size_t i = 0; i < values.size(); ++i) values[i] = example::matrix_value(i / columns, i % columns, salt);
    return values;
}

int distributed_gemm(MPI_Comm comm, int argc, char** argv) {
    const example::command_line line = example::parse(argc, argv, {2048}, {1, 3}, usage);
    const bool square = line.numbers.size() == 1;
    const int m = line.numbers[0], k = line.numbers[square ? 0 : 1], n = line.numbers[square ? 0 : 2];
    int rank = 0;
    MPI_Comm_rank(comm, &rank);
    const tiles::mpi::band band = tiles::mpi::split_rows(comm, m);
    const tiles::accelerator device = tiles::mpi::accelerator_for_rank(comm);
    const tiles::accelerator_view view = device.create_view();
    const std::string where = example::ranks_and_devices(comm, device);

    // gemm's kernel is built (and its parameters tuned, where the device needs it) outside the clock.
    example::rank_0_first(comm, [&] {
        std::vector<float> one{1.0f}, product{0.0f};
        tiles::gemm(view, alpha, tiles::array_view<const float, 2>(1, 1, one),
                    tiles::array_view<const float, 2>(1, 1, one), 0.0f, tiles::array_view<float, 2>(1, 1, product));
        view.wait();
    });

    const std::vector<float> a = on_rank_0(rank, m, k, 1), b = on_rank_0(rank, k, n, 2), c = on_rank_0(rank, m, n, 3);
    std::vector<float> a_band(std::size_t(band.rows) * k), c_band(std::size_t(band.rows) * n);
    std::vector<float> b_all = rank == 0 ? b : std::vector<float>(std::size_t(k) * n);
    tiles::array_view<float, 2> a_view(band.rows, k, a_band), b_view(k, n, b_all), c_view(band.rows, n, c_band);
    MPI_Barrier(comm);
    auto start = std::chrono::steady_clock::now();
    tiles::mpi::scatter(comm, band, a.data(), a_view);
    tiles::mpi::scatter(comm, band, c.data(), c_view);
    tiles::mpi::broadcast(comm, b_view);
    MPI_Barrier(comm);
    const double distributing = example::seconds_since(start);
    start = std::chrono::steady_clock::now();
    for (const tiles::array_view<float, 2>* operand : {&a_view, &b_view, &c_view}) operand->synchronize_to(view);
    view.wait();
    MPI_Barrier(comm);
    const double uploading = example::seconds_since(start);
    start = std::chrono::steady_clock::now();
    tiles::gemm(view, alpha, a_view, b_view, beta, c_view);
    view.wait();
    MPI_Barrier(comm);
    const double computing = example::seconds_since(start);

    if (rank == 0)
        std::cout << "gemm_mpi: C (" << m << " x " << n << ") = A (" << m << " x " << k << ") B (" << k << " x " << n
                  << ") + C/2 " << where << ": " << computing << " s computing, "
                  << 2e-9 * m * double(n) * k / computing << " GFLOP/s; " << distributing
                  << " s scattering A and C and broadcasting B, " << uploading << " s uploading" << std::endl;
    std::vector<float> result(rank == 0 ? std::size_t(m) * n : 0);
    tiles::mpi::gather(comm, band, c_view, result.data());
    if (!line.check) return 0;

    bool same = true;
    if (rank == 0) {
        std::vector<float> reference = c;
        tiles::array_view<float, 2> whole_c(m, n, reference);
        tiles::gemm(device.create_view(), alpha, tiles::array_view<const float, 2>(m, k, a),
                    tiles::array_view<const float, 2>(k, n, b), beta, whole_c);
        whole_c.synchronize();
        same = example::same_as_one_process(result, reference, n);
        if (same) std::cout << "equal to one process's tiles::gemm over the whole matrices" << std::endl;
    }
    return example::any_rank(comm, !same) ? 1 : 0;
}

} // namespace

int main(int argc, char** argv) {
    return example::run("gemm_mpi", argc, argv, [&](MPI_Comm comm) { return distributed_gemm(comm, argc, argv); });
}
