// Buffers of libtiles' own in memory libcuda allocates (cuda_launch.hpp's buffer_in_cuda_memory),
// on a machine without NVIDIA's driver: the stand-in libcuda.so.1 (libcuda_stand_in.c) allocates
// and says how its memory was released, and this program stands in for what PoCL lacks of
// OpenCL's import (as any program may define a library's functions): its devices'
// cl_khr_external_memory_opaque_fd and cl_khr_device_uuid, with the UUID of libcuda's first GPU,
// a compute capability (cl_nv_device_attribute_query) of 9.0 or what STAND_IN_COMPUTE_CAPABILITY
// says, and clCreateBufferWithProperties, which takes the fd and makes a buffer of the bytes asked
// for with clCreateBuffer, or refuses where STAND_IN_FAIL is "clCreateBufferWithProperties=<the
// OpenCL status>". Data in such a buffer is PoCL's own. test_wide_operands.cpp, in this program too,
// places the wide wgmma gemm's matrices in such buffers.
#include <CL/cl_ext.h>
#include <dlfcn.h>
#include <unistd.h>

#include <catch2/catch.hpp>
#include <cstdlib>
#include <cstring>
#include <filesystem>
#include <iterator>
#include <limits>
#include <string>
#include <thread>
#include <vector>

#include "context/context.hpp"
#include "cuda/cuda_launch.hpp"
#include "fixture.hpp"
#include "libcuda_stand_in.hpp"
#include "memory/buffer_in_place.hpp"
#include "scoped_log.hpp"
#include "tiles/engine/backend_verdict.hpp"
#include "tiles/engine/storage.hpp"

namespace {

// What STAND_IN_FAIL makes clCreateBufferWithProperties return, CL_SUCCESS where it names another step.
cl_int import_refusal() {
    const char* const fail = std::getenv("STAND_IN_FAIL");
    const std::string step = "clCreateBufferWithProperties=";
    return fail != nullptr && std::strncmp(fail, step.c_str(), step.size()) == 0 ? cl_int(std::atoi(fail + step.size()))
                                                                                 : CL_SUCCESS;
}

// The device's compute capability, major * 10 + minor: STAND_IN_COMPUTE_CAPABILITY, else Hopper's.
cl_uint compute_capability() {
    const char* const said = std::getenv("STAND_IN_COMPUTE_CAPABILITY");
    return said != nullptr ? cl_uint(std::atoi(said)) : 90;
}

template <class F> F real(const char* name) { return reinterpret_cast<F>(dlsym(RTLD_NEXT, name)); }

constexpr int two_mib_of_floats = 1 << 19;

// A new storage of `floats` on the context, its values written and read back through its device
// buffer; libcuda's address of that buffer (0 where it is OpenCL's own).
std::uint64_t round_trip(const std::shared_ptr<tiles::engine::context>& context, int floats) {
    using namespace tiles::engine;
    using namespace tiles::cuda;
    const std::shared_ptr<storage> s =
        storage_on_device(tiles::element_layout::of<float>(), dims_of(1, &floats), context);
    std::vector<float> values(static_cast<std::size_t>(floats)), back(values.size());
    for (std::size_t i = 0; i < values.size(); ++i) values[i] = float(i % 1009) - 300.0f;
    copy_in(*s, whole_of(*s), values.data());
    const std::uint64_t address = cuda_address_of(device_buffer(*s, whole_of(*s), context, host_access::read_write));
    copy_out(*s, whole_of(*s), back.data());
    CHECK(back == values);
    return address;
}

// A new storage of `floats` on the context, its values written: its device buffer, never handed
// out, goes to the context's pool with the storage.
void made_and_dropped(const std::shared_ptr<tiles::engine::context>& context, int floats) {
    using namespace tiles::engine;
    using namespace tiles::cuda;
    const std::shared_ptr<storage> s =
        storage_on_device(tiles::element_layout::of<float>(), dims_of(1, &floats), context);
    const std::vector<float> values(static_cast<std::size_t>(floats), 1.5f);
    copy_in(*s, whole_of(*s), values.data());
}

} // namespace

