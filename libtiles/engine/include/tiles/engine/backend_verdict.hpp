// libtiles engine: what each backend beside the engine (libtiles/backends/) found on a device, and
// what it refuses there. tiles-info prints it; code asks backend_verdicts.
#pragma once

#include <string>
#include <vector>

namespace tiles::engine {

struct device_info;

// One backend's verdict on one device.
struct backend_verdict {
    std::string backend;              // its name: "cuda"
    bool serves = false;              // whether it provides anything on the device
    std::vector<std::string> probed;  // what it found, one fact a line: "libcuda.so.1 loaded"
    std::vector<std::string> refused; // what it will not do there, each with why
};

// Each linked backend's verdict on `device`, in the order they were linked; empty where the build
// links none. A backend asks its driver only on devices that may be its own.
std::vector<backend_verdict> backend_verdicts(const device_info& device);

} // namespace tiles::engine
