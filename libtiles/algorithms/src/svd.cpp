// libtiles algorithms: svd and svdvals, one matrix of a stack at a time. A tall m x n matrix
// (m >= n) is factored A = Q R by qr on the device; R, n x n, comes to the host, whose Golub-Kahan
// SVD (svd_golub_kahan.hpp) gives R = U_R S V^T in double; U_R goes up and U = Q U_R is one gemm on
// the device, V^T goes up as Vh. A wide matrix is transposed on the device first, so that
// A = V S (Q U_R)^T: U is the host's V and Vh the transpose of Q U_R, on the device. Where
// full_matrices, qr's complete Q gives U's further columns. Their descriptions: the faces'
// operands and element types.
#include "tiles/algorithms/svd.hpp"

#include <algorithm>
#include <cmath>
#include <string>
#include <vector>

#include "catalog.hpp"
#include "factor_transfer.hpp"
#include "support.hpp"
#include "svd_golub_kahan.hpp"
#include "tiles/algorithms/gemm.hpp"
#include "tiles/algorithms/qr.hpp"
#include "tiles/algorithms/transpose.hpp"
#include "tiles/exceptions.hpp"

namespace tiles::algorithms {
namespace {

struct svd_shape {
    std::size_t count;
    int m, n, k;
    bool full;
};

// Matrix `index` of `input` as a compact tall matrix on the device: a copy where m >= n, else its
// transpose.
matrix_operand tall_matrix(const std::shared_ptr<context>& context, element_type type, const matrix_operand& input,
                           std::size_t index, const svd_shape& shape) {
    const matrix_operand copy{new_matrix(context, type, shape.m, shape.n), shape.m, shape.n};
    engine::copy(*input.data, box_of(index, 0, 0, shape.m, shape.n), *copy.data, whole_of(*copy.data));
    if (shape.m >= shape.n) return copy;
    const matrix_operand transposed_copy{new_matrix(context, type, shape.n, shape.m), shape.n, shape.m};
    transpose(context, copy, transposed_copy);
    return transposed_copy;
}

// The tall matrix's QR: Q on the device (its k columns, or all its rows' where `complete`), and
// R's k x k triangle on the host.
struct tall_factors {
    matrix_operand q;
    std::vector<double> r;
};

tall_factors factored(const std::shared_ptr<context>& context, element_type type, const matrix_operand& tall, int k,
                      bool complete) {
    const int rows = tall.rows, q_columns = complete ? rows : k;
    const matrix_operand q{new_matrix(context, type, rows, q_columns), rows, q_columns};
    const matrix_operand r{new_matrix(context, type, q_columns, k), q_columns, k};
    qr(context, tall, complete, q, r);
    return {q, downloaded(*r.data, box_of(0, 0, 0, k, k), type)};
}

// The tall matrix's left singular vectors: Q's first k columns times U_R by gemm, beside Q's
// further columns where Q is complete.
matrix_operand left_vectors(const std::shared_ptr<context>& context, element_type type, const tall_factors& factors,
                            const host_svd& small, int k) {
    const int rows = factors.q.rows;
    const bool complete = factors.q.columns != k;
    matrix_operand first = factors.q;
    if (complete) {
        first = {new_matrix(context, type, rows, k), rows, k};
        engine::copy(*factors.q.data, box_of(0, 0, 0, rows, k), *first.data, whole_of(*first.data));
    }
    const matrix_operand product{new_matrix(context, type, rows, k), rows, k};
    gemm(context, 1.0, first, uploaded_matrix(context, type, k, k, small.u), 0.0, product, gemm_precision::exact);
    if (!complete) return product;
    engine::copy(*product.data, whole_of(*product.data), *factors.q.data, box_of(0, 0, 0, rows, k));
    return factors.q;
}

// R, refused (invalid_argument) where it holds NaN or infinity, which come from the input's only:
// the rotations would spread them over every value and vector without a word.
const std::vector<double>& finite_triangle(const char* algorithm, const std::vector<double>& r, std::size_t index,
                                           std::size_t count) {
    if (std::all_of(r.begin(), r.end(), [](double x) { return std::isfinite(x); })) return r;
    throw invalid_argument(std::string(algorithm) + ": " +
                           (count > 1 ? "matrix " + std::to_string(index) + " of the input" : "the input") +
                           " holds NaN or infinity");
}

void decompose(const std::shared_ptr<context>& context, element_type type, const matrix_operand& input,
               std::size_t index, const svd_shape& shape, const matrix_operand* const (&outputs)[3]) {
    const matrix_operand &u = *outputs[0], &s = *outputs[1], &vh = *outputs[2];
    const tall_factors factors =
        factored(context, type, tall_matrix(context, type, input, index, shape), shape.k, shape.full);
    const host_svd small = golub_kahan_svd(finite_triangle("svd", factors.r, index, shape.count), shape.k, true);
    uploaded(*s.data, vector_box(s, index), type, small.s);
    const matrix_operand left = left_vectors(context, type, factors, small, shape.k);
    if (shape.m >= shape.n) {
        engine::copy(*left.data, whole_of(*left.data), *u.data, box_of(index, 0, 0, left.rows, left.columns));
        uploaded(*vh.data, box_of(index, 0, 0, shape.k, shape.k), type, transposed(small.v, shape.k, shape.k));
        return;
    }
    uploaded(*u.data, box_of(index, 0, 0, shape.k, shape.k), type, small.v);
    const matrix_operand right{new_matrix(context, type, left.columns, left.rows), left.columns, left.rows};
    transpose(context, left, right);
    engine::copy(*right.data, whole_of(*right.data), *vh.data, box_of(index, 0, 0, right.rows, right.columns));
}

// The shape of `input`'s matrices; throws invalid_argument unless `s` holds k values for each.
svd_shape checked_values(const char* algorithm, const matrix_operand& input, const matrix_operand& s, element_type type,
                         bool full) {
    const dims3& dims = engine::dims_of(*input.data);
    const svd_shape shape{dims[0], int(dims[1]), input.columns, std::min(int(dims[1]), input.columns), full};
    check_same_element_type(algorithm, "S", s, "the input", type);
    check_shape(algorithm, "S", s, shape.count, shape.k,
                "the input's matrices by the smaller of their rows and columns");
    check_not_aliased(algorithm, "S", s, "the input", input);
    return shape;
}

void check_vectors(const char* algorithm, const char* role, const matrix_operand& vectors, const svd_shape& shape,
                   int rows, int columns, const char* why, const matrix_operand& input, element_type type) {
    check_same_element_type(algorithm, role, vectors, "the input", type);
    check_shape(algorithm, role, vectors, shape.count * std::size_t(rows), columns, why);
    check_not_aliased(algorithm, role, vectors, "the input", input);
    if (engine::dims_of(*vectors.data)[0] != shape.count)
        throw invalid_argument(std::string(algorithm) + ": " + role +
                               " must be a stack of as many matrices as the input");
}

} // namespace

const algorithm_description& svd_description() {
    static const engine::immortal<algorithm_description> description([] {
        const std::vector<element_type> types{element_type::float32, element_type::float64};
        return algorithm_description{"svd",
                                     {read_matrices("input", "the input", types), written_matrices("u", "U", types),
                                      written_vectors("s", "S", types), written_matrices("vh", "Vh", types)},
                                     {"full_matrices"},
                                     "",
                                     {}};
    }());
    return *description;
}

const algorithm_description& svdvals_description() {
    static const engine::immortal<algorithm_description> description([] {
        const std::vector<element_type> types{element_type::float32, element_type::float64};
        return algorithm_description{
            "svdvals", {read_matrices("input", "the input", types), written_vectors("s", "S", types)}, {}, "", {}};
    }());
    return *description;
}

void svd(const std::shared_ptr<context>& context, const matrix_operand& input, bool full_matrices,
         const matrix_operand& u, const matrix_operand& s, const matrix_operand& vh) {
    const char* const algorithm = svd_description().name;
    const element_type type = check_described(svd_description(), {&input, &u, &s, &vh}, *narrow(*context).device());
    const svd_shape shape = checked_values(algorithm, input, s, type, full_matrices);
    const int u_columns = full_matrices ? shape.m : shape.k, vh_rows = full_matrices ? shape.n : shape.k;
    check_vectors(algorithm, "U", u, shape, shape.m, u_columns,
                  full_matrices ? "the input's rows, square"
                                : "the input's rows by the smaller of its rows and columns",
                  input, type);
    check_vectors(algorithm, "Vh", vh, shape, vh_rows, shape.n,
                  full_matrices ? "the input's columns, square"
                                : "the smaller of the input's rows and columns by its columns",
                  input, type);
    check_not_aliased(algorithm, "S", s, "U", u);
    check_not_aliased(algorithm, "Vh", vh, "U", u);
    check_not_aliased(algorithm, "Vh", vh, "S", s);
    if (shape.k == 0) return;

    const matrix_operand* const outputs[3] = {&u, &s, &vh};
    for (std::size_t index = 0; index < shape.count; ++index) decompose(context, type, input, index, shape, outputs);
}

void svdvals(const std::shared_ptr<context>& context, const matrix_operand& input, const matrix_operand& s) {
    const element_type type = check_described(svdvals_description(), {&input, &s}, *narrow(*context).device());
    const svd_shape shape = checked_values(svdvals_description().name, input, s, type, false);
    if (shape.k == 0) return;

    for (std::size_t index = 0; index < shape.count; ++index) {
        const tall_factors factors =
            factored(context, type, tall_matrix(context, type, input, index, shape), shape.k, false);
        const std::vector<double>& r = finite_triangle("svdvals", factors.r, index, shape.count);
        uploaded(*s.data, vector_box(s, index), type, golub_kahan_svd(r, shape.k, false).s);
    }
}

catalog_entry svd_in_catalog() { return {{&svd_description(), &svdvals_description()}, {}}; }

} // namespace tiles::algorithms
