// Interop in C++: libtiles inside a pipeline's own context, queue, buffers and events.
#include <atomic>
#include <chrono>
#include <future>
#include <mutex>
#include <string>
#include <vector>

#include "fixture.hpp"
#include "interop_fixture.hpp"
#include "scoped_log.hpp"
#include "tiles/interop.hpp"

using namespace tiles::interop;

TEST_CASE("adopted context queue and buffer are released exactly as often as retained", "[interop]") {
    opencl_pipeline p;
    const cl_uint context_refs = reference_count(p.context), queue_refs = reference_count(p.queue);
    cl_mem buffer = p.buffer(64 * sizeof(float));
    const cl_uint buffer_refs = reference_count(buffer);
    {
        const tiles::accelerator_view view = make_view(p.context, p.queue);
        CHECK(get_context(view) == p.context);
        CHECK(get_queue(view) == p.queue);
        tiles::array<float, 1> a = make_array<float, 1>(view, buffer, tiles::extent<1>(64));
        CHECK(get_buffer(a) == buffer);
        CHECK(reference_count(buffer) > buffer_refs); // held while libtiles uses it
        cl_event done =
            parallel_for_each(view, a.extent.tile<16>(), tiles::kernel(tiles_double_kernel(), "twice"), {}, a);
        REQUIRE(clWaitForEvents(1, &done) == CL_SUCCESS);
        clReleaseEvent(done);
        CHECK(reference_count(p.queue) > queue_refs);
        view.wait();
    }
    CHECK(settles_to([&] { return reference_count(buffer); }, buffer_refs));
    // Drivers may keep the last command that wrote a buffer (and so its queue) as long as the
    // buffer lives: the queue and context are counted once the pipeline has let go of it.
    clReleaseMemObject(buffer);
    CHECK(settles_to([&] { return reference_count(p.context); }, context_refs));
    CHECK(settles_to([&] { return reference_count(p.queue); }, queue_refs));
}

TEST_CASE("a launch on a second queue waits for the pipeline's event and the pipeline waits for it", "[interop]") {
    opencl_pipeline p;
    cl_int status = CL_SUCCESS;
    cl_command_queue second = clCreateCommandQueue(p.context, p.device, 0, &status);
    REQUIRE(status == CL_SUCCESS);
    const std::size_t n = 256;
    cl_mem buffer = p.buffer(n * sizeof(float));
    cl_kernel ramp = p.kernel(pipeline_kernels(), "ramp"), add_one = p.kernel(pipeline_kernels(), "add_one");
    clSetKernelArg(ramp, 0, sizeof buffer, &buffer);
    clSetKernelArg(add_one, 0, sizeof buffer, &buffer);

    // A gate keeps the pipeline's first kernel (on its queue) waiting until the test opens it.
    cl_event gate = clCreateUserEvent(p.context, &status), ramped = nullptr, added = nullptr;
    REQUIRE(clEnqueueNDRangeKernel(p.queue, ramp, 1, nullptr, &n, nullptr, 1, &gate, &ramped) == CL_SUCCESS);
    {
        const tiles::accelerator_view view = make_view(p.context, second);
        tiles::array<float, 1> a = make_array<float, 1>(view, buffer, tiles::extent<1>(int(n)));
        cl_event doubled =
            parallel_for_each(view, a.extent.tile<64>(), tiles::kernel(tiles_double_kernel(), "twice"), {ramped}, a);
        REQUIRE(clEnqueueNDRangeKernel(p.queue, add_one, 1, nullptr, &n, nullptr, 1, &doubled, &added) == CL_SUCCESS);
        clFlush(p.queue);
        clFlush(second);
        cl_int state = CL_QUEUED;
        clGetEventInfo(doubled, CL_EVENT_COMMAND_EXECUTION_STATUS, sizeof state, &state, nullptr);
        CHECK(state != CL_COMPLETE); // it cannot have run: the ramp has not
        clSetUserEventStatus(gate, CL_COMPLETE);
        REQUIRE(clWaitForEvents(1, &added) == CL_SUCCESS);
        clReleaseEvent(doubled);
        CHECK(view.counters().uploads == 0);
        CHECK(view.counters().downloads == 0);
    }
    const std::vector<float> result = p.read(buffer, n);
    for (std::size_t i = 0; i < n; ++i) CHECK(result[i] == 2.0f * float(i) + 1.0f); // ramp, twice, + 1
    for (cl_event e : {gate, ramped, added}) clReleaseEvent(e);
    clReleaseKernel(ramp);
    clReleaseKernel(add_one);
    clReleaseMemObject(buffer);
    clReleaseCommandQueue(second);
}

