// Which row of the parameter tables a device runs on, for devices described here as their drivers
// describe them: every NVIDIA GPU of compute capability 9.x (an H100, a GH200, an H20) takes the
// row measured on the H200, whatever its name; NVIDIA's Ampere and Ada GPUs the nearest row;
// another vendor's GPU the generic row, and the log says so once a device and names tiles-tune; a
// CPU the CPUs' row. TILES_CHECKED_AS's names map to the same rows.
#include <atomic>
#include <memory>
#include <string>
#include <thread>
#include <vector>

#include "../libtiles/algorithms/src/catalog.hpp"
#include "devices/device_info.hpp"
#include "fixture.hpp"
#include "parameters/staging_parameters.hpp"
#include "scoped_log.hpp"

namespace {

using tiles::algorithms::parameter_set;
using tiles::algorithms::parameter_sets;
using tiles::engine::device_info;

// A device as read_device describes one: what its driver reports, no OpenCL device behind it.
std::unique_ptr<device_info> described(const char* name, const char* vendor, cl_device_type type,
                                       int compute_capability, std::size_t local_bytes) {
    auto device = std::make_unique<device_info>();
    device->name = name;
    device->vendor = vendor;
    device->driver_version = "1.0";
    device->type = type;
    device->compute_capability = compute_capability;
    device->local_mem_size = local_bytes;
    device->max_work_group_size = type == CL_DEVICE_TYPE_CPU ? 4096 : 1024;
    device->max_work_item_sizes = {device->max_work_group_size, device->max_work_group_size, 64};
    return device;
}

constexpr const char* nvidia = "NVIDIA Corporation";
std::unique_ptr<device_info> h100() {
    return described("NVIDIA H100 80GB HBM3", nvidia, CL_DEVICE_TYPE_GPU, 90, 49152);
}
std::unique_ptr<device_info> h200() { return described("NVIDIA H200", nvidia, CL_DEVICE_TYPE_GPU, 90, 49152); }
std::unique_ptr<device_info> gh200() { return described("NVIDIA GH200 480GB", nvidia, CL_DEVICE_TYPE_GPU, 90, 49152); }
std::unique_ptr<device_info> h20() { return described("NVIDIA H20", nvidia, CL_DEVICE_TYPE_GPU, 90, 49152); }
std::unique_ptr<device_info> a100() {
    return described("NVIDIA A100-SXM4-80GB", nvidia, CL_DEVICE_TYPE_GPU, 80, 49152);
}
std::unique_ptr<device_info> rtx4090() {
    return described("NVIDIA GeForce RTX 4090", nvidia, CL_DEVICE_TYPE_GPU, 89, 49152);
}
std::unique_ptr<device_info> amd_gpu() {
    return described("gfx90a:sramecc+:xnack-", "Advanced Micro Devices, Inc.", CL_DEVICE_TYPE_GPU, 0, 65536);
}
std::unique_ptr<device_info> pocl_cpu() {
    return described("cpu-skylake-avx512-AMD EPYC", "AuthenticAMD", CL_DEVICE_TYPE_CPU, 0, 4 << 20);
}

// gemm_float's values in each row, as BENCHMARKS.md gives them: the H200's best of its sweep, the
// generic row's 64 x 64 tiles of C, and PoCL's CPUs'.
const std::vector<int> hopper_gemm_float{16, 16, 8, 8, 4, 8};
const std::vector<int> generic_gemm_float{16, 16, 4, 4, 4, 16};
const std::vector<int> cpu_gemm_float{8, 4, 4, 16, 8, 16};

const parameter_set& gemm_float() { return *tiles::algorithms::find_set("gemm_float"); }

// The messages logged at info level while it lives.
struct captured_log {
    std::vector<std::string> messages;
    scoped_log log{tiles::log_level::info,
                   [this](tiles::log_level, const std::string& message) { messages.push_back(message); }};
};

// Every set's values on `device`, as the table ships them.
std::vector<std::vector<int>> every_set(const device_info& device) {
    std::vector<std::vector<int>> values;
    for (const parameter_set& set : parameter_sets()) values.push_back(set.shipped(device));
    return values;
}

// Every set's values for the device TILES_CHECKED_AS names.
std::vector<std::vector<int>> every_set_named(const char* name) {
    std::vector<std::vector<int>> values;
    for (const parameter_set& set : parameter_sets()) {
        const auto named = set.shipped_for(name);
        REQUIRE(named);
        values.push_back(*named);
    }
    return values;
}

} // namespace

TEST_CASE("every Hopper GPU runs on the row measured on the H200, whatever its name", "[parameters]") {
    for (const auto& device : {h100(), h200(), gh200(), h20()}) {
        INFO(device->name);
        CHECK(gemm_float().shipped(*device) == hopper_gemm_float);
        CHECK(every_set(*device) == every_set(*h200()));
        for (const parameter_set& set : parameter_sets()) CHECK(set.measured_for(*device));
        CHECK(tiles::engine::staging_set().shipped(*device)[0] == 4096); // staged from 4 MiB on
    }
}

