// libtiles tests: staged transfers that fail midway, on PoCL with the threshold forced down. This
// program stands in for OpenCL's clCreateBuffer, clEnqueueWriteBuffer(Rect) and
// clEnqueueReadBuffer (as any program may define a library's functions), passing each call on to
// the ICD loader's, except the one a test arms to fail: the error names the chunk and its bytes,
// nothing libtiles keeps reads half-written afterwards, and the same call succeeds once the fault
// is gone.
#include <catch2/catch.hpp>
#include <dlfcn.h>
#include <string>
#include <vector>

#include "fixture.hpp"
#include "forced_staging.hpp"
#include "tiles/interop.hpp"

namespace {

// Which call fails: the `countdown`-th call from now of the function `armed` names ("" for none).
struct fault_plan {
    std::string armed;
    int countdown = 0;
};
fault_plan fault;

// Whether this call of `function` is the one to fail.
bool strikes(const char* function) {
    if (fault.armed != function || fault.countdown <= 0) return false;
    if (--fault.countdown > 0) return false;
    fault.armed.clear();
    return true;
}

void arm(const char* function, int call) { fault = {function, call}; }

template <class F> F real(const char* name) { return reinterpret_cast<F>(dlsym(RTLD_NEXT, name)); }

// Stages every copy of 1 KiB or more on `accelerator`, in chunks of 1 KiB, by one thread (so that
// chunks move in order) or by `threads`; disarms the fault when it goes.
class staging_with_faults : public forced_staging {
  public:
    explicit staging_with_faults(tiles::accelerator accelerator, int threads = 1)
        : forced_staging(std::move(accelerator), 1, threads) {}
    ~staging_with_faults() { fault = {}; }
    staging_with_faults(const staging_with_faults&) = delete;
    staging_with_faults& operator=(const staging_with_faults&) = delete;
};

std::vector<float> ramp(std::size_t n, float start = 1.0f) {
    std::vector<float> v(n);
    for (std::size_t i = 0; i < n; ++i) v[i] = start + float(i % 997);
    return v;
}

} // namespace

extern "C" {

cl_mem clCreateBuffer(cl_context context, cl_mem_flags flags, size_t size, void* host, cl_int* status) {
    static const auto call = real<decltype(&clCreateBuffer)>("clCreateBuffer");
    if ((flags & CL_MEM_ALLOC_HOST_PTR) != 0 && strikes("clCreateBuffer")) {
        if (status != nullptr) *status = CL_MEM_OBJECT_ALLOCATION_FAILURE;
        return nullptr;
    }
    return call(context, flags, size, host, status);
}

cl_int clEnqueueWriteBuffer(cl_command_queue queue, cl_mem buffer, cl_bool blocking, size_t offset, size_t size,
                            const void* host, cl_uint waits, const cl_event* wait_list, cl_event* event) {
    static const auto call = real<decltype(&clEnqueueWriteBuffer)>("clEnqueueWriteBuffer");
    if (strikes("clEnqueueWriteBuffer")) return CL_OUT_OF_RESOURCES;
    return call(queue, buffer, blocking, offset, size, host, waits, wait_list, event);
}

cl_int clEnqueueWriteBufferRect(cl_command_queue queue, cl_mem buffer, cl_bool blocking, const size_t* buffer_origin,
                                const size_t* host_origin, const size_t* region, size_t buffer_row_pitch,
                                size_t buffer_slice_pitch, size_t host_row_pitch, size_t host_slice_pitch,
                                const void* host, cl_uint waits, const cl_event* wait_list, cl_event* event) {
    static const auto call = real<decltype(&clEnqueueWriteBufferRect)>("clEnqueueWriteBufferRect");
    if (strikes("clEnqueueWriteBufferRect")) return CL_OUT_OF_RESOURCES;
    return call(queue, buffer, blocking, buffer_origin, host_origin, region, buffer_row_pitch, buffer_slice_pitch,
                host_row_pitch, host_slice_pitch, host, waits, wait_list, event);
}

cl_int clEnqueueReadBuffer(cl_command_queue queue, cl_mem buffer, cl_bool blocking, size_t offset, size_t size,
                           void* host, cl_uint waits, const cl_event* wait_list, cl_event* event) {
    static const auto call = real<decltype(&clEnqueueReadBuffer)>("clEnqueueReadBuffer");
    if (strikes("clEnqueueReadBuffer")) return CL_OUT_OF_RESOURCES;
    return call(queue, buffer, blocking, offset, size, host, waits, wait_list, event);
}

} // extern "C"

TEST_CASE_METHOD(fresh_view, "an upload failing at its third chunk leaves the device's copy stale",
                 "[staged][failures]") {
    const staging_with_faults forced(view.get_accelerator());
    std::vector<float> host = ramp(37 * 53); // 7844 bytes: 10 chunks of four rows
    const std::vector<float> expected = doubled(host);
    tiles::array_view<float, 2> v(37, 53, host);
    const tiles::kernel twice(doubling, "twice");
    arm("clEnqueueWriteBuffer", 3);
    REQUIRE_THROWS_MENTIONING(tiles::parallel_for_each(view, v.extent, twice, v), tiles::out_of_memory,
                              "staged upload of 7844 bytes on '",
                              "failed at chunk 3 of 10 (bytes 1696 to 2543; 1 copy thread)",
                              "clEnqueueWriteBuffer failed: CL_OUT_OF_RESOURCES");
    CHECK(view.counters().uploads == 0);
    CHECK(host == ramp(37 * 53)); // an upload never writes the host's data
    // The two chunks that landed are not taken for the data: the next launch uploads all of it.
    tiles::parallel_for_each(view, v.extent, twice, v);
    v.synchronize();
    CHECK(host == expected);
    CHECK(view.counters().uploads == 1);
    CHECK(view.counters().bytes_uploaded == 7844);
}

