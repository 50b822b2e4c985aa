// libtiles tests: C++ AMP's accelerators and accelerator views: device paths, the properties
// against OpenCL's own answers for the same device, set_default's refusals, queuing modes, and
// markers that wait for what came before them and hold up nothing after.
#include <chrono>
#include <cstdio>
#include <list>
#include <numeric>
#include <thread>

#include "context/context.hpp"
#include "fixture.hpp"
#include "tiles/interop.hpp"

namespace {

const char* const arithmetic = R"(
__kernel void twice(__global int* v) { v[get_global_id(0)] *= 2; }
__kernel void add_one(__global int* v) { v[get_global_id(0)] += 1; }
)";

template <class T> T device_info(cl_device_id device, cl_device_info name) {
    T value{};
    REQUIRE(clGetDeviceInfo(device, name, sizeof value, &value, nullptr) == CL_SUCCESS);
    return value;
}

std::string device_string(cl_device_id device, cl_device_info name) {
    std::size_t size = 0;
    REQUIRE(clGetDeviceInfo(device, name, 0, nullptr, &size) == CL_SUCCESS);
    std::string text(size, '\0');
    REQUIRE(clGetDeviceInfo(device, name, size, text.data(), nullptr) == CL_SUCCESS);
    return text.c_str(); // without the terminating NUL
}

std::wstring wide(const std::string& ascii) { return std::wstring(ascii.begin(), ascii.end()); }

// Polls `future` for up to ten seconds without waiting on it (which would submit the queue).
bool becomes_ready(const tiles::completion_future& future) {
    for (int tries = 0; tries < 1000; ++tries) {
        if (future.is_ready()) return true;
        std::this_thread::sleep_for(std::chrono::milliseconds(10));
    }
    return future.is_ready();
}

std::vector<int> iota_vector(int n) {
    std::vector<int> v(std::size_t(n), 0);
    std::iota(v.begin(), v.end(), 0);
    return v;
}

} // namespace

TEST_CASE("the properties of every accelerator are OpenCL's answers for its device", "[accelerators]") {
    for (const tiles::accelerator& a : tiles::accelerator::get_all()) {
        const cl_device_id device = tiles::interop::get_device(a);
        INFO("device " << a.name());
        CHECK(a.get_description() == wide(device_string(device, CL_DEVICE_NAME)));
        unsigned major = 0, minor = 0;
        REQUIRE(std::sscanf(device_string(device, CL_DEVICE_VERSION).c_str(), "OpenCL %u.%u", &major, &minor) == 2);
        CHECK(a.get_version() == (major << 16 | minor));
        CHECK(a.get_version() >> 16 >= 1);
        CHECK(a.get_dedicated_memory() == device_info<cl_ulong>(device, CL_DEVICE_GLOBAL_MEM_SIZE) / 1024);
        const bool fp64 = device_info<cl_device_fp_config>(device, CL_DEVICE_DOUBLE_FP_CONFIG) != 0;
        CHECK(a.get_supports_double_precision() == fp64);
        CHECK(a.get_supports_limited_double_precision() == fp64);
        CHECK(a.get_supports_cpu_shared_memory() ==
              (device_info<cl_bool>(device, CL_DEVICE_HOST_UNIFIED_MEMORY) != CL_FALSE));
        const bool cpu = (device_info<cl_device_type>(device, CL_DEVICE_TYPE) & CL_DEVICE_TYPE_CPU) != 0;
        CHECK(a.get_is_emulated() == cpu);
        CHECK_FALSE(a.get_is_debug());
        const bool nvidia =
            device_string(device, CL_DEVICE_EXTENSIONS).find("cl_nv_device_attribute_query") != std::string::npos;
        CHECK(a.get_has_display() == (nvidia && device_info<cl_bool>(device, 0x4005 /* KERNEL_EXEC_TIMEOUT_NV */)));

        // The device path names the device again, wide (AMP's) or narrow.
        const std::wstring path = a.get_device_path();
        CHECK(path == wide(std::to_string(a.platform_index()) + ":" + std::to_string(a.device_index())));
        CHECK(tiles::accelerator(path) == a);
        CHECK(tiles::accelerator(std::string(path.begin(), path.end())) == a);
        // A view's accelerator, debug flag and version are its device's.
        const tiles::accelerator_view view = a.create_view();
        CHECK(view.get_accelerator() == a);
        CHECK_FALSE(view.get_is_debug());
        CHECK(view.get_version() == a.get_version());
    }
}

