// Interop through the C API (tiles_opencl.h), linked against libtiles.so alone: the pipeline's
// context, queue, buffers and events, with reference counts balanced.
#include <chrono>
#include <cstdio>
#include <string>
#include <thread>
#include <vector>

#include "interop_fixture.hpp"
#include "tiles_opencl.h"

namespace {
tiles_shape floats(int n) {
    tiles_shape s = TILES_SHAPE_INIT;
    s.extent[0] = n;
    return s;
}
} // namespace

TEST_CASE("a C pipeline runs a libtiles kernel on its own buffer between its own kernels", "[capi][interop]") {
    opencl_pipeline p;
    const cl_uint context_refs = reference_count(p.context), queue_refs = reference_count(p.queue);
    const std::size_t n = 64;
    cl_mem buffer = p.buffer(n * sizeof(float));
    cl_kernel ramp = p.kernel(pipeline_kernels(), "ramp"), add_one = p.kernel(pipeline_kernels(), "add_one");
    clSetKernelArg(ramp, 0, sizeof buffer, &buffer);
    clSetKernelArg(add_one, 0, sizeof buffer, &buffer);
    cl_event ramped = nullptr, doubled = nullptr, added = nullptr;
    REQUIRE(clEnqueueNDRangeKernel(p.queue, ramp, 1, nullptr, &n, nullptr, 0, nullptr, &ramped) == CL_SUCCESS);

    tiles_context* context = nullptr;
    REQUIRE(tiles_context_create_from_opencl(&context, p.context, p.queue) == TILES_SUCCESS);
    cl_context got_context = nullptr;
    cl_command_queue got_queue = nullptr;
    REQUIRE(tiles_context_get_opencl(&got_context, &got_queue, context) == TILES_SUCCESS);
    CHECK(got_context == p.context);
    CHECK(got_queue == p.queue);

    tiles_array* array = nullptr;
    const tiles_shape shape = floats(int(n));
    REQUIRE(tiles_array_create_from_opencl(&array, context, &shape, buffer) == TILES_SUCCESS);
    tiles_kernel* twice = nullptr;
    REQUIRE(tiles_kernel_create(&twice, tiles_double_kernel(), "twice", nullptr) == TILES_SUCCESS);
    const tiles_domain domain = {sizeof(tiles_domain), 1, {int(n), 0, 0}, 1, {16, 0, 0}, nullptr};
    const tiles_arg args[] = {tiles_arg_array(array)};
    REQUIRE(tiles_launch_with_events(context, &domain, twice, args, 1, &ramped, 1, &doubled) == TILES_SUCCESS);
    REQUIRE(clEnqueueNDRangeKernel(p.queue, add_one, 1, nullptr, &n, nullptr, 1, &doubled, &added) == TILES_SUCCESS);

    const std::vector<float> result = p.read(buffer, n);
    for (std::size_t i = 0; i < n; ++i) CHECK(result[i] == 2.0f * float(i) + 1.0f);
    tiles_counters c = TILES_COUNTERS_INIT;
    REQUIRE(tiles_context_get_counters(&c, context) == TILES_SUCCESS);
    CHECK(c.uploads == 0);
    CHECK(c.downloads == 0);

    // The buffer of a view, and a copy after an event.
    tiles_view *view = nullptr, *copy = nullptr;
    std::vector<float> host(n, 0.0f);
    REQUIRE(tiles_array_get_view(&view, array) == TILES_SUCCESS);
    cl_mem same = nullptr;
    REQUIRE(tiles_view_get_opencl_buffer(&same, view, context, TILES_ACCESS_READ) == TILES_SUCCESS);
    CHECK(same == buffer);
    REQUIRE(tiles_view_create(&copy, &shape, host.data()) == TILES_SUCCESS);
    cl_event copied = nullptr;
    REQUIRE(tiles_copy_with_events(view, copy, &added, 1, &copied) == TILES_SUCCESS);
    REQUIRE(clWaitForEvents(1, &copied) == CL_SUCCESS);
    REQUIRE(tiles_view_synchronize(copy) == TILES_SUCCESS);
    CHECK(host[5] == 11.0f);

    for (cl_event e : {ramped, doubled, added, copied}) clReleaseEvent(e);
    tiles_view_release(copy);
    tiles_view_release(view);
    tiles_kernel_release(twice);
    tiles_array_release(array);
    tiles_context_release(context);
    clReleaseKernel(ramp);
    clReleaseKernel(add_one);
    clReleaseMemObject(buffer);
    CHECK(settles_to([&] { return reference_count(p.context); }, context_refs));
    CHECK(settles_to([&] { return reference_count(p.queue); }, queue_refs));
}

