// C++ AMP's host spellings through <amp.h>: namespace concurrency, tiled_extent<D0, D1> and
// tiled_index<D0, D1> against the AMP specification's and the AMP team's examples, copy under
// `using namespace std;`, AMP's properties against libtiles' accessors, AMP's Direct3D device
// paths as OpenCL devices, and AMP's exceptions with their members.
#include <amp.h>
#include <amp_math.h>
#include <amp_short_vectors.h>

#include <algorithm>
#include <chrono>
#include <future>
#include <memory>
#include <numeric>
#include <type_traits>
#include <vector>

#include "base/opencl.hpp"
#include "context/pending_work.hpp"
#include "fixture.hpp"

namespace {

using concurrency::accelerator;
using concurrency::accelerator_view;
using concurrency::array;
using concurrency::extent;
using concurrency::tiled_extent;
using concurrency::tiled_index;

std::vector<int> iota_vector(int n) {
    std::vector<int> v(std::size_t(n), 0);
    std::iota(v.begin(), v.end(), 0);
    return v;
}

const char* const twice_source = "__kernel void twice(__global int* a) { a[get_global_id(0)] *= 2; }";

} // namespace

TEST_CASE("AMP's tiled_extent<D0, D1> has its tile in the type, and is libtiles' tiled_extent<2>", "[amp][host]") {
    // The AMP team's example: extent<2>(999, 666).tile<16, 16>() pads to (1008, 672) and
    // truncates to (992, 656).
    tiled_extent<16, 16> t = extent<2>(999, 666).tile<16, 16>();
    static_assert(std::is_same_v<decltype(extent<2>(999, 666).tile<16, 16>()), tiled_extent<16, 16>>);
    static_assert(tiled_extent<16, 16>::rank == 2 && tiled_extent<16, 16>::tile_dim0 == 16 &&
                  tiled_extent<16, 16>::tile_dim1 == 16);
    static_assert(std::is_same_v<decltype(t.pad()), tiled_extent<16, 16>>);
    CHECK(extent<2>(t.pad()) == extent<2>(1008, 672));
    CHECK(extent<2>(t.truncate()) == extent<2>(992, 656));
    CHECK(t.tile_extent == extent<2>(16, 16));   // AMP's property
    CHECK(t.tile_extent() == extent<2>(16, 16)); // libtiles' member function
    CHECK(t.get_tile_extent() == extent<2>(16, 16));
    const tiles::tiled_extent<2>& runtime = t; // what launches take
    CHECK(runtime == extent<2>(999, 666).tile(16, 16));
    // AMP's implicit constructor from an extent, and its default one (zeros).
    const tiled_extent<2, 3> from_extent = extent<2>(8, 9);
    CHECK(from_extent.tile_count() == extent<2>(4, 3)); // the seed: 12 tiles, 4 rows of 3
    CHECK(extent<2>(tiled_extent<2, 3>()) == extent<2>(0, 0));
    // Ranks 1 and 3.
    CHECK(tiled_extent<4>(extent<1>(10)).pad() == extent<1>(12).tile<4>());
    static_assert(tiled_extent<2, 4, 8>::rank == 3 && tiled_extent<2, 4, 8>::tile_dim2 == 8);
    CHECK(extent<3>(5, 8, 9).tile<2, 4, 4>().pad() == tiled_extent<2, 4, 4>(extent<3>(6, 8, 12)));
    // A libtiles tiled_extent<1> still means rank 1 with a run-time tile.
    CHECK(tiles::tiled_extent<1>(extent<1>(8), extent<1>(2)).tile_extent() == extent<1>(2));
}

