// tiles_bench: what a benchmark reports, one record per figure and baseline, printed as a
// table and written as JSON.
#pragma once

#include <string>
#include <vector>

struct record {
    std::string name;      // "transpose float"
    std::string device;    // the accelerator's name and driver
    std::string size;      // "4096x4096"
    double value;          // the figure, in `unit`
    std::string unit;      // "GB/s" or "GFLOP/s"
    std::string baseline;  // what it is compared with, measured in the same run
    double baseline_value; // the baseline's figure, in `unit`
    double ratio() const { return value / baseline_value; }
};

void print_table_header();
void print_record(const record& r);
// Writes the records as a JSON list of objects with the keys of `record`, "ratio" and "clock",
// the clock that timed them all ("host" or "device").
void write_json(const std::string& path, const std::vector<record>& records, const std::string& clock);