TEST_CASE("AMP's device paths: default and the CPU accelerator", "[accelerators]") {
    CHECK(tiles::accelerator(tiles::accelerator::default_accelerator) == tiles::accelerator());
    CHECK(tiles::accelerator(L"default") == tiles::accelerator());
    CHECK(tiles::accelerator("default") == tiles::accelerator());
    CHECK(tiles::accelerator().get_device_path() != L"default"); // the device's own path, as in AMP

    const tiles::accelerator cpu(tiles::accelerator::cpu_accelerator);
    CHECK(cpu.get_device_path() == L"cpu");
    CHECK(cpu.get_description() == L"CPU accelerator");
    CHECK(cpu.get_is_emulated());
    CHECK(cpu.get_supports_cpu_shared_memory());
    CHECK(cpu.get_dedicated_memory() == 0);
    CHECK_FALSE(cpu.get_supports_double_precision());
    CHECK_FALSE(cpu.get_is_debug());
    CHECK(cpu != tiles::accelerator());
    CHECK(tiles::accelerator(L"cpu") == cpu);
    CHECK(cpu.get_default_view() == cpu.get_default_view());
    CHECK(cpu.get_default_view().get_accelerator() == cpu);
    REQUIRE_THROWS_MENTIONING(tiles::accelerator{L"no such device"}, tiles::invalid_argument,
                              "no OpenCL device matches 'no such device'");
}

TEST_CASE("the CPU accelerator holds data but runs no kernels", "[accelerators][refusal]") {
    const tiles::accelerator_view cpu_view = tiles::accelerator(tiles::accelerator::cpu_accelerator).create_view();
    std::vector<int> data = iota_vector(10);
    tiles::array_view<int, 1> v(10, data);
    REQUIRE_THROWS_MENTIONING(tiles::parallel_for_each(cpu_view, v.extent, tiles::kernel(arithmetic, "twice"), v),
                              tiles::invalid_argument, "CPU accelerator", "runs no kernels", "a launch");
    REQUIRE_THROWS_MENTIONING(tiles::build(cpu_view, v.extent, tiles::kernel(arithmetic, "twice")),
                              tiles::invalid_argument, "runs no kernels");
    REQUIRE_THROWS_MENTIONING(v.synchronize_to(cpu_view), tiles::invalid_argument, "no device memory");
    // Waiting, flushing and markers are harmless there: nothing is ever enqueued.
    cpu_view.wait();
    cpu_view.flush();
    CHECK(cpu_view.create_marker().is_ready());
    CHECK(data == iota_vector(10)); // nothing ran
}

TEST_CASE("set_default refuses what cannot be the default, and once the default is used", "[accelerators][refusal]") {
    const tiles::accelerator used; // the default is fixed from here on
    REQUIRE_THROWS_MENTIONING(tiles::accelerator::set_default(tiles::accelerator::cpu_accelerator),
                              tiles::invalid_argument, "CPU accelerator", "cannot be the default");
    // AMP's Direct3D paths name OpenCL devices (test_amp_host.cpp), which cannot be the default once it is used.
    CHECK_FALSE(tiles::accelerator::set_default(tiles::accelerator::direct3d_warp));
    REQUIRE_THROWS_MENTIONING(tiles::accelerator::set_default("no such device"), tiles::invalid_argument,
                              "no OpenCL device matches");
    for (const tiles::accelerator& a : tiles::accelerator::get_all()) {
        const std::wstring path = a.get_device_path();
        CHECK_FALSE(tiles::accelerator::set_default(path));
        CHECK_FALSE(tiles::accelerator::set_default(std::string(path.begin(), path.end()))); // narrow paths alike
    }
    CHECK(tiles::accelerator() == used);
}