TEST_CASE("AMP's tiled_index<D0, D1> on the host follows the specification's example", "[amp][host]") {
    // Catch includes <cstring>, whose ::index() stands beside concurrency::index in the global
    // namespace (the From C++ AMP guide's departures): a using-declaration in the function settles it.
    using concurrency::index;
    // SPEC 4.4: extent<2>(20, 24).tile<5, 4>(); the thread at global (6, 9) has local (1, 1),
    // tile (1, 2) and tile_origin (5, 8).
    const tiled_index<5, 4> t(index<2>(6, 9));
    CHECK(t.global == index<2>(6, 9));
    CHECK(t.local == index<2>(1, 1));
    CHECK(t.tile == index<2>(1, 2));
    CHECK(t.tile_origin == index<2>(5, 8));
    CHECK(t.tile_extent == extent<2>(5, 4));
    CHECK(index<2>(t) == index<2>(6, 9));
    static_assert(tiled_index<5, 4>::rank == 2 && tiled_index<5, 4>::tile_dim0 == 5 &&
                  tiled_index<5, 4>::tile_dim1 == 4);
    const tiled_index<5, 4> member_wise(index<2>(6, 9), index<2>(1, 1), index<2>(1, 2), index<2>(5, 8));
    CHECK(member_wise.tile_origin == t.tile_origin);
    const tiles::tiled_index<2>& runtime = t;
    CHECK(runtime.get_tile_extent() == extent<2>(5, 4));
}

TEST_CASE("an unqualified copy into an array under using namespace std is AMP's, not std::copy", "[amp][host]") {
    using namespace concurrency;
    using namespace std;
    const vector<int> values = iota_vector(12);
    concurrency::array<int, 1> a(12);
    copy(begin(values), end(values), a);
    vector<int> back(12);
    copy(a, back.begin());
    CHECK(back == values);
    const vector<int> doubled = [&] {
        vector<int> d(values);
        for (int& x : d) x *= 2;
        return d;
    }();
    vector<int> host(12);
    concurrency::array_view<int, 1> view(12, host);
    copy(doubled.begin(), doubled.end(), view);
    view.synchronize();
    CHECK(host == doubled);
    // std::copy itself is untouched.
    vector<int> plain(12);
    copy(values.begin(), values.end(), plain.begin());
    CHECK(plain == values);
}

TEST_CASE("AMP's accelerator properties read what libtiles' accessors read", "[amp][host][accelerators]") {
    std::vector<accelerator> all = accelerator::get_all();
    all.push_back(accelerator(accelerator::cpu_accelerator));
    REQUIRE(all.size() == tiles::accelerator::get_all().size() + 1);
    for (const accelerator& a : all) {
        CHECK(a.device_path == a.get_device_path());
        CHECK(a.description == a.get_description());
        CHECK(a.version == a.get_version());
        CHECK(a.dedicated_memory == a.get_dedicated_memory());
        CHECK(a.dedicated_memory == a.tiles::accelerator::dedicated_memory() / 1024); // AMP's kilobytes
        CHECK(a.is_debug == a.get_is_debug());
        CHECK(a.is_emulated == a.get_is_emulated());
        CHECK(a.has_display == a.get_has_display());
        CHECK(a.supports_double_precision == a.get_supports_double_precision());
        CHECK(a.supports_limited_double_precision == a.get_supports_limited_double_precision());
        CHECK(a.supports_cpu_shared_memory == a.get_supports_cpu_shared_memory());
        CHECK(a.default_cpu_access_type == a.get_default_cpu_access_type());
        // default_view is the default view, made when first read.
        const accelerator_view view = a.default_view;
        CHECK(view == a.get_default_view());
        CHECK(a.default_view == view);
        CHECK(view.accelerator == a);
        CHECK(view.accelerator.description == a.description);
        CHECK(view.is_debug == view.get_is_debug());
        CHECK(view.version == view.get_version());
        CHECK(view.queuing_mode == concurrency::queuing_mode_automatic);
    }
    CHECK(accelerator(accelerator::cpu_accelerator).description == L"CPU accelerator");
    const accelerator_view immediate = accelerator().create_view(concurrency::queuing_mode_immediate);
    CHECK(immediate.queuing_mode == concurrency::queuing_mode_immediate);
    // libtiles' views and accelerators become AMP's where AMP's are asked for.
    const accelerator_view of_array = array<int, 1>(4, immediate).get_accelerator_view();
    CHECK(of_array == immediate);
    CHECK(of_array.accelerator.device_path == accelerator().device_path);
}

