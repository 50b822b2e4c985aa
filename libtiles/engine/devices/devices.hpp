// libtiles engine: the OpenCL devices libtiles sees, enumerated once, C++ AMP's CPU accelerator,
// and the default device (TILES_DEVICE, else a GPU, else the first device).
#pragma once

#include <memory>
#include <string>
#include <vector>

#include "devices/device_info.hpp"

namespace tiles::engine {

// Every OpenCL device of every platform, in platform then device order; runtime_exception with
// CL_DEVICE_NOT_FOUND, saying what to install or why drivers listed none, where there is none.
const std::vector<std::shared_ptr<const device_info>>& all_devices();

// "\n  P:D  name (platform)" for each device, for messages that list them.
std::string device_list();

// C++ AMP's CPU accelerator: the host, where staging arrays live; no OpenCL device, no kernels.
const std::shared_ptr<const device_info>& host_device();

// Reads what libtiles needs of a device it did not enumerate (an adopted queue's, Oclgrind's).
std::shared_ptr<const device_info> describe_device(const cl::Platform& platform, const cl::Device& device);

// The device a TILES_DEVICE-style selector names: "gpu", "cpu", "accelerator", "P:D", or a
// case-insensitive part of "platform name device name"; invalid_argument listing the devices if
// none does. `variable` names the environment variable the selector came from, if it came from one.
std::shared_ptr<const device_info> select_device(const std::string& selector, const std::string& variable = "");

// The default device and one sentence saying why it is the one, fixed by its first use or by
// set_default_device, whichever comes first.
struct default_choice {
    std::shared_ptr<const device_info> device;
    std::string reason;
};
default_choice default_device();

// Makes `device` the default and returns true; returns false, changing nothing, once the default
// has been used or set. invalid_argument for the CPU accelerator, which runs no kernels.
bool set_default_device(const std::shared_ptr<const device_info>& device);

} // namespace tiles::engine