TEST_CASE("the C interop functions refuse bad handles and arguments", "[capi][interop][refusal]") {
    opencl_pipeline p, other;
    tiles_context* context = nullptr;
    CHECK(tiles_context_create_from_opencl(&context, p.context, other.queue) == TILES_ERROR_INVALID_ARGUMENT);
    CHECK(std::string(tiles_last_error_message()).find("another cl_context") != std::string::npos);
    CHECK(tiles_context_create_from_opencl(&context, nullptr, p.queue) == TILES_ERROR_INVALID_ARGUMENT);
    REQUIRE(tiles_context_create_from_opencl(&context, p.context, p.queue) == TILES_SUCCESS);
    tiles_array* array = nullptr;
    const tiles_shape shape = floats(8);
    CHECK(tiles_array_create_from_opencl(&array, context, &shape, nullptr) == TILES_ERROR_INVALID_ARGUMENT);
    cl_mem small = p.buffer(8);
    CHECK(tiles_array_create_from_opencl(&array, context, &shape, small) == TILES_ERROR_INVALID_ARGUMENT);
    CHECK(std::string(tiles_last_error_message()).find("holds 8 bytes") != std::string::npos);
    CHECK(tiles_array_create_from_opencl(&array, nullptr, &shape, small) == TILES_ERROR_INVALID_HANDLE);
    CHECK(tiles_context_get_opencl(nullptr, nullptr, nullptr) == TILES_ERROR_INVALID_HANDLE);
    cl_event out = nullptr;
    CHECK(tiles_launch_with_events(context, nullptr, nullptr, nullptr, 0, nullptr, 1, &out) ==
          TILES_ERROR_INVALID_ARGUMENT);
    clReleaseMemObject(small);
    tiles_context_release(context);
}

TEST_CASE("a launch a strict checked context fails hands out no event but one it passes does",
          "[capi][interop][checked]") {
    tiles_context* strict = nullptr;
    REQUIRE(tiles_context_create_checked(&strict, 1) == TILES_SUCCESS);
    const char* source = "__kernel void racy(__global int* x) { x[0] = (int)get_global_id(0); }\n"
                         "__kernel void own(__global int* x) { x[get_global_id(0)] = (int)get_global_id(0); }\n";
    tiles_kernel *racy = nullptr, *own = nullptr;
    REQUIRE(tiles_kernel_create(&racy, source, "racy", nullptr) == TILES_SUCCESS);
    REQUIRE(tiles_kernel_create(&own, source, "own", nullptr) == TILES_SUCCESS);
    std::vector<int> host(4, -1);
    tiles_shape shape = floats(4);
    shape.dtype = TILES_INT32;
    tiles_view* view = nullptr;
    REQUIRE(tiles_view_create(&view, &shape, host.data()) == TILES_SUCCESS);
    const tiles_domain domain = {sizeof(tiles_domain), 1, {4, 0, 0}, 0, {0, 0, 0}, nullptr};
    const tiles_arg args[] = {tiles_arg_view(view)};

    // The caller releases the events of the launches that succeeded: a failed one writes none.
    int somewhere = 0;
    const auto untouched = reinterpret_cast<cl_event>(&somewhere);
    cl_event done = untouched;
    CHECK(tiles_launch_with_events(strict, &domain, racy, args, 1, nullptr, 0, &done) == TILES_ERROR_CHECK_FAILED);
    CHECK(done == untouched);
    REQUIRE(tiles_launch_with_events(strict, &domain, own, args, 1, nullptr, 0, &done) == TILES_SUCCESS);
    REQUIRE(done != untouched);
    CHECK(clWaitForEvents(1, &done) == CL_SUCCESS);
    clReleaseEvent(done);
    REQUIRE(tiles_view_synchronize(view) == TILES_SUCCESS);
    CHECK(host == std::vector<int>{0, 1, 2, 3});
    tiles_view_release(view);
    tiles_kernel_release(own);
    tiles_kernel_release(racy);
    tiles_context_release(strict);
}

