// tiles_bench: times libtiles' tiled algorithms on the default accelerator (TILES_DEVICE chooses
// another) and prints each figure with its ratio to a baseline measured in the same run.
//
//   tiles_bench [--quick | --large] [--side N] [--gemm N,N,...] [--precision P,P,...]
//               [--transfers MIB,MIB,...] [--runs N] [--clock host|device] [--only TEXT,TEXT,...]
//               [--json FILE]
#include <cstdio>
#include <cstdlib>
#include <exception>
#include <set>
#include <sstream>
#include <stdexcept>
#include <string>
#include <utility>
#include <vector>

#include "benchmarks.hpp"
#include "device_clock.hpp"

namespace {

const char* const usage =
    "usage: tiles_bench [--quick | --large] [--side N] [--gemm N,N,...] [--precision P,P,...]\n"
    "                   [--transfers MIB,MIB,...] [--runs N] [--clock host|device] [--only TEXT,TEXT,...]\n"
    "                   [--json FILE]\n"
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
    "  --json FILE       also write the records as a JSON list\n";

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

std::vector<std::string> comma_list(const std::string& text) {
    std::vector<std::string> items;
    std::istringstream list(text);
    for (std::string item; std::getline(list, item, ',');) items.push_back(item);
    return items;
}

tiles::gemm_precision precision_named(const std::string& name) {
    const std::pair<const char*, tiles::gemm_precision> names[] = {{"tf32x3", tiles::gemm_precision::tf32x3},
                                                                   {"tf32", tiles::gemm_precision::tf32},
                                                                   {"float16", tiles::gemm_precision::float16},
                                                                   {"bfloat16", tiles::gemm_precision::bfloat16}};
    for (const auto& [text, precision] : names)
        if (name == text) return precision;
    throw std::invalid_argument("--precision takes tf32x3, tf32, float16 and bfloat16, not '" + name + "'");
}

int positive(const std::string& text, const char* option) {
    std::size_t used = 0;
    const int value = std::stoi(text, &used);
    if (used != text.size() || value <= 0)
        throw std::invalid_argument(std::string(option) + " takes a positive number");
    return value;
}

options parse(int argc, char** argv) {
    options o;
    for (int i = 1; i < argc; ++i) {
        const std::string arg = argv[i];
        const auto value = [&]() -> std::string {
            if (i + 1 >= argc) throw std::invalid_argument(arg + " needs a value");
            return argv[++i];
        };
        if (arg == "--quick") {
            o.side = 1024;
            o.gemm_sizes = {256, 512};
            o.transfer_mib = {1, 16};
            o.runs = 3;
        } else if (arg == "--large") {
            o.side = 8192;
            o.gemm_sizes = {1024, 2048, 4096};
            o.transfer_mib = {16, 1024};
        } else if (arg == "--side") {
            o.side = positive(value(), "--side");
            if (o.side % 8 != 0) throw std::invalid_argument("--side is a multiple of 8 (the copy kernel's vectors)");
        } else if (arg == "--gemm") {
            o.gemm_sizes.clear();
            for (const std::string& n : comma_list(value())) {
                o.gemm_sizes.push_back(positive(n, "--gemm"));
                if (o.gemm_sizes.back() % 16 != 0) throw std::invalid_argument("--gemm sizes are multiples of 16");
            }
        } else if (arg == "--transfers") {
            o.transfer_mib.clear();
            for (const std::string& n : comma_list(value())) o.transfer_mib.push_back(positive(n, "--transfers"));
        } else if (arg == "--precision") {
            for (const std::string& name : comma_list(value())) o.precisions.insert(precision_named(name));
        } else if (arg == "--runs") {
            o.runs = positive(value(), "--runs");
        } else if (arg == "--clock") {
            o.clock = value();
            if (o.clock != "host" && o.clock != "device")
                throw std::invalid_argument("--clock takes host or device, not '" + o.clock + "'");
        } else if (arg == "--only") {
            o.only = comma_list(value());
        } else if (arg == "--json") {
            o.json = value();
        } else {
            throw std::invalid_argument("unknown option " + arg);
        }
    }
    return o;
}

} // namespace

int main(int argc, char** argv) {
    options o;
    try {
        o = parse(argc, argv);
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