extern "C" {

cl_int clGetDeviceInfo(cl_device_id device, cl_device_info name, size_t size, void* value, size_t* size_ret) {
    static const auto call = real<decltype(&clGetDeviceInfo)>("clGetDeviceInfo");
    if (name == CL_DEVICE_UUID_KHR) {
        if (value != nullptr && size >= CL_UUID_SIZE_KHR) std::memset(value, 0x5a, CL_UUID_SIZE_KHR);
        if (size_ret != nullptr) *size_ret = CL_UUID_SIZE_KHR;
        return value != nullptr && size < CL_UUID_SIZE_KHR ? CL_INVALID_VALUE : CL_SUCCESS;
    }
    // cl_nv_device_attribute_query's answers libtiles asks for (no kernel timeout, no warps of 32).
    if (name == CL_DEVICE_COMPUTE_CAPABILITY_MAJOR_NV || name == CL_DEVICE_COMPUTE_CAPABILITY_MINOR_NV ||
        name == CL_DEVICE_KERNEL_EXEC_TIMEOUT_NV || name == CL_DEVICE_WARP_SIZE_NV) {
        const cl_uint answer = name == CL_DEVICE_COMPUTE_CAPABILITY_MAJOR_NV   ? compute_capability() / 10
                               : name == CL_DEVICE_COMPUTE_CAPABILITY_MINOR_NV ? compute_capability() % 10
                                                                               : 0;
        if (value != nullptr && size >= sizeof answer) std::memcpy(value, &answer, sizeof answer);
        if (size_ret != nullptr) *size_ret = sizeof answer;
        return value != nullptr && size < sizeof answer ? CL_INVALID_VALUE : CL_SUCCESS;
    }
    if (name != CL_DEVICE_EXTENSIONS) return call(device, name, size, value, size_ret);
    std::size_t own = 0;
    if (const cl_int status = call(device, name, 0, nullptr, &own); status != CL_SUCCESS) return status;
    std::string text(own, '\0');
    if (const cl_int status = call(device, name, own, text.data(), nullptr); status != CL_SUCCESS) return status;
    text.resize(std::strlen(text.c_str()));
    text += " cl_khr_external_memory_opaque_fd cl_khr_device_uuid cl_nv_device_attribute_query";
    if (size_ret != nullptr) *size_ret = text.size() + 1;
    if (value == nullptr) return CL_SUCCESS;
    if (size < text.size() + 1) return CL_INVALID_VALUE;
    std::memcpy(value, text.c_str(), text.size() + 1);
    return CL_SUCCESS;
}

cl_mem clCreateBufferWithProperties(cl_context context, const cl_mem_properties* properties, cl_mem_flags flags,
                                    size_t size, void* host, cl_int* status) {
    if (import_refusal() != CL_SUCCESS || properties == nullptr ||
        properties[0] != CL_EXTERNAL_MEMORY_HANDLE_OPAQUE_FD_KHR) {
        *status = import_refusal() != CL_SUCCESS ? import_refusal() : CL_INVALID_PROPERTY;
        return nullptr;
    }
    close(int(properties[1])); // taken, as an import takes it
    return clCreateBuffer(context, flags, size, host, status);
}

} // extern "C"

