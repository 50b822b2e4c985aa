// libtiles algorithms: the orthogonal matrix Q = H_0 H_1 ... H_(count-1) of Householder reflectors
// H_k = I - tau_k v_k v_k^T on the host, in double, formed from the last block of reflectors to the
// first as LAPACK's dorgqr and dlarfb do: each block is I - V T V^T (dlarft's triangular T), applied
// to Q's trailing rows once, so Q streams through memory once per block, not once per reflector.
#pragma once

#include <algorithm>
#include <cstddef>
#include <vector>

namespace tiles::algorithms {

// Reflectors at a time; a block's panel and its products with Q's rows stay in cache.
constexpr std::size_t reflector_block = 32;

// One block of reflectors: `width` of them, the first acting from row `first` of Q; `panel` is
// row-major (n - first) x width, column j reflector j's vector from row `first` (zero above its
// own first row), and `tau` their factors.
struct reflector_panel {
    std::size_t first, width;
    std::vector<double> panel, tau;
};

// Q <- (H_j ... of the block) Q on Q's rows and columns from the block's first (Q is the identity
// left of them in those rows).
void apply_reflector_block(std::vector<double>& q, std::size_t n, const reflector_panel& block);

// The n x n row-major Q of `count` reflectors, reflector k acting from row k + shift;
// element(k, i) is its vector's element i (i = 0 on row k + shift) and tau(k) its factor.
template <class Element, class Tau>
std::vector<double> householder_product(std::size_t n, std::size_t count, std::size_t shift, Element element, Tau tau) {
    std::vector<double> q(n * n, 0.0);
    for (std::size_t i = 0; i < n; ++i) q[i * n + i] = 1;
    for (std::size_t end = count; end > 0;) {
        const std::size_t start = end > reflector_block ? end - reflector_block : 0;
        reflector_panel block{start + shift, end - start, {}, {}};
        block.panel.assign((n - block.first) * block.width, 0.0);
        for (std::size_t j = 0; j < block.width; ++j) {
            const std::size_t k = start + j;
            block.tau.push_back(tau(k));
            for (std::size_t i = j; i < n - block.first; ++i) block.panel[i * block.width + j] = element(k, i - j);
        }
        apply_reflector_block(q, n, block);
        end = start;
    }
    return q;
}

} // namespace tiles::algorithms
