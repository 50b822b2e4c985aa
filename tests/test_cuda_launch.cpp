// Launches through libcuda and memory it allocates (backends/cuda/cuda_launch.hpp), on a
// machine without NVIDIA's driver: a stand-in libcuda.so.1 (libcuda_stand_in.c) on the library
// path says what it was given, and fails the entry point STAND_IN_FAIL names, where libtiles must
// name the call and its CUresult; PoCL's devices import no memory, and are refused saying why.
// libcuda is loaded once a process, so each stand-in is a ctest of its own (tests/CMakeLists.txt).
#include <algorithm>
#include <catch2/catch.hpp>
#include <cstdlib>
#include <iterator>
#include <string>

#include "context/context.hpp"
#include "cuda/cuda_launch.hpp"
#include "fixture.hpp"
#include "launch_domains.hpp"
#include "libcuda_stand_in.hpp"
#include "scoped_log.hpp"
#include "tiles/counters.hpp"

namespace {

std::string last_call() { return stand_in_text("stand_in_last_call"); }

// The stand-in's count of `what` (stand_in_modules_loaded, stand_in_modules_unloaded).
int stand_in_count(const char* what) { return stand_in_function<int (*)()>(what)(); }

} // namespace

// First: the verdict is recorded once a device for the process, by the first to ask.
TEST_CASE("what a device lacks for launches through libcuda is asked once and said once", "[libcuda-stand-in]") {
    std::string said;
    scoped_log log(tiles::log_level::info,
                   [&](tiles::log_level, const std::string& message) { said += message + "\n"; });
    const tiles::accelerator_view view = tiles::accelerator().create_view(), other = tiles::accelerator().create_view();
    const std::string first = tiles::cuda::cuda_launch_missing(*view.context());
    for (int again = 0; again < 3; ++again) {
        CHECK(tiles::cuda::cuda_launch_missing(*view.context()) == first);
        CHECK(tiles::cuda::cuda_launch_missing(*other.context()) == first);
    }
    log.stop();
    const std::string& name = view.context()->device()->name;
    INFO(said);
    CHECK(occurrences(said, "libcuda: ") == 1);
    CHECK(occurrences(said, first.empty() ? "libcuda: launches through libcuda run on '" + name + "'"
                                          : "libcuda: no launches through libcuda on '" + name + "': " + first) == 1);
}

TEST_CASE("a function loaded through libcuda is given the PTX, its name and its dynamic shared memory",
          "[libcuda-stand-in]") {
    const std::string ptx = ".version 8.5\n.target sm_90a\n.address_size 64\n";
    const tiles::cuda::cuda_function f = tiles::cuda::load_cuda_function(ptx, "gemm_wgmma", 164864);
    CHECK(f.dynamic_shared_bytes == 164864);
    CHECK(last_call() == "cuFuncSetAttribute 8 164864"); // CU_FUNC_ATTRIBUTE_MAX_DYNAMIC_SHARED_SIZE_BYTES
    const tiles::accelerator_view view = tiles::accelerator().create_view();
    int first = 4096;
    void* args[] = {&first};
    const std::uint64_t launches = view.context()->counters().launches, all = tiles::total_counters().launches;
    tiles::cuda::launch_through_cuda(*view.context(), f, 704, 256, args);
    CHECK(last_call() == "cuLaunchKernel grid 704 1 1 block 256 1 1 shared 164864 first 4096");
    // Counted as OpenCL's launches are, on the context and in the process's totals.
    CHECK(view.context()->counters().launches == launches + 1);
    CHECK(tiles::total_counters().launches == all + 1);
}

TEST_CASE("a function's load and launch through libcuda leave the thread's own CUDA context current",
          "[libcuda-stand-in]") {
    // With a CUDA context of the caller's own current; the stand-in refuses modules, functions,
    // launches and waits in any context but libtiles'.
    const auto current = stand_in_function<void* (*)()>("stand_in_current");
    const tiles::accelerator_view view = tiles::accelerator().create_view();
    int own_context = 0;
    void *after_load = nullptr, *after_launch = nullptr;
    with_own_context_current(&own_context, [&] {
        const tiles::cuda::cuda_function f =
            tiles::cuda::load_cuda_function(".version 8.5\n.target sm_90a\n", "gemm_wgmma", 65536);
        after_load = current();
        int first = 1;
        void* args[] = {&first};
        tiles::cuda::launch_through_cuda(*view.context(), f, 1, 128, args);
        after_launch = current();
    });
    CHECK(after_load == &own_context);
    CHECK(after_launch == &own_context);
}