TEST_CASE("buffers of 2 MiB and more on a context libtiles made are memory libcuda allocates", "[libcuda-memory]") {
    const tiles::accelerator_view view = tiles::accelerator().create_view();
    REQUIRE(tiles::cuda::cuda_launch_missing(*view.context()).empty());
    CHECK(round_trip(view.context(), two_mib_of_floats) == 0x302000000); // the stand-in's address
    CHECK(round_trip(view.context(), 3 * two_mib_of_floats + 5) == 0x302000000);
    // Smaller ones would be rounded up to 2 MiB: OpenCL's own.
    CHECK(round_trip(view.context(), two_mib_of_floats - 1) == 0);
    // A context over the caller's OpenCL context: the caller's memory, never libcuda's.
    cl_int status = CL_SUCCESS;
    const cl::Device device = view.context()->device()->device;
    const cl::Context caller_context(device, nullptr, nullptr, nullptr, &status);
    REQUIRE(status == CL_SUCCESS);
    const cl::CommandQueue caller_queue(caller_context, device, 0, &status);
    REQUIRE(status == CL_SUCCESS);
    const std::shared_ptr<tiles::engine::context> adopted =
        tiles::engine::adopt_context(caller_context(), caller_queue());
    CHECK(round_trip(adopted, two_mib_of_floats) == 0);
}

namespace {
// The CUDA backend's verdict on the view's device, the one backend this build links.
tiles::engine::backend_verdict cuda_verdict(const tiles::accelerator_view& view) {
    const std::vector<tiles::engine::backend_verdict> verdicts =
        tiles::engine::backend_verdicts(*view.context()->device());
    REQUIRE(verdicts.size() == 1);
    REQUIRE(verdicts[0].backend == "cuda");
    return verdicts[0];
}
using lines = std::vector<std::string>;
} // namespace

TEST_CASE("the CUDA backend's verdict on a Hopper GPU says what it probed and refuses nothing", "[libcuda-memory]") {
    const tiles::engine::backend_verdict verdict = cuda_verdict(tiles::accelerator().create_view());
    CHECK(verdict.serves);
    CHECK(verdict.probed == lines{"compute capability 9.0", "libcuda.so.1 loaded", "NVIDIA GPUs on the host: 1"});
    CHECK(verdict.refused.empty());
}

// One step a process: tests/CMakeLists.txt runs this case once for each step, STAND_IN_FAIL naming
// it for the whole process, since a refusal stays for the process.
TEST_CASE("a refused step of memory libcuda allocates leaves the device's buffers OpenCL's own, asked no more",
          "[libcuda-memory-refused]") {
    const char* const fail = std::getenv("STAND_IN_FAIL");
    REQUIRE(fail != nullptr);
    const std::string step(fail, std::strchr(fail, '='));
    INFO("STAND_IN_FAIL=" << fail);
    const tiles::accelerator_view view = tiles::accelerator().create_view();
    view.context()->pool().set_limit(0); // each buffer a new one
    std::string said;
    scoped_log log(tiles::log_level::info,
                   [&](tiles::log_level, const std::string& message) { said += message + "\n"; });
    for (int buffer = 0; buffer < 3; ++buffer) CHECK(round_trip(view.context(), two_mib_of_floats) == 0);
    log.stop();
    INFO(said);
    // Refused once, then not asked again: each refusal would be said.
    CHECK(occurrences(said, "libcuda: buffers on '" + view.context()->device()->name +
                                "' made by clCreateBuffer, memory libcuda allocates refused: ") == 1);
    CHECK(occurrences(said, step) == 2); // in that line and in the verdict's
    // One verdict: the wide gemm's scratch is such memory too.
    CHECK(
        tiles::cuda::cuda_launch_missing(*view.context()).find("memory libcuda allocates was refused there before: ") ==
        0);
}