TEST_CASE("AMP's default_view launches and waits as the view it stands for", "[amp][host][accelerators]") {
    const accelerator device;
    tiles::array<int, 1> a(tiles::extent<1>(8), iota_vector(8), device.default_view);
    tiles::parallel_for_each(device.default_view, a.extent, tiles::kernel(twice_source, "twice"), a);
    device.default_view.flush();
    const concurrency::completion_future marker = device.default_view.create_marker();
    device.default_view.wait();
    CHECK(marker.is_ready());
    CHECK(device.default_view.get_accelerator() == device);
    const std::vector<int> result = a;
    CHECK(result == std::vector<int>{0, 2, 4, 6, 8, 10, 12, 14});
}

TEST_CASE("a view's source accelerator view is where C++ AMP says its data lives", "[amp][host]") {
    const accelerator device;
    const accelerator_view view = device.create_view();
    std::vector<int> host = iota_vector(8);
    const accelerator_view cpu = accelerator(accelerator::cpu_accelerator).default_view;
    CHECK(concurrency::array_view<int, 1>(8, host).get_source_accelerator_view() == cpu);
    array<int, 1> on_device(8, view);
    const concurrency::array_view<int, 1> of_array(on_device);
    CHECK(of_array.get_source_accelerator_view() == view);
    CHECK(of_array.section(2, 3).get_source_accelerator_view() == view);
    array<int, 1> staging(8, cpu, view);
    CHECK(concurrency::array_view<const int, 1>(staging).get_source_accelerator_view() == cpu);
    CHECK(staging.get_cpu_access_type() == concurrency::access_type_read_write); // host memory, on the CPU
    const concurrency::array_view<int, 1> sourceless(8);
    REQUIRE_THROWS_MENTIONING(sourceless.get_source_accelerator_view(), concurrency::runtime_exception,
                              "the view has no data source");
}

TEST_CASE("synchronize with access_type_read_write or _write lets the host write the source directly", "[amp][host]") {
    const tiles::kernel twice(twice_source, "twice");
    for (const concurrency::access_type type : {concurrency::access_type_read_write, concurrency::access_type_write}) {
        std::vector<int> host = iota_vector(8);
        const concurrency::array_view<int, 1> data(8, host);
        tiles::parallel_for_each(data.extent, twice, data);
        if (type == concurrency::access_type_write)
            data.synchronize_async(type).wait();
        else
            data.synchronize(type);
        CHECK(host[3] == 6); // the launch's result is home
        host[3] = 100;       // written without refresh(), as AMP allows after these access types
        tiles::parallel_for_each(data.extent, twice, data);
        data.synchronize();
        CHECK(host == std::vector<int>{0, 4, 8, 200, 16, 20, 24, 28});
    }
    // access_type_read (the default) keeps the device's copy: a direct write is not seen without
    // refresh(), so the next launch doubles the device's 6.
    std::vector<int> host = iota_vector(8);
    const concurrency::array_view<int, 1> data(8, host);
    tiles::parallel_for_each(data.extent, twice, data);
    data.synchronize(concurrency::access_type_read);
    host[3] = 100;
    tiles::parallel_for_each(data.extent, twice, data);
    data.synchronize();
    CHECK(host[3] == 12);
}

TEST_CASE("synchronize_to_async makes a view current on another view, and completion_future converts to "
          "std::shared_future",
          "[amp][host]") {
    const accelerator_view view = accelerator().create_view();
    std::vector<int> host = iota_vector(8);
    const concurrency::array_view<int, 1> data(8, host);
    const concurrency::completion_future uploaded = data.synchronize_to_async(view, concurrency::access_type_read);
    const std::shared_future<void> standard = uploaded;
    REQUIRE(standard.valid());
    standard.get();
    CHECK(uploaded.is_ready());
    const std::uint64_t uploads = view.counters().uploads;
    CHECK(uploads == 1);
    tiles::parallel_for_each(view, data.extent, tiles::kernel(twice_source, "twice"), data);
    CHECK(view.counters().uploads == uploads); // the data was there already
    const std::shared_future<void> home = data.synchronize_async();
    home.wait();
    CHECK(host[7] == 14);
}

