// Several accelerator views at once (tiles/split.hpp): bands of rows, each view receiving only its
// band and halos and the halo exchange moving only halo rows (as the counters show); and reduce,
// gemm and stencil over 1, 2 and 3 views giving one view's results bit for bit, on shapes that are
// multiples of nothing, with CPU references for the values themselves. The views are of different
// devices of one kind where there are several (POCL_DEVICES="pthread pthread"), else of one device.
#include <algorithm>
#include <climits>
#include <cstdint>
#include <cstring>
#include <numeric>
#include <vector>

#include "context/context.hpp"
#include "fixture.hpp"
#include "random_data.hpp"
#include "tiles/split.hpp"

namespace {

// `count` new views, in turn of the devices of the default device's kind (its name), for which
// several views give one view's results bit for bit.
std::vector<tiles::accelerator_view> several_views(int count) {
    std::vector<tiles::accelerator> devices;
    for (const tiles::accelerator& a : tiles::accelerator::get_all())
        if (a.name() == tiles::accelerator().name()) devices.push_back(a);
    std::vector<tiles::accelerator_view> views;
    for (int i = 0; i < count; ++i) views.push_back(devices[std::size_t(i) % devices.size()].create_view());
    return views;
}

bool same_bits(const std::vector<float>& a, const std::vector<float>& b) {
    return a.size() == b.size() && std::memcmp(a.data(), b.data(), a.size() * sizeof(float)) == 0;
}

// Writes every element of a band's local rows as 1000 * (its row in the grid) + column, where
// `first` is the grid's row of local row 0.
const char* const label_source = R"(
__kernel void label(__global float* local_rows, int columns, int first) {
    thread_index i = get_thread_index();
    local_rows[i.global_id[0] * columns + i.global_id[1]] = 1000.0f * (first + i.global_id[0]) + i.global_id[1];
})";

// The stencil applied `iterations` times on one view, between two arrays: what several views
// must give, bit for bit.
std::vector<float> iterated_on_one(const tiles::accelerator_view& one, const tiles::array_view<const float, 2>& input,
                                   const tiles::array_view<const float, 2>& mask, const tiles::extent<2>& shape,
                                   int iterations) {
    tiles::array<float, 2> a(shape, one), b(shape, one);
    tiles::stencil(one, input, mask, a);
    for (int i = 1; i < iterations; ++i) {
        tiles::stencil(one, a, mask, b);
        std::swap(a, b);
    }
    return a;
}

float label(int row, int column) { return 1000.0f * float(row) + float(column); }

} // namespace

TEST_CASE("split_rows splits rows evenly in whole multiples, with halos", "[split]") {
    // 10 rows over 3 bands: 4, 3, 3.
    const tiles::band first = tiles::split_rows(10, 1, 0, 3), last = tiles::split_rows(10, 1, 2, 3);
    CHECK((first.first == 0 && first.rows == 4 && first.halo_above == 0 && first.halo_below == 1));
    CHECK((last.first == 7 && last.rows == 3 && last.halo_above == 1 && last.halo_below == 0));
    CHECK(last.local_rows() == 4);
    CHECK(last.local_first() == 6);
    // 70 rows in multiples of 16 over 3 bands: 5 multiples, so 32, 32 and the last 6 rows.
    const tiles::band a = tiles::split_rows(70, 0, 0, 3, 16), b = tiles::split_rows(70, 0, 1, 3, 16),
                      c = tiles::split_rows(70, 0, 2, 3, 16);
    CHECK((a.first == 0 && a.rows == 32 && b.first == 32 && b.rows == 32 && c.first == 64 && c.rows == 6));
    REQUIRE_THROWS_MENTIONING(tiles::split_rows(8, 3, 0, 3), tiles::invalid_argument,
                              "the thinnest band of 8 rows over 3 bands has 2 rows, fewer than the halo of 3 rows");
    REQUIRE_THROWS_MENTIONING(tiles::split_rows(2, 0, 0, 3), tiles::invalid_argument,
                              "2 rows cannot be split into 3 bands");
    REQUIRE_THROWS_MENTIONING(tiles::split_rows(40, 0, 0, 4, 16), tiles::invalid_argument,
                              "40 rows cannot be split into 4 bands of whole multiples of 16 rows");
    REQUIRE_THROWS_MENTIONING(tiles::split_rows(10, 0, 3, 3), tiles::invalid_argument, "band 3 of 3 bands");
    // INT_MAX rows in multiples of 3 over 2 bands: 715827883 multiples, the last of 1 row; the
    // first band 357913942 of them, the second the rest.
    const tiles::band top = tiles::split_rows(INT_MAX, 0, 0, 2, 3), bottom = tiles::split_rows(INT_MAX, 0, 1, 2, 3);
    CHECK((top.first == 0 && top.rows == 1073741826));
    CHECK((bottom.first == 1073741826 && bottom.rows == INT_MAX - 1073741826));
}

