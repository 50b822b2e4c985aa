// libtiles tests: reproducible random inputs for the algorithm tests (fixed seeds), and the
// float tolerance their CPU references are compared with.
#pragma once

#include <cmath>
#include <cstddef>
#include <limits>
#include <random>
#include <vector>

inline std::vector<float> random_floats(std::size_t count, unsigned seed, float low = -1.0f, float high = 1.0f) {
    std::mt19937 generator(seed);
    std::uniform_real_distribution<float> distribution(low, high);
    std::vector<float> values(count);
    for (float& v : values) v = distribution(generator);
    return values;
}

inline std::vector<double> random_doubles(std::size_t count, unsigned seed) {
    std::mt19937 generator(seed);
    std::uniform_real_distribution<double> distribution(-1.0, 1.0);
    std::vector<double> values(count);
    for (double& v : values) v = distribution(generator);
    return values;
}

inline std::vector<int> random_ints(std::size_t count, unsigned seed, int low, int high) {
    std::mt19937 generator(seed);
    std::uniform_int_distribution<int> distribution(low, high);
    std::vector<int> values(count);
    for (int& v : values) v = distribution(generator);
    return values;
}

// The error bound of a sum of `terms` floating-point products or values whose magnitudes add
// up to `magnitude`, added in any order: each partial sum rounds at most once per addition it
// takes part in, and no value takes part in more than `terms` of them. Exceeding it means a
// wrong result, not rounding.
template <class T> double sum_tolerance(std::size_t terms, double magnitude) {
    return double(terms + 1) * std::numeric_limits<T>::epsilon() * magnitude + std::numeric_limits<T>::min();
}