TEST_CASE("NVIDIA's Ampere and Ada GPUs run on the nearest row, and the log says so once", "[parameters]") {
    const captured_log log;
    for (const auto& device : {a100(), rtx4090()}) {
        INFO(device->name);
        CHECK(gemm_float().shipped(*device) == hopper_gemm_float);
        CHECK(every_set(*device) == every_set(*h200()));
    }
    const auto notes_of = [&](const std::string& device) {
        std::vector<std::string> notes;
        for (const std::string& message : log.messages)
            if (message.rfind("'" + device + "' runs gemm_float ", 0) == 0) notes.push_back(message);
        return notes;
    };
    const std::vector<std::string> notes = notes_of("NVIDIA A100-SXM4-80GB");
    REQUIRE(notes.size() == 1); // once per device and set, though asked twice
    CHECK_THAT(notes[0], Catch::Contains("NVIDIA GPUs of compute capability 9.x") &&
                             Catch::Contains("its compute capability 8.0") &&
                             Catch::Contains("tiles-tune --only gemm_float"));
    CHECK(notes_of("NVIDIA GeForce RTX 4090").size() == 1);
}

TEST_CASE("each device says its row once, though another device of its model said it", "[parameters]") {
    const captured_log log;
    const auto first = a100(), second = a100();
    for (int asked = 0; asked < 2; ++asked)
        for (const device_info* device : {first.get(), second.get()}) gemm_float().shipped(*device);
    int notes = 0;
    for (const std::string& message : log.messages)
        if (message.rfind("'NVIDIA A100-SXM4-80GB' runs gemm_float ", 0) == 0) ++notes;
    CHECK(notes == 2);
}

TEST_CASE("a device says a thing for the first time once, whichever of several threads asks", "[parameters]") {
    const auto device = a100(), other = a100();
    std::atomic<int> first_times{0};
    std::vector<std::thread> threads;
    for (int t = 0; t < 8; ++t) threads.emplace_back([&] { first_times += device->said_first_time("a note") ? 1 : 0; });
    for (std::thread& thread : threads) thread.join();
    CHECK(first_times == 1);
    CHECK_FALSE(device->said_first_time("a note"));
    CHECK(device->said_first_time("another note"));
    CHECK(other->said_first_time("a note"));
}

TEST_CASE("another vendor's GPU runs on the generic row, and the log names tiles-tune", "[parameters]") {
    const captured_log log;
    const auto device = amd_gpu();
    CHECK(gemm_float().shipped(*device) == generic_gemm_float);
    CHECK(every_set(*device) == every_set_named("gpu"));
    for (const parameter_set& set : parameter_sets()) {
        INFO(set.name);
        CHECK_FALSE(set.measured_for(*device));
        const std::string note =
            "'gfx90a:sramecc+:xnack-' runs " + std::string(set.name) + " with the table's generic values";
        int notes = 0;
        for (const std::string& message : log.messages)
            if (message.rfind(note, 0) == 0 &&
                message.find("tiles-tune --only " + std::string(set.name)) != std::string::npos)
                ++notes;
        CHECK(notes == 1);
    }
}

TEST_CASE("a CPU runs on the CPUs' row, and a Hopper GPU logs no note", "[parameters]") {
    const captured_log log;
    CHECK(gemm_float().shipped(*pocl_cpu()) == cpu_gemm_float);
    CHECK(every_set(*pocl_cpu()) == every_set_named("cpu"));
    CHECK(tiles::engine::staging_set().shipped(*pocl_cpu())[0] == 0); // nothing is staged
    every_set(*h100());
    CHECK(log.messages.empty());
}

TEST_CASE("TILES_CHECKED_AS names a Hopper GPU by any of its names, and refuses unknown ones", "[parameters]") {
    for (const char* name : {"H200", "H100", "NVIDIA H100 80GB HBM3", "GH200", "H20"}) {
        INFO(name);
        CHECK(every_set_named(name) == every_set(*h100()));
        CHECK(*gemm_float().shipped_for(name) == hopper_gemm_float);
    }
    CHECK(*gemm_float().shipped_for("gpu") == generic_gemm_float);
    CHECK(*gemm_float().shipped_for("cpu") == cpu_gemm_float);
    for (const char* unknown : {"Radeon", "GPU", ""}) CHECK_FALSE(gemm_float().shipped_for(unknown));
}

// On the device the tests run on, as its driver describes it: NVIDIA's Hopper GPUs (an H100 as
// much as an H200) take Hopper's gemm values, CPUs the CPUs'.
TEST_CASE("the device in use runs on the row of its class", "[parameters]") {
    const tiles::accelerator accelerator;
    const device_info& device = accelerator.info();
    INFO(device.name << ", compute capability " << device.compute_capability);
    const bool cpu = device.is_cpu();
    if (cpu)
        CHECK(gemm_float().shipped(device) == cpu_gemm_float);
    else if (device.compute_capability / 10 == 9)
        CHECK(gemm_float().shipped(device) == hopper_gemm_float);
    // Only a GPU of no vendor a row names (no compute capability) starts from the generic row.
    CHECK(gemm_float().measured_for(device) == (cpu || device.compute_capability != 0));
}
