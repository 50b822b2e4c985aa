// tiles-info: lists the OpenCL devices libtiles can use, with the limits launches are checked
// against and each backend's verdict on them (what it probed, what it refuses and why), and says
// which one is the default and why. `tiles-info --json` prints the same as one
// JSON object, for scripts; Python's `tiles-info` and `python -m tiles` print the same.
//
//   tiles-info [--json] [--help] [--version]
#include <cstdio>
#include <iostream>
#include <string>
#include <vector>

#include <nlohmann/json.hpp>

#include "command_line.hpp"
#include "tiles/engine/backend_verdict.hpp"
#include "tiles/tiles.hpp"

namespace {

const char* const usage = "usage: tiles-info [--json] [--help] [--version]\n"
                          "  the OpenCL devices libtiles can use, their limits, and which is the default and why\n"
                          "  --json     print one JSON object, for scripts\n"
                          "  --help     print this and exit\n"
                          "  --version  print libtiles' version and exit\n";

// 65536 -> "64 KiB", 25769803776 -> "24 GiB", 1610612736 -> "1.5 GiB".
std::string human_size(std::uint64_t bytes) {
    const char* const units[] = {"bytes", "KiB", "MiB", "GiB", "TiB"};
    double value = double(bytes);
    int unit = 0;
    while (value >= 1024 && unit < 4) value /= 1024, ++unit;
    char text[32];
    std::snprintf(text, sizeof text, value == double(std::uint64_t(value)) ? "%.0f %s" : "%.1f %s", value, units[unit]);
    return text;
}

// Each backend's verdict on the device: what it probed, and each thing it refuses, a line each.
void print_backends(const tiles::accelerator& a) {
    for (const tiles::engine::backend_verdict& verdict : tiles::engine::backend_verdicts(a.info())) {
        const std::string label = "backend " + verdict.backend;
        std::cout << "      " << label << std::string(label.size() < 20 ? 20 - label.size() : 1, ' ')
                  << (verdict.serves ? "serves this device" : "not used here") << "\n";
        for (const std::string& fact : verdict.probed) std::cout << "        probed            " << fact << "\n";
        for (const std::string& refusal : verdict.refused) std::cout << "        refused           " << refusal << "\n";
    }
}

void print_text(const std::vector<tiles::accelerator>& all, const tiles::accelerator& chosen) {
    std::cout << "libtiles " << tiles::version() << "\n";
    for (const auto& a : all) {
        const auto tile = a.max_tile_extent();
        std::cout << "\n"
                  << (a == chosen ? "* " : "  ") << a.platform_index() << ":" << a.device_index() << "  " << a.name()
                  << "\n"
                  << "      platform            " << a.platform_name() << "\n"
                  << "      type                "
                  << (a.is_gpu()   ? "GPU"
                      : a.is_cpu() ? "CPU"
                                   : "other")
                  << "\n"
                  << "      version             " << a.device_version() << ", driver " << a.driver_version() << "\n"
                  << "      threads per tile    " << a.max_tile_size() << " (at most " << tile[0] << "x" << tile[1]
                  << "x" << tile[2] << ")\n"
                  << "      tile_static memory  " << human_size(a.tile_static_memory()) << "\n"
                  << "      global memory       " << human_size(a.dedicated_memory()) << " (largest allocation "
                  << human_size(a.max_allocation()) << ")\n"
                  << "      double precision    " << (a.supports_double_precision() ? "yes" : "no") << "\n";
        print_backends(a);
    }
    std::cout << "\nDefault (*): " << chosen.name() << ", because " << tiles::accelerator::default_reason()
              << ".\nSet TILES_DEVICE to gpu, cpu, platform:device indices or part of a device name to choose "
                 "another.\n";
}

nlohmann::ordered_json backends_json(const tiles::accelerator& a) {
    nlohmann::ordered_json backends = nlohmann::ordered_json::array();
    for (const tiles::engine::backend_verdict& verdict : tiles::engine::backend_verdicts(a.info()))
        backends.push_back({{"name", verdict.backend},
                            {"serves", verdict.serves},
                            {"probed", verdict.probed},
                            {"refused", verdict.refused}});
    return backends;
}

void print_json(const std::vector<tiles::accelerator>& all, const tiles::accelerator& chosen) {
    nlohmann::ordered_json devices = nlohmann::ordered_json::array();
    for (const auto& a : all) {
        const auto tile = a.max_tile_extent();
        devices.push_back({{"platform_index", a.platform_index()},
                           {"device_index", a.device_index()},
                           {"name", a.name()},
                           {"platform", a.platform_name()},
                           {"type", a.is_gpu()   ? "gpu"
                                    : a.is_cpu() ? "cpu"
                                                 : "other"},
                           {"version", a.device_version()},
                           {"driver", a.driver_version()},
                           {"max_tile_size", a.max_tile_size()},
                           {"max_tile_extent", {tile[0], tile[1], tile[2]}},
                           {"tile_static_memory", a.tile_static_memory()},
                           {"global_memory", a.dedicated_memory()},
                           {"max_allocation", a.max_allocation()},
                           {"double_precision", a.supports_double_precision()},
                           {"backends", backends_json(a)},
                           {"default", a == chosen}});
    }
    const nlohmann::ordered_json report = {
        {"version", tiles::version()}, {"devices", devices}, {"default_reason", tiles::accelerator::default_reason()}};
    // Invalid UTF-8 in a driver's strings is replaced, not a reason to print nothing.
    std::cout << report.dump(-1, ' ', false, nlohmann::json::error_handler_t::replace) << "\n";
}

} // namespace

int main(int argc, char** argv) {
    CLI::App app("the OpenCL devices libtiles can use", "tiles-info");
    bool json = false;
    app.add_flag("--json", json);
    if (const auto done = tiles::tools::parse_command_line(app, argc, argv, usage, "unknown option",
                                                           std::string("tiles-info (libtiles) ") + tiles::version()))
        return *done;
    try {
        const tiles::accelerator chosen;
        const auto all = tiles::accelerator::get_all();
        json ? print_json(all, chosen) : print_text(all, chosen);
        return 0;
    } catch (const std::exception& e) {
        std::cerr << "tiles-info: " << e.what() << "\n";
        return 1;
    }
}
