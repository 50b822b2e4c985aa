// The seed's race conditions with their kernels in C++: totalling a tile in one tile_static
// variable, updated by every thread at once (racy) or by one thread at a time (slow), beside the
// seed's correct tile average, on the same 8x8 matrix in 2x2 tiles. The bodies are the seed's
// snippets: the first one's last line divides `total` into the average, where the seed divides the
// average and leaves `total` unused (a known slip), and the second one's "etc." is written out for
// the 2x2 tile. `race_condition_amp --checked` runs the three on the Oclgrind simulator and prints
// what checked mode finds in each.
#include <iostream>
#include <string>

#include "sampling.hpp"

using namespace concurrency;

// clang-format off
void Correct(array_view<float, 2> matrix, array<float, 2>& averages) {
    parallel_for_each(matrix.extent.tile<SAMPLESIZE, SAMPLESIZE>(),
        TILES_LAMBDA((matrix, averages, TILES_CONSTANT(SAMPLESIZE)),
        [=, &averages] (tiled_index<SAMPLESIZE, SAMPLESIZE> t_idx) restrict(amp)
    {
        // Copy the values of the tile into a tile-sized array.
        tile_static float tileValues[SAMPLESIZE][SAMPLESIZE];
        tileValues[t_idx.local[0]][t_idx.local[1]] = matrix[t_idx];

        // Wait for the tile-sized array to load before you calculate the average.
        t_idx.barrier.wait();

        // If you remove the if statement, then the calculation executes for every
        // thread in the tile, and makes the same assignment to averages each time.
        if (t_idx.local[0] == 0 && t_idx.local[1] == 0) {
            for (int trow = 0; trow < SAMPLESIZE; trow++) {
                for (int tcol = 0; tcol < SAMPLESIZE; tcol++) {
                    averages(t_idx.tile[0],t_idx.tile[1]) += tileValues[trow][tcol];
                }
            }
            averages(t_idx.tile[0],t_idx.tile[1]) /= (float) (SAMPLESIZE * SAMPLESIZE);
        }
    }));
}

void Racy(array_view<float, 2> matrix, array<float, 2>& averages) {
    parallel_for_each(matrix.extent.tile<SAMPLESIZE, SAMPLESIZE>(),
        TILES_LAMBDA((matrix, averages, TILES_CONSTANT(SAMPLESIZE)),
        [=, &averages] (tiled_index<SAMPLESIZE, SAMPLESIZE> t_idx) restrict(amp)
    {
// Do not do this.
tile_static float total;
total += matrix[t_idx];
t_idx.barrier.wait();

averages(t_idx.tile[0],t_idx.tile[1]) = total / (float) (SAMPLESIZE* SAMPLESIZE);
    }));
}

void Serialized(array_view<float, 2> matrix, array<float, 2>& averages) {
    parallel_for_each(matrix.extent.tile<SAMPLESIZE, SAMPLESIZE>(),
        TILES_LAMBDA((matrix, averages, TILES_CONSTANT(SAMPLESIZE)),
        [=, &averages] (tiled_index<SAMPLESIZE, SAMPLESIZE> t_idx) restrict(amp)
    {
// Do not do this.
tile_static float total;
if (t_idx.local[0] == 0&& t_idx.local[1] == 0) {
    total = matrix[t_idx];
}
t_idx.barrier.wait();

if (t_idx.local[0] == 0&& t_idx.local[1] == 1) {
    total += matrix[t_idx];
}
t_idx.barrier.wait();

if (t_idx.local[0] == 1&& t_idx.local[1] == 0) {
    total += matrix[t_idx];
}
t_idx.barrier.wait();

if (t_idx.local[0] == 1&& t_idx.local[1] == 1) {
    total += matrix[t_idx];
}
t_idx.barrier.wait();

averages(t_idx.tile[0],t_idx.tile[1]) = total / (float) (SAMPLESIZE* SAMPLESIZE);
    }));
}
// clang-format on

using variant = void (*)(array_view<float, 2>, array<float, 2>&);

// The averages of one variant, on `view` (where the array lives).
array<float, 2> AveragesBy(variant run, const accelerator_view& view) {
    std::vector<float> rawData = RawData();
    array_view<float, 2> matrix(extent<2>(MATRIXSIZE, MATRIXSIZE), rawData);
    array<float, 2> averages = Averages(view);
    run(matrix, averages);
    return averages;
}

int main(int argc, char** argv) {
    try {
        if (argc == 2 && std::string(argv[1]) == "--checked") {
            const accelerator_view checked = create_checked_view();
            std::cout << "Running on the Oclgrind simulator (checked mode)\n";
            for (const auto& [name, run] :
                 {std::pair<const char*, variant>{"Racy", Racy}, {"Serialized", Serialized}, {"Correct", Correct}}) {
                clear_check_report(checked);
                AveragesBy(run, checked);
                const check_report report = get_check_report(checked);
                std::cout << "\n"
                          << name << ": "
                          << (report.clean() ? "clean\n" : std::to_string(report.diagnostics.size()) + " problems\n")
                          << report.to_string();
            }
            return 0;
        }
        std::cout << "Running on " << accelerator().name() << "\n\n";
        const accelerator_view view = accelerator().get_default_view();
        std::cout << "Correct: a tile_static array, one barrier, then one thread adds the tile up:\n";
        PrintAverages(AveragesBy(Correct, view));
        std::cout << "\nDo not do this: every thread adds to one uninitialized tile_static total:\n";
        PrintAverages(AveragesBy(Racy, view));
        std::cout << "\nDo not do this either: one thread at a time adds to the total, a barrier after each:\n";
        PrintAverages(AveragesBy(Serialized, view));
        return 0;
    } catch (const std::exception& e) {
        std::cerr << "race_condition_amp: " << e.what() << "\n";
        return 1;
    }
}