TEST_CASE("an OpenCL event as a tiles_event completes with it and is released with it", "[capi][interop]") {
    opencl_pipeline p;
    cl_int status = CL_SUCCESS;
    cl_event user = clCreateUserEvent(p.context, &status);
    REQUIRE(status == CL_SUCCESS);
    clRetainEvent(user); // the test's own reference, to watch the count
    tiles_event* event = nullptr;
    REQUIRE(tiles_event_create_from_opencl(&event, user) == TILES_SUCCESS);
    cl_event got = nullptr;
    REQUIRE(tiles_event_get_opencl(&got, event) == TILES_SUCCESS);
    CHECK(got == user);
    CHECK(reference_count(user) == 2);
    int ready = 1;
    REQUIRE(tiles_event_is_ready(&ready, event) == TILES_SUCCESS);
    CHECK(ready == 0);
    clSetUserEventStatus(user, CL_COMPLETE);
    REQUIRE(tiles_event_wait(event) == TILES_SUCCESS);
    REQUIRE(tiles_event_is_ready(&ready, event) == TILES_SUCCESS);
    CHECK(ready == 1);
    tiles_event_release(event);
    CHECK(reference_count(user) == 1); // the reference it took over went with it
    clReleaseEvent(user);

    // Events of libtiles' own work have no single OpenCL event.
    std::vector<float> host(8, 1.0f);
    const tiles_shape shape = floats(8);
    tiles_view* view = nullptr;
    REQUIRE(tiles_view_create(&view, &shape, host.data()) == TILES_SUCCESS);
    tiles_event* synchronized = nullptr;
    REQUIRE(tiles_view_synchronize_async(&synchronized, view) == TILES_SUCCESS);
    CHECK(tiles_event_get_opencl(&got, synchronized) == TILES_ERROR_INVALID_ARGUMENT);
    CHECK(tiles_event_create_from_opencl(&event, nullptr) == TILES_ERROR_INVALID_ARGUMENT);
    tiles_event_release(synchronized);
    tiles_view_release(view);
}

