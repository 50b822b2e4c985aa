// libtiles' fuzz target: devices by index and by TILES_DEVICE-style selector (right ones and
// malformed ones), what libtiles says of them, and checked contexts (Oclgrind), their launches
// being the other parts' on the run's contexts, and their reports.
#include <string>

#include "fuzz_calls.hpp"

namespace fuzz {
namespace {

// Selectors of every form tiles_device_select takes ("gpu", "cpu", "accelerator", "P:D", part
// of a platform or device name) and near misses of each.
const char* const selectors[] = {
    "cpu",
    "gpu",
    "accelerator",
    "CPU",
    "Portable",
    "computing language",
    "pthread",
    "oclgrind",
    "0:0",
    "0:1",
    "1:0",
    "-1:0",
    "0:-1",
    "0:",
    ":0",
    "0:0:0",
    " 0:0",
    "0 : 0",
    "0:0 ",
    "+0:+0",
    "4294967296:0",
    "0:4294967296",
    "99999999999999999999:0",
    "0x0:0",
    "",
    " ",
    "cpu ",
    "%s%n",
    "\xff\xfe:",
};

// A selector: one of the above, one with junk after it, or junk alone (bytes of the input, with
// no NUL inside: a C string ends at its first).
std::string selector(input& in) {
    const unsigned form = in.below(4);
    std::string s = form < 3 ? selectors[in.below(sizeof selectors / sizeof *selectors)] : "";
    if (form >= 2)
        for (unsigned n = 1 + in.below(16); n > 0; --n) s.push_back(char(1 + in.below(255)));
    return s;
}

// A device index: a real one, one just past the devices, or one far past them.
std::size_t device_index(input& in) {
    const std::size_t far[] = {SIZE_MAX, SIZE_MAX / 2, std::size_t(1) << 31, std::size_t(1) << 32, 1000};
    return in.one_in(4) ? (in.one_in(2) ? in.value<std::size_t>() : far[in.below(5)]) : in.below(4);
}

// A struct_size for a struct of `size` bytes: its own, a newer version's, or one too small.
std::size_t struct_size(input& in, std::size_t size) { return in.one_in(4) ? in.below(unsigned(size) + 16) : size; }

// What a string libtiles returns must be: readable to its end (ASan watches the reading).
void read_string(const char* s) {
    if (s == nullptr) __builtin_trap();
    volatile std::size_t length = std::strlen(s);
    (void)length;
}

void device_info(handles& h, input& in) {
    tiles_device_info info = TILES_DEVICE_INFO_INIT;
    info.struct_size = struct_size(in, sizeof info);
    const tiles_device* device = pick(h.devices, in);
    if (query(info, [&](tiles_device_info* out) { return tiles_device_get_info(out, device); }) != TILES_SUCCESS)
        return;
    for (const char* s : {info.name, info.vendor, info.platform_name, info.driver_version, info.device_version})
        read_string(s);
}

void diagnostic(handles& h, input& in) {
    tiles_diagnostic d = TILES_DIAGNOSTIC_INIT;
    d.struct_size = struct_size(in, sizeof d);
    const tiles_report* report = pick(h.reports, in);
    const std::size_t index = in.one_in(8) ? in.value<std::size_t>() : in.below(4);
    if (query(d, [&](tiles_diagnostic* out) { return tiles_report_get(out, report, index); }) != TILES_SUCCESS) return;
    for (const char* s : {d.kernel, d.source_line, d.message, d.text}) read_string(s);
    const std::vector<int> work_items(d.work_items, d.work_items + 3 * d.work_item_count);
}

// A kernel whose launches over more than one work-item a checked context reports: every work-item
// writes x[0] (on PoCL, a harmless race on one element).
const char* const racy_source = "__kernel void racy(__global int* x) { x[0] = (int)get_global_id(0); }\n";

} // namespace

void device_operation(handles& h, input& in) {
    switch (in.below(7)) {
    case 0: {
        std::size_t count = 7;
        query(count, [](std::size_t* out) { return tiles_device_count(out); });
        break;
    }
    case 1: {
        const std::size_t index = device_index(in);
        make(h.devices, [&](tiles_device** out) { return tiles_device_get(out, index); });
        break;
    }
    case 2:
    case 3: {
        const std::string wanted = selector(in);
        const char* passed = in.one_in(32) ? nullptr : wanted.c_str();
        make(h.devices, [&](tiles_device** out) { return tiles_device_select(out, passed); });
        break;
    }
    case 4:
        if (in.one_in(2)) {
            make(h.devices, [](tiles_device** out) { return tiles_device_default(out); });
        } else {
            const char* reason = "untouched";
            if (query(reason, [](const char** out) { return tiles_device_default_reason(out); }) == TILES_SUCCESS)
                read_string(reason);
        }
        break;
    case 5:
        device_info(h, in);
        break;
    default: {
        const tiles_context* context = pick(h.contexts, in);
        make(h.devices, [&](tiles_device** out) { return tiles_context_get_device(out, context); });
        break;
    }
    }
}

void checked_operation(handles& h, input& in) {
    switch (in.below(8)) {
    case 0:
        if (!h.made_checked) {
            h.made_checked = true;
            const int strict = in.one_in(8) ? in.value<int>() : int(in.below(2));
            make(h.contexts, [&](tiles_context** out) { return tiles_context_create_checked(out, strict); });
        }
        break;
    case 1:
        make(h.kernels, [](tiles_kernel** out) { return tiles_kernel_create(out, racy_source, "racy", nullptr); });
        break;
    case 2: {
        int is_checked = 7;
        const tiles_context* context = pick(h.contexts, in);
        query(is_checked, [&](int* out) { return tiles_context_is_checked(out, context); });
        break;
    }
    case 3: {
        const tiles_context* context = pick(h.contexts, in);
        make(h.reports, [&](tiles_report** out) { return tiles_context_get_report(out, context); });
        break;
    }
    case 4:
        checked(tiles_context_clear_report(pick(h.contexts, in)));
        break;
    case 5: {
        std::size_t count = 7;
        const tiles_report* report = pick(h.reports, in);
        query(count, [&](std::size_t* out) { return tiles_report_count(out, report); });
        break;
    }
    case 6:
        diagnostic(h, in);
        break;
    default:
        checked(in.one_in(2) ? tiles_report_retain(pick(h.reports, in)) : tiles_report_release(pick(h.reports, in)));
        break;
    }
}

} // namespace fuzz
