// fast_math's error on the device: each function over 1000 values of its domain, against the host's
// value in double precision. C++ AMP's fast_math gives up precision for speed, never whole units:
// the bound is HCC's C++ AMP tests' (the absolute differences over 1000 values in [-2 pi, 2 pi]
// summing to at most 1), tan's values summed as they are, as HCC sums them, the others' relative to
// the value where it passes 1, so that exp's large values weigh as its small ones do.
#include <cmath>
#include <cstdint>
#include <string>
#include <vector>

#include "fixture.hpp"

namespace {

struct function_domain {
    const char* name;
    double low, high;
    double (*reference)(double);
    bool relative; // the difference taken relative to the value where it passes 1
};

constexpr double two_pi = 6.283185307179586;

const function_domain functions[] = {
    {"acos", -1, 1, [](double x) { return std::acos(x); }, true},
    {"asin", -1, 1, [](double x) { return std::asin(x); }, true},
    {"atan", -100, 100, [](double x) { return std::atan(x); }, true},
    {"ceil", -100, 100, [](double x) { return std::ceil(x); }, true},
    {"cos", -two_pi, two_pi, [](double x) { return std::cos(x); }, true},
    {"cosh", -10, 10, [](double x) { return std::cosh(x); }, true},
    {"exp", -20, 20, [](double x) { return std::exp(x); }, true},
    {"exp2", -20, 20, [](double x) { return std::exp2(x); }, true},
    {"exp10", -8, 8, [](double x) { return std::pow(10.0, x); }, true},
    {"fabs", -100, 100, [](double x) { return std::fabs(x); }, true},
    {"floor", -100, 100, [](double x) { return std::floor(x); }, true},
    {"log", 1e-3, 1e4, [](double x) { return std::log(x); }, true},
    {"log10", 1e-3, 1e4, [](double x) { return std::log10(x); }, true},
    {"log2", 1e-3, 1e4, [](double x) { return std::log2(x); }, true},
    {"round", -100, 100, [](double x) { return std::round(x); }, true},
    {"rsqrt", 1e-3, 1e4, [](double x) { return 1 / std::sqrt(x); }, true},
    {"sin", -two_pi, two_pi, [](double x) { return std::sin(x); }, true},
    {"sinh", -10, 10, [](double x) { return std::sinh(x); }, true},
    {"sqrt", 0, 1e4, [](double x) { return std::sqrt(x); }, true},
    {"tan", -two_pi, two_pi, [](double x) { return std::tan(x); }, false},
    {"tanh", -5, 5, [](double x) { return std::tanh(x); }, true},
    {"trunc", -100, 100, [](double x) { return std::trunc(x); }, true},
};

// 1000 floats in [low, high], the same each run (a linear congruential generator, as rand()).
std::vector<float> values_in(double low, double high) {
    std::vector<float> values(1000);
    std::uint32_t state = 12345;
    for (float& value : values) {
        state = state * 1103515245u + 12345u;
        value = float(low + (high - low) * double(state >> 8) / double(1u << 24));
    }
    return values;
}

// fast_math::`name` of each of `x` on the device.
std::vector<float> on_device(const tiles::accelerator_view& view, const std::string& name,
                             const std::vector<float>& x) {
    std::vector<float> in = x, out(x.size(), -12345.0f);
    tiles::array_view<float, 1> in_view(int(in.size()), in), out_view(int(out.size()), out);
    const std::string source = "void values(array_view<float, 1> in, array_view<float, 1> out, index<1> i) "
                               "restrict(amp) {\n    out[i] = fast_math::" +
                               name + "(in[i]);\n}\n";
    tiles::parallel_for_each(view, tiles::extent<1>(int(x.size())),
                             tiles::kernel(source, "values", "", tiles::kernel_language::cpp), in_view, out_view);
    out_view.synchronize();
    return out;
}

} // namespace

TEST_CASE_METHOD(fresh_view, "every fast_math function on the device within HCC's bound of the host's, over its domain",
                 "[amp][fast_math]") {
    for (const function_domain& f : functions) {
        const std::vector<float> x = values_in(f.low, f.high), device = on_device(view, f.name, x);
        double summed = 0, worst = 0;
        float worst_at = 0;
        for (std::size_t i = 0; i < x.size(); ++i) {
            const double expected = f.reference(double(x[i]));
            const double difference =
                std::fabs(double(device[i]) - expected) / (f.relative ? std::fmax(1.0, std::fabs(expected)) : 1.0);
            summed += difference;
            if (!(difference <= worst)) worst = difference, worst_at = x[i];
        }
        INFO("fast_math::" << f.name << " over [" << f.low << ", " << f.high << "]: summed " << summed << ", worst "
                           << worst << " at " << worst_at);
        CHECK(summed <= 1.0);
    }
}

TEST_CASE_METHOD(fresh_view, "fast_math's sine and cosine of large arguments within 1e-3 of the host's on a CPU device",
                 "[amp][fast_math]") {
    if (!view.get_accelerator().is_cpu()) {
        WARN("left out: the default device is not a CPU, whose native_ functions may be approximate");
        return;
    }
    // PoCL's native_sin and native_cos reduce no range: they missed by up to 0.125 here.
    const std::vector<float> x = {2.0e6f, 2.0e6f + 0.7f, 1999999.25f, 2.1e6f - 3.3f, 1.0e5f, 1.0e5f + 1.3f, 99999.5f};
    for (const char* name : {"sin", "cos"}) {
        const std::vector<float> device = on_device(view, name, x);
        for (std::size_t i = 0; i < x.size(); ++i) {
            const double expected = std::string(name) == "sin" ? std::sin(double(x[i])) : std::cos(double(x[i]));
            INFO("fast_math::" << name << "(" << x[i] << ") = " << device[i] << ", the host's " << expected);
            CHECK(std::fabs(double(device[i]) - expected) < 1e-3);
        }
    }
}
