// tiles_bench: the table on stdout and the JSON file.
#include "report.hpp"

#include <cstdio>
#include <fstream>
#include <stdexcept>

#include <nlohmann/json.hpp>

void print_table_header() {
    std::printf("%-26s %-16s %12s %-8s  %-22s %12s %7s\n", "algorithm", "size", "value", "unit", "baseline", "baseline",
                "ratio");
}

void print_record(const record& r) {
    std::printf("%-26s %-16s %12.2f %-8s  %-22s %12.2f %6.2fx\n", r.name.c_str(), r.size.c_str(), r.value,
                r.unit.c_str(), r.baseline.c_str(), r.baseline_value, r.ratio());
    std::fflush(stdout);
}

void write_json(const std::string& path, const std::vector<record>& records, const std::string& clock) {
    std::ofstream out(path);
    if (!out) throw std::runtime_error("cannot write " + path);
    nlohmann::ordered_json list = nlohmann::ordered_json::array();
    // A figure that is not a number (a baseline of 0 gives an infinite ratio) is written as null,
    // as JSON has no NaN.
    for (const record& r : records)
        list.push_back({{"name", r.name},
                        {"device", r.device},
                        {"size", r.size},
                        {"value", r.value},
                        {"unit", r.unit},
                        {"baseline", r.baseline},
                        {"baseline_value", r.baseline_value},
                        {"ratio", r.ratio()},
                        {"clock", clock}});
    out << list.dump(2, ' ', false, nlohmann::json::error_handler_t::replace) << "\n";
}
