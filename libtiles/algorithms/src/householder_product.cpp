// libtiles algorithms: a block of Householder reflectors applied to Q's trailing rows at once
// (householder_product.hpp), each loop along memory.
#include "householder_product.hpp"

namespace tiles::algorithms {
namespace {

// Q's columns at a time.
constexpr std::size_t column_strip = 64;

// dlarft's upper triangular T (width x width, row-major) with H_0 H_1 ... = I - V T V^T: column j
// is -tau_j T(0:j, 0:j) V(:, 0:j)^T v_j above tau_j.
std::vector<double> block_factor(const reflector_panel& block, std::size_t rows) {
    const std::size_t w = block.width;
    std::vector<double> t(w * w, 0.0), overlap(w * w, 0.0);
    for (std::size_t i = 0; i < rows; ++i) {
        const double* v = &block.panel[i * w];
        for (std::size_t a = 0; a < w; ++a)
            for (std::size_t b = a + 1; b < w; ++b) overlap[a * w + b] += v[a] * v[b];
    }
    for (std::size_t j = 0; j < w; ++j) {
        t[j * w + j] = block.tau[j];
        for (std::size_t a = 0; a < j; ++a) {
            double sum = 0;
            for (std::size_t b = a; b < j; ++b) sum += t[a * w + b] * overlap[b * w + j];
            t[a * w + j] = -block.tau[j] * sum;
        }
    }
    return t;
}

} // namespace

void apply_reflector_block(std::vector<double>& q, std::size_t n, const reflector_panel& block) {
    const std::size_t w = block.width, rows = n - block.first;
    const std::vector<double> t = block_factor(block, rows);
    // Strips of Q's columns, so that V^T Q's strip stays in the first level of cache while Q's
    // rows go by twice: products = V^T Q, then T products, then Q -= V products.
    std::vector<double> products(w * column_strip);
    for (std::size_t from = block.first; from < n; from += column_strip) {
        const std::size_t columns = std::min(column_strip, n - from);
        std::fill(products.begin(), products.end(), 0.0);
        for (std::size_t i = 0; i < rows; ++i) {
            const double* q_row = &q[(block.first + i) * n + from];
            for (std::size_t j = 0; j < w; ++j) {
                const double v = block.panel[i * w + j];
                double* p = &products[j * column_strip];
                for (std::size_t c = 0; c < columns; ++c) p[c] += v * q_row[c];
            }
        }
        for (std::size_t j = 0; j < w; ++j) { // row j of T products needs rows j.. of products, unchanged yet
            double* p = &products[j * column_strip];
            for (std::size_t c = 0; c < columns; ++c) p[c] *= t[j * w + j];
            for (std::size_t b = j + 1; b < w; ++b) {
                const double f = t[j * w + b];
                const double* other = &products[b * column_strip];
                for (std::size_t c = 0; c < columns; ++c) p[c] += f * other[c];
            }
        }
        for (std::size_t i = 0; i < rows; ++i) {
            double* q_row = &q[(block.first + i) * n + from];
            for (std::size_t j = 0; j < w; ++j) {
                const double v = block.panel[i * w + j];
                const double* p = &products[j * column_strip];
                for (std::size_t c = 0; c < columns; ++c) q_row[c] -= v * p[c];
            }
        }
    }
}

} // namespace tiles::algorithms