TEST_CASE("memory libcuda allocates is rounded to its granularity, pinned on the first GPU, readable and writable",
          "[libcuda-stand-in]") {
    {
        const tiles::cuda::cuda_allocation memory(3 << 20);
        CHECK(memory.bytes() == 4u << 20);
        CHECK(memory.address() == 0x302000000);
        CHECK(last_call() == "cuMemSetAccess 4194304 location 1 0 flags 3 count 1");
    }
    const tiles::cuda::cuda_allocation one(1);
    CHECK(one.bytes() == 2u << 20);
}

namespace {

// Launches one block of 128 threads of a stand-in kernel through libcuda on the view's context.
void launch_one_block(const tiles::accelerator_view& view) {
    const tiles::cuda::cuda_function f = tiles::cuda::load_cuda_function(".version 8.5\n", "k", 0);
    int first = 1;
    void* args[] = {&first};
    tiles::cuda::launch_through_cuda(*view.context(), f, 1, 128, args);
}

// A step of libcuda's made to fail (STAND_IN_FAIL), what libtiles must say, and what it calls.
enum class step_kind { allocation, export_fd, module_load, launch, after_launch };
struct failing_step {
    const char* entry; // as STAND_IN_FAIL names it
    step_kind kind;
    const char* said;
};
constexpr failing_step failing_steps[] = {
    {"cuMemGetAllocationGranularity=1", step_kind::allocation,
     "libcuda's cuMemGetAllocationGranularity failed (CUresult 1)"},
    {"cuMemCreate=2", step_kind::allocation, "libcuda's cuMemCreate failed (CUresult 2)"},
    {"cuMemAddressReserve=2", step_kind::allocation, "libcuda's cuMemAddressReserve failed (CUresult 2)"},
    {"cuMemMap=999", step_kind::allocation, "libcuda's cuMemMap failed (CUresult 999)"},
    {"cuMemSetAccess=1", step_kind::allocation, "libcuda's cuMemSetAccess failed (CUresult 1)"},
    {"cuMemExportToShareableHandle=101", step_kind::export_fd,
     "libcuda's cuMemExportToShareableHandle failed (CUresult 101)"},
    {"cuModuleLoadData=218", step_kind::module_load, "libcuda's cuModuleLoadData failed (CUresult 218)"},
    {"cuModuleGetFunction=500", step_kind::module_load, "libcuda's cuModuleGetFunction failed (CUresult 500)"},
    {"cuFuncSetAttribute=1", step_kind::module_load,
     "libcuda's cuFuncSetAttribute (CU_FUNC_ATTRIBUTE_PREFERRED_SHARED_MEMORY_CARVEOUT) failed (CUresult 1)"},
    {"cuLaunchKernel=701", step_kind::launch, "libcuda's cuLaunchKernel failed (CUresult 701)"},
    {"cuStreamSynchronize=700", step_kind::after_launch,
     "libcuda's cuStreamSynchronize failed (CUresult 700) after the kernel was launched; its output may be partly "
     "written"}};

} // namespace

