// libtiles: what accelerator views move and do, counted per view and for the whole process, so
// that tests and programs can prove the number of transfers is the least there can be.
#pragma once

#include <cstdint>

namespace tiles {

// What an accelerator view (or the whole process) has moved and done since its counters were
// last reset. Each transfer is one rectangle: a section moves as one, however many rows it has.
struct transfer_counters {
    std::uint64_t uploads = 0;   // host -> device transfers
    std::uint64_t downloads = 0; // device -> host transfers
    // The bytes of those uploads and downloads.
    std::uint64_t bytes_uploaded = 0;
    std::uint64_t bytes_downloaded = 0;
    std::uint64_t device_copies = 0; // copies within one device (sections, array copies)
    // The bytes of those copies.
    std::uint64_t bytes_copied_on_device = 0;
    std::uint64_t kernel_builds = 0; // programs compiled from source
    std::uint64_t cache_hits = 0;    // launches that found their kernel already built
    // Kernels launched.
    std::uint64_t launches = 0;
    std::uint64_t binary_loads = 0; // programs loaded from the disk cache instead
    // Uploads and downloads (counted there too) that went through the view's pinned staging
    // buffers: copies of the device's staging threshold or more from or to host memory that
    // libtiles did not pin.
    std::uint64_t staged_transfers = 0;
    std::uint64_t bytes_staged = 0;
    // Device buffers made for data, and those taken instead from the pool of buffers that data
    // released on the view (of the same size): what shows that a loop allocates once.
    std::uint64_t buffers_allocated = 0;
    std::uint64_t buffers_reused = 0;
};

// The counters of every accelerator view of the process together, and their reset.
transfer_counters total_counters();
void reset_total_counters();

} // namespace tiles