TEST_CASE("libcuda's memory goes with OpenCL's buffer, where a pool frees it or its context ends, from any thread",
          "[libcuda-memory]") {
    const std::string released = "cuMemUnmap; cuMemRelease; cuMemAddressFree; ";
    const tiles::accelerator_view view = tiles::accelerator().create_view();
    tiles::engine::buffer_pool& pool = view.context()->pool();
    pool.set_limit(std::uint64_t(1) << 30); // the buffer is kept
    // Its import releases what earlier tests' buffers left.
    made_and_dropped(view.context(), two_mib_of_floats);
    REQUIRE(pool.held() == std::uint64_t(2) << 20);
    std::string before = stand_in_text("stand_in_releases");
    // Freed on a thread where libcuda's context was never made current: released there, no
    // allocation after it needed.
    std::thread([&] { pool.free_all(); }).join();
    CHECK(stand_in_text("stand_in_releases") == before + released);
    made_and_dropped(view.context(), two_mib_of_floats);
    before = stand_in_text("stand_in_releases");
    pool.set_limit(0);
    CHECK(stand_in_text("stand_in_releases") == before + released);
    // A buffer handed out (round_trip asks for its address) goes at once, its memory at the next
    // release: here, the end of another context.
    CHECK(round_trip(view.context(), two_mib_of_floats) != 0);
    before = stand_in_text("stand_in_releases");
    {
        const tiles::accelerator_view other = tiles::accelerator().create_view();
        other.context()->pool().set_limit(std::uint64_t(1) << 30);
        made_and_dropped(other.context(), two_mib_of_floats);
        // The import released the buffer handed out; this one is kept by its pool.
        CHECK(stand_in_text("stand_in_releases") == before + released);
        before = stand_in_text("stand_in_releases");
    }
    CHECK(stand_in_text("stand_in_releases") == before + released);
}

TEST_CASE("a buffer libtiles uses in place goes back to the pool with its storage; one handed out does not",
          "[libcuda-memory]") {
    using namespace tiles::engine;
    using namespace tiles::cuda;
    const tiles::accelerator_view view = tiles::accelerator().create_view();
    buffer_pool& pool = view.context()->pool();
    pool.set_limit(std::uint64_t(1) << 30);
    pool.free_all();
    const auto created = stand_in_function<int (*)()>("stand_in_memory_created");
    const int before = created();
    // As the wide gemm reads its operands, product after product: one allocation serves them all.
    for (int product = 0; product < 3; ++product) {
        const std::shared_ptr<storage> s =
            storage_on_device(tiles::element_layout::of<float>(), dims_of(1, &two_mib_of_floats), view.context());
        CHECK(cuda_address_of(device_buffer_in_place(*s, view.context(), host_access::read_write)) == 0x302000000);
    }
    CHECK(created() == before + 1);
    CHECK(pool.held() == std::uint64_t(2) << 20);
    // A caller's request: the buffer is the caller's to use on, never pooled.
    pool.free_all();
    CHECK(round_trip(view.context(), two_mib_of_floats) == 0x302000000);
    CHECK(pool.held() == 0);
}

TEST_CASE("an allocation and a release of libcuda's memory leave the thread's own CUDA context current",
          "[libcuda-memory]") {
    const tiles::accelerator_view view = tiles::accelerator().create_view();
    view.context()->pool().set_limit(0); // each buffer allocated anew and released at once
    const auto set_current = stand_in_function<int (*)(void*)>("cuCtxSetCurrent");
    const auto current = stand_in_function<void* (*)()>("stand_in_current");
    // A thread with a CUDA context of its own current, as a program using CUDA beside libtiles has.
    int own_context = 0;
    std::string before = stand_in_text("stand_in_releases");
    void* after_allocation = nullptr;
    void* after_release = nullptr;
    std::thread([&] {
        REQUIRE(set_current(&own_context) == 0);
        const std::shared_ptr<tiles::engine::storage> s = tiles::engine::storage_on_device(
            tiles::element_layout::of<float>(), tiles::engine::dims_of(1, &two_mib_of_floats), view.context());
        const std::vector<float> values(std::size_t(two_mib_of_floats), 1.5f);
        tiles::engine::copy_in(*s, tiles::engine::whole_of(*s), values.data());
        after_allocation = current();
    }).join();
    // The storage went on that thread, its memory with it: released in libtiles' context, then the
    // thread's own again.
    std::thread([&] {
        REQUIRE(set_current(&own_context) == 0);
        made_and_dropped(view.context(), two_mib_of_floats);
        after_release = current();
    }).join();
    CHECK(after_allocation == &own_context);
    CHECK(after_release == &own_context);
    // Each step of the release in libtiles' context, none without one or in the thread's own.
    const std::string releases = stand_in_text("stand_in_releases").substr(before.size());
    INFO(releases);
    CHECK(releases.find("cuMemRelease") != std::string::npos);
    CHECK(releases.find("context") == std::string::npos);
}

