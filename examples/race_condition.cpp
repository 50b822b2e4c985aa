// The seed's race conditions: totalling a tile in one tile_static variable, updated by every
// thread at once (racy) or by one thread at a time (slow), beside the seed's correct tile
// average, on the same 8x8 matrix in 2x2 tiles. `race_condition --checked` runs the three on the
// Oclgrind simulator and prints what checked mode finds in each.
#include <cmath>
#include <iostream>
#include <string>
#include <utility>
#include <vector>

#include "kernel_file.hpp"
#include "sampling.hpp"

namespace {

// Runs the three kernels in checked mode and prints each one's report.
int checked_run() {
    const int SAMPLESIZE = 2;
    // The findings would also reach the log as warnings (on stderr): this example prints them itself.
    if (tiles::get_log_level() == tiles::log_level::warning) tiles::set_log(tiles::log_level::off);
    const tiles::accelerator_view checked = tiles::create_checked_view();
    std::cout << "Running on the Oclgrind simulator (checked mode)\n";
    for (const auto& [file, name] :
         {std::pair{"race_condition.cl", "racy_total"}, std::pair{"race_condition.cl", "serialized_total"},
          std::pair{"tile_average.cl", "tile_average"}}) {
        tiles::clear_check_report(checked);
        SamplingExample(kernel_from_file(file, name), SAMPLESIZE, checked);
        const tiles::check_report report = tiles::get_check_report(checked);
        std::cout << "\n"
                  << name << ": "
                  << (report.clean() ? "clean\n" : std::to_string(report.diagnostics.size()) + " problems\n")
                  << report.to_string();
    }
    return 0;
}

} // namespace

int main(int argc, char** argv) {
    try {
        if (argc == 2 && std::string(argv[1]) == "--checked") return checked_run();
        if (argc != 1) {
            std::cerr << "usage: race_condition [--checked]\n";
            return 2;
        }
        std::cout << "Running on " << tiles::accelerator().name() << "\n\n";
        const int SAMPLESIZE = 2;
        const std::vector<float> correct =
            SamplingExample(kernel_from_file("tile_average.cl", "tile_average"), SAMPLESIZE);
        const std::vector<float> racy =
            SamplingExample(kernel_from_file("race_condition.cl", "racy_total"), SAMPLESIZE);
        const std::vector<float> serialized =
            SamplingExample(kernel_from_file("race_condition.cl", "serialized_total"), SAMPLESIZE);

        std::cout << "Correct: a tile_static array, one barrier, then one thread adds the tile up:\n";
        PrintAverages(correct, SAMPLESIZE);
        std::cout << "\nDo not do this: every thread adds to one uninitialized tile_static total:\n";
        PrintAverages(racy, SAMPLESIZE);
        std::cout << "\nDo not do this either: one thread at a time adds to the total, a barrier after each:\n";
        PrintAverages(serialized, SAMPLESIZE);

        int wrong = 0;
        for (std::size_t i = 0; i < correct.size(); ++i) wrong += !(std::fabs(racy[i] - correct[i]) < 1e-4f);
        std::cout << "\nThe racy kernel got " << wrong << " of " << correct.size() << " averages wrong on this run.\n"
                  << "A tile_static variable has no initializer: `total` starts with whatever the tile's memory\n"
                  << "held, and the tile's threads read and write it in no particular order, so additions can be\n"
                  << "lost. Its results depend on the device and may change from run to run, even when they happen\n"
                  << "to be right. The serialized kernel is right, but a tile of n threads waits at n barriers,\n"
                  << "so it does not scale; the correct kernel needs one barrier whatever the tile's size.\n";
        return 0;
    } catch (const std::exception& e) {
        std::cerr << "race_condition: " << e.what() << "\n";
        return 1;
    }
}
