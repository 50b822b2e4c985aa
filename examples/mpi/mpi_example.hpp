// What the C++ MPI examples share: MPI around the example, where a failure on any rank ends the
// whole job with its message; their command lines; the values of their matrices; and comparing
// a distributed result with one process's.
#pragma once

#include <mpi.h>

#include <algorithm>
#include <chrono>
#include <cstring>
#include <iostream>
#include <stdexcept>
#include <string>
#include <vector>

#include <tiles/accelerator.hpp>

namespace example {

// Runs body(MPI_COMM_WORLD) between MPI_Init and MPI_Finalize and returns what it returns. An
// exception on any rank is printed as "program: rank R: what" and aborts the job, since the other
// ranks may be waiting for that one inside MPI.
template <class Body> int run(const char* program, int argc, char** argv, Body body) {
    MPI_Init(&argc, &argv);
    int rank = 0;
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    int status = 1;
    try {
        status = body(MPI_COMM_WORLD);
    } catch (const std::exception& e) {
        std::cerr << program << ": rank " << rank << ": " << e.what() << std::endl;
        MPI_Abort(MPI_COMM_WORLD, 1);
    }
    MPI_Finalize();
    return status;
}

// Iterations between halo exchanges. The halo is radius x period rows deep, so a band's own rows
// stay exact for that many iterations (temporal blocking). As libtiles' own stencil over several
// devices does, the extra rows stay within 1/32 of a band, and the period at most 16.
inline int exchange_period(int grid_rows, int ranks, int radius) {
    return std::clamp(grid_rows / ranks / 32 / std::max(radius, 1), 1, 16);
}

// The numbers on a command line, and whether --check is among them.
struct command_line {
    std::vector<int> numbers;
    bool check = false;
};

// The command line, which must hold one of the `counts` of numbers (or none: then `defaults`).
inline command_line parse(int argc, char** argv, const std::vector<int>& defaults,
                          const std::vector<std::size_t>& counts, const char* usage) {
    command_line line;
    for (int i = 1; i < argc; ++i) {
        const std::string argument = argv[i];
        if (argument == "--check") {
            line.check = true;
            continue;
        }
        std::size_t used = 0;
        int value = 0;
        try {
            value = std::stoi(argument, &used);
        } catch (const std::logic_error&) {
        }
        if (used != argument.size() || value < 1)
            throw std::invalid_argument("'" + argument + "' is not a positive number; usage: " + usage);
        line.numbers.push_back(value);
    }
    if (line.numbers.empty()) line.numbers = defaults;
    bool counted = false;
    for (std::size_t count : counts) counted = counted || line.numbers.size() == count;
    if (!counted) throw std::invalid_argument(std::to_string(line.numbers.size()) + " numbers given; usage: " + usage);
    return line;
}

// Element (row, column) of the examples' matrices: varied, the same on every rank, and exact in
// float (multiples of 1/64 below 2).
inline float matrix_value(long long row, long long column, int salt) {
    return float((row * 37 + column * 11 + salt * 5) % 101) / 64.0f - 0.75f;
}

inline double seconds_since(std::chrono::steady_clock::time_point start) {
    return std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
}

// Runs `build` (a first launch, which compiles its kernel) on rank 0, then on the other ranks,
// whose drivers then load the program rank 0 left in libtiles' program cache instead of all
// compiling it at once.
template <class Build> void rank_0_first(MPI_Comm comm, Build build) {
    int rank = 0;
    MPI_Comm_rank(comm, &rank);
    if (rank != 0) MPI_Barrier(comm);
    build();
    if (rank == 0) MPI_Barrier(comm);
}

// Whether any rank of `comm` says yes: every rank gets the same answer.
inline bool any_rank(MPI_Comm comm, bool yes) {
    int mine = yes ? 1 : 0, any = 0;
    MPI_Allreduce(&mine, &any, 1, MPI_INT, MPI_MAX, comm);
    return any != 0;
}

// On rank 0, "on 2 ranks, devices 0:0 0:1": the device of each rank of `comm`, in rank order.
inline std::string ranks_and_devices(MPI_Comm comm, const tiles::accelerator& device) {
    int ranks = 0;
    MPI_Comm_size(comm, &ranks);
    const int mine[2] = {device.platform_index(), device.device_index()};
    std::vector<int> all(2 * std::size_t(ranks));
    MPI_Gather(mine, 2, MPI_INT, all.data(), 2, MPI_INT, 0, comm);
    std::string text = "on " + std::to_string(ranks) + (ranks == 1 ? " rank, device" : " ranks, devices");
    for (int r = 0; r < ranks; ++r) text += " " + std::to_string(all[2 * r]) + ":" + std::to_string(all[2 * r + 1]);
    return text;
}

// Whether `distributed` is bit for bit `reference` (both rows x columns); if not, says where they
// first differ.
inline bool same_as_one_process(const std::vector<float>& distributed, const std::vector<float>& reference,
                                int columns) {
    for (std::size_t i = 0; i < reference.size(); ++i)
        if (std::memcmp(&distributed[i], &reference[i], sizeof(float)) != 0) {
            std::cout << "DIFFERENT from one process at row " << i / columns << ", column " << i % columns << ": "
                      << distributed[i] << " instead of " << reference[i] << "\n";
            return false;
        }
    return true;
}

} // namespace example
