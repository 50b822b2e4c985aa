// tiles_bench: times libtiles' tiled algorithms on the default accelerator (TILES_DEVICE chooses
// another) and prints each figure with its ratio to a baseline measured in the same run.
//
//   tiles_bench [--quick | --large] [--side N] [--gemm N,N,...] [--precision P,P,...]
//               [--transfers MIB,MIB,...] [--runs N] [--clock host|device] [--only TEXT,TEXT,...]
//               [--json FILE] [--help]
#include <cstdio>
#include <cstdlib>
#include <exception>
#include <limits>
#include <set>
#include <stdexcept>
#include <string>
#include <utility>
#include <vector>

#include "benchmarks.hpp"
#include "command_line.hpp"
#include "device_clock.hpp"

namespace {

const char* const usage =
    "usage: tiles_bench [--quick | --large] [--side N] [--gemm N,N,...] [--precision P,P,...]\n"
    "                   [--transfers MIB,MIB,...] [--runs N] [--clock host|device] [--only TEXT,TEXT,...]\n"
    "                   [--json FILE] [--help]\n"
    "  --quick           small sizes, 3 runs: a check that everything runs, in seconds\n"
    "  --large           large sizes, for GPUs: 8192x8192 matrices, matrix multiply up to 4096,\n"
    "                    transfers of 16 MiB and 1 GiB\n"
    "  --side N          the bandwidth benchmarks' N x N float matrices, N a multiple of 8 (default 4096),\n"
    "                    and the C++ kernels' (their matrix multiply's N/4 x N/4)\n"
    "  --gemm LIST       matrix multiply sizes, multiples of 16 (default 1024,2048)\n"
    "  --precision LIST  also gemm of floats at these precisions: tf32x3, tf32, float16, bfloat16 (default none)\n"
    "  --transfers LIST  uploads and downloads of these sizes in MiB, from and to pageable and pinned memory,\n"
    "                    beside raw OpenCL's; by the host's clock only (default 16,256)\n"
    "  --runs N          timed runs per figure, after one warm-up; the median counts (default 5)\n"
    "  --clock host      time each run from the call until the device has finished (the default)\n"
    "  --clock device    time each run between profiling markers by the device's clock, as CUDA\n"
    "                    events time cuBLAS, without the host's wait for the end\n"
    "  --only LIST       only the benchmarks whose name contains one of these texts\n"
    "  --json FILE       also write the records as a JSON list\n"
    "  --help            print this and exit\n";

struct options {
    int side = 4096;
    std::vector<int> gemm_sizes = {1024, 2048};
    std::set<tiles::gemm_precision> precisions;
    std::vector<int> transfer_mib = {16, 256};
    int runs = 5;
    std::string clock = "host";
    std::vector<std::string> only;
    std::string json;
};

tiles::gemm_precision precision_named(const std::string& name) {
    const std::pair<const char*, tiles::gemm_precision> names[] = {{"tf32x3", tiles::gemm_precision::tf32x3},
                                                                   {"tf32", tiles::gemm_precision::tf32},
                                                                   {"float16", tiles::gemm_precision::float16},
                                                                   {"bfloat16", tiles::gemm_precision::bfloat16}};
    for (const auto& [text, precision] : names)
        if (name == text) return precision;
    throw std::invalid_argument("--precision takes tf32x3, tf32, float16 and bfloat16, not '" + name + "'");
}

// The options of the command line `app` parsed, --quick and --large choosing the sizes that the
// options given by name do not. Throws invalid_argument naming a value out of bounds.
options from_command_line(const CLI::App& app, const options& given, const std::vector<std::string>& precisions) {
    options o;
    if (app.count("--quick") != 0) {
        o.side = 1024;
        o.gemm_sizes = {256, 512};
        o.transfer_mib = {1, 16};
        o.runs = 3;
    } else if (app.count("--large") != 0) {
        o.side = 8192;
        o.gemm_sizes = {1024, 2048, 4096};
        o.transfer_mib = {16, 1024};
    }
    if (app.count("--side") != 0) o.side = given.side;
    if (app.count("--gemm") != 0) o.gemm_sizes = given.gemm_sizes;
    if (app.count("--transfers") != 0) o.transfer_mib = given.transfer_mib;
    if (app.count("--runs") != 0) o.runs = given.runs;
    if (app.count("--clock") != 0) o.clock = given.clock;
    o.only = given.only;
    o.json = given.json;
    for (const std::string& name : precisions) o.precisions.insert(precision_named(name));
    if (o.side % 8 != 0) throw std::invalid_argument("--side is a multiple of 8 (the copy kernel's vectors)");
    for (const int n : o.gemm_sizes)
        if (n % 16 != 0) throw std::invalid_argument("--gemm sizes are multiples of 16");
    return o;
}

} // namespace

int main(int argc, char** argv) {
    CLI::App app("times libtiles' tiled algorithms against baselines", "tiles_bench");
    options given;
    std::vector<std::string> precisions;
    const CLI::Range positive(1, std::numeric_limits<int>::max());
    const auto quick = app.add_flag("--quick");
    app.add_flag("--large")->excludes(quick);
    app.add_option("--side", given.side)->check(positive);
    app.add_option("--gemm", given.gemm_sizes)->delimiter(',')->check(positive);
    app.add_option("--precision", precisions)->delimiter(',');
    app.add_option("--transfers", given.transfer_mib)->delimiter(',')->check(positive);
    app.add_option("--runs", given.runs)->check(positive);
    app.add_option("--clock", given.clock)->check(CLI::IsMember({"host", "device"}));
    app.add_option("--only", given.only)->delimiter(',');
    app.add_option("--json", given.json);
    if (const auto done = tiles::tools::parse_command_line(app, argc, argv, usage, "unknown option")) return *done;
    options o;
    try {
        o = from_command_line(app, given, precisions);
    } catch (const std::exception& e) {
        std::fprintf(stderr, "tiles_bench: %s\n%s", e.what(), usage);
        return 2;
    }
    try {
        const tiles::accelerator accelerator;
        const bool by_device = o.clock == "device";
        const tiles::accelerator_view view = by_device ? profiling_view(accelerator) : accelerator.get_default_view();
        std::vector<record> records;
        timing_policy timing;
        timing.time_run = by_device ? device_clock(view) : host_clock(view);
        timing.runs = o.runs;
        bench_config config{
            view, o.side, o.gemm_sizes, o.precisions, o.transfer_mib, timing, o.only, [&](const record& r) {
                print_record(r);
                records.push_back(r);
            }};
        std::printf("device: %s\n%s\ntimed by the %s's clock\n", device_label(accelerator).c_str(),
                    accelerator.device_version().c_str(), o.clock.c_str());
        print_bandwidth_parameters(config);
        std::printf("\n");
        print_table_header();
        run_bandwidth_benchmarks(config);
        run_gemm_benchmarks(config);
        run_cpp_kernel_benchmarks(config);
        if (!by_device) run_transfer_benchmarks(config);
        if (!o.json.empty()) write_json(o.json, records, o.clock);
        return 0;
    } catch (const std::exception& e) {
        std::fprintf(stderr, "tiles_bench: %s\n", e.what());
        return 1;
    }
}
