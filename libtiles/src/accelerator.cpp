// libtiles: the accelerator and accelerator_view classes, handles to the engine's devices and
// contexts, and C++ AMP's device paths (wide strings, "default", the CPU accelerator, Direct3D's).
#include "tiles/accelerator.hpp"

#include <cstdint>

#include "checked/checked.hpp"
#include "context/context.hpp"
#include "devices/devices.hpp"
#include "tiles/exceptions.hpp"

namespace tiles::detail {
namespace {

// UTF-8 and wchar_t strings (UTF-32 here), for AMP's wide device paths and descriptions.
std::string narrow(const std::wstring& wide) {
    std::string utf8;
    for (const wchar_t w : wide) {
        const auto c = static_cast<std::uint32_t>(w);
        const int continuation = c < 0x80 ? 0 : c < 0x800 ? 1 : c < 0x10000 ? 2 : 3;
        static const unsigned char lead[] = {0x00, 0xC0, 0xE0, 0xF0};
        utf8 += char(lead[continuation] | (c >> (6 * continuation)));
        for (int i = continuation - 1; i >= 0; --i) utf8 += char(0x80 | ((c >> (6 * i)) & 0x3F));
    }
    return utf8;
}

std::wstring widen(const std::string& utf8) {
    std::wstring wide;
    for (std::size_t i = 0; i < utf8.size();) {
        const auto byte = static_cast<unsigned char>(utf8[i]);
        const int continuation = byte < 0x80 ? 0 : byte >= 0xF0 ? 3 : byte >= 0xE0 ? 2 : byte >= 0xC0 ? 1 : -1;
        std::uint32_t c = continuation <= 0 ? byte : byte & (0x3F >> continuation);
        bool valid = continuation >= 0 && i + std::size_t(continuation) < utf8.size();
        for (int k = 1; valid && k <= continuation; ++k) {
            const auto next = static_cast<unsigned char>(utf8[i + std::size_t(k)]);
            valid = (next & 0xC0) == 0x80;
            c = c << 6 | (next & 0x3F);
        }
        wide += valid ? wchar_t(c) : L'\uFFFD'; // bytes that are not UTF-8 become the replacement character
        i += valid ? std::size_t(continuation) + 1 : 1;
    }
    return wide;
}

// C++ AMP's Direct3D devices as OpenCL has them. WARP, Direct3D's rasterizer on the CPU, is the
// first OpenCL CPU device; REF, its reference device for debugging, is checked mode's Oclgrind
// simulator, else (Oclgrind missing) the first CPU device. All are emulated, as AMP's are.
std::shared_ptr<const engine::device_info> direct3d_device(const std::string& path) {
    const bool ref = path == "direct3d\\ref";
    std::string what = "'" + path + "' is C++ AMP's WARP device: an OpenCL CPU device in libtiles";
    if (ref) {
        try {
            return engine::simulator_device();
        } catch (const unsupported_feature& e) {
            what = "'" + path +
                   "' is C++ AMP's reference device: the Oclgrind simulator in libtiles, which could not be "
                   "loaded (" +
                   e.what() + "), else an OpenCL CPU device";
        }
    }
    for (const auto& device : engine::all_devices())
        if (device->is_cpu()) return device;
    throw invalid_argument(what + ", of which there is none; the devices are:" + engine::device_list());
}

// The device an AMP device path or a TILES_DEVICE-style selector names; `amp_cpu`: "cpu" is AMP's
// CPU accelerator (wide paths), not a selector of an OpenCL CPU device (narrow ones).
std::shared_ptr<const engine::device_info> device_at(const std::string& path, bool amp_cpu) {
    if (path == "default") return engine::default_accelerator().device;
    if (amp_cpu && path == "cpu") return engine::host_device();
    if (path == "direct3d\\warp" || path == "direct3d\\ref") return direct3d_device(path);
    return engine::select_device(path);
}

} // namespace
} // namespace tiles::detail