TEST_CASE("a split array sends every view only its band and halos, and gathers only own rows", "[split]") {
    const int rows = 23, columns = 7, halo = 2;
    const std::vector<tiles::accelerator_view> views = several_views(3);
    std::vector<float> grid(std::size_t(rows) * columns);
    for (int r = 0; r < rows; ++r)
        for (int c = 0; c < columns; ++c) grid[std::size_t(r) * columns + c] = label(r, c);
    tiles::array_view<const float, 2> source(rows, columns, grid);
    tiles::split_array<float> split(views, source.extent, halo);
    REQUIRE(split.parts() == 3);
    for (const tiles::accelerator_view& v : views) v.reset_counters();
    split.scatter(source);
    for (std::size_t p = 0; p < split.parts(); ++p) {
        const tiles::band& b = split.band_of(p);
        INFO("band " << p);
        CHECK(views[p].counters().bytes_uploaded == std::uint64_t(b.local_rows()) * columns * sizeof(float));
        const std::vector<float> local = split.local(p);
        for (int r = 0; r < b.local_rows(); ++r)
            CHECK(local[std::size_t(r) * columns + 3] == label(b.local_first() + r, 3));
    }
    std::vector<float> back(grid.size(), -1.0f);
    tiles::array_view<float, 2> into(rows, columns, back);
    split.gather(into);
    into.synchronize();
    CHECK(back == grid);

    REQUIRE_THROWS_MENTIONING(split.local(3), tiles::invalid_argument,
                              "band 3 of a matrix split into 3 bands does not exist");
    std::vector<float> small(10);
    REQUIRE_THROWS_MENTIONING(split.scatter(tiles::array_view<const float, 2>(2, 5, small)), tiles::invalid_argument,
                              "the matrix is 2x5 of float (float32), the split one 23x7");
    REQUIRE_THROWS_MENTIONING(tiles::split_array<float>({}, source.extent), tiles::invalid_argument,
                              "needs at least one view");
}

TEST_CASE("the halo exchange moves only the rows next to each band, from and to every view", "[split]") {
    const int rows = 31, columns = 9, halo = 2;
    for (int parts = 1; parts <= 3; ++parts) {
        INFO(parts << " views");
        const std::vector<tiles::accelerator_view> views = several_views(parts);
        tiles::split_array<float> split(views, tiles::extent<2>(rows, columns), halo);
        // Each band's own rows labelled by a launch on its view, its halos wrong: the exchange must
        // replace them with the labels its neighbours wrote.
        const tiles::kernel label_kernel(label_source, "label");
        for (std::size_t p = 0; p < split.parts(); ++p) {
            const tiles::band& b = split.band_of(p);
            std::vector<float> wrong(std::size_t(b.local_rows()) * columns, -5.0f);
            tiles::copy(wrong.begin(), split.local(p));
            tiles::parallel_for_each(
                split.view_of(p), tiles::extent<2>(b.rows, columns), label_kernel,
                split.local(p).section(tiles::index<2>(b.halo_above, 0), tiles::extent<2>(b.rows, columns)), columns,
                b.first);
        }
        for (const tiles::accelerator_view& v : views) {
            v.wait();
            v.reset_counters();
        }
        split.exchange_halo();
        for (std::size_t p = 0; p < split.parts(); ++p) {
            const tiles::band& b = split.band_of(p);
            INFO("band " << p);
            const std::uint64_t halo_bytes = std::uint64_t(b.halo_above + b.halo_below) * columns * sizeof(float);
            views[p].wait();
            CHECK(views[p].counters().bytes_downloaded == halo_bytes); // its boundary rows, for its neighbours
            CHECK(views[p].counters().bytes_uploaded == halo_bytes);   // its halos, from them
            const std::vector<float> local = split.local(p);
            for (int r = 0; r < b.local_rows(); ++r)
                for (int c = 0; c < columns; ++c)
                    CHECK(local[std::size_t(r) * columns + c] == label(b.local_first() + r, c));
        }
    }
}