// Hidden from runs of the whole program: CTest runs it alone, before anything uses the default.
TEST_CASE("set_default before any use makes the default, once", "[.][set-default]") {
    const std::vector<tiles::accelerator> all = tiles::accelerator::get_all(); // does not fix the default
    REQUIRE_THROWS_MENTIONING(tiles::accelerator::set_default(L"no such device"), tiles::invalid_argument,
                              "no OpenCL device matches");
    REQUIRE_THROWS(tiles::accelerator::set_default(tiles::accelerator::cpu_accelerator));
    const tiles::accelerator chosen = all.back(); // the last device, which TILES_DEVICE need not name
    CHECK(tiles::accelerator::set_default(chosen.get_device_path()));
    CHECK(tiles::accelerator() == chosen);
    CHECK(tiles::accelerator::default_reason() == "accelerator::set_default chose it");
    CHECK_FALSE(tiles::accelerator::set_default(all.front().get_device_path()));
    CHECK_FALSE(tiles::accelerator::set_default(chosen.get_device_path()));
    CHECK(tiles::accelerator() == chosen);
    // Arrays and launches without a view go there.
    const tiles::array<int, 1> a(tiles::extent<1>(5));
    CHECK(a.get_accelerator_view().get_accelerator() == chosen);
}

TEST_CASE("accelerator views: copies are equal, new views are not, and each keeps its queuing mode", "[accelerators]") {
    const tiles::accelerator a;
    const tiles::accelerator_view automatic = a.create_view();
    const tiles::accelerator_view immediate = a.create_view(tiles::queuing_mode_immediate);
    const tiles::accelerator_view copy = immediate;
    CHECK(copy == immediate);
    CHECK(automatic != immediate);
    CHECK(a.get_default_view() == a.get_default_view());
    CHECK(a.get_default_view() != automatic);
    CHECK(a.get_default_view().get_queuing_mode() == tiles::queuing_mode_automatic);
    CHECK(automatic.get_queuing_mode() == tiles::queuing_mode_automatic);
    CHECK(immediate.get_queuing_mode() == tiles::queuing_mode_immediate);
    CHECK(copy.get_queuing_mode() == tiles::queuing_mode_immediate);
}

TEST_CASE("in immediate mode work is submitted as it is enqueued, and flush() submits it in automatic mode",
          "[accelerators]") {
    // Drivers may run commands at once whether or not they were flushed (PoCL does, and its events
    // leave CL_QUEUED alike), so the view's own count of clFlush calls tells the modes apart.
    const tiles::kernel twice(arithmetic, "twice");
    for (const tiles::queuing_mode mode : {tiles::queuing_mode_immediate, tiles::queuing_mode_automatic}) {
        const bool immediate = mode == tiles::queuing_mode_immediate;
        const tiles::accelerator_view view = tiles::accelerator().create_view(mode);
        const tiles::engine::context& state = *view.context();
        CHECK(state.flushes() == 0);
        const int n = 1000; // not a multiple of any tile
        tiles::array<int, 1> a(tiles::extent<1>(n), iota_vector(n), view);
        const std::uint64_t after_upload = state.flushes();
        CHECK(after_upload == (immediate ? view.counters().uploads : 0)); // each upload submitted as enqueued
        tiles::parallel_for_each(view, a.extent, twice, a);
        CHECK(state.flushes() == after_upload + (immediate ? 1 : 0)); // the kernel too, in immediate mode only
        view.flush();
        CHECK(state.flushes() == after_upload + (immediate ? 2 : 1));
        CHECK(becomes_ready(view.create_marker())); // a marker is submitted in either mode
        CHECK(state.flushes() == after_upload + (immediate ? 3 : 2));
        const std::vector<int> result = a;
        for (int i = 0; i < n; ++i) CHECK(result[std::size_t(i)] == 2 * i);
    }
}

