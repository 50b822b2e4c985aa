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
    const std::vector<double> zeros(column_strip, 0.0); // the rows past Q's last, in a pass of four
    for (std::size_t from = block.first; from < n; from += column_strip) {
        const std::size_t columns = std::min(column_strip, n - from);
        std::fill(products.begin(), products.end(), 0.0);
        for (std::size_t i = 0; i < rows; i += 4) { // four rows of Q a pass: a load of products for four
            const std::size_t height = std::min<std::size_t>(4, rows - i);
            const double* q0 = &q[(block.first + i) * n + from];
            const double* q1 = height > 1 ? q0 + n : zeros.data();
            const double* q2 = height > 2 ? q0 + 2 * n : zeros.data();
            const double* q3 = height > 3 ? q0 + 3 * n : zeros.data();
            for (std::size_t j = 0; j < w; ++j) {
                const double* v = &block.panel[i * w + j];
                const double v0 = v[0], v1 = height > 1 ? v[w] : 0, v2 = height > 2 ? v[2 * w] : 0,
                             v3 = height > 3 ? v[3 * w] : 0;
                double* p = &products[j * column_strip];
                for (std::size_t c = 0; c < columns; ++c) p[c] += v0 * q0[c] + v1 * q1[c] + v2 * q2[c] + v3 * q3[c];
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
        for (std::size_t i = 0; i < rows; ++i) { // four reflectors a pass: a load and store of Q for four
            double* q_row = &q[(block.first + i) * n + from];
            const double* v = &block.panel[i * w];
            std::size_t j = 0;
            for (; j + 4 <= w; j += 4) {
                const double *p0 = &products[j * column_strip], *p1 = p0 + column_strip, *p2 = p1 + column_strip,
                             *p3 = p2 + column_strip;
                const double v0 = v[j], v1 = v[j + 1], v2 = v[j + 2], v3 = v[j + 3];
                for (std::size_t c = 0; c < columns; ++c) q_row[c] -= v0 * p0[c] + v1 * p1[c] + v2 * p2[c] + v3 * p3[c];
            }
            for (; j < w; ++j) {
                const double* p = &products[j * column_strip];
                const double vj = v[j];
                for (std::size_t c = 0; c < columns; ++c) q_row[c] -= vj * p[c];
            }
        }
    }
}

} // namespace tiles::algorithms
