// libtiles algorithms: the secular equation's roots (secular_equation.hpp). Each root is found
// relative to its nearest pole in a bracket that only narrows; a step solves a model with the two
// poles beside the root kept exact and the rest of the sum matched in value and slope (Li's
// "middle way", as dlaed4), and a step that leaves the bracket halves it instead.
#include "secular_equation.hpp"

#include <algorithm>
#include <cmath>
#include <cstddef>
#include <limits>

namespace tiles::algorithms {
namespace {

// The model's steps per root at most: it converges in a handful. A root beyond them, nearer its pole
// than the model reaches in as many (a pole's tiny weight), is bisected to the end.
constexpr int model_steps = 40;

constexpr double epsilon = std::numeric_limits<double>::epsilon();

// The secular function at tau from the origin (delta_j = d_j - origin): its value, and its two parts
// (poles 0..split, poles above) with their slopes.
struct secular_value {
    double value, left, left_slope, right, right_slope;
};

secular_value evaluated(const std::vector<double>& delta, const std::vector<double>& z, double rho, std::size_t split,
                        double tau) {
    secular_value v{1, 0, 0, 0, 0};
    for (std::size_t j = 0; j < delta.size(); ++j) {
        const double inverse = 1 / (delta[j] - tau), term = rho * z[j] * z[j] * inverse;
        (j <= split ? v.left : v.right) += term;
        (j <= split ? v.left_slope : v.right_slope) += term * inverse;
    }
    v.value += v.left + v.right;
    return v;
}

// The step eta from tau to the root of c + s / (a - eta) + t / (b - eta) that lies in (low, high)
// (a and b are the poles split and split + 1 less tau); NaN where neither root of the model does.
double model_step(const secular_value& v, double a, double b, double tau, double low, double high) {
    const double s = v.left_slope * a * a, t = v.right_slope * b * b;
    const double c = v.value - v.left_slope * a - v.right_slope * b;
    // c eta^2 - B eta + a b g = 0, the model times (a - eta)(b - eta).
    const double linear = c * (a + b) + s + t, constant = a * b * v.value;
    const double discriminant = linear * linear - 4 * c * constant;
    if (!(discriminant >= 0)) return std::numeric_limits<double>::quiet_NaN();
    const double q = 0.5 * (linear + std::copysign(std::sqrt(discriminant), linear));
    for (const double eta : {q != 0 ? constant / q : 0.0, c != 0 ? q / c : 0.0})
        if (tau + eta > low && tau + eta < high) return eta;
    return std::numeric_limits<double>::quiet_NaN();
}

// Root i's distance tau from the pole `origin` (an index of d), in (low, high); split is the last
// pole left of the root, or the one below the last where the root is the last. Every root converges:
// past model_steps each step halves the bracket, until the function is small enough there, the
// bracket is a few units in the last place wide, or no double lies between its ends (about 2,100
// halvings from the widest double to the narrowest).
double root_from(const std::vector<double>& delta, const std::vector<double>& z, double rho, std::size_t split,
                 double low, double high) {
    const double b_pole = split + 1 < delta.size() ? delta[split + 1] : 0;
    double tau = 0.5 * (low + high);
    for (int step = 0;; ++step) {
        const secular_value v = evaluated(delta, z, rho, split, tau);
        const double error_bound =
            1 + std::abs(v.left) + std::abs(v.right) + std::abs(tau) * (v.left_slope + v.right_slope);
        if (std::abs(v.value) <= 8 * epsilon * double(delta.size()) * error_bound) return tau;
        (v.value < 0 ? low : high) = tau;
        const double middle = 0.5 * (low + high);
        if (high - low <= 2 * epsilon * std::max(std::abs(low), std::abs(high)) || middle <= low || middle >= high)
            return tau;
        const double eta = step < model_steps ? model_step(v, delta[split] - tau, b_pole - tau, tau, low, high)
                                              : std::numeric_limits<double>::quiet_NaN();
        tau = std::isnan(eta) ? middle : tau + eta;
    }
}

} // namespace

secular_roots secular_equation_roots(const std::vector<double>& d, const std::vector<double>& z, double rho) {
    const std::size_t k = d.size();
    double length_squared = 0;
    for (const double x : z) length_squared += x * x;
    secular_roots result{std::vector<double>(k), std::vector<double>(k * k)};
    std::vector<double> delta(k);
    for (std::size_t i = 0; i < k; ++i) {
        // The root lies in (d_i, d_i+1), or above d_k-1 within rho |z|^2; its nearer pole is its origin,
        // the left one where the function is positive halfway.
        std::size_t origin = i, split = i;
        double low = 0, high = rho * length_squared;
        if (i + 1 < k) {
            const double gap = d[i + 1] - d[i];
            for (std::size_t j = 0; j < k; ++j) delta[j] = d[j] - d[i];
            const bool left = evaluated(delta, z, rho, i, gap / 2).value >= 0;
            origin = left ? i : i + 1;
            low = left ? 0 : -gap / 2;
            high = left ? gap / 2 : 0;
        } else if (k > 1) {
            split = k - 2;
        }
        for (std::size_t j = 0; j < k; ++j) delta[j] = d[j] - d[origin];
        const double tau = k == 1 ? high : root_from(delta, z, rho, split, low, high);
        result.roots[i] = d[origin] + tau;
        for (std::size_t j = 0; j < k; ++j) result.differences[i * k + j] = delta[j] - tau;
    }
    return result;
}

} // namespace tiles::algorithms
