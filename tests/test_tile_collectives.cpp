// The prelude's tile collectives (reduce, scans, broadcast, shuffle) of int, uint, long, ulong,
// float and double, at tile shapes 1, 16x16, 1x256, 8x8x4 and 3x5 over several tiles, against
// references computed here on the CPU: with values whose every sum is exact, against plain
// sequential loops; with random floats, bit for bit against the order the prelude documents. Where
// the device turns a fast path on (PTX shuffles, sub-groups), the portable path is checked too.
#include <algorithm>
#include <cmath>
#include <cstdint>
#include <cstring>
#include <functional>
#include <limits>
#include <random>
#include <string>
#include <vector>

#include "devices/device_info.hpp"
#include "fixture.hpp"
#include "random_data.hpp"

namespace {

// Each work-item runs every collective on its element of `in` and writes the results, in this
// order, to its record of `out`: sum, least, greatest, inclusive and exclusive scan, the value of
// work-item sources[2g] (the same for the whole tile), that of sources[2g + 1] (its own choice),
// and its linear local index. One scratch serves them all in turn.
const char* const collectives_source = R"(
__kernel void collectives(__global const T* in, __global const int* sources, __global T* out) {
    const tiled_index t = get_tiled_index();
    tile_static T scratch[TILE_SCRATCH_SIZE];
    const int g = linear_index(t.global_id, t.extent);
    const T x = in[g];
    __global T* const o = out + 8 * g;
    o[0] = tile_reduce_add(scratch, x);
    o[1] = tile_reduce_min(scratch, x);
    o[2] = tile_reduce_max(scratch, x);
    o[3] = tile_inclusive_scan_add(scratch, x);
    o[4] = tile_exclusive_scan_add(scratch, x);
    o[5] = tile_broadcast(scratch, x, sources[2 * g]);
    o[6] = tile_shuffle(scratch, x, sources[2 * g + 1]);
    o[7] = (T)tile_local_linear_id();
}
)";

enum result { sum, least, greatest, inclusive, exclusive, broadcast, shuffled, linear_id, results };

struct tile_shape {
    std::vector<int> tile, extent; // AMP order; the extent holds several tiles
    int items() const {
        int n = 1;
        for (int t : tile) n *= t;
        return n;
    }
    int size() const {
        int n = 1;
        for (int e : extent) n *= e;
        return n;
    }
    std::string text() const {
        std::string s;
        for (int t : tile) s += (s.empty() ? "" : "x") + std::to_string(t);
        return s;
    }
};

// Many tiles, so that many run at once (PoCL once made tiles running at once share tile_static
// memory), and a few for the simulator.
const std::vector<tile_shape> shapes = {
    {{1}, {64}}, {{16, 16}, {64, 32}}, {{1, 256}, {8, 256}}, {{8, 8, 4}, {16, 32, 4}}, {{3, 5}, {12, 20}}};
const std::vector<tile_shape> few_tiles = {
    {{1}, {3}}, {{16, 16}, {32, 16}}, {{1, 256}, {2, 256}}, {{8, 8, 4}, {8, 16, 4}}, {{3, 5}, {6, 10}}};

// The global linear indices of each tile's work-items, each tile's in linear local order.
std::vector<std::vector<int>> tiles_of(const tile_shape& s) {
    int tile[3] = {1, 1, 1}, extent[3] = {1, 1, 1};
    for (std::size_t d = 0; d < s.tile.size(); ++d) tile[d] = s.tile[d], extent[d] = s.extent[d];
    std::vector<std::vector<int>> members;
    for (int t0 = 0; t0 < extent[0]; t0 += tile[0])
        for (int t1 = 0; t1 < extent[1]; t1 += tile[1])
            for (int t2 = 0; t2 < extent[2]; t2 += tile[2]) {
                members.emplace_back();
                for (int l0 = 0; l0 < tile[0]; ++l0)
                    for (int l1 = 0; l1 < tile[1]; ++l1)
                        for (int l2 = 0; l2 < tile[2]; ++l2)
                            members.back().push_back(((t0 + l0) * extent[1] + t1 + l1) * extent[2] + t2 + l2);
            }
    return members;
}

