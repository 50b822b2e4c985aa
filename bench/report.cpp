// tiles_bench: the table on stdout and the JSON file.
#include "report.hpp"

#include <cstdio>
#include <fstream>
#include <stdexcept>

namespace {

std::string json_string(const std::string& s) {
    std::string out = "\"";
    for (const char c : s) {
        if (c == '"' || c == '\\') out += '\\';
        if (static_cast<unsigned char>(c) >= 0x20) out += c;
    }
    return out + "\"";
}

std::string json_number(double value) {
    char text[32];
    std::snprintf(text, sizeof text, "%.6g", value);
    return text;
}

} // namespace

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
    out << "[\n";
    for (std::size_t i = 0; i < records.size(); ++i) {
        const record& r = records[i];
        out << "  {\"name\": " << json_string(r.name) << ", \"device\": " << json_string(r.device)
            << ", \"size\": " << json_string(r.size) << ", \"value\": " << json_number(r.value)
            << ", \"unit\": " << json_string(r.unit) << ", \"baseline\": " << json_string(r.baseline)
            << ", \"baseline_value\": " << json_number(r.baseline_value) << ", \"ratio\": " << json_number(r.ratio())
            << ", \"clock\": " << json_string(clock) << "}" << (i + 1 < records.size() ? "," : "") << "\n";
    }
    out << "]\n";
}