TEST_CASE_METHOD(fresh_view, "a download failing at its third chunk leaves the host's copy stale",
                 "[staged][failures]") {
    const staging_with_faults forced(view.get_accelerator());
    std::vector<float> host = ramp(37 * 53);
    const std::vector<float> expected = doubled(host);
    tiles::array_view<float, 2> v(37, 53, host);
    tiles::parallel_for_each(view, v.extent, tiles::kernel(doubling, "twice"), v);
    arm("clEnqueueReadBuffer", 3);
    REQUIRE_THROWS_MENTIONING(v.synchronize(), tiles::out_of_memory, "staged download of 7844 bytes on '",
                              "failed at chunk 3 of 10 (bytes 1696 to 2543", "clEnqueueReadBuffer failed");
    // The host's data is still the launch's to bring: the next read downloads all of it.
    v.synchronize();
    CHECK(host == expected);
    CHECK(view.counters().downloads == 1);
    CHECK(view.counters().bytes_downloaded == 7844);
}

TEST_CASE_METHOD(fresh_view, "staging buffers that cannot be allocated fail the copy before anything moves",
                 "[staged][failures]") {
    // Three threads, two chunks each, allocated before the first chunk moves: the fifth allocation
    // (the third thread's first chunk) fails.
    const staging_with_faults forced(view.get_accelerator(), 3);
    const std::vector<float> initial = ramp(37 * 53), replacement = ramp(37 * 53, 5000.0f);
    tiles::array<float, 2> a(tiles::extent<2>(37, 53), view); // nothing to stage yet
    tiles::copy(initial.begin(), initial.end(), a);           // allocates the staging buffers...
    const tiles::accelerator_view other = view.get_accelerator().create_view();
    tiles::array<float, 2> b(tiles::extent<2>(37, 53), other);
    arm("clCreateBuffer", 5); // ... which another view allocates again, for itself
    REQUIRE_THROWS_MENTIONING(tiles::copy(replacement.begin(), replacement.end(), b), tiles::out_of_memory,
                              "clCreateBuffer of 1024 bytes of pinned host memory for libtiles' staging buffers",
                              "CL_MEM_OBJECT_ALLOCATION_FAILURE");
    CHECK(other.counters().uploads == 0);
    // The first array is untouched; the second takes its data once memory is there.
    std::vector<float> out(initial.size());
    tiles::copy(a, out.begin());
    CHECK(out == initial);
    tiles::copy(replacement.begin(), replacement.end(), b);
    tiles::copy(b, out.begin());
    CHECK(out == replacement);
}

TEST_CASE_METHOD(fresh_view, "a copy into an array's rectangle failing midway writes nothing outside the rectangle",
                 "[staged][failures]") {
    const staging_with_faults forced(view.get_accelerator());
    const int rows = 20, columns = 300;
    const std::vector<float> initial = ramp(std::size_t(rows) * columns);
    tiles::array<float, 2> a(tiles::extent<2>(rows, columns), initial.begin(), view);
    // 12 rows of 400 bytes, two to a chunk: six rectangles of the array's rows of 1200 bytes.
    const tiles::index<2> at(3, 20);
    const tiles::extent<2> inner(12, 100);
    const std::vector<float> fresh = ramp(inner.size(), 7000.0f);
    arm("clEnqueueWriteBufferRect", 3);
    REQUIRE_THROWS_MENTIONING(tiles::copy(fresh.begin(), fresh.end(), a.section(at, inner)), tiles::out_of_memory,
                              "staged upload of 4800 bytes", "failed at chunk 3 of 6 (bytes 1600 to 2399",
                              "clEnqueueWriteBufferRect failed");
    std::vector<float> out(initial.size());
    tiles::copy(a, out.begin());
    for (int r = 0; r < rows; ++r)
        for (int col = 0; col < columns; ++col) {
            const bool inside = r >= at[0] && r < at[0] + inner[0] && col >= at[1] && col < at[1] + inner[1];
            if (!inside && out[std::size_t(r) * columns + col] != initial[std::size_t(r) * columns + col])
                FAIL("element (" << r << ", " << col << ") outside the rectangle changed");
        }
}

TEST_CASE_METHOD(fresh_view, "a copy into an array failing midway, where the host holds the array, leaves it as it was",
                 "[staged][failures]") {
    const staging_with_faults forced(view.get_accelerator());
    const std::vector<float> initial = ramp(37 * 53), replacement = ramp(37 * 53, 5000.0f);
    tiles::array<float, 2> a(tiles::extent<2>(37, 53), initial.begin(), view);
    tiles::array_view<float, 2> on_host(a);
    on_host.synchronize(); // the host holds the array too now
    arm("clEnqueueWriteBuffer", 3);
    REQUIRE_THROWS_MENTIONING(tiles::copy(replacement.begin(), replacement.end(), a), tiles::out_of_memory,
                              "failed at chunk 3 of 10");
    // What landed on the device is not taken for the array: a launch reads the array as it was.
    tiles::parallel_for_each(view, a.extent, tiles::kernel(doubling, "twice"), a);
    std::vector<float> out(initial.size());
    tiles::copy(a, out.begin());
    CHECK(out == doubled(initial));
}