// Every tile's broadcast source (one per tile) and each work-item's shuffle source.
std::vector<int> random_sources(const tile_shape& s, unsigned seed) {
    std::mt19937 generator(seed);
    std::uniform_int_distribution<int> pick(0, s.items() - 1);
    std::vector<int> sources(2 * s.size());
    for (const std::vector<int>& members : tiles_of(s)) {
        const int from = pick(generator);
        for (int g : members) sources[2 * g] = from, sources[2 * g + 1] = pick(generator);
    }
    return sources;
}

// Runs the kernel over `s` with `in`; returns `results` values per element.
template <class T>
std::vector<T> run_collectives(const tiles::accelerator_view& view, const tile_shape& s, const std::vector<T>& in,
                               const std::vector<int>& sources, const std::string& type, const std::string& options) {
    std::vector<T> out(std::size_t(results) * s.size());
    {
        tiles::array_view<const T, 1> input(s.size(), in);
        tiles::array_view<const int, 1> from(int(sources.size()), sources);
        tiles::array_view<T, 1> output(int(out.size()), out);
        const tiles::kernel k(collectives_source, "collectives", "-DT=" + type + " " + options);
        const auto& e = s.extent;
        const auto& t = s.tile;
        switch (s.tile.size()) {
        case 1:
            tiles::parallel_for_each(view, tiles::tiled_extent<1>(tiles::extent<1>(e[0]), tiles::extent<1>(t[0])), k,
                                     input, from, output);
            break;
        case 2:
            tiles::parallel_for_each(view,
                                     tiles::tiled_extent<2>(tiles::extent<2>(e[0], e[1]), tiles::extent<2>(t[0], t[1])),
                                     k, input, from, output);
            break;
        default:
            tiles::parallel_for_each(
                view, tiles::tiled_extent<3>(tiles::extent<3>(e[0], e[1], e[2]), tiles::extent<3>(t[0], t[1], t[2])), k,
                input, from, output);
        }
        output.synchronize();
    }
    return out;
}

// The same bits: NaN payloads aside, and a float's -0 and +0 apart.
template <class T> bool same(T a, T b) {
    if constexpr (std::is_floating_point_v<T>) {
        if (std::isnan(a) || std::isnan(b)) return std::isnan(a) && std::isnan(b);
        return std::memcmp(&a, &b, sizeof a) == 0;
    } else {
        return a == b;
    }
}

// Sequential references: sums and scans left to right (wrapping for the integers, exact for the
// floats these tests give), the least and greatest as std::min_element finds them.
template <class T> struct sequential {
    static T add(T a, T b) {
        if constexpr (std::is_integral_v<T>) {
            using U = std::make_unsigned_t<T>;
            return T(U(a) + U(b));
        } else {
            return a + b;
        }
    }
    static T reduce(const std::vector<T>& v, int op) {
        if (op == least) return *std::min_element(v.begin(), v.end());
        if (op == greatest) return *std::max_element(v.begin(), v.end());
        T total = v[0];
        for (std::size_t i = 1; i < v.size(); ++i) total = add(total, v[i]);
        return total;
    }
    static std::vector<T> scan(const std::vector<T>& v, bool inclusive_scan) {
        std::vector<T> out(v.size());
        T running = 0;
        for (std::size_t i = 0; i < v.size(); ++i) {
            if (!inclusive_scan) out[i] = running;
            running = i == 0 ? v[0] : add(running, v[i]);
            if (inclusive_scan) out[i] = running;
        }
        return out;
    }
};

// The prelude's documented orders: the tree (value i combined with value i + span, span the
// largest power of two below the number of values left), and scans within runs of 32 (Hillis
// and Steele), then the totals of the runs before, in order.
template <class T> struct documented {
    static T combine(T a, T b, int op) {
        if (op == sum) return a + b;
        if (std::isnan(a) || std::isnan(b)) return a + b;
        return op == least ? std::fmin(a, b) : std::fmax(a, b);
    }
    static T reduce(std::vector<T> v, int op) {
        for (int live = int(v.size()); live > 1;) {
            int span = 1;
            while (span * 2 < live) span *= 2;
            for (int i = 0; i < live - span; ++i) v[i] = combine(v[i], v[i + span], op);
            live = span;
        }
        return v[0];
    }
    static std::vector<T> scan(const std::vector<T>& v, bool inclusive_scan) {
        const int n = int(v.size()), run = 32;
        std::vector<T> own = v;
        for (int d = 1; d < std::min(n, run); d *= 2) {
            std::vector<T> next = own;
            for (int i = 0; i < n; ++i)
                if (i % run >= d) next[i] = own[i - d] + own[i];
            own = next;
        }
        std::vector<T> out(n);
        for (int i = 0; i < n; ++i) {
            T before = 0;
            for (int r = 0; r < i / run; ++r)
                before = r == 0 ? own[r * run + run - 1] : before + own[r * run + run - 1];
            const bool first_run = i < run;
            if (inclusive_scan)
                out[i] = first_run ? own[i] : before + own[i];
            else if (i % run > 0)
                out[i] = first_run ? own[i - 1] : before + own[i - 1];
            else
                out[i] = before;
        }
        return out;
    }
};

