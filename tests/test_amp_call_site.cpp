// C++ AMP's call sites with their kernels in C++ (tiles/amp.hpp): TILES_LAMBDA with each kind of
// capture (values by copy among them), TILES_CONSTANT of macros and constants, device code and
// code shared with the host, TILES_FUNCTOR, a call site compiled once however often it runs, and
// errors at this file's lines.
#include <filesystem>
#include <numeric>
#include <string>
#include <tuple>
#include <utility>
#include <vector>

#include "fixture.hpp"
#include "tiles/detail/amp_kernel_text.hpp"

namespace {

#define SCALE 3
static const int offset = 100;
static const float half_of = 0.5f;

// clang-format off
TILES_SHARED_CODE(pair_code,
struct pair {
    int first;
    int second;
};
);

TILES_DEVICE_CODE(helpers_code,
int doubled(int x) restrict(amp) { return 2 * x; }

class Shift {
  public:
    Shift(array_view<int, 1> out, int by) restrict(amp, cpu) : m_out(out), m_by(by) {}
    void operator()(index<1> idx) const restrict(amp) { m_out[idx] = idx[0] + m_by; }
  private:
    array_view<int, 1> m_out;
    int m_by;
};
);

TILES_SHARED_CODE(weights_code,
enum class mode { scale, shift };
struct weights {
    int scale;
    int range[2];
    float ratio;
    mode how;
};
);

// Larger than the bytes a launch argument holds inline (64): the rest go on the heap.
TILES_SHARED_CODE(table_code,
struct table {
    int entries[40];
};
);

TILES_DEVICE_CODE(scaler_code,
class Scaler {
  public:
    Scaler(array_view<int, 2> out, weights w) restrict(amp, cpu) : m_out(out), m_w(w) {}
    void operator()(index<2> i) const restrict(amp) { m_out[i] = m_w.range[i[0]] * m_w.scale + int(m_w.how); }
  private:
    array_view<int, 2> m_out;
    weights m_w;
};
);
// clang-format on

// The same call site with the types of a template: one kernel for each.
template <class T> std::vector<T> doubled_values(std::vector<T> values) {
    tiles::array_view<T, 1> v(int(values.size()), values);
    tiles::parallel_for_each(v.extent, TILES_LAMBDA((v), [=](tiles::index<1> i) restrict(amp) { v[i] = v[i] * 2; }));
    v.synchronize();
    return values;
}

// The kernel of a call site in a lambda inside a lambda inside `launched_in_nested_lambdas`, and
// that of another call site on the same line.
struct kernel_names {
    std::string first, second;
    int line;
};
kernel_names launched_in_nested_lambdas(tiles::array_view<int, 1> v) {
    kernel_names names;
    const auto outer = [&] {
        const auto inner = [&] {
            names.line = __LINE__ + 2;
            // clang-format off
            const auto first = TILES_LAMBDA((v), [=](tiles::index<1> i) restrict(amp) { v[i] = 1; }); const auto second = TILES_LAMBDA((v), [=](tiles::index<1> i) restrict(amp) { v[i] += 2; });
            // clang-format on
            tiles::parallel_for_each(v.extent, first);
            tiles::parallel_for_each(v.extent, second);
            names.first = first.k->name();
            names.second = second.k->name();
        };
        inner();
    };
    outer();
    return names;
}

// The kernel of a call site whose name a kernel compiled by the build has taken already, and the
// call site's line.
std::pair<std::string, int> launched_after_a_built_name(tiles::array_view<int, 1> v) {
    const int line = __LINE__ + 4;
    // As the build's generated sources register a kernel of another text under that name.
    static const std::string taken = "launched_after_a_built_name_" + std::to_string(line);
    tiles::amp_detail::register_built_kernel_name("a kernel's text the build compiled", taken.c_str());
    const auto k = TILES_LAMBDA((v), [=](tiles::index<1> i) restrict(amp) { v[i] = 4; });
    tiles::parallel_for_each(v.extent, k);
    return {k.k->name(), line};
}

// The name of the kernel of this call site for T, and the call site's line.
template <class T, int Offset> std::pair<std::string, int> added_kernel_name(tiles::array_view<T, 1> v) {
    const int line = __LINE__ + 1;
    const auto k = TILES_LAMBDA((v, TILES_CONSTANT(Offset)), [=](tiles::index<1> i) restrict(amp) { v[i] += Offset; });
    tiles::parallel_for_each(v.extent, k);
    return {k.k->name(), line};
}

} // namespace

