// array's value semantics as C++ AMP gives them: a copy is a deep copy (one copy on the device),
// arrays are made from views and from arrays on other accelerator views, assigned from views,
// moved, copied with copy_to, and filled from a begin iterator alone; every move of data counted.
#include <list>
#include <numeric>
#include <vector>

#include "fixture.hpp"

namespace {

std::vector<float> iota(std::size_t n, float first) {
    std::vector<float> v(n);
    std::iota(v.begin(), v.end(), first);
    return v;
}

const char* const scale_source = R"(
__kernel void scale(__global float* data, float factor) {
    thread_index i = get_thread_index();
    data[linear_index(i.global_id, i.extent)] *= factor;
})";

} // namespace

TEST_CASE_METHOD(fresh_view, "copying an array copies its elements on the device, once", "[array][copy]") {
    tiles::array<float, 2> a(tiles::extent<2>(5, 7), iota(35, 0.0f), view);
    view.reset_counters();
    tiles::array<float, 2> b(a);
    CHECK(view.counters().device_copies == 1);
    CHECK(view.counters().bytes_copied_on_device == 35 * sizeof(float));
    CHECK(view.counters().uploads == 0);
    CHECK(view.counters().downloads == 0);
    CHECK(b.get_accelerator_view() == a.get_accelerator_view());
    // A deep copy: changing one leaves the other as it was.
    tiles::parallel_for_each(view, b.extent, tiles::kernel(scale_source, "scale"), b, 2.0f);
    CHECK(std::vector<float>(a) == iota(35, 0.0f));
    std::vector<float> doubled = iota(35, 0.0f);
    for (float& x : doubled) x *= 2;
    CHECK(std::vector<float>(b) == doubled);

    // Copy assignment between equal extents: one device copy into the same elements, which views
    // of the destination see.
    const tiles::array_view<float, 2> of_b(b);
    view.reset_counters();
    b = a;
    CHECK(view.counters().device_copies == 1);
    CHECK(view.counters().uploads == 0);
    CHECK(of_b(4, 6) == 34.0f);

    // Assignment from an array of another extent makes the destination anew with that extent.
    tiles::array<float, 1> small(tiles::extent<1>(3), iota(3, 10.0f), view);
    tiles::array<float, 1> large(tiles::extent<1>(9), view);
    large = small;
    CHECK(large.extent == tiles::extent<1>(3));
    CHECK(std::vector<float>(large) == std::vector<float>{10, 11, 12});
    const tiles::array<float, 1>& same = large;
    large = same; // assigning itself changes nothing
    CHECK(std::vector<float>(large) == std::vector<float>{10, 11, 12});
}

TEST_CASE_METHOD(fresh_view, "arrays are made from views, and from arrays on other accelerator views",
                 "[array][copy]") {
    std::vector<float> host = iota(4 * 6, 1.0f);
    const tiles::array_view<const float, 2> v(4, 6, host);
    tiles::array<float, 2> from_view(v, view);
    CHECK(view.counters().uploads == 1);
    CHECK(std::vector<float>(from_view) == host);

    // Of a section: the section's elements only.
    tiles::array<float, 2> from_section(v.section(tiles::index<2>(1, 2), tiles::extent<2>(2, 3)), view);
    CHECK(std::vector<float>(from_section) == std::vector<float>{9, 10, 11, 15, 16, 17});

    // An array on another accelerator view, from this one: through the host, once each way.
    tiles::accelerator_view other = tiles::accelerator().create_view();
    view.reset_counters();
    tiles::array<float, 2> elsewhere(from_view, other);
    CHECK(elsewhere.get_accelerator_view() == other);
    CHECK(view.counters().downloads == 1);
    CHECK(other.counters().uploads == 1);
    CHECK(std::vector<float>(elsewhere) == host);

    // array = array_view copies as copy(view, array) does; the extents must agree.
    std::vector<float> twos(24, 2.0f);
    from_view = tiles::array_view<const float, 2>(4, 6, twos);
    CHECK(std::vector<float>(from_view) == twos);
    std::vector<float> wrong(6, 0.0f);
    const tiles::array_view<const float, 2> too_small(2, 3, wrong);
    REQUIRE_THROWS_MENTIONING(from_view = too_small, tiles::invalid_argument, "copy", "the source has 6 elements",
                              "the destination 24");
}

TEST_CASE_METHOD(fresh_view, "a moved array keeps its elements without copying them", "[array][move]") {
    tiles::array<float, 1> a(tiles::extent<1>(8), iota(8, 0.0f), view);
    view.reset_counters();
    tiles::array<float, 1> b(std::move(a));
    tiles::array<float, 1> c(tiles::extent<1>(8), view);
    c = std::move(b);
    CHECK(view.counters().device_copies == 0);
    CHECK(view.counters().uploads == 0);
    CHECK(std::vector<float>(c) == iota(8, 0.0f));
    // A moved-from array may be assigned to again.
    a = c;
    CHECK(std::vector<float>(a) == iota(8, 0.0f));
}

TEST_CASE_METHOD(fresh_view, "copy_to copies arrays and views as copy() does", "[array][copy]") {
    tiles::array<float, 1> a(tiles::extent<1>(6), iota(6, 1.0f), view);
    tiles::array<float, 1> b(tiles::extent<1>(6), view);
    view.reset_counters();
    a.copy_to(b);
    CHECK(view.counters().device_copies == 1);
    CHECK(std::vector<float>(b) == iota(6, 1.0f));

    std::vector<float> host(6, 0.0f);
    tiles::array_view<float, 1> v(6, host);
    a.copy_to(v);
    CHECK(host == iota(6, 1.0f));

    std::vector<float> sevens(3, 7.0f);
    tiles::array_view<const float, 1>(3, sevens).copy_to(v.section(tiles::index<1>(3), tiles::extent<1>(3)));
    CHECK(host == std::vector<float>{1, 2, 3, 7, 7, 7});
    v.copy_to(b);
    CHECK(std::vector<float>(b) == host);
    REQUIRE_THROWS_MENTIONING(v.section(tiles::extent<1>(2)).copy_to(b), tiles::invalid_argument, "copy");
}

TEST_CASE_METHOD(fresh_view, "array(e, first) and copy(first, dest) read the destination's count of elements",
                 "[array][copy]") {
    const std::vector<float> values = iota(20, 0.0f);
    // A pointer reads as a contiguous range; a list's iterators are staged.
    tiles::array<float, 2> a(tiles::extent<2>(3, 4), values.data() + 2, view);
    CHECK(std::vector<float>(a) == iota(12, 2.0f));
    const std::list<float> listed(values.begin(), values.end());
    tiles::array<float, 1> b(tiles::extent<1>(5), std::next(listed.begin(), 10), view);
    CHECK(std::vector<float>(b) == iota(5, 10.0f));

    tiles::copy(values.begin() + 5, a);
    CHECK(std::vector<float>(a) == iota(12, 5.0f));
    std::vector<float> host(4, 0.0f);
    tiles::array_view<float, 1> v(4, host);
    tiles::copy(listed.begin(), v);
    CHECK(host == iota(4, 0.0f));
    tiles::copy_async(values.begin() + 16, v).get();
    CHECK(host == iota(4, 16.0f));
}