// Checks every result of every tile against `Reference`.
template <class T, template <class> class Reference>
void check_results(const tile_shape& s, const std::vector<T>& in, const std::vector<int>& sources,
                   const std::vector<T>& out) {
    for (const std::vector<int>& members : tiles_of(s)) {
        std::vector<T> values;
        for (int g : members) values.push_back(in[g]);
        const T expected_sum = Reference<T>::reduce(values, sum), expected_least = Reference<T>::reduce(values, least),
                expected_greatest = Reference<T>::reduce(values, greatest);
        const std::vector<T> inclusive_scan = Reference<T>::scan(values, true),
                             exclusive_scan = Reference<T>::scan(values, false);
        int wrong = 0;
        for (std::size_t l = 0; l < members.size(); ++l) {
            const int g = members[l];
            const T* r = &out[std::size_t(results) * g];
            const T expected[results] = {
                expected_sum,      expected_least,         expected_greatest,          inclusive_scan[l],
                exclusive_scan[l], values[sources[2 * g]], values[sources[2 * g + 1]], T(l)};
            for (int k = 0; k < results; ++k)
                if (!same(r[k], expected[k]) && ++wrong <= 8) {
                    INFO("tile of element " << members[0] << ", work-item " << l << ", result " << k << ": got " << r[k]
                                            << ", expected " << expected[k]);
                    CHECK(false);
                }
        }
        CHECK(wrong == 0);
    }
}

// The build options of each path the device has: its own, and the portable one where it differs.
std::vector<std::string> paths(const tiles::accelerator_view& view) {
    const tiles::accelerator accelerator = view.get_accelerator();
    const tiles::engine::device_info& device = accelerator.info();
    if (!device.ptx_shuffles && !device.sub_groups) return {""};
    WARN("'" << device.name << "' has the collectives' fast paths" << (device.ptx_shuffles ? " (PTX shuffles)" : "")
             << (device.sub_groups ? " (sub-groups)" : "") << ": checking them and the portable path");
    return {"", "-DTILES_PTX_SHFL=0 -DTILES_SUBGROUPS=0"};
}

template <class T>
void check_exact(const tiles::accelerator_view& view, const std::string& type,
                 const std::function<std::vector<T>(std::size_t, unsigned)>& values) {
    for (const std::string& options : paths(view))
        for (const tile_shape& s : shapes) {
            INFO(type << " in " << s.text() << " tiles, options '" << options << "'");
            const std::vector<T> in = values(s.size(), unsigned(s.size()));
            const std::vector<int> sources = random_sources(s, unsigned(s.items()));
            for (int launch = 0; launch < 3; ++launch) // tiles meet differently each time
                check_results<T, sequential>(s, in, sources, run_collectives(view, s, in, sources, type, options));
        }
}

template <class T> std::vector<T> uniform_integers(std::size_t n, unsigned seed, T low, T high) {
    std::mt19937_64 generator(seed);
    std::uniform_int_distribution<T> distribution(low, high);
    std::vector<T> v(n);
    for (T& x : v) x = distribution(generator);
    return v;
}

// Multiples of 2^-step below 2^bits in magnitude: sums of up to 1024 of them are exact in T.
template <class T> std::vector<T> exact_floats(std::size_t n, unsigned seed, int bits, int step) {
    std::vector<T> v(n);
    std::mt19937 generator(seed);
    std::uniform_int_distribution<std::int64_t> distribution(-(std::int64_t(1) << (bits + step)), std::int64_t(1)
                                                                                                      << (bits + step));
    for (T& x : v) x = std::ldexp(T(distribution(generator)), -step);
    return v;
}

} // namespace