TEST_CASE("stencil over several views equals stencil iterated on one, bit for bit", "[split][algorithms]") {
    const tiles::extent<2> shapes[] = {tiles::extent<2>(203, 77), tiles::extent<2>(31, 130)};
    const tiles::extent<2> masks[] = {tiles::extent<2>(3, 3), tiles::extent<2>(5, 5), tiles::extent<2>(5, 3)};
    const tiles::accelerator_view one = tiles::accelerator().create_view();
    for (const tiles::extent<2>& shape : shapes)
        for (const tiles::extent<2>& mask_shape : masks) {
            const std::vector<float> values = random_floats(shape.size(), unsigned(shape[0]));
            const std::vector<float> weights = random_floats(mask_shape.size(), unsigned(mask_shape[1]), 0.0f, 0.3f);
            tiles::array_view<const float, 2> input(shape, values), mask(mask_shape, weights);
            for (const int iterations : {1, 4}) {
                const std::vector<float> expected = iterated_on_one(one, input, mask, shape, iterations);
                for (int parts = 1; parts <= 3; ++parts) {
                    INFO(shape << ", mask " << mask_shape << ", " << iterations << " iterations, " << parts
                               << " views");
                    std::vector<float> got(shape.size(), -1.0f);
                    tiles::array_view<float, 2> output(shape, got);
                    tiles::stencil(several_views(parts), input, mask, output, iterations);
                    output.synchronize();
                    CHECK(same_bits(got, expected));
                }
            }
        }
    std::vector<float> grid(8 * 33), out(8 * 33);
    std::vector<float> seven(49, 1.0f);
    tiles::array_view<const float, 2> small(8, 33, grid), mask(7, 7, seven);
    tiles::array_view<float, 2> output(8, 33, out);
    REQUIRE_THROWS_MENTIONING(tiles::stencil(several_views(3), small, mask, output, 2), tiles::invalid_argument,
                              "the thinnest band of 8 rows over 3 bands has 2 rows, fewer than the halo of 3 rows");
    REQUIRE_THROWS_MENTIONING(tiles::stencil(several_views(2), small, mask, output, 0), tiles::invalid_argument,
                              "0 iterations; there must be at least 1");
    REQUIRE_THROWS_MENTIONING(tiles::stencil(std::vector<tiles::accelerator_view>{}, small, mask, output),
                              tiles::invalid_argument, "the list of accelerator views is empty");
}

// Bands tall enough that the halos are several iterations deep and exchanged every few
// iterations: 433 rows a band give 6 iterations between exchanges for a radius of 1 and 3 for 2,
// and 21 iterations end between two exchanges.
TEST_CASE("stencil over several views with deep halos equals stencil iterated on one", "[split][algorithms]") {
    const tiles::extent<2> shape(1300, 48);
    const tiles::accelerator_view one = tiles::accelerator().create_view();
    const std::vector<float> values = random_floats(shape.size(), 7);
    tiles::array_view<const float, 2> input(shape, values);
    const int iterations = 21;
    for (const int side : {3, 5}) {
        const std::vector<float> weights = random_floats(std::size_t(side) * side, unsigned(side), 0.0f, 0.2f);
        tiles::array_view<const float, 2> mask(side, side, weights);
        const std::vector<float> expected = iterated_on_one(one, input, mask, shape, iterations);
        for (int parts = 2; parts <= 3; ++parts) {
            INFO("mask " << side << "x" << side << ", " << parts << " views");
            std::vector<float> got(shape.size(), -1.0f);
            tiles::array_view<float, 2> output(shape, got);
            tiles::stencil(several_views(parts), input, mask, output, iterations);
            output.synchronize();
            CHECK(same_bits(got, expected));
        }
    }
}

