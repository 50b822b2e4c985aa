// Sorting in C++: tiles::sort and tiles::argsort of arrays along each axis against std::stable_sort
// of each line, ascending and descending, with duplicates and NaNs; the core's refusals.
#include <algorithm>
#include <cmath>
#include <cstdint>
#include <limits>
#include <numeric>
#include <vector>

#include "tiles/sort.hpp"

#include "fixture.hpp"
#include "random_data.hpp"

namespace {

// The positions that sort `line` stably: NaNs after every number, or ascending's order reversed
// (NaNs first) where descending.
template <class T> std::vector<std::int64_t> stable_order(const std::vector<T>& line, bool descending) {
    std::vector<std::int64_t> order(line.size());
    std::iota(order.begin(), order.end(), 0);
    const auto before = [](T a, T b) { return a < b || (std::isnan(double(b)) && !std::isnan(double(a))); };
    std::stable_sort(order.begin(), order.end(), [&](std::int64_t i, std::int64_t j) {
        return descending ? before(line[std::size_t(j)], line[std::size_t(i)])
                          : before(line[std::size_t(i)], line[std::size_t(j)]);
    });
    return order;
}

} // namespace

TEST_CASE_METHOD(fresh_view, "sort and argsort along each axis of a 3-d array match std::stable_sort", "[sort]") {
    const int extents[3] = {4, 300, 5};
    std::vector<int> x = random_ints(std::size_t(4 * 300 * 5), 11, -20, 20);
    tiles::array<int, 3> a(tiles::extent<3>(extents), x.begin(), view);
    for (int axis = 0; axis < 3; ++axis)
        for (bool descending : {false, true}) {
            const std::vector<int> values = tiles::sort(a, axis - 3, descending);
            const std::vector<std::int64_t> positions = tiles::argsort(a, axis, descending);
            const int n = extents[axis], step = axis == 2 ? 1 : axis == 1 ? extents[2] : extents[1] * extents[2];
            int wrong = 0;
            for (int start = 0; start < int(x.size()); ++start) {
                if ((start / step) % n != 0) continue; // one line from its first element
                std::vector<int> line(std::size_t(n), 0);
                for (int j = 0; j < n; ++j) line[std::size_t(j)] = x[std::size_t(start + j * step)];
                const std::vector<std::int64_t> order = stable_order(line, descending);
                for (int j = 0; j < n; ++j) {
                    wrong += positions[std::size_t(start + j * step)] != order[std::size_t(j)];
                    wrong += values[std::size_t(start + j * step)] != line[std::size_t(order[std::size_t(j)])];
                }
            }
            INFO("axis " << axis << (descending ? ", descending" : ""));
            CHECK(wrong == 0);
        }
}

TEST_CASE_METHOD(fresh_view, "argsort of doubles puts NaNs last, or first descending, stably", "[sort]") {
    std::vector<double> x = {2.0, std::nan(""), -1.0, 2.0, -0.0, 0.0, std::nan(""), -1.0, 7.5};
    tiles::array<double, 1> a(tiles::extent<1>(int(x.size())), x.begin(), view);
    for (bool descending : {false, true}) {
        const std::vector<std::int64_t> positions = tiles::argsort(a, 0, descending);
        CHECK(positions == stable_order(x, descending));
    }
}

TEST_CASE_METHOD(fresh_view, "sort refuses an axis out of range, naming it", "[sort]") {
    tiles::array<float, 2> a(tiles::extent<2>(2, 3), view);
    CHECK_THROWS_WITH(tiles::sort(a, 2), "sort_axis: axis 2 is out of bounds for data of 2 dimensions");
}

TEST_CASE_METHOD(fresh_view, "the core's sort refuses values and positions sharing data", "[sort]") {
    // int64 values have the positions' dtype: one array would pass both outputs' checks alone.
    tiles::array<std::int64_t, 1> a(5, view), both(5, view);
    const tiles::algorithms::elementwise_operand out = tiles::detail::elementwise_operand_of(both);
    CHECK_THROWS_WITH(
        tiles::algorithms::sort_axis(view.context(), tiles::detail::elementwise_operand_of(a), 0, false, &out, &out),
        Catch::Contains("the values and the positions share data"));
}