// Work whose host step fails (as a copy_async's copy into the caller's memory may): the standard
// future's get() delivers what it failed with, as the completion_future's own get() does.
TEST_CASE("completion_future's std::shared_future delivers the failure of the work at get()", "[amp][host]") {
    const concurrency::completion_future failing(std::make_shared<tiles::engine::pending_work>(
        std::vector<cl::Event>{}, nullptr, [] { throw tiles::out_of_memory("no room for the copy's 4096 bytes"); }));
    const std::shared_future<void> standard = failing;
    REQUIRE(standard.valid());
    REQUIRE(standard.wait_for(std::chrono::seconds(30)) == std::future_status::ready);
    CHECK_THROWS_MATCHES(standard.get(), tiles::out_of_memory,
                         Catch::Matchers::Message("no room for the copy's 4096 bytes"));
    CHECK_THROWS_AS(failing.get(), tiles::out_of_memory);
}

TEST_CASE("an array's CPU access type follows C++ AMP's rule for the accelerator", "[amp][host][accelerators]") {
    using int_array = array<int, 1>;
    const accelerator device;
    const accelerator_view view = device.default_view;
    const concurrency::access_type expected =
        device.supports_cpu_shared_memory ? concurrency::access_type_read_write : concurrency::access_type_none;
    CHECK(device.default_cpu_access_type == expected);
    CHECK(array<int, 1>(4, view).get_cpu_access_type() == expected);
    CHECK(array<int, 2>(2, 3, view, concurrency::access_type_auto).get_cpu_access_type() == expected);
    CHECK(array<int, 1>(4, view, concurrency::access_type_none).get_cpu_access_type() == concurrency::access_type_none);
    const std::vector<int> values = iota_vector(4);
    if (device.supports_cpu_shared_memory) {
        const array<int, 1> readable(extent<1>(4), values.begin(), view, concurrency::access_type_read);
        CHECK(readable.get_cpu_access_type() == concurrency::access_type_read);
        CHECK(array<int, 1>(readable).get_cpu_access_type() == concurrency::access_type_read); // copies keep it
        array<int, 1> reassigned(2, view, concurrency::access_type_none);
        reassigned = readable; // made anew with readable's extent, keeping its own access type
        CHECK(reassigned.get_cpu_access_type() == concurrency::access_type_none);
    } else {
        REQUIRE_THROWS_MENTIONING(int_array(extent<1>(4), values.begin(), view, concurrency::access_type_read),
                                  concurrency::runtime_exception, "access_type_read",
                                  "supports_cpu_shared_memory is false");
    }
    // A value of the enumeration's range that names no access type (5: read | auto).
    REQUIRE_THROWS_MENTIONING(int_array(4, view, concurrency::access_type(5)), tiles::invalid_argument, "not 5");
}

TEST_CASE("AMP's Direct3D device paths name emulated OpenCL devices", "[amp][host][accelerators]") {
    // WARP: the first OpenCL CPU device (PoCL's, which setup.sh installs everywhere).
    const auto all = tiles::accelerator::get_all();
    const auto cpu = std::find_if(all.begin(), all.end(), [](const tiles::accelerator& a) { return a.is_cpu(); });
    if (cpu == all.end()) {
        // (void): a statement of accelerator(accelerator::direct3d_warp) alone declares a variable.
        REQUIRE_THROWS_MENTIONING((void)accelerator(accelerator::direct3d_warp), tiles::invalid_argument, "WARP",
                                  "OpenCL CPU device, of which there is none");
        return;
    }
    const accelerator warp(accelerator::direct3d_warp);
    CHECK(warp == *cpu);
    CHECK(warp.is_emulated);
    // REF: checked mode's Oclgrind simulator, a debugging device, where Oclgrind loads; else WARP's.
    const accelerator ref(accelerator::direct3d_ref);
    CHECK(ref.is_emulated);
    bool simulator = true;
    try {
        // Made outside CHECK, which would catch the refusal where Oclgrind is missing.
        const accelerator checked = tiles::create_checked_view().get_accelerator();
        CHECK(ref == checked);
    } catch (const tiles::unsupported_feature&) {
        simulator = false;
        CHECK(ref == warp);
    }
    CHECK(ref.is_debug == simulator);
    // Kernels run on both.
    for (const accelerator& device : {warp, ref}) {
        const accelerator_view view = device.create_view();
        tiles::array<int, 1> a(tiles::extent<1>(5), iota_vector(5), view);
        tiles::parallel_for_each(view, a.extent, tiles::kernel(twice_source, "twice"), a);
        const std::vector<int> result = a;
        CHECK(result == std::vector<int>{0, 2, 4, 6, 8});
    }
    CHECK(tiles::accelerator(L"direct3d\\warp") == warp);
    CHECK(tiles::accelerator("direct3d\\ref") == ref);
}