namespace tiles {

accelerator::accelerator() : info_(engine::default_accelerator().device) {}
accelerator::accelerator(const std::string& selector) : info_(detail::device_at(selector, false)) {}
accelerator::accelerator(const std::wstring& path) : info_(detail::device_at(detail::narrow(path), true)) {}
accelerator::accelerator(std::shared_ptr<const engine::device_info> info) : info_(std::move(info)) {}

// set_default("default") keeps the default device: the simulator, which TILES_CHECKED makes the
// default accelerator, is never the default device.
bool accelerator::set_default(const std::wstring& path) {
    const std::string narrow = detail::narrow(path);
    return engine::set_default_device(narrow == "default" ? engine::default_device().device
                                                          : detail::device_at(narrow, true));
}
bool accelerator::set_default(const std::string& path) {
    return engine::set_default_device(path == "default" ? engine::default_device().device
                                                        : detail::device_at(path, false));
}

std::vector<accelerator> accelerator::get_all() {
    std::vector<accelerator> all;
    for (const auto& d : engine::all_devices()) all.push_back(accelerator(d));
    return all;
}

std::string accelerator::default_reason() { return engine::default_accelerator().reason; }

const std::string& accelerator::name() const { return info_->name; }
const std::string& accelerator::vendor() const { return info_->vendor; }
const std::string& accelerator::platform_name() const { return info_->platform_name; }
const std::string& accelerator::driver_version() const { return info_->driver_version; }
const std::string& accelerator::device_version() const { return info_->device_version; }
bool accelerator::is_gpu() const { return info_->is_gpu(); }
bool accelerator::is_cpu() const { return info_->is_cpu(); }
int accelerator::platform_index() const { return info_->platform_index; }
int accelerator::device_index() const { return info_->device_index; }
std::size_t accelerator::max_tile_size() const { return info_->max_work_group_size; }
std::array<std::size_t, 3> accelerator::max_tile_extent() const {
    const auto& cl_order = info_->max_work_item_sizes;
    return {cl_order[2], cl_order[1], cl_order[0]};
}
std::size_t accelerator::tile_static_memory() const { return info_->local_mem_size; }
std::uint64_t accelerator::dedicated_memory() const { return info_->global_mem_size; }
std::uint64_t accelerator::max_allocation() const { return info_->max_mem_alloc_size; }
bool accelerator::supports_double_precision() const { return info_->fp64; }

const std::string& accelerator::device_path() const { return info_->path; }
std::wstring accelerator::get_device_path() const { return detail::widen(info_->path); }
std::wstring accelerator::get_description() const { return detail::widen(info_->name); }
unsigned int accelerator::get_version() const { return info_->version; }
std::size_t accelerator::get_dedicated_memory() const { return std::size_t(info_->global_mem_size / 1024); }
bool accelerator::get_is_debug() const { return info_->simulator; }
bool accelerator::get_is_emulated() const { return info_->host || info_->simulator || info_->is_cpu(); }
bool accelerator::get_has_display() const { return info_->has_display; }
bool accelerator::get_supports_double_precision() const { return info_->fp64; }
bool accelerator::get_supports_limited_double_precision() const { return info_->fp64; }
bool accelerator::get_supports_cpu_shared_memory() const { return info_->host_unified_memory; }
access_type accelerator::get_default_cpu_access_type() const {
    return get_supports_cpu_shared_memory() ? access_type_read_write : access_type_none;
}

access_type detail::cpu_access_for(const accelerator& device, access_type asked) {
    static const char* const names[] = {"access_type_none", "access_type_read", "access_type_write",
                                        "access_type_read_write"};
    if (asked == access_type_auto) return device.get_default_cpu_access_type();
    if (asked < access_type_none || asked > access_type_read_write)
        throw invalid_argument("an array's CPU access type is one of access_type_none, _read, _write, _read_write "
                               "and _auto, not " +
                               std::to_string(int(asked)));
    if (asked != access_type_none && !device.get_supports_cpu_shared_memory())
        throw runtime_exception("an array with CPU access " + std::string(names[asked]) +
                                " needs memory the CPU shares with '" + device.name() +
                                "', which it has not (supports_cpu_shared_memory is false), as in C++ AMP: leave "
                                "the access type out or pass access_type_auto; libtiles brings an array's elements "
                                "to the host through copies either way");
    return asked;
}

accelerator_view accelerator::get_default_view() const { return accelerator_view(engine::default_context_of(info_)); }

accelerator_view accelerator::create_view(queuing_mode mode) const {
    return accelerator_view(engine::new_context(info_, mode == queuing_mode_immediate));
}

accelerator_view accelerator::get_auto_selection_view() {
    accelerator_view view(engine::default_context());
    view.auto_selection_ = true;
    return view;
}

bool operator==(const accelerator& a, const accelerator& b) { return a.info_->device() == b.info_->device(); }

accelerator_view::accelerator_view(std::shared_ptr<engine::context> context) : context_(std::move(context)) {}

accelerator accelerator_view::get_accelerator() const { return accelerator(context_->device()); }

void accelerator_view::wait() const { context_->wait(); }
void accelerator_view::flush() const { context_->flush(); }
completion_future accelerator_view::create_marker() const { return context_->create_marker(); }
queuing_mode accelerator_view::get_queuing_mode() const {
    return context_->immediate() ? queuing_mode_immediate : queuing_mode_automatic;
}
bool accelerator_view::get_is_debug() const { return context_->checked != nullptr; }
unsigned int accelerator_view::get_version() const { return context_->device()->version; }

transfer_counters accelerator_view::counters() const { return context_->counters(); }
void accelerator_view::reset_counters() const { context_->reset_counters(); }
std::uint64_t accelerator_view::pooled_bytes() const { return context_->pool().held(); }
std::uint64_t accelerator_view::pool_limit() const { return context_->pool().limit(); }
void accelerator_view::set_pool_limit(std::uint64_t bytes) const { context_->pool().set_limit(bytes); }
void accelerator_view::free_pool() const { context_->pool().free_all(); }

} // namespace tiles