// With the log at info, the first run of each kernel is timed by waiting for it; on the queue of a
// pipeline, held back by a gate only the caller opens, that wait would never end.
TEST_CASE("the first run of a kernel on an adopted queue held back by the caller's gate is not waited for at info",
          "[interop][log]") {
    gated_pipeline p;
    std::vector<std::string> said;
    std::mutex said_mutex;
    scoped_log log(tiles::log_level::info, [&](tiles::log_level, const std::string& message) {
        std::lock_guard<std::mutex> lock(said_mutex);
        said.push_back(message);
    });
    {
        const tiles::accelerator_view view = make_view(p.context, p.queue);
        tiles::array<float, 1> a = make_array<float, 1>(view, p.data, tiles::extent<1>(int(p.elements)));
        p.while_held_back([&] {
            clReleaseEvent(parallel_for_each(view, a.extent.tile<16>(), tiles::kernel(tiles_double_kernel(), "twice"),
                                             {p.gate}, a));
            return std::string();
        });
    }
    log.stop();
    std::lock_guard<std::mutex> lock(said_mutex);
    for (const std::string& message : said) CHECK(message.find("first run of") == std::string::npos);
}

// A kernel of a source that calls direct3d_errorf is waited for at its launch to report a failure;
// held back by a gate only the caller opens, that wait would never end, so such a launch is refused
// at once, and so is that of a kernel of the same source that does not call it.
TEST_CASE("a direct3d_errorf kernel on an adopted queue held back by the caller's gate is refused, not waited for",
          "[interop][amp]") {
    gated_pipeline p;
    const char* source = "void checked_copy(array_view<int, 1> v, index<1> i) restrict(amp) {\n"
                         "    if (v[i] < 0) direct3d::direct3d_errorf(\"element %d is %d\", i[0], v[i]);\n"
                         "}\n"
                         "void plain_copy(array_view<int, 1> v, index<1> i) restrict(amp) { v[i] += 1; }\n";
    const tiles::kernel fails(source, "checked_copy", "", tiles::kernel_language::cpp);
    const tiles::accelerator_view view = make_view(p.context, p.queue);
    tiles::array<int, 1> a = make_array<int, 1>(view, p.data, tiles::extent<1>(int(p.elements)));
    const std::string refusal = p.while_held_back([&]() -> std::string {
        try {
            clReleaseEvent(parallel_for_each(view, a.extent, fails, {p.gate}, a));
            return "launched";
        } catch (const tiles::invalid_argument& e) {
            return e.what();
        }
    });
    CHECK_THAT(
        refusal,
        Catch::Contains("kernel 'checked_copy' is of a source that calls direct3d_errorf, direct3d_abort or view_as"));
    REQUIRE_THROWS_MENTIONING(
        parallel_for_each(view, a.extent, tiles::kernel(source, "plain_copy", "", tiles::kernel_language::cpp), {}, a),
        tiles::invalid_argument,
        "kernel 'plain_copy' is of a source that calls direct3d_errorf, direct3d_abort or view_as");
}

// std::shared_future's valid, wait_for and wait_until, and AMP's then, on a marker held back by a
// launch that waits for a gate the test opens.
TEST_CASE("completion_future has shared_future's valid wait_for and wait_until and AMP's then", "[interop][async]") {
    CHECK_FALSE(tiles::completion_future().valid());
    CHECK(tiles::completion_future().wait_for(std::chrono::seconds(0)) == std::future_status::ready);
    const tiles::accelerator_view view = tiles::accelerator().create_view();
    cl_int status = CL_SUCCESS;
    cl_event gate = clCreateUserEvent(get_context(view), &status);
    REQUIRE(status == CL_SUCCESS);
    tiles::array<float, 1> a(tiles::extent<1>(64), view);
    cl_event doubled =
        parallel_for_each(view, a.extent.tile<16>(), tiles::kernel(tiles_double_kernel(), "twice"), {gate}, a);
    const tiles::completion_future marker = view.create_marker();
    CHECK(marker.valid());
    std::atomic<int> calls{0};
    marker.then([&calls] { ++calls; });
    CHECK(marker.wait_for(std::chrono::milliseconds(50)) == std::future_status::timeout);
    CHECK(marker.wait_until(std::chrono::system_clock::now() + std::chrono::milliseconds(50)) ==
          std::future_status::timeout);
    CHECK_FALSE(marker.is_ready());
    CHECK(calls == 0);
    clSetUserEventStatus(gate, CL_COMPLETE);
    CHECK(marker.wait_for(std::chrono::minutes(5)) == std::future_status::ready);
    CHECK(marker.wait_until(std::chrono::steady_clock::time_point::max()) == std::future_status::ready);
    CHECK(settles_to([&] { return cl_uint(calls.load()); }, 1)); // on then's own thread, after the work
    int after = 0;
    marker.then([&after] { ++after; }); // complete already: called at once
    CHECK(after == 1);
    clReleaseEvent(doubled);
    clReleaseEvent(gate);
}

