// libtiles C API: devices and contexts (accelerators and accelerator views).
#include "capi_internal.hpp"

#include <cstddef>
#include <string>
#include <vector>

using namespace tiles::capi;

namespace {
tiles::accelerator device_or_default(const tiles_device* device) {
    return device == nullptr ? tiles::accelerator() : live(device, "device").accelerator;
}

std::vector<const char*> c_strings(const std::vector<std::string>& lines) {
    std::vector<const char*> strings;
    for (const std::string& line : lines) strings.push_back(line.c_str());
    return strings;
}
} // namespace

namespace tiles::capi {

const device_verdicts& device_object::verdicts() const {
    std::call_once(verdicts_asked_, [this] {
        verdicts_.verdicts = tiles::engine::backend_verdicts(accelerator.info());
        for (const tiles::engine::backend_verdict& verdict : verdicts_.verdicts) {
            verdicts_.probed.push_back(c_strings(verdict.probed));
            verdicts_.refused.push_back(c_strings(verdict.refused));
        }
    });
    return verdicts_;
}

} // namespace tiles::capi

extern "C" {

tiles_status tiles_device_count(size_t* out) {
    return guard([&] {
        check_out(out);
        *out = tiles::accelerator::get_all().size();
    });
}

tiles_status tiles_device_get(tiles_device** out, size_t index) {
    return guard([&] {
        check_out(out);
        const auto all = tiles::accelerator::get_all();
        if (index >= all.size())
            throw tiles::invalid_argument("there is no device " + std::to_string(index) + ": there are " +
                                          std::to_string(all.size()));
        *out = make_handle<tiles_device>(all[index]);
    });
}

tiles_status tiles_device_default(tiles_device** out) {
    return guard([&] {
        check_out(out);
        *out = make_handle<tiles_device>(tiles::accelerator());
    });
}

tiles_status tiles_device_default_reason(const char** out) {
    return guard([&] {
        check_out(out);
        static const tiles::engine::immortal<std::string> reason(tiles::accelerator::default_reason());
        *out = reason->c_str();
    });
}

tiles_status tiles_device_select(tiles_device** out, const char* selector) {
    return guard([&] {
        check_out(out);
        if (selector == nullptr) throw tiles::invalid_argument("the device selector is NULL");
        *out = make_handle<tiles_device>(tiles::accelerator(selector));
    });
}

tiles_status tiles_device_get_info(tiles_device_info* out, const tiles_device* device) {
    return guard([&] {
        const tiles::accelerator& a = live(device, "device").accelerator;
        tiles_device_info info = TILES_DEVICE_INFO_INIT;
        info.name = a.name().c_str();
        info.vendor = a.vendor().c_str();
        info.platform_name = a.platform_name().c_str();
        info.driver_version = a.driver_version().c_str();
        info.device_version = a.device_version().c_str();
        info.is_gpu = a.is_gpu();
        info.is_cpu = a.is_cpu();
        info.platform_index = a.platform_index();
        info.device_index = a.device_index();
        info.max_tile_size = a.max_tile_size();
        const auto tile = a.max_tile_extent();
        for (int d = 0; d < 3; ++d) info.max_tile_extent[d] = tile[d];
        info.tile_static_memory = a.tile_static_memory();
        info.global_memory = a.dedicated_memory();
        info.max_allocation = a.max_allocation();
        info.supports_fp64 = a.supports_double_precision();
        info.device_path = a.device_path().c_str();
        info.version = a.get_version();
        info.is_debug = a.get_is_debug();
        info.is_emulated = a.get_is_emulated();
        info.has_display = a.get_has_display();
        info.supports_limited_fp64 = a.get_supports_limited_double_precision();
        info.supports_cpu_shared_memory = a.get_supports_cpu_shared_memory();
        // libtiles 0.3's struct ended at supports_fp64.
        write_struct(out, info, "tiles_device_info");
    });
}

tiles_status tiles_device_backend_count(size_t* out, const tiles_device* device) {
    return guard([&] {
        const device_object& d = live(device, "device");
        check_out(out);
        *out = d.verdicts().verdicts.size();
    });
}

tiles_status tiles_device_backend_verdict(tiles_backend_verdict* out, const tiles_device* device, size_t index) {
    return guard([&] {
        const device_verdicts& all = live(device, "device").verdicts();
        check_struct(out, "tiles_backend_verdict");
        if (index >= all.verdicts.size())
            throw tiles::invalid_argument("there is no backend " + std::to_string(index) + ": this build links " +
                                          std::to_string(all.verdicts.size()));
        const tiles::engine::backend_verdict& verdict = all.verdicts[index];
        tiles_backend_verdict made = TILES_BACKEND_VERDICT_INIT;
        made.name = verdict.backend.c_str();
        made.serves = verdict.serves ? 1 : 0;
        made.probed_count = verdict.probed.size();
        made.probed = all.probed[index].data();
        made.refused_count = verdict.refused.size();
        made.refused = all.refused[index].data();
        write_struct(out, made, "tiles_backend_verdict");
    });
}

tiles_status tiles_device_set_default(int* out, const char* selector) {
    return guard([&] {
        check_out(out);
        if (selector == nullptr) throw tiles::invalid_argument("the device selector is NULL");
        *out = tiles::accelerator::set_default(std::string(selector)) ? 1 : 0;
    });
}

tiles_status tiles_device_retain(tiles_device* device) { return retain(device, "device"); }
tiles_status tiles_device_release(tiles_device* device) { return release(device, "device"); }

tiles_status tiles_context_create(tiles_context** out, const tiles_device* device) {
    return guard([&] {
        check_out(out);
        *out = make_handle<tiles_context>(device_or_default(device).create_view());
    });
}

tiles_status tiles_context_default(tiles_context** out, const tiles_device* device) {
    return guard([&] {
        check_out(out);
        // Without a device: the context launches without one use (a checked one under TILES_CHECKED).
        *out = make_handle<tiles_context>(device == nullptr ? tiles::accelerator_view(tiles::engine::default_context())
                                                            : live(device, "device").accelerator.get_default_view());
    });
}

tiles_status tiles_context_get_device(tiles_device** out, const tiles_context* context) {
    return guard([&] {
        check_out(out);
        *out = make_handle<tiles_device>(live(context, "context").view.get_accelerator());
    });
}

tiles_status tiles_context_wait(tiles_context* context) {
    return guard([&] { live(context, "context").view.wait(); });
}

tiles_status tiles_context_create_with_queuing_mode(tiles_context** out, const tiles_device* device,
                                                    tiles_queuing_mode mode) {
    return guard([&] {
        check_out(out);
        const int value = as_int(mode);
        if (value != TILES_QUEUING_IMMEDIATE && value != TILES_QUEUING_AUTOMATIC)
            throw tiles::invalid_argument("tiles_queuing_mode " + std::to_string(value) + " is not a queuing mode");
        *out = make_handle<tiles_context>(device_or_default(device).create_view(
            value == TILES_QUEUING_IMMEDIATE ? tiles::queuing_mode_immediate : tiles::queuing_mode_automatic));
    });
}

tiles_status tiles_context_get_queuing_mode(tiles_queuing_mode* out, const tiles_context* context) {
    return guard([&] {
        check_out(out);
        *out = live(context, "context").view.get_queuing_mode() == tiles::queuing_mode_immediate
                   ? TILES_QUEUING_IMMEDIATE
                   : TILES_QUEUING_AUTOMATIC;
    });
}

tiles_status tiles_context_flush(tiles_context* context) {
    return guard([&] { live(context, "context").view.flush(); });
}

tiles_status tiles_context_create_marker(tiles_event** out, tiles_context* context) {
    return guard([&] {
        check_out(out);
        *out = make_handle<tiles_event>(live(context, "context").view.create_marker());
    });
}

tiles_status tiles_context_get_counters(tiles_counters* out, const tiles_context* context) {
    return guard([&] {
        const tiles::transfer_counters c =
            context == nullptr ? tiles::total_counters() : live(context, "context").view.counters();
        write_struct(out,
                     tiles_counters{sizeof(tiles_counters), c.uploads, c.downloads, c.bytes_uploaded,
                                    c.bytes_downloaded, c.device_copies, c.bytes_copied_on_device, c.kernel_builds,
                                    c.cache_hits, c.launches, c.binary_loads, c.staged_transfers, c.bytes_staged,
                                    c.buffers_allocated, c.buffers_reused},
                     "tiles_counters");
    });
}

tiles_status tiles_context_reset_counters(tiles_context* context) {
    return guard(
        [&] { context == nullptr ? tiles::reset_total_counters() : live(context, "context").view.reset_counters(); });
}

tiles_status tiles_context_get_pool(uint64_t* out_bytes, uint64_t* out_limit, const tiles_context* context) {
    return guard([&] {
        const tiles::accelerator_view& view = live(context, "context").view;
        if (out_bytes != nullptr) *out_bytes = view.pooled_bytes();
        if (out_limit != nullptr) *out_limit = view.pool_limit();
    });
}

tiles_status tiles_context_set_pool_limit(tiles_context* context, uint64_t bytes) {
    return guard([&] { live(context, "context").view.set_pool_limit(bytes); });
}

tiles_status tiles_context_free_pool(tiles_context* context) {
    return guard([&] { live(context, "context").view.free_pool(); });
}

tiles_status tiles_context_retain(tiles_context* context) { return retain(context, "context"); }
tiles_status tiles_context_release(tiles_context* context) { return release(context, "context"); }

} // extern "C"
