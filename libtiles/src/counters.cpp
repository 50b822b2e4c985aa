// libtiles: transfer counters, kept per accelerator view and for the whole process.
#include "context_state.hpp"
#include "device_info.hpp"
#include "log.hpp"

namespace tiles::detail {
namespace {
context_state::atomic_counters& totals() {
    static context_state::atomic_counters counters;
    return counters;
}

void add(std::atomic<std::uint64_t> context_state::atomic_counters::*counter, context_state::atomic_counters& mine,
         std::uint64_t amount) {
    (mine.*counter) += amount;
    (totals().*counter) += amount;
}
} // namespace

transfer_counters context_state::atomic_counters::read() const {
    return {uploads,       downloads,  bytes_uploaded, bytes_downloaded, device_copies, bytes_copied_on_device,
            kernel_builds, cache_hits, launches,       binary_loads};
}

void context_state::atomic_counters::reset() {
    for (auto* counter : {&uploads, &downloads, &bytes_uploaded, &bytes_downloaded, &device_copies,
                          &bytes_copied_on_device, &kernel_builds, &cache_hits, &launches, &binary_loads})
        *counter = 0;
}

namespace {
// Transfers are counted as they are enqueued, which is where the log's debug level names them.
void log_transfer(const char* what, std::uint64_t bytes, const device_info& device) {
    if (logging(log_level::debug))
        log(log_level::debug, std::string(what) + " of " + std::to_string(bytes) + " bytes on '" + device.name + "'");
}

} // namespace

void context_state::count_upload(std::uint64_t bytes) {
    add(&atomic_counters::uploads, count_, 1);
    add(&atomic_counters::bytes_uploaded, count_, bytes);
    log_transfer("upload", bytes, *device_);
}

void context_state::count_download(std::uint64_t bytes) {
    add(&atomic_counters::downloads, count_, 1);
    add(&atomic_counters::bytes_downloaded, count_, bytes);
    log_transfer("download", bytes, *device_);
}

void context_state::count_device_copy(std::uint64_t bytes) {
    add(&atomic_counters::device_copies, count_, 1);
    add(&atomic_counters::bytes_copied_on_device, count_, bytes);
    log_transfer("copy on the device", bytes, *device_);
}

void context_state::count_build() { add(&atomic_counters::kernel_builds, count_, 1); }
void context_state::count_binary_load() { add(&atomic_counters::binary_loads, count_, 1); }
void context_state::count_cache_hit() { add(&atomic_counters::cache_hits, count_, 1); }
void context_state::count_launch() { add(&atomic_counters::launches, count_, 1); }

} // namespace tiles::detail

namespace tiles {
transfer_counters total_counters() { return detail::totals().read(); }
void reset_total_counters() { detail::totals().reset(); }
} // namespace tiles