TEST_CASE("handles the user releases while libtiles holds them stay usable", "[interop]") {
    tiles::accelerator_view view = tiles::accelerator().get_default_view(); // replaced below
    std::vector<float> host(32);
    {
        opencl_pipeline p;
        cl_mem buffer = p.buffer(32 * sizeof(float));
        view = make_view(p.context, p.queue);
        tiles::array<float, 1> a = make_array<float, 1>(view, buffer, tiles::extent<1>(32));
        clReleaseMemObject(buffer); // the pipeline lets go of everything it made
        const std::vector<float> threes(32, 3.0f);
        tiles::copy(threes.begin(), threes.end(), a);
        tiles::parallel_for_each(view, a.extent.tile<8>(), tiles::kernel(tiles_double_kernel(), "twice"), a);
        host = a;
    } // p's destructor releases its context and queue here
    CHECK(host == std::vector<float>(32, 6.0f));
    tiles::array<float, 1> b(tiles::extent<1>(4), std::vector<float>(4, 1.0f), view); // the view still works
    CHECK(std::vector<float>(b) == std::vector<float>(4, 1.0f));
}

TEST_CASE("the buffer of a host view is current and what the pipeline writes there comes home", "[interop]") {
    opencl_pipeline p;
    const tiles::accelerator_view view = make_view(p.context, p.queue);
    std::vector<float> host(64, 5.0f);
    tiles::array_view<float, 1> v(64, host);
    cl_mem buffer = get_buffer(v, view); // uploaded now
    CHECK(view.counters().uploads == 1);
    CHECK(p.read(buffer, 64)[63] == 5.0f);
    cl_kernel add_one = p.kernel(pipeline_kernels(), "add_one");
    clSetKernelArg(add_one, 0, sizeof buffer, &buffer);
    const std::size_t n = 64;
    REQUIRE(clEnqueueNDRangeKernel(p.queue, add_one, 1, nullptr, &n, nullptr, 0, nullptr, nullptr) == CL_SUCCESS);
    CHECK(v(10) == 6.0f); // downloaded: libtiles knows the pipeline may have written it
    clReleaseKernel(add_one);
}

TEST_CASE("a copy after the pipeline's event gives back an event of its own", "[interop]") {
    opencl_pipeline p;
    const tiles::accelerator_view view = make_view(p.context, p.queue);
    tiles::array<float, 1> source(tiles::extent<1>(16), std::vector<float>(16, 4.0f), view);
    tiles::array<float, 1> destination(tiles::extent<1>(16), view);
    cl_int status = CL_SUCCESS;
    cl_event ready = clCreateUserEvent(p.context, &status);
    clSetUserEventStatus(ready, CL_COMPLETE);
    cl_event copied = copy(source, destination, {ready});
    REQUIRE(clWaitForEvents(1, &copied) == CL_SUCCESS);
    CHECK(std::vector<float>(destination) == std::vector<float>(16, 4.0f));
    CHECK(view.counters().device_copies == 1);
    clReleaseEvent(ready);
    clReleaseEvent(copied);
}

TEST_CASE("interop refuses what it cannot use", "[interop][refusal]") {
    opencl_pipeline p, other;
    REQUIRE_THROWS_MENTIONING(make_view(p.context, other.queue), tiles::invalid_argument, "another cl_context");
    REQUIRE_THROWS_MENTIONING(make_view(p.context, nullptr), tiles::invalid_argument, "one is NULL");
    opencl_pipeline out_of_order(CL_QUEUE_OUT_OF_ORDER_EXEC_MODE_ENABLE);
    cl_command_queue_properties props = 0;
    clGetCommandQueueInfo(out_of_order.queue, CL_QUEUE_PROPERTIES, sizeof props, &props, nullptr);
    if (props & CL_QUEUE_OUT_OF_ORDER_EXEC_MODE_ENABLE)
        REQUIRE_THROWS_MENTIONING(make_view(out_of_order.context, out_of_order.queue), tiles::invalid_argument,
                                  "out of order", "in-order queue");
    const tiles::accelerator_view view = make_view(p.context, p.queue);
    cl_mem small = p.buffer(16), foreign = other.buffer(64);
    REQUIRE_THROWS_MENTIONING((make_array<float, 1>(view, small, tiles::extent<1>(8))), tiles::invalid_argument,
                              "holds 16 bytes", "needs 32");
    REQUIRE_THROWS_MENTIONING((make_array<float, 1>(view, foreign, tiles::extent<1>(8))), tiles::invalid_argument,
                              "another cl_context");
    std::vector<float> host(8);
    tiles::array_view<float, 1> v(8, host);
    REQUIRE_THROWS_MENTIONING(get_buffer(v.section(tiles::index<1>(2), tiles::extent<1>(2)), view),
                              tiles::invalid_argument, "a section has no cl_mem");
    // A section of a reshaped view whose last element lies in the array's last row: its region is
    // all of the array, laid out otherwise.
    tiles::array<float, 2> matrix(4, 8, view);
    REQUIRE_THROWS_MENTIONING(
        get_buffer(matrix.view_as(tiles::extent<2>(2, 16)).section(tiles::index<2>(0, 0), tiles::extent<2>(2, 9)),
                   view),
        tiles::invalid_argument, "a section of a reshaped view", "has no cl_mem of its own");
    clReleaseMemObject(small);
    clReleaseMemObject(foreign);
}