// One step a process: tests/CMakeLists.txt runs this case once for each entry of failing_steps,
// STAND_IN_FAIL naming it for the whole process, so no step's failure meets another's state.
TEST_CASE("the libcuda step that fails is named with its CUresult, and what it had made is released",
          "[libcuda-failing]") {
    const char* const fail = std::getenv("STAND_IN_FAIL");
    REQUIRE(fail != nullptr);
    const auto step = std::find_if(std::begin(failing_steps), std::end(failing_steps),
                                   [&](const failing_step& s) { return std::string(s.entry) == fail; });
    INFO("STAND_IN_FAIL=" << fail);
    REQUIRE(step != std::end(failing_steps));
    switch (step->kind) {
    case step_kind::allocation:
        REQUIRE_THROWS_MENTIONING(tiles::cuda::cuda_allocation(1 << 20), tiles::unsupported_feature, step->said);
        break;
    case step_kind::export_fd: {
        const tiles::cuda::cuda_allocation memory(1 << 20);
        REQUIRE_THROWS_MENTIONING(memory.exported_fd(), tiles::unsupported_feature, step->said);
        break;
    }
    case step_kind::module_load: {
        // Each try that loaded a module unloads it again (the stand-in counts from 0 in this process).
        for (int attempt = 0; attempt < 3; ++attempt)
            REQUIRE_THROWS_MENTIONING(tiles::cuda::load_cuda_function(".version 8.5\n", "k", 1 << 17),
                                      tiles::unsupported_feature, step->said);
        CHECK(stand_in_count("stand_in_modules_loaded") == stand_in_count("stand_in_modules_unloaded"));
        break;
    }
    case step_kind::launch: {
        const tiles::accelerator_view view = tiles::accelerator().create_view();
        REQUIRE_THROWS_MENTIONING(launch_one_block(view), tiles::unsupported_feature, step->said);
        break;
    }
    case step_kind::after_launch: {
        // The kernel may have written its output: the run's error, never unsupported_feature,
        // from which a caller would fall back onto that output; and no launch after it.
        const tiles::accelerator_view view = tiles::accelerator().create_view();
        bool thrown = false;
        try {
            launch_one_block(view);
        } catch (const tiles::unsupported_feature& e) {
            FAIL("unsupported_feature: " << e.what());
        } catch (const tiles::runtime_exception& e) {
            thrown = true;
            CHECK(std::string(e.what()) == step->said);
        }
        CHECK(thrown);
        CHECK(tiles::cuda::cuda_launch_missing(*view.context()) ==
              std::string("a launch through libcuda failed there before: ") + step->said);
        break;
    }
    }
}

TEST_CASE("a context's memory for launches through libcuda is released with the context", "[libcuda-stand-in]") {
    std::weak_ptr<tiles::cuda::cuda_scratch> scratch;
    {
        const tiles::accelerator_view view = tiles::accelerator().create_view();
        const std::shared_ptr<tiles::cuda::cuda_scratch> held = tiles::cuda::cuda_scratch_of(*view.context());
        CHECK(tiles::cuda::cuda_scratch_of(*view.context()) == held);
        const tiles::accelerator_view other = tiles::accelerator().create_view();
        CHECK(tiles::cuda::cuda_scratch_of(*other.context()) != held);
        scratch = held;
    }
    // PoCL imports no memory from libcuda, so the scratch here holds none; what holds it is gone.
    CHECK(scratch.expired());
}

TEST_CASE("a device that imports no memory from libcuda is refused, saying what it lacks", "[libcuda-stand-in]") {
    const tiles::accelerator_view view = tiles::accelerator().create_view();
    const tiles::engine::device_info& device = *view.context()->device();
    if (device.extensions.find("cl_khr_external_memory_opaque_fd") != std::string::npos) {
        WARN("skipped: '" << device.name << "' imports memory as opaque fds");
        return;
    }
    CHECK(tiles::cuda::cuda_launch_missing(*view.context()) ==
          "'" + device.name + "' has no cl_khr_external_memory_opaque_fd");
    REQUIRE_THROWS_MENTIONING(tiles::cuda::cuda_memory(view.context(), 1 << 20), tiles::unsupported_feature,
                              "memory libcuda allocates cannot be imported into OpenCL: '" + device.name +
                                  "' has no cl_khr_external_memory_opaque_fd");
}