TEST_CASE_METHOD(fresh_view, "TILES_LAMBDA: arrays, array_views and numbers captured, as C++ AMP captures them",
                 "[amp]") {
    using namespace tiles;
    std::vector<int> in(12), out(12);
    std::iota(in.begin(), in.end(), 0);
    array_view<const int, 2> source(3, 4, in);
    array_view<int, 2> target(3, 4, out);
    array<float, 1> sums(extent<1>(3), view);
    const int add = 7;
    const unsigned times = 2u;
    const double fraction = 0.25;
    const long long big = 1ll << 40;
    parallel_for_each(view, source.extent.tile<1, 4>(),
                      TILES_LAMBDA((source, target, sums, add, times, fraction, big),
                                   [ =, &sums ](tiled_index<1, 4> t) restrict(amp) {
                                       target[t] = int(source[t] * times) + add + int(big >> 40);
                                       if (t.local[1] == 0) sums[t.tile[0]] = float(fraction * source[t]);
                                   }));
    target.synchronize();
    const std::vector<float> got = sums;
    for (int i = 0; i < 12; ++i) CHECK(out[i] == 2 * i + 8);
    for (int r = 0; r < 3; ++r) CHECK(got[r] == 0.25f * float(4 * r));
}

TEST_CASE_METHOD(fresh_view, "TILES_LAMBDA and TILES_FUNCTOR copy structs, enums, extents, indices and tiled_extents",
                 "[amp]") {
    using namespace tiles;
    std::vector<int> out(16);
    array_view<int, 2> v(2, 8, out);
    const weights w = {3, {10, 20}, 0.5f, mode::shift};
    const extent<2> e(2, 8);
    const index<2> corner(1, 7);
    const amp::tiled_extent<1, 4> tiled = e.tile<1, 4>();
    const mode m = mode::scale;
    parallel_for_each(
        view, tiled, TILES_LAMBDA((v, w, e, corner, tiled, m, weights_code), [=](tiled_index<1, 4> t) restrict(amp) {
            const int c = t.global[1];
            v[t] = w.scale * c + w.range[t.global[0]] + int(w.ratio * 4) + (w.how == mode::shift ? 1000 : 0) +
                   e[1] * 10000 + corner[1] * 100000 + (m == mode::scale ? 5000000 : 0) + tiled[1] * 10000000 +
                   tiled.get_tile_extent()[1] * 100000000;
        }));
    v.synchronize();
    for (int r = 0; r < 2; ++r)
        for (int c = 0; c < 8; ++c)
            CHECK(out[r * 8 + c] ==
                  3 * c + (r == 0 ? 10 : 20) + 2 + 1000 + 80000 + 700000 + 5000000 + 80000000 + 400000000);
    parallel_for_each(view, v.extent, TILES_FUNCTOR((weights_code, scaler_code), Scaler, v, w));
    v.synchronize();
    for (int r = 0; r < 2; ++r)
        for (int c = 0; c < 8; ++c) CHECK(out[r * 8 + c] == (r == 0 ? 10 : 20) * 3 + 1);
}

