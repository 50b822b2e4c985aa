// libtiles: what libtiles knows of one OpenCL device, read once when devices are enumerated.
#pragma once

#include <array>
#include <atomic>
#include <cstdint>
#include <map>
#include <mutex>
#include <set>
#include <string>
#include <utility>

#include "base/opencl.hpp"

namespace tiles::engine {

struct device_info {
    cl::Platform platform;
    cl::Device device;
    int platform_index = 0;
    int device_index = 0;
    std::string name;
    std::string vendor;
    std::string platform_name;
    std::string driver_version;
    std::string device_version;
    std::string path; // C++ AMP's device path: "P:D", "cpu" for the CPU accelerator, "" if not enumerated
    cl_device_type type = 0;
    std::string extensions; // CL_DEVICE_EXTENSIONS, space-separated
    std::string il_version; // CL_DEVICE_IL_VERSION ("SPIR-V_1.2"); "" before OpenCL 2.1 and cl_khr_il_program
    int address_bits = 64;  // CL_DEVICE_ADDRESS_BITS
    // NVIDIA's compute capability, major * 10 + minor (cl_nv_device_attribute_query): 90 on an
    // H100, H200, GH200 or H20; 0 for other vendors' devices.
    int compute_capability = 0;
    int compute_units = 1; // CL_DEVICE_MAX_COMPUTE_UNITS: 132 on an H100 SXM, the cores on PoCL
    std::size_t max_work_group_size = 0;
    std::array<std::size_t, 3> max_work_item_sizes{}; // OpenCL order: dimension 0 fastest
    std::size_t local_mem_size = 0;
    std::uint64_t global_mem_size = 0;
    std::uint64_t max_mem_alloc_size = 0;
    // CL_DEVICE_GLOBAL_MEM_CACHE_SIZE: PoCL gives a CPU's L3; NVIDIA 4 MiB on the H200, whose L2 is 50 MiB.
    std::uint64_t global_mem_cache_size = 0;
    bool fp64 = false;
    unsigned int version = 0;         // CL_DEVICE_VERSION's "OpenCL major.minor", major << 16 | minor
    bool host_unified_memory = false; // CL_DEVICE_HOST_UNIFIED_MEMORY
    bool has_display = false;         // a display's watchdog limits kernels' run time (NVIDIA tells)
    bool simulator = false;           // Oclgrind's simulated device (checked contexts)
    // The prelude's fast paths for tile collectives that launches on this device turn on: inline
    // PTX shfl.sync (NVIDIA, compute capability 7.0 on, warps of 32) and cl_khr_subgroups.
    bool ptx_shuffles = false;
    bool sub_groups = false;
    // The tensor cores gemm_mma.cl reaches through inline PTX: NVIDIA's, compute capability 8.0 on.
    bool ptx_tensor_cores = false;
    bool host = false; // C++ AMP's CPU accelerator: no OpenCL device, data only
    // What libtiles' own buffers hold of global_mem_size now (see memory_reservation).
    mutable std::atomic<std::uint64_t> bytes_held{0};
    // What building optional programs here found (build_optional, tiles/engine/launch.hpp): for each
    // program text and build options tried, why it does not build, "" where it does. Kept with the
    // device, not a context, so that each is tried once a description of a device, on whichever
    // context asks first (the contexts libtiles makes for a listed device share one).
    struct tried_programs {
        std::mutex mutex;
        std::map<std::pair<std::string, std::string>, std::string> refusals;
    };
    mutable tried_programs tried;
    // What has been said of this device once (said_first_time): the key of each thing said. Kept
    // with the description, as `tried` is, for the log's notes that would repeat at every call.
    struct said_once {
        std::mutex mutex;
        std::set<std::string> keys;
    };
    mutable said_once said;

    // Whether the device is of CL_DEVICE_TYPE_CPU (PoCL's, Oclgrind's), or of CL_DEVICE_TYPE_GPU.
    bool is_cpu() const { return (type & CL_DEVICE_TYPE_CPU) != 0; }
    bool is_gpu() const { return (type & CL_DEVICE_TYPE_GPU) != 0; }
    // Whether `extensions` names `extension` exactly.
    bool has_extension(const std::string& extension) const;
    // Whether this call is the first on this description of the device to say what `key` names:
    // true once a key, false at every later call, from any thread. For a note that is worth saying
    // once a device (why a kernel runs in place of another, which parameter row the device takes).
    bool said_first_time(const std::string& key) const;
};

} // namespace tiles::engine