TEST_CASE("with a libcuda older than CUDA 12 launches through it are refused, saying so", "[libcuda-older]") {
    const std::string older = "libcuda.so.1 has no cuTensorMapEncodeTiled (a driver older than CUDA 12)";
    const tiles::accelerator_view view = tiles::accelerator().create_view();
    CHECK(tiles::cuda::cuda_launch_missing(*view.context()) == older);
    REQUIRE_THROWS_MENTIONING(tiles::cuda::cuda_allocation(1 << 20), tiles::unsupported_feature, older);
    REQUIRE_THROWS_MENTIONING(tiles::cuda::load_cuda_function(".version 8.5\n", "k", 0), tiles::unsupported_feature,
                              older);
}

TEST_CASE("with a libcuda without virtual memory management launches through it are refused, naming the entry point",
          "[libcuda-without-virtual-memory]") {
    const tiles::accelerator_view view = tiles::accelerator().create_view();
    CHECK(tiles::cuda::cuda_launch_missing(*view.context()) == "libcuda.so.1 has no cuMemCreate");
    REQUIRE_THROWS_MENTIONING(tiles::cuda::cuda_allocation(1 << 20), tiles::unsupported_feature,
                              "libcuda.so.1 has no cuMemCreate");
}

TEST_CASE("a kernel whose program is no PTX with the named tile_static array is refused a launch through libcuda",
          "[libcuda-stand-in]") {
    const tiles::accelerator_view view = tiles::accelerator().create_view();
    const tiles::kernel k("__kernel void ring(__global uint4* out) {\n"
                          "    __local uint4 smem[73];\n    smem[get_local_id(0)] = out[0];\n"
                          "    barrier(CLK_LOCAL_MEM_FENCE);\n    out[get_local_id(0)] = smem[0];\n}\n",
                          "ring");
    const tiles::engine::launch_domain domain = one_work_item();
    // PoCL's programs are no PTX; on NVIDIA's, the array of 1168 bytes is named, but not of 1024.
    REQUIRE_THROWS_MENTIONING(tiles::cuda::cuda_function_of(view.context(), domain, k, {"smem", 1024, 65536}),
                              tiles::unsupported_feature, "kernel 'ring' cannot be launched through libcuda",
                              "declares no tile_static array 'smem' of 1024 bytes in PTX to make dynamic");
}

TEST_CASE("a context over the caller's queue launches nothing through libcuda, which would wait for that queue",
          "[libcuda-stand-in]") {
    const tiles::accelerator_view view = tiles::accelerator().create_view();
    const std::shared_ptr<tiles::engine::context> adopted =
        tiles::engine::adopt_context(view.context()->opencl_context()(), view.context()->queue()());
    const std::string waits = "the context's queue may wait for the caller's events, and a launch through libcuda "
                              "waits on the host for everything on the queue";
    CHECK(tiles::cuda::cuda_launch_missing(*adopted) == waits);
    const tiles::cuda::cuda_function f = tiles::cuda::load_cuda_function(".version 8.5\n", "k", 0);
    int first = 1;
    void* args[] = {&first};
    REQUIRE_THROWS_MENTIONING(tiles::cuda::launch_through_cuda(*adopted, f, 1, 128, args), tiles::unsupported_feature,
                              waits);
}

// Last: the refusal it remembers stays for the process.
TEST_CASE("a launch through libcuda that failed on a device is not tried there again", "[libcuda-stand-in]") {
    const tiles::accelerator_view view = tiles::accelerator().create_view();
    const std::string why = "libcuda's cuLaunchKernel failed (CUresult 719)";
    std::string said;
    scoped_log log(tiles::log_level::info,
                   [&](tiles::log_level, const std::string& message) { said += message + "\n"; });
    tiles::cuda::refuse_cuda_launches(*view.context(), why);
    tiles::cuda::refuse_cuda_launches(*view.context(), "a later failure, not the first");
    log.stop();
    // Said once, where it was recorded.
    INFO(said);
    CHECK(occurrences(said, "libcuda: no launches through libcuda on '" + view.context()->device()->name +
                                "': a launch through libcuda failed there before: " + why) == 1);
    CHECK(occurrences(said, "a later failure") == 0);
    // Any context on the device, not only the one that failed.
    const tiles::accelerator_view other = tiles::accelerator().create_view();
    CHECK(tiles::cuda::cuda_launch_missing(*other.context()) == "a launch through libcuda failed there before: " + why);
}