TEST_CASE("a buffer in memory libcuda allocates counts what libcuda holds, its bytes rounded up to 2 MiB",
          "[libcuda-memory]") {
    const tiles::accelerator_view view = tiles::accelerator().create_view();
    tiles::engine::buffer_pool& pool = view.context()->pool();
    pool.set_limit(std::uint64_t(1) << 30); // the buffer is kept
    const tiles::engine::device_info& device = *view.context()->device();
    const std::uint64_t before = device.bytes_held.load();
    const int floats = 3 * two_mib_of_floats + 5; // 6 MiB and 20 bytes, which libcuda holds as 8 MiB
    made_and_dropped(view.context(), floats);
    CHECK(pool.held() == std::uint64_t(8) << 20);
    CHECK(device.bytes_held.load() - before == std::uint64_t(8) << 20);
    // The next buffer of that size takes it from the pool, counted the same.
    const std::uint64_t reused = view.context()->counters().buffers_reused;
    made_and_dropped(view.context(), floats);
    CHECK(view.context()->counters().buffers_reused == reused + 1);
    CHECK(pool.held() == std::uint64_t(8) << 20);
    // A limit under what is held frees it.
    pool.set_limit((std::uint64_t(6) << 20) + 20);
    CHECK(pool.held() == 0);
    CHECK(device.bytes_held.load() == before);
}

// Alone in its process (tests/CMakeLists.txt), the device said to be of compute capability 8.9.
TEST_CASE("buffers on a device of another compute capability than 9.0 are OpenCL's own, libcuda not loaded",
          "[libcuda-memory-not-hopper]") {
    const tiles::accelerator_view view = tiles::accelerator().create_view();
    // NVIDIA's OpenCL driver loads libcuda itself; PoCL does not, and neither may libtiles here.
    const bool loaded_by_opencl = dlopen("libcuda.so.1", RTLD_NOW | RTLD_NOLOAD) != nullptr;
    CHECK(round_trip(view.context(), two_mib_of_floats) == 0);
    if (!loaded_by_opencl) CHECK(dlopen("libcuda.so.1", RTLD_NOW | RTLD_NOLOAD) == nullptr);
    CHECK(tiles::cuda::cuda_launch_missing(*view.context()) ==
          "'" + view.context()->device()->name +
              "' is of compute capability 8.9, and only 9.0's wide wgmma gemm launches through libcuda");
}

TEST_CASE("the CUDA backend's verdict on a GPU of compute capability 8.9 refuses all, libcuda not loaded",
          "[libcuda-memory-not-hopper]") {
    const tiles::accelerator_view view = tiles::accelerator().create_view();
    const bool loaded_by_opencl = dlopen("libcuda.so.1", RTLD_NOW | RTLD_NOLOAD) != nullptr;
    const tiles::engine::backend_verdict verdict = cuda_verdict(view);
    if (!loaded_by_opencl) CHECK(dlopen("libcuda.so.1", RTLD_NOW | RTLD_NOLOAD) == nullptr);
    CHECK_FALSE(verdict.serves);
    CHECK(verdict.probed == lines{"compute capability 8.9"});
    CHECK(verdict.refused ==
          lines{"launches through libcuda and buffers in memory libcuda allocates: '" + view.context()->device()->name +
                    "' is of compute capability 8.9, and only 9.0's wide wgmma gemm launches "
                    "through libcuda",
                "sm_90a programs (the opencl-c-sm90a route): compute capability 8.9, not 9.0"});
}

