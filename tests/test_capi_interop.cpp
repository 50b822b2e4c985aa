// Interop through the C API (tiles_opencl.h), linked against libtiles.so alone: the pipeline's
// context, queue, buffers and events, with reference counts balanced.
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
    const tiles_domain domain = {sizeof(tiles_domain), 1, {int(n), 0, 0}, 1, {16, 0, 0}};
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