// A split array iterated in place, where its bands are: halos of 1, 2 and 4 rows for a radius of
// 1 (an exchange every 1, 2 and 4 iterations), an odd count leaving the result in the scratch
// bands to be copied back, and a halo too thin for a 5 x 5 mask refused.
TEST_CASE("stencil on a split array in place equals stencil iterated on one view", "[split][algorithms]") {
    const tiles::extent<2> shape(230, 37);
    const tiles::accelerator_view one = tiles::accelerator().create_view();
    const std::vector<float> values = random_floats(shape.size(), 11);
    const std::vector<float> weights = random_floats(9, 12, 0.0f, 0.2f);
    tiles::array_view<const float, 2> input(shape, values), mask(3, 3, weights);
    for (const int iterations : {1, 6, 9}) {
        const std::vector<float> expected = iterated_on_one(one, input, mask, shape, iterations);
        for (const int halo : {1, 2, 4})
            for (int parts = 1; parts <= 3; ++parts) {
                INFO(iterations << " iterations, a halo of " << halo << ", " << parts << " views");
                tiles::split_array<float> grid(several_views(parts), shape, halo);
                grid.scatter(input);
                tiles::stencil(grid, mask, iterations);
                std::vector<float> got(shape.size(), -1.0f);
                grid.gather(tiles::array_view<float, 2>(shape, got));
                CHECK(same_bits(got, expected));
            }
    }
    // One band with no halo: nothing to exchange, whatever the mask.
    tiles::split_array<float> single(several_views(1), shape, 0);
    single.scatter(input);
    tiles::stencil(single, mask, 3);
    std::vector<float> got(shape.size(), -1.0f);
    single.gather(tiles::array_view<float, 2>(shape, got));
    CHECK(same_bits(got, iterated_on_one(one, input, mask, shape, 3)));
    tiles::split_array<float> thin(several_views(2), shape, 1);
    const std::vector<float> ones(25, 1.0f);
    REQUIRE_THROWS_MENTIONING(tiles::stencil(thin, tiles::array_view<const float, 2>(5, 5, ones), 1),
                              tiles::invalid_argument,
                              "the split matrix's halo of 1 rows is less than the mask's radius of 2 rows");
}

TEST_CASE("gemm over several views equals gemm on one, bit for bit", "[split][algorithms]") {
    const int m = 101, k = 45, n = 67;
    const std::vector<float> a_values = random_floats(std::size_t(m) * k, 1),
                             b_values = random_floats(std::size_t(k) * n, 2),
                             c_values = random_floats(std::size_t(m) * n, 3);
    tiles::array_view<const float, 2> a(m, k, a_values), b(k, n, b_values);
    const tiles::accelerator_view one = tiles::accelerator().create_view();
    std::vector<float> expected = c_values;
    tiles::array_view<float, 2> expected_view(m, n, expected);
    tiles::gemm(one, 1.5f, a, b, 0.5f, expected_view);
    expected_view.synchronize();
    // The values themselves, against a CPU loop.
    for (int i = 0; i < m; i += 10)
        for (int j = 0; j < n; j += 7) {
            double sum = 0;
            for (int l = 0; l < k; ++l)
                sum += double(a_values[std::size_t(i) * k + l]) * b_values[std::size_t(l) * n + j];
            CHECK(std::abs(expected[std::size_t(i) * n + j] - (1.5 * sum + 0.5 * c_values[std::size_t(i) * n + j])) <=
                  sum_tolerance<float>(std::size_t(k) + 2, 1.5 * k + 0.5));
        }
    for (int parts = 1; parts <= 3; ++parts) {
        INFO(parts << " views");
        std::vector<float> c = c_values;
        tiles::array_view<float, 2> c_view(m, n, c);
        const std::vector<tiles::accelerator_view> views = several_views(parts);
        tiles::gemm(views, 1.5f, a, b, 0.5f, c_view);
        c_view.synchronize();
        CHECK(same_bits(c, expected));
    }
}