TEST_CASE_METHOD(fresh_view, "tile collectives of int and uint match sequential references at every tile shape",
                 "[prelude][collectives]") {
    check_exact<int>(view, "int",
                     [](std::size_t n, unsigned seed) { return uniform_integers<int>(n, seed, -1000000, 1000000); });
    // Large values, so that sums wrap as uint arithmetic does.
    check_exact<unsigned>(
        view, "uint", [](std::size_t n, unsigned seed) { return uniform_integers<unsigned>(n, seed, 0, 0xffffffffu); });
}

TEST_CASE_METHOD(fresh_view, "tile collectives of long and ulong keep all 64 bits at every tile shape",
                 "[prelude][collectives]") {
    // Values past 32 bits in both halves, so that a lost or swapped half shows.
    check_exact<std::int64_t>(view, "long", [](std::size_t n, unsigned seed) {
        return uniform_integers<std::int64_t>(n, seed, -(std::int64_t(1) << 50), std::int64_t(1) << 50);
    });
    check_exact<std::uint64_t>(view, "ulong", [](std::size_t n, unsigned seed) {
        return uniform_integers<std::uint64_t>(n, seed, 0, ~std::uint64_t(0));
    });
}

TEST_CASE_METHOD(fresh_view, "tile collectives of float and double whose every sum is exact at every tile shape",
                 "[prelude][collectives]") {
    check_exact<float>(view, "float", [](std::size_t n, unsigned seed) { return exact_floats<float>(n, seed, 10, 8); });
    if (!view.get_accelerator().info().fp64) {
        WARN("'" << view.get_accelerator().info().name << "' has no double precision: double is not checked");
        return;
    }
    check_exact<double>(view, "double",
                        [](std::size_t n, unsigned seed) { return exact_floats<double>(n, seed, 20, 24); });
}

TEST_CASE_METHOD(fresh_view, "float collectives add in the documented order, the same bits on every path",
                 "[prelude][collectives]") {
    // Random floats of many magnitudes: another order of addition would round otherwise.
    for (const std::string& options : paths(view))
        for (const tile_shape& s : shapes) {
            INFO("float in " << s.text() << " tiles, options '" << options << "'");
            std::vector<float> in = random_floats(s.size(), unsigned(s.size()) + 7);
            for (std::size_t i = 0; i < in.size(); ++i) in[i] = std::ldexp(in[i], int(i % 17) - 8);
            const std::vector<int> sources = random_sources(s, 3);
            check_results<float, documented>(s, in, sources, run_collectives(view, s, in, sources, "float", options));
        }
}

TEST_CASE_METHOD(fresh_view, "a float minimum or maximum of a tile with a NaN is NaN, other tiles unaffected",
                 "[prelude][collectives]") {
    for (const std::string& options : paths(view))
        for (const tile_shape& s : shapes) {
            INFO("float in " << s.text() << " tiles, options '" << options << "'");
            std::vector<float> in = exact_floats<float>(s.size(), 5, 10, 8);
            const std::vector<std::vector<int>> members = tiles_of(s);
            in[members[0].back()] = std::numeric_limits<float>::quiet_NaN(); // the first tile's last
            in[members[1].front()] = std::numeric_limits<float>::infinity(); // the second tile's first
            const std::vector<int> sources = random_sources(s, 11);
            const std::vector<float> out = run_collectives(view, s, in, sources, "float", options);
            for (int g : members[0]) {
                CHECK(std::isnan(out[results * g + least]));
                CHECK(std::isnan(out[results * g + greatest]));
            }
            for (int g : members[1]) {
                CHECK(out[results * g + greatest] == std::numeric_limits<float>::infinity());
                CHECK(!std::isnan(out[results * g + least]));
            }
        }
}

TEST_CASE("tile collectives are race-free under the simulator", "[checked][collectives]") {
    const tiles::accelerator_view view = tiles::create_checked_view(true); // strict: would throw
    for (const tile_shape& s : few_tiles) {
        INFO(s.text() << " tiles");
        const std::vector<int> sources = random_sources(s, 13);
        const std::vector<int> ints = uniform_integers<int>(s.size(), 17, -1000, 1000);
        check_results<int, sequential>(s, ints, sources, run_collectives(view, s, ints, sources, "int", ""));
        const std::vector<double> doubles = exact_floats<double>(s.size(), 19, 20, 24);
        check_results<double, sequential>(s, doubles, sources,
                                          run_collectives(view, s, doubles, sources, "double", ""));
    }
    CHECK(tiles::get_check_report(view).clean());
}