TEST_CASE_METHOD(fresh_view,
                 "TILES_LAMBDA copies a struct larger than a launch argument holds inline, and a small one beside it",
                 "[amp]") {
    using namespace tiles;
    table squares{};
    for (int i = 0; i < 40; ++i) squares.entries[i] = i * i;
    const pair shift = {1000, 7};
    std::vector<int> out(40);
    array_view<int, 1> v(40, out);
    parallel_for_each(view, v.extent,
                      TILES_LAMBDA((v, squares, shift, table_code, pair_code), [=](index<1> i) restrict(amp) {
                          v[i] = squares.entries[39 - i[0]] + shift.first * shift.second;
                      }));
    v.synchronize();
    for (int i = 0; i < 40; ++i) CHECK(out[i] == (39 - i) * (39 - i) + 7000);
}

TEST_CASE_METHOD(fresh_view, "TILES_CONSTANT, TILES_DEVICE_CODE and TILES_SHARED_CODE give the kernel the host's names",
                 "[amp]") {
    using namespace tiles;
    std::vector<pair> pairs(8);
    for (int i = 0; i < 8; ++i) pairs[i] = {i, 0};
    array_view<pair, 1> v(8, pairs);
    parallel_for_each(
        view, v.extent,
        TILES_LAMBDA(
            (v, pair_code, helpers_code, TILES_CONSTANT(SCALE), TILES_CONSTANT(offset), TILES_CONSTANT(half_of)), [=
    ](index<1> i) restrict(amp) { v[i].second = doubled(v[i].first) * SCALE + offset + int(half_of * 4); }));
    v.synchronize();
    for (int i = 0; i < 8; ++i) CHECK(pairs[i].second == 6 * i + 102);
}

// tiles-amp defines a constant for the kernels it compiles at build time by constant_definition,
// which TILES_CONSTANT calls too: a launch asks for the kernel whose text it made, which must be the
// text the build compiled; both give the spellings written here.
TEST_CASE("TILES_CONSTANT defines a constant as the kernels compiled at build time do", "[amp]") {
    using tiles::amp_detail::constant_definition;
    using tiles::amp_detail::make_constant;
    const std::vector<std::pair<std::string, std::string>> made{
        {make_constant("A", "A", 1.5f).definition, "constexpr float A = 0x1.8p+0f;"},
        {make_constant("B", "B", -0.1).definition, "constexpr double B = -0x1.999999999999ap-4;"},
        {make_constant("C", "C", -16).definition, "constexpr int C = -16;"},
        {make_constant("D", "D", 16u).definition, "constexpr uint D = 16u;"},
        {make_constant("E", "E", std::int64_t(1) << 40).definition, "constexpr long E = 1099511627776l;"},
        {make_constant("F", "F", true).definition, "constexpr bool F = true;"}};
    const std::vector<std::string> ahead{constant_definition("A", "float", 1.5f, true, true, 4),
                                         constant_definition("B", "double", -0.1, true, true, 8),
                                         constant_definition("C", "int", -16, false, true, 4),
                                         constant_definition("D", "uint", 16, false, false, 4),
                                         constant_definition("E", "long", 1099511627776.0L, false, true, 8),
                                         constant_definition("F", "bool", 1, false, false, 1)};
    for (std::size_t i = 0; i < made.size(); ++i) {
        CHECK(made[i].first == made[i].second);
        CHECK(ahead[i] == made[i].second);
    }
}

TEST_CASE_METHOD(fresh_view, "TILES_FUNCTOR constructs C++ AMP's functor on the device from the host's arguments",
                 "[amp]") {
    std::vector<int> out(6);
    tiles::array_view<int, 1> v(6, out);
    tiles::parallel_for_each(view, v.extent, TILES_FUNCTOR((helpers_code), Shift, v, 40));
    v.synchronize();
    CHECK(out == std::vector<int>{40, 41, 42, 43, 44, 45});
}