TEST_CASE("reduce over several views equals reduce on one, bit for bit", "[split][algorithms]") {
    const std::vector<float> floats = random_floats(1'000'003, 7);
    const std::vector<int> ints = random_ints(300'001, 8, -1000, 1000);
    tiles::array_view<const float, 1> float_view(int(floats.size()), floats);
    const std::vector<int> grid_ints(ints.begin(), ints.begin() + 300'000);
    tiles::array_view<const int, 2> int_view(1000, 300, grid_ints);
    const tiles::accelerator_view one = tiles::accelerator().create_view();
    const float sum = tiles::reduce(one, float_view, tiles::reduction_op::sum);
    const double cpu_sum = std::accumulate(floats.begin(), floats.end(), 0.0);
    CHECK(std::abs(sum - cpu_sum) <= sum_tolerance<float>(floats.size(), double(floats.size())));
    const long long int_sum = std::accumulate(ints.begin(), ints.begin() + 300'000, 0LL);
    for (int parts = 1; parts <= 3; ++parts) {
        INFO(parts << " views");
        const std::vector<tiles::accelerator_view> views = several_views(parts);
        const float got = tiles::reduce(views, float_view, tiles::reduction_op::sum);
        CHECK(std::memcmp(&got, &sum, sizeof sum) == 0);
        CHECK(tiles::reduce(views, float_view, tiles::reduction_op::max) ==
              *std::max_element(floats.begin(), floats.end()));
        CHECK(tiles::reduce<std::int64_t>(views, int_view, tiles::reduction_op::sum) == int_sum);
        CHECK(tiles::reduce(views, int_view, tiles::reduction_op::min) ==
              *std::min_element(ints.begin(), ints.begin() + 300'000));
    }
    // Fewer spans than views: the views without any stay idle.
    const std::vector<float> three = {1.0f, 2.0f, 4.0f};
    CHECK(tiles::reduce(several_views(3), tiles::array_view<const float, 1>(3, three), tiles::reduction_op::sum) ==
          7.0f);
}

TEST_CASE("reduce over one view or several takes more than 2^31 elements", "[split][algorithms]") {
    // 2^31 + 65536 bytes: more than one launch counts, so the views take several bands each. Ones
    // but the first (3) and the last (0), so that the sum counts every element once and the least
    // and greatest come from the two ends.
    const int rows = 32769, columns = 65536;
    std::vector<std::uint8_t> bytes(std::size_t(rows) * columns, 1);
    bytes.front() = 3;
    bytes.back() = 0;
    const tiles::array_view<const std::uint8_t, 2> view(rows, columns, bytes);
    for (int parts = 1; parts <= 2; ++parts) {
        INFO(parts << " views");
        const std::vector<tiles::accelerator_view> views = several_views(parts);
        CHECK(tiles::reduce<std::uint64_t>(views, view, tiles::reduction_op::sum) == bytes.size() + 1);
        CHECK(tiles::reduce<std::uint32_t>(views, view, tiles::reduction_op::min) == 0);
        CHECK(tiles::reduce<std::uint32_t>(views, view, tiles::reduction_op::max) == 3);
    }
    // One view alone takes the bands in turn too.
    CHECK(tiles::reduce<std::uint64_t>(view, tiles::reduction_op::sum) == bytes.size() + 1);
}

TEST_CASE("reduce of a split array combines its own rows where they are, not its halos", "[split][algorithms]") {
    const int rows = 1001, columns = 37;
    const std::vector<float> floats = random_floats(std::size_t(rows) * columns, 11);
    const std::vector<int> ints = random_ints(std::size_t(rows) * columns, 12, -1000, 1000);
    const double float_sum = std::accumulate(floats.begin(), floats.end(), 0.0);
    const long long int_sum = std::accumulate(ints.begin(), ints.end(), 0LL);
    for (int parts = 1; parts <= 3; ++parts)
        for (int halo : {0, 3}) {
            INFO(parts << " views, halos of " << halo << " rows");
            const std::vector<tiles::accelerator_view> views = several_views(parts);
            tiles::split_array<float> float_split(views, tiles::extent<2>(rows, columns), halo);
            float_split.scatter(tiles::array_view<const float, 2>(rows, columns, floats));
            CHECK(std::abs(tiles::reduce(float_split, tiles::reduction_op::sum) - float_sum) <=
                  sum_tolerance<float>(floats.size(), double(floats.size())));
            CHECK(tiles::reduce(float_split, tiles::reduction_op::max) ==
                  *std::max_element(floats.begin(), floats.end()));
            tiles::split_array<int> int_split(views, tiles::extent<2>(rows, columns), halo);
            int_split.scatter(tiles::array_view<const int, 2>(rows, columns, ints));
            CHECK(tiles::reduce<std::int64_t>(int_split, tiles::reduction_op::sum) == int_sum);
            CHECK(tiles::reduce(int_split, tiles::reduction_op::min) == *std::min_element(ints.begin(), ints.end()));
        }
}

TEST_CASE("reduce of a split array submits every view's work before it waits for any", "[split][algorithms][threads]") {
    // Views in automatic mode submit nothing by themselves: where reduce waited for one view's total
    // before the next view's work was submitted, a GPU's driver would leave that work queued, and
    // the views would run one after another. Each view's own count of clFlush calls shows it. Each
    // view's work is enqueued from a thread of its own: ThreadSanitizer runs this test.
    const int rows = 64, columns = 300;
    const std::vector<float> floats = random_floats(std::size_t(rows) * columns, 13);
    const std::vector<tiles::accelerator_view> views = several_views(3);
    tiles::split_array<float> split(views, tiles::extent<2>(rows, columns));
    split.scatter(tiles::array_view<const float, 2>(rows, columns, floats));
    std::vector<std::uint64_t> before;
    for (const tiles::accelerator_view& view : views) before.push_back(view.context()->flushes());
    CHECK(
        std::abs(tiles::reduce(split, tiles::reduction_op::sum) - std::accumulate(floats.begin(), floats.end(), 0.0)) <=
        sum_tolerance<float>(floats.size(), double(floats.size())));
    for (std::size_t v = 0; v < views.size(); ++v) {
        INFO("view " << v);
        CHECK(views[v].context()->flushes() == before[v] + 1);
    }
}

TEST_CASE("copies hold the whole matrix on every view, and gather, reduce and stencil read it once", "[split]") {
    const tiles::extent<2> shape(53, 29);
    const std::vector<float> values = random_floats(shape.size(), 21);
    const tiles::array_view<const float, 2> input(shape, values);
    for (int parts = 1; parts <= 3; ++parts) {
        INFO(parts << " views");
        tiles::split_array<float> copies = tiles::split_array<float>::copies(several_views(parts), shape);
        REQUIRE(copies.parts() == std::size_t(parts));
        copies.scatter(input);
        for (std::size_t p = 0; p < copies.parts(); ++p) {
            CHECK(copies.band_of(p).first == 0);
            CHECK(copies.band_of(p).rows == shape[0]);
            CHECK(same_bits(copies.local(p), values));
        }
        std::vector<float> got(shape.size(), -1.0f);
        copies.gather(tiles::array_view<float, 2>(shape, got));
        CHECK(same_bits(got, values));
        CHECK(std::abs(tiles::reduce(copies, tiles::reduction_op::sum) -
                       std::accumulate(values.begin(), values.end(), 0.0)) <=
              sum_tolerance<float>(values.size(), double(values.size())));
        // Every copy iterates the whole matrix: no halo to exchange.
        const std::vector<float> weights = random_floats(9, 22, 0.0f, 0.2f);
        const tiles::array_view<const float, 2> mask(3, 3, weights);
        tiles::stencil(copies, mask, 3);
        const std::vector<float> expected = iterated_on_one(tiles::accelerator().create_view(), input, mask, shape, 3);
        for (std::size_t p = 0; p < copies.parts(); ++p) CHECK(same_bits(copies.local(p), expected));
    }
}

namespace {

// C = 1.5 * A * B + 0.5 * C, twice, on one view: what gemm on split arrays must give, bit for bit.
std::vector<float> gemm_twice_on_one(const tiles::array_view<const float, 2>& a,
                                     const tiles::array_view<const float, 2>& b, std::vector<float> c, int m, int n) {
    const tiles::accelerator_view one = tiles::accelerator().create_view();
    tiles::array_view<float, 2> c_view(m, n, c);
    for (int call = 0; call < 2; ++call) tiles::gemm(one, 1.5f, a, b, 0.5f, c_view);
    c_view.synchronize();
    return c;
}

} // namespace

TEST_CASE("gemm on split arrays where they are equals gemm on one view, bit for bit", "[split][algorithms]") {
    const int m = 101, k = 45, n = 67;
    const std::vector<float> a_values = random_floats(std::size_t(m) * k, 31),
                             b_values = random_floats(std::size_t(k) * n, 32),
                             c_values = random_floats(std::size_t(m) * n, 33);
    const tiles::array_view<const float, 2> a(m, k, a_values), b(k, n, b_values);
    const std::vector<float> expected = gemm_twice_on_one(a, b, c_values, m, n);
    // The values themselves, against a CPU loop of the same two calls.
    for (int i = 0; i < m; i += 10)
        for (int j = 0; j < n; j += 7) {
            double sum = 0;
            for (int l = 0; l < k; ++l)
                sum += double(a_values[std::size_t(i) * k + l]) * b_values[std::size_t(l) * n + j];
            const double once = 1.5 * sum + 0.5 * c_values[std::size_t(i) * n + j];
            CHECK(std::abs(expected[std::size_t(i) * n + j] - (1.5 * sum + 0.5 * once)) <=
                  sum_tolerance<float>(std::size_t(k) + 4, 2.5 * k + 1));
        }
    // Granularity 16 makes bands of unequal rows: 48, 32 and 21 of 101 over three views.
    for (const int granularity : {1, 16})
        for (int parts = 1; parts <= 3; ++parts) {
            INFO(parts << " views, bands in multiples of " << granularity << " rows");
            const std::vector<tiles::accelerator_view> views = several_views(parts);
            tiles::split_array<float> a_split(views, tiles::extent<2>(m, k), 0, granularity);
            tiles::split_array<float> c_split(views, tiles::extent<2>(m, n), 0, granularity);
            tiles::split_array<float> b_copies = tiles::split_array<float>::copies(views, tiles::extent<2>(k, n));
            a_split.scatter(a);
            b_copies.scatter(b);
            c_split.scatter(tiles::array_view<const float, 2>(m, n, c_values));
            for (int call = 0; call < 2; ++call) tiles::gemm(1.5f, a_split, b_copies, 0.5f, c_split);
            std::vector<float> got(std::size_t(m) * n, -1.0f);
            c_split.gather(tiles::array_view<float, 2>(m, n, got));
            CHECK(same_bits(got, expected));
        }
}

TEST_CASE("gemm on split arrays refuses bands that do not line up, naming both", "[split][algorithms]") {
    const std::vector<tiles::accelerator_view> two = several_views(2), three = several_views(3);
    tiles::split_array<float> a(two, tiles::extent<2>(40, 8)), c(two, tiles::extent<2>(40, 6));
    tiles::split_array<float> b = tiles::split_array<float>::copies(two, tiles::extent<2>(8, 6));
    tiles::split_array<float> b_bands(two, tiles::extent<2>(8, 6));
    REQUIRE_THROWS_MENTIONING(tiles::gemm(1.0f, a, b_bands, 0.0f, c), tiles::invalid_argument,
                              "B is split into 2 bands of rows", "split_matrix::copies");
    tiles::split_array<float> c_other_bands(two, tiles::extent<2>(40, 6), 0, 16);
    REQUIRE_THROWS_MENTIONING(tiles::gemm(1.0f, a, b, 0.0f, c_other_bands), tiles::invalid_argument,
                              "band 0 of A holds rows 0 to 19 and band 0 of C rows 0 to 31", "the same bands of rows");
    tiles::split_array<float> c_halo(two, tiles::extent<2>(40, 6), 1);
    REQUIRE_THROWS_MENTIONING(tiles::gemm(1.0f, a, b, 0.0f, c_halo), tiles::invalid_argument,
                              "A's bands have halos of 0 rows and C's of 1", "without halos");
    tiles::split_array<float> c_three(three, tiles::extent<2>(40, 6));
    REQUIRE_THROWS_MENTIONING(tiles::gemm(1.0f, a, b, 0.0f, c_three), tiles::invalid_argument,
                              "A is split over 2 contexts, B held on 2 and C split over 3");
    tiles::split_array<float> c_elsewhere(several_views(2), tiles::extent<2>(40, 6));
    REQUIRE_THROWS_MENTIONING(tiles::gemm(1.0f, a, b, 0.0f, c_elsewhere), tiles::invalid_argument,
                              "band 0 of A, B's copy 0 and band 0 of C are not all on one context");
    tiles::split_array<float> b_tall = tiles::split_array<float>::copies(two, tiles::extent<2>(9, 6));
    REQUIRE_THROWS_MENTIONING(tiles::gemm(1.0f, a, b_tall, 0.0f, c), tiles::invalid_argument,
                              "A is 40x8 and B is 9x6; A's 8 columns must match B's 9 rows");
    tiles::split_array<float> c_wide(two, tiles::extent<2>(40, 7));
    REQUIRE_THROWS_MENTIONING(tiles::gemm(1.0f, a, b, 0.0f, c_wide), tiles::invalid_argument,
                              "C is 40x7 but must be 40x6");
    REQUIRE_THROWS_MENTIONING(tiles::gemm(1.0f, a, b, 0.0f, a), tiles::invalid_argument, "C is 40x8 but must be 40x6");
    tiles::split_array<float> square(two, tiles::extent<2>(8, 8));
    tiles::split_array<float> square_b = tiles::split_array<float>::copies(two, tiles::extent<2>(8, 8));
    REQUIRE_THROWS_MENTIONING(tiles::gemm(1.0f, square, square_b, 0.0f, square), tiles::invalid_argument,
                              "C and A are the same data");
}
