// libtiles C API: checked mode (contexts on the Oclgrind simulator, and their reports).
#include "capi_internal.hpp"

using namespace tiles::capi;

static_assert(int(TILES_OTHER_PROBLEM) == int(tiles::diagnostic_kind::other) &&
                  int(TILES_BARRIER_DIVERGENCE) == int(tiles::diagnostic_kind::barrier_divergence) &&
                  int(TILES_HOST_WRITE) == int(tiles::diagnostic_kind::host_write),
              "tiles_diagnostic_kind mirrors tiles::diagnostic_kind");
static_assert(int(TILES_UNKNOWN_MEMORY) == int(tiles::memory_space::unknown) &&
                  int(TILES_PRIVATE_MEMORY) == int(tiles::memory_space::private_memory),
              "tiles_memory_space mirrors tiles::memory_space");

namespace {
std::vector<int> flattened(const std::vector<std::array<int, 3>>& indices) {
    std::vector<int> flat;
    for (const auto& index : indices) flat.insert(flat.end(), index.begin(), index.end());
    return flat;
}
} // namespace

report_object::report_object(tiles::check_report r) : handle(kind_tag), report(std::move(r)) {
    for (const tiles::diagnostic& d : report.diagnostics) {
        texts.push_back(d.to_string());
        work_items.push_back(flattened(d.work_items));
        tiles.push_back(flattened(d.tiles));
    }
}

extern "C" {

tiles_status tiles_context_create_checked(tiles_context** out, int strict) {
    return guard([&] {
        check_out(out);
        *out = make_handle<tiles_context>(tiles::create_checked_view(strict != 0));
    });
}

tiles_status tiles_context_is_checked(int* out, const tiles_context* context) {
    return guard([&] {
        check_out(out);
        *out = tiles::is_checked(live(context, "context").view);
    });
}

tiles_status tiles_context_get_report(tiles_report** out, const tiles_context* context) {
    return guard([&] {
        check_out(out);
        *out = make_handle<tiles_report>(tiles::get_check_report(live(context, "context").view));
    });
}

tiles_status tiles_context_clear_report(tiles_context* context) {
    return guard([&] { tiles::clear_check_report(live(context, "context").view); });
}

tiles_status tiles_report_count(size_t* out, const tiles_report* report) {
    return guard([&] {
        check_out(out);
        *out = live(report, "report").report.diagnostics.size();
    });
}

tiles_status tiles_report_get(tiles_diagnostic* out, const tiles_report* report, size_t index) {
    return guard([&] {
        const report_object& r = live(report, "report");
        if (index >= r.report.diagnostics.size())
            throw tiles::invalid_argument("the report has " + std::to_string(r.report.diagnostics.size()) +
                                          " diagnostics; there is no diagnostic " + std::to_string(index));
        const tiles::diagnostic& d = r.report.diagnostics[index];
        tiles_diagnostic out_value = TILES_DIAGNOSTIC_INIT;
        out_value.kind = static_cast<tiles_diagnostic_kind>(d.kind);
        out_value.space = static_cast<tiles_memory_space>(d.space);
        out_value.kernel = d.kernel.c_str();
        out_value.line = d.line;
        out_value.column = d.column;
        out_value.source_line = d.source_line.c_str();
        out_value.other_line = d.other_line;
        out_value.other_column = d.other_column;
        out_value.work_item_count = d.work_items.size();
        out_value.work_items = r.work_items[index].data();
        out_value.message = d.message.c_str();
        out_value.text = r.texts[index].c_str();
        out_value.tile_count = d.tiles.size();
        out_value.tiles = d.tiles.empty() ? nullptr : r.tiles[index].data();
        out_value.reached_barrier = d.reached_barrier;
        out_value.tile_size = d.tile_size;
        write_struct(out, out_value, "tiles_diagnostic");
    });
}

tiles_status tiles_report_retain(tiles_report* report) { return retain(report, "report"); }
tiles_status tiles_report_release(tiles_report* report) { return release(report, "report"); }

} // extern "C"