TEST_CASE("a marker is ready only once the work before it has finished, and holds up nothing after it",
          "[accelerators]") {
    const tiles::accelerator_view view = tiles::accelerator().create_view();
    const tiles::kernel twice(arithmetic, "twice"), add_one(arithmetic, "add_one");
    const int n = 300;
    tiles::array<int, 1> before(tiles::extent<1>(n), iota_vector(n), view);
    tiles::array<int, 1> after(tiles::extent<1>(n), iota_vector(n), view);

    // A gate the test opens keeps the launch before the marker, and so the marker, waiting.
    cl_int status = CL_SUCCESS;
    cl_event gate = clCreateUserEvent(tiles::interop::get_context(view), &status);
    REQUIRE(status == CL_SUCCESS);
    cl_event doubled = tiles::interop::parallel_for_each(view, before.extent, twice, {gate}, before);
    const tiles::completion_future marker = view.create_marker();
    CHECK_FALSE(marker.is_ready());
    // Work enqueued after the marker is not held up by it: the launch returns, and so does
    // another marker, while the first is pending.
    tiles::parallel_for_each(view, after.extent, add_one, after);
    const tiles::completion_future later = view.create_marker();
    std::this_thread::sleep_for(std::chrono::milliseconds(50));
    CHECK_FALSE(marker.is_ready()); // the gate is still closed
    CHECK_FALSE(later.is_ready());
    REQUIRE(clSetUserEventStatus(gate, CL_COMPLETE) == CL_SUCCESS);
    marker.wait();
    CHECK(marker.is_ready());
    cl_int doubled_status = CL_QUEUED;
    clGetEventInfo(doubled, CL_EVENT_COMMAND_EXECUTION_STATUS, sizeof doubled_status, &doubled_status, nullptr);
    CHECK(doubled_status == CL_COMPLETE); // what came before the marker is done
    later.get();
    const std::vector<int> doubled_values = before, added_values = after;
    for (int i = 0; i < n; ++i) {
        CHECK(doubled_values[std::size_t(i)] == 2 * i);
        CHECK(added_values[std::size_t(i)] == i + 1);
    }
    clReleaseEvent(doubled);
    clReleaseEvent(gate);
}

TEST_CASE("a marker after copy_async to a host iterator is ready once the copy has landed", "[accelerators]") {
    const tiles::accelerator_view view = tiles::accelerator().create_view();
    const int n = 77;
    const tiles::array<int, 1> source(tiles::extent<1>(n), iota_vector(n), view);
    std::list<int> landed; // not contiguous: libtiles moves the data there in a host step after the transfer
    const tiles::completion_future copied = tiles::copy_async(source, std::back_inserter(landed));
    const tiles::completion_future marker = view.create_marker();
    marker.wait();
    CHECK(std::vector<int>(landed.begin(), landed.end()) == iota_vector(n));
    CHECK(copied.is_ready());
    // A marker on a view with nothing enqueued is ready at once, and a default one is too.
    CHECK(becomes_ready(tiles::accelerator().create_view().create_marker()));
    CHECK(tiles::completion_future().is_ready());
}

TEST_CASE("a checked view is the debug view of AMP, on an emulated accelerator", "[accelerators][checked]") {
    const tiles::accelerator_view checked = tiles::create_checked_view();
    CHECK(checked.get_is_debug());
    const tiles::accelerator simulator = checked.get_accelerator();
    CHECK(simulator.get_is_debug());
    CHECK(simulator.get_is_emulated());
    CHECK(simulator.get_device_path().empty()); // Oclgrind is not among the enumerated devices
    CHECK(checked.get_queuing_mode() == tiles::queuing_mode_automatic);
    tiles::array<int, 1> a(tiles::extent<1>(9), iota_vector(9), checked);
    tiles::parallel_for_each(checked, a.extent, tiles::kernel(arithmetic, "twice"), a);
    checked.create_marker().get();
    const std::vector<int> result = a;
    for (int i = 0; i < 9; ++i) CHECK(result[std::size_t(i)] == 2 * i);
}