TEST_CASE_METHOD(fresh_view, "a call site compiles once, and once for each type a template gives it", "[amp]") {
    std::vector<int> data(16, 1);
    tiles::array_view<int, 1> v(16, data);
    const auto before = tiles::total_counters().kernel_builds;
    for (int i = 0; i < 5; ++i)
        tiles::parallel_for_each(view, v.extent,
                                 TILES_LAMBDA((v), [=](tiles::index<1> i) restrict(amp) { v[i] += 1; }));
    v.synchronize();
    CHECK(data == std::vector<int>(16, 6));
    CHECK(tiles::total_counters().kernel_builds - before <= 1); // 0 where the program cache held it
    CHECK(doubled_values(std::vector<int>{1, 2}) == std::vector<int>{2, 4});
    CHECK(doubled_values(std::vector<float>{1.5f, 2.5f}) == std::vector<float>{3.0f, 5.0f});
}

TEST_CASE_METHOD(fresh_view, "a C++ kernel's compile errors name this file, its line and column", "[amp]") {
    std::vector<int> data(4);
    tiles::array_view<int, 1> v(4, data);
    const int line = __LINE__ + 4; // the line of `not_declared` below
    try {
        // clang-format off
        tiles::parallel_for_each(view, v.extent, TILES_LAMBDA((v), [=](tiles::index<1> i) restrict(amp) {
            v[i] = not_declared;
        }));
        // clang-format on
        FAIL("no build_error");
    } catch (const tiles::build_error& e) {
        INFO(e.what());
        // The file as the build named it, made absolute where it was relative (ccache's base_dir).
        const std::string at = std::filesystem::path(__FILE__).filename().string() + ":" + std::to_string(line) +
                               ":20: error: use of undeclared identifier 'not_declared'";
        CHECK(std::string(e.build_log()).find(at) != std::string::npos);
    }
    // A lambda that takes no index is refused, saying what it takes.
    REQUIRE_THROWS_MENTIONING(
        tiles::parallel_for_each(view, v.extent, TILES_LAMBDA((v), [=] restrict(amp) { v[0] = 1; })),
        tiles::invalid_argument, "TILES_LAMBDA at", "wraps a lambda that takes its index");
}

TEST_CASE_METHOD(fresh_view,
                 "a kernel is named by its enclosing function and line, uniquely, lambdas around it included",
                 "[amp]") {
    std::vector<int> data(4);
    tiles::array_view<int, 1> v(4, data);
    const kernel_names names = launched_in_nested_lambdas(v);
    v.synchronize();
    CHECK(data == std::vector<int>(4, 3));
    CHECK(names.first == "launched_in_nested_lambdas_" + std::to_string(names.line));
    CHECK(names.second == names.first + "_2");
}

TEST_CASE_METHOD(fresh_view, "a kernel made at run time does not take the name of a kernel the build compiled",
                 "[amp]") {
    std::vector<int> data(4);
    tiles::array_view<int, 1> v(4, data);
    const auto [name, line] = launched_after_a_built_name(v);
    v.synchronize();
    CHECK(data == std::vector<int>(4, 4));
    CHECK(name == "launched_after_a_built_name_" + std::to_string(line) + "_2");
}

// The name of the kernel of a call site in a lambda inside a member function of a class template,
// as the book's Reduction writes its kernels (GCC's signature there names no template parameter),
// and the call site's line.
template <int Step> struct stepper {
    std::pair<std::string, int> launched_in_a_lambda(tiles::array_view<int, 1> v) const {
        std::pair<std::string, int> named;
        [&] {
            named.second = __LINE__ + 2;
            // clang-format off
            const auto k = TILES_LAMBDA((v, TILES_CONSTANT(Step)), [=](tiles::index<1> i) restrict(amp) { v[i] += Step; });
            // clang-format on
            tiles::parallel_for_each(v.extent, k);
            named.first = k.k->name();
        }();
        return named;
    }
    // A member template's, named by its class's argument, then its own.
    template <int Scale> std::pair<std::string, int> scaled(tiles::array_view<int, 1> v) const {
        const int line = __LINE__ + 2;
        // clang-format off
        const auto k = TILES_LAMBDA((v, TILES_CONSTANT(Scale)), [=](tiles::index<1> i) restrict(amp) { v[i] *= Scale; });
        // clang-format on
        tiles::parallel_for_each(v.extent, k);
        return {k.k->name(), line};
    }
};