TEST_CASE("a queue of the pipeline waits on the device for libtiles' work", "[capi][interop]") {
    opencl_pipeline p;
    cl_int status = CL_SUCCESS;
    cl_command_queue second = clCreateCommandQueue(p.context, p.device, 0, &status);
    REQUIRE(status == CL_SUCCESS);
    const std::size_t n = 40;
    cl_mem buffer = p.buffer(n * sizeof(float));
    const std::vector<float> ones(n, 1.0f);
    REQUIRE(clEnqueueWriteBuffer(p.queue, buffer, CL_TRUE, 0, n * sizeof(float), ones.data(), 0, nullptr, nullptr) ==
            CL_SUCCESS);
    tiles_context* context = nullptr;
    REQUIRE(tiles_context_create_from_opencl(&context, p.context, p.queue) == TILES_SUCCESS);
    tiles_array* array = nullptr;
    const tiles_shape shape = floats(int(n));
    REQUIRE(tiles_array_create_from_opencl(&array, context, &shape, buffer) == TILES_SUCCESS);
    tiles_kernel* twice = nullptr;
    REQUIRE(tiles_kernel_create(&twice, tiles_double_kernel(), "twice", nullptr) == TILES_SUCCESS);

    // libtiles' launch waits for a gate the test opens only after the second queue's read is
    // enqueued: the read completes after the gate, and reads what the launch wrote.
    cl_event gate = clCreateUserEvent(p.context, &status);
    REQUIRE(status == CL_SUCCESS);
    const tiles_domain domain = {sizeof(tiles_domain), 1, {int(n), 0, 0}, 1, {8, 0, 0}, nullptr};
    const tiles_arg args[] = {tiles_arg_array(array)};
    REQUIRE(tiles_launch_with_events(context, &domain, twice, args, 1, &gate, 1, nullptr) == TILES_SUCCESS);
    REQUIRE(tiles_context_order_queue(context, second) == TILES_SUCCESS);
    std::vector<float> result(n, 0.0f);
    cl_event read = nullptr;
    REQUIRE(clEnqueueReadBuffer(second, buffer, CL_FALSE, 0, n * sizeof(float), result.data(), 0, nullptr, &read) ==
            CL_SUCCESS);
    clFlush(second);
    std::this_thread::sleep_for(std::chrono::milliseconds(50));
    cl_int read_status = CL_COMPLETE;
    REQUIRE(clGetEventInfo(read, CL_EVENT_COMMAND_EXECUTION_STATUS, sizeof read_status, &read_status, nullptr) ==
            CL_SUCCESS);
    CHECK(read_status != CL_COMPLETE);
    clSetUserEventStatus(gate, CL_COMPLETE);
    REQUIRE(clWaitForEvents(1, &read) == CL_SUCCESS);
    for (std::size_t i = 0; i < n; ++i) CHECK(result[i] == 2.0f);
    CHECK(tiles_context_order_queue(context, p.queue) == TILES_SUCCESS); // its own queue: nothing to do

    opencl_pipeline other;
    CHECK(tiles_context_order_queue(context, other.queue) == TILES_ERROR_INVALID_ARGUMENT);
    CHECK(std::string(tiles_last_error_message()).find("another cl_context") != std::string::npos);
    CHECK(tiles_context_order_queue(context, nullptr) == TILES_ERROR_INVALID_ARGUMENT);
    CHECK(tiles_context_order_queue(nullptr, second) == TILES_ERROR_INVALID_HANDLE);

    clReleaseEvent(read);
    clReleaseEvent(gate);
    tiles_kernel_release(twice);
    tiles_array_release(array);
    tiles_context_release(context);
    clReleaseMemObject(buffer);
    clReleaseCommandQueue(second);
}

TEST_CASE("C: a context's device info holds clGetDeviceInfo's answers for its device", "[capi][accelerators]") {
    tiles_context* context = nullptr;
    tiles_device* device = nullptr;
    tiles_device_info info = TILES_DEVICE_INFO_INIT;
    cl_context opencl = nullptr;
    REQUIRE(tiles_context_create(&context, nullptr) == TILES_SUCCESS);
    REQUIRE(tiles_context_get_opencl(&opencl, nullptr, context) == TILES_SUCCESS);
    REQUIRE(tiles_context_get_device(&device, context) == TILES_SUCCESS);
    REQUIRE(tiles_device_get_info(&info, device) == TILES_SUCCESS);
    cl_device_id id = nullptr;
    REQUIRE(clGetContextInfo(opencl, CL_CONTEXT_DEVICES, sizeof id, &id, nullptr) == CL_SUCCESS);
    const auto query = [&](cl_device_info name, auto value) {
        REQUIRE(clGetDeviceInfo(id, name, sizeof value, &value, nullptr) == CL_SUCCESS);
        return value;
    };
    char version[256] = {};
    REQUIRE(clGetDeviceInfo(id, CL_DEVICE_VERSION, sizeof version, version, nullptr) == CL_SUCCESS);
    unsigned major = 0, minor = 0;
    REQUIRE(std::sscanf(version, "OpenCL %u.%u", &major, &minor) == 2);
    CHECK(info.version == (major << 16 | minor));
    CHECK(info.global_memory == query(CL_DEVICE_GLOBAL_MEM_SIZE, cl_ulong(0)));
    CHECK(bool(info.supports_limited_fp64) == (query(CL_DEVICE_DOUBLE_FP_CONFIG, cl_device_fp_config(0)) != 0));
    CHECK(bool(info.supports_cpu_shared_memory) == (query(CL_DEVICE_HOST_UNIFIED_MEMORY, cl_bool(0)) != CL_FALSE));
    CHECK(bool(info.is_emulated) == ((query(CL_DEVICE_TYPE, cl_device_type(0)) & CL_DEVICE_TYPE_CPU) != 0));
    CHECK(info.is_debug == 0);
    tiles_device_release(device);
    tiles_context_release(context);
}