// Alone in its process (tests/CMakeLists.txt), with the stand-in checking at exit that every
// allocation was released, its context current: here all is done on a thread of its own, and the
// memory of the buffers OpenCL destroyed goes at exit, on the main thread, which never made
// libcuda's context current.
TEST_CASE("memory libcuda allocates that OpenCL has let go of is released at exit", "[libcuda-memory-exit]") {
    std::uint64_t address = 0;
    std::thread([&] {
        const tiles::accelerator_view view = tiles::accelerator().create_view();
        view.context()->pool().set_limit(0);
        address = round_trip(view.context(), two_mib_of_floats);
    }).join();
    CHECK(address != 0);
}

namespace {
// Whether a buffer of `bytes` made for the view's context is memory libcuda allocates.
bool in_cuda_memory(const tiles::accelerator_view& view, std::size_t bytes) {
    const cl::Buffer buffer =
        tiles::cuda::buffer_in_cuda_memory(view.context()->opencl_context(), *view.context()->device(), bytes);
    return buffer() != nullptr && tiles::cuda::cuda_address_of(buffer()) != 0;
}
} // namespace

// Alone in its process (tests/CMakeLists.txt), libcuda counting four GPUs, as on the hosts where
// NVIDIA's OpenCL crashes importing 512 MiB or more.
TEST_CASE("on a host of several GPUs no buffer of 512 MiB or more is memory libcuda allocates, smaller ones are",
          "[libcuda-memory-several-gpus]") {
    using tiles::cuda::cuda_memory_largest;
    const tiles::accelerator_view view = tiles::accelerator().create_view();
    const std::size_t mib = std::size_t(1) << 20;
    CHECK(cuda_memory_largest() == 510 * mib);
    CHECK(in_cuda_memory(view, 510 * mib));
    CHECK_FALSE(in_cuda_memory(view, 510 * mib + 1));
    CHECK_FALSE(in_cuda_memory(view, 4096 * mib));
    // Not the device's verdict: smaller buffers, and launches through libcuda, stay.
    CHECK(tiles::cuda::cuda_launch_missing(*view.context()).empty());
    CHECK(in_cuda_memory(view, 2 * mib));
    // Memory a launch stages its operands in is refused too, saying why with the numbers.
    CHECK_THROWS_WITH(tiles::cuda::cuda_memory(view.context(), 512 * mib),
                      "536870912 bytes of libcuda's memory are not imported into OpenCL on a host of 4 GPUs, where "
                      "NVIDIA's OpenCL crashes on imports of 512 MiB and more (534773760 bytes at most)");
    CHECK(tiles::cuda::cuda_launch_missing(*view.context()).empty());
}

TEST_CASE("the CUDA backend's verdict on a host of several GPUs refuses buffers over 510 MiB, saying why",
          "[libcuda-memory-several-gpus]") {
    const tiles::engine::backend_verdict verdict = cuda_verdict(tiles::accelerator().create_view());
    CHECK(verdict.serves);
    CHECK(verdict.probed == lines{"compute capability 9.0", "libcuda.so.1 loaded", "NVIDIA GPUs on the host: 4"});
    CHECK(verdict.refused == lines{"buffers of more than 534773760 bytes in memory libcuda allocates: a host of 4 "
                                   "GPUs, where NVIDIA's OpenCL crashes on imports of 512 MiB and more"});
}

// Where the driver lists one GPU or none (a machine without NVIDIA's driver, as CI's), libcuda
// counting one: an import of any size.
TEST_CASE("on a host of one GPU buffers of any size are memory libcuda allocates", "[libcuda-memory]") {
    std::error_code error;
    const std::filesystem::directory_iterator listed("/proc/driver/nvidia/gpus", error);
    if (!error && std::distance(listed, std::filesystem::directory_iterator()) > 1) return; // a host of several
    const tiles::accelerator_view view = tiles::accelerator().create_view();
    CHECK(tiles::cuda::cuda_memory_largest() == std::numeric_limits<std::size_t>::max());
    CHECK(in_cuda_memory(view, std::size_t(1) << 30));
}