TEST_CASE_METHOD(fresh_view,
                 "the kernels of a call site in a lambda in a class template are named by its template arguments",
                 "[amp]") {
    std::vector<int> data(4, 1);
    tiles::array_view<int, 1> v(4, data);
    // The second instantiation launched first: the names do not depend on that order.
    const auto [negative_name, line] = stepper<-16>().launched_in_a_lambda(v);
    const auto positive_name = stepper<8>().launched_in_a_lambda(v).first;
    v.synchronize();
    CHECK(data == std::vector<int>(4, -7));
    CHECK(negative_name == "launched_in_a_lambda_" + std::to_string(line) + "_neg16");
    CHECK(positive_name == "launched_in_a_lambda_" + std::to_string(line) + "_8");
    const auto [scaled_name, scaled_line] = stepper<8>().scaled<-3>(v);
    v.synchronize();
    CHECK(data == std::vector<int>(4, 21));
    CHECK(scaled_name == "scaled_" + std::to_string(scaled_line) + "_8_neg3");
}

// The names of the kernel of one call site in a generic lambda, launched for int and for float
// views, and the call site's line.
std::tuple<std::string, std::string, int> launched_in_a_generic_lambda(tiles::array_view<int, 1> ints,
                                                                       tiles::array_view<float, 1> floats) {
    int line = 0;
    const auto launch = [&](auto v) {
        line = __LINE__ + 2;
        // clang-format off
        const auto k = TILES_LAMBDA((v), [=](tiles::index<1> i) restrict(amp) { v[i] += 1; });
        // clang-format on
        tiles::parallel_for_each(v.extent, k);
        return k.k->name();
    };
    const std::string float_name = launch(floats);
    return {launch(ints), float_name, line};
}

TEST_CASE_METHOD(fresh_view, "the kernels of a call site in a generic lambda are named by its arguments", "[amp]") {
    std::vector<int> ints(4, 1);
    std::vector<float> floats(4, 0.5f);
    tiles::array_view<int, 1> i(4, ints);
    tiles::array_view<float, 1> f(4, floats);
    const auto [int_name, float_name, line] = launched_in_a_generic_lambda(i, f);
    i.synchronize();
    f.synchronize();
    CHECK(ints == std::vector<int>(4, 2));
    CHECK(floats == std::vector<float>(4, 1.5f));
    // Each instantiation's name carries its argument, not the order of the first launches ("_2").
    const std::string site = "launched_in_a_generic_lambda_" + std::to_string(line);
    CHECK(int_name.rfind(site + "_", 0) == 0);
    CHECK(float_name.rfind(site + "_", 0) == 0);
    CHECK(int_name != float_name);
    CHECK(int_name.find("int") != std::string::npos);
    CHECK(float_name.find("float") != std::string::npos);
}

TEST_CASE_METHOD(fresh_view, "the kernels of a template's call site are named by their template arguments", "[amp]") {
    std::vector<float> floats(4, 0.5f);
    std::vector<int> ints(4, 1);
    tiles::array_view<float, 1> f(4, floats);
    tiles::array_view<int, 1> n(4, ints);
    // Launched float's first: the names do not depend on that order.
    const auto [float_name, line] = added_kernel_name<float, 2>(f);
    const auto int_name = added_kernel_name<int, -3>(n).first;
    f.synchronize();
    n.synchronize();
    CHECK(floats == std::vector<float>(4, 2.5f));
    CHECK(ints == std::vector<int>(4, -2));
    CHECK(float_name == "added_kernel_name_" + std::to_string(line) + "_float_2");
    CHECK(int_name == "added_kernel_name_" + std::to_string(line) + "_int_neg3");
}