TEST_CASE("AMP's exceptions have AMP's constructors and members", "[amp][host]") {
    const concurrency::runtime_exception plain("failed", CL_OUT_OF_RESOURCES);
    CHECK(std::string(plain.what()) == "failed");
    CHECK(plain.get_error_code() == CL_OUT_OF_RESOURCES);
    CHECK(plain.cl_status() == CL_OUT_OF_RESOURCES);
    CHECK(std::string(concurrency::runtime_exception(CL_INVALID_VALUE).what()) == "CL_INVALID_VALUE");
    const concurrency::accelerator_view_removed removed("gone", CL_DEVICE_NOT_AVAILABLE);
    CHECK(removed.get_view_removed_reason() == CL_DEVICE_NOT_AVAILABLE);
    CHECK(removed.get_error_code() == CL_DEVICE_NOT_AVAILABLE);
    CHECK(concurrency::accelerator_view_removed(CL_DEVICE_NOT_AVAILABLE).get_view_removed_reason() ==
          CL_DEVICE_NOT_AVAILABLE);
    CHECK(concurrency::out_of_memory().get_error_code() == 0);
    CHECK(concurrency::out_of_memory("no room").get_error_code() == 0);
    CHECK(concurrency::invalid_compute_domain().get_error_code() == 0);
    CHECK(concurrency::unsupported_feature("no fp64").get_error_code() == 0);
    static_assert(std::is_base_of_v<concurrency::runtime_exception, concurrency::accelerator_view_removed> &&
                  std::is_base_of_v<concurrency::runtime_exception, concurrency::out_of_memory> &&
                  std::is_base_of_v<concurrency::runtime_exception, concurrency::invalid_compute_domain> &&
                  std::is_base_of_v<concurrency::runtime_exception, concurrency::unsupported_feature>);
    // A device OpenCL reports gone is AMP's removed view; a launch over a domain that whole tiles
    // do not cover is AMP's invalid_compute_domain.
    REQUIRE_THROWS_MENTIONING(tiles::engine::throw_cl_error(CL_DEVICE_NOT_AVAILABLE, "clEnqueueNDRangeKernel"),
                              concurrency::accelerator_view_removed, "CL_DEVICE_NOT_AVAILABLE");
    tiles::array<int, 1> a(6);
    REQUIRE_THROWS_AS(tiles::parallel_for_each(extent<1>(6).tile<4>(), tiles::kernel(twice_source, "twice"), a),
                      concurrency::invalid_compute_domain);
    static_assert(std::is_same_v<Concurrency::accelerator, concurrency::accelerator>);
}

TEST_CASE("a view of a temporary array keeps its data, as MSVC lets C++ AMP programs write it", "[amp][host]") {
    // The book's Chapter 9: avCs.push_back(array<float, 2>(t.readExt, t.view)).
    const accelerator_view view = accelerator().create_view();
    std::vector<concurrency::array_view<int, 1>> views;
    views.push_back(array<int, 1>(extent<1>(5), iota_vector(5).begin(), view));
    tiles::parallel_for_each(view, views[0].extent, tiles::kernel(twice_source, "twice"), views[0]);
    CHECK(std::vector<int>(views[0].data(), views[0].data() + 5) == std::vector<int>{0, 2, 4, 6, 8});
}