TEST_CASE("C: a marker completes only once the work before it has, and holds up nothing after it",
          "[capi][accelerators]") {
    tiles_context* context = nullptr;
    cl_context opencl = nullptr;
    REQUIRE(tiles_context_create(&context, nullptr) == TILES_SUCCESS);
    REQUIRE(tiles_context_get_opencl(&opencl, nullptr, context) == TILES_SUCCESS);
    const int n = 100;
    std::vector<float> initial(n);
    for (int i = 0; i < n; ++i) initial[std::size_t(i)] = float(i);
    const tiles_shape shape = floats(n);
    tiles_array *before = nullptr, *after = nullptr;
    tiles_kernel* twice = nullptr;
    REQUIRE(tiles_array_create(&before, context, &shape, initial.data()) == TILES_SUCCESS);
    REQUIRE(tiles_array_create(&after, context, &shape, initial.data()) == TILES_SUCCESS);
    REQUIRE(tiles_kernel_create(&twice, tiles_double_kernel(), "twice", nullptr) == TILES_SUCCESS);
    const tiles_domain domain = {sizeof(tiles_domain), 1, {n, 0, 0}, 1, {10, 0, 0}, nullptr};
    cl_int status = CL_SUCCESS;
    cl_event gate = clCreateUserEvent(opencl, &status);
    REQUIRE(status == CL_SUCCESS);
    const tiles_arg gated[] = {tiles_arg_array(before)}, free_args[] = {tiles_arg_array(after)};
    REQUIRE(tiles_launch_with_events(context, &domain, twice, gated, 1, &gate, 1, nullptr) == TILES_SUCCESS);
    tiles_event* marker = nullptr;
    REQUIRE(tiles_context_create_marker(&marker, context) == TILES_SUCCESS);
    REQUIRE(tiles_launch(context, &domain, twice, free_args, 1) == TILES_SUCCESS); // returns: nothing waits
    int ready = 1;
    REQUIRE(tiles_event_is_ready(&ready, marker) == TILES_SUCCESS);
    CHECK(ready == 0);
    REQUIRE(clSetUserEventStatus(gate, CL_COMPLETE) == CL_SUCCESS);
    REQUIRE(tiles_event_wait(marker) == TILES_SUCCESS);
    REQUIRE(tiles_event_is_ready(&ready, marker) == TILES_SUCCESS);
    CHECK(ready == 1);
    for (tiles_array* a : {before, after}) {
        tiles_view* view = nullptr;
        std::vector<float> result(n);
        REQUIRE(tiles_array_get_view(&view, a) == TILES_SUCCESS);
        REQUIRE(tiles_view_read(view, result.data(), result.size() * sizeof(float)) == TILES_SUCCESS);
        for (int i = 0; i < n; ++i) CHECK(result[std::size_t(i)] == 2.0f * float(i));
        tiles_view_release(view);
    }
    clReleaseEvent(gate);
    tiles_event_release(marker);
    tiles_kernel_release(twice);
    tiles_array_release(before);
    tiles_array_release(after);
    tiles_context_release(context);
}
