// libtiles algorithms: eigh and eigvalsh, one matrix of a stack at a time. The matrix comes to the
// host, which reduces it to tridiagonal form A = Q T Q^T by Householder reflections and finds
// T = Z diag(W) Z^T by divide and conquer (W alone by the QL iteration), both in double
// (eigh_tridiagonal.hpp). W goes up; where the vectors are asked for, Q and Z go up and V = Q Z is
// one gemm on the device. Their descriptions: the faces' operands and element types.
#include "tiles/algorithms/eigh.hpp"

#include <cmath>
#include <string>
#include <vector>

#include "catalog.hpp"
#include "eigh_tridiagonal.hpp"
#include "factor_transfer.hpp"
#include "support.hpp"
#include "tiles/algorithms/gemm.hpp"
#include "tiles/exceptions.hpp"

namespace tiles::algorithms {
namespace {

// Matrix `index` of `input`, n x n, on the host in double; invalid_argument where it holds NaN
// or infinity in its lower triangle, which the QL iteration would turn into NaNs without a word.
std::vector<double> downloaded_symmetric(const char* algorithm, const matrix_operand& input, element_type type,
                                         std::size_t index, std::size_t count, int n) {
    std::vector<double> a = downloaded(*input.data, box_of(index, 0, 0, n, n), type);
    for (int i = 0; i < n; ++i)
        for (int j = 0; j <= i; ++j)
            if (!std::isfinite(a[std::size_t(i) * n + j]))
                throw invalid_argument(std::string(algorithm) + ": " +
                                       (count > 1 ? "matrix " + std::to_string(index) + " of the input" : "the input") +
                                       " holds " + std::to_string(a[std::size_t(i) * n + j]) + " at (" +
                                       std::to_string(i) + ", " + std::to_string(j) + ")");
    return a;
}

// The order n of `input`'s matrices; invalid_argument unless they are square and `eigenvalues`
// holds n values for each.
int checked_order(const char* algorithm, const matrix_operand& input, const matrix_operand& eigenvalues,
                  element_type type) {
    const dims3& dims = engine::dims_of(*input.data);
    const int n = input.columns;
    if (dims[1] != std::size_t(n))
        throw invalid_argument(std::string(algorithm) + ": the input's matrices are " + shape_text(int(dims[1]), n) +
                               "; " + algorithm + " takes square matrices");
    check_same_element_type(algorithm, "the eigenvalues", eigenvalues, "the input", type);
    check_shape(algorithm, "the eigenvalues", eigenvalues, dims[0], n, "a row of n values for each n x n matrix");
    check_not_aliased(algorithm, "the eigenvalues", eigenvalues, "the input", input);
    return n;
}

} // namespace

const algorithm_description& eigh_description() {
    static const engine::immortal<algorithm_description> description([] {
        const std::vector<element_type> types{element_type::float32, element_type::float64};
        return algorithm_description{"eigh",
                                     {read_matrices("input", "the input", types),
                                      written_vectors("eigenvalues", "the eigenvalues", types),
                                      written_matrices("eigenvectors", "the eigenvectors", types)},
                                     {},
                                     "",
                                     {}};
    }());
    return *description;
}

const algorithm_description& eigvalsh_description() {
    static const engine::immortal<algorithm_description> description([] {
        const std::vector<element_type> types{element_type::float32, element_type::float64};
        return algorithm_description{
            "eigvalsh",
            {read_matrices("input", "the input", types), written_vectors("eigenvalues", "the eigenvalues", types)},
            {},
            "",
            {}};
    }());
    return *description;
}

void eigh(const std::shared_ptr<context>& context, const matrix_operand& input, const matrix_operand& eigenvalues,
          const matrix_operand& eigenvectors) {
    const char* const algorithm = eigh_description().name;
    const element_type type =
        check_described(eigh_description(), {&input, &eigenvalues, &eigenvectors}, *narrow(*context).device());
    const int n = checked_order(algorithm, input, eigenvalues, type);
    check_same_element_type(algorithm, "the eigenvectors", eigenvectors, "the input", type);
    check_shape(algorithm, "the eigenvectors", eigenvectors, input.rows, n, "the input's shape");
    check_not_aliased(algorithm, "the eigenvectors", eigenvectors, "the input", input);
    check_not_aliased(algorithm, "the eigenvectors", eigenvectors, "the eigenvalues", eigenvalues);
    const std::size_t count = engine::dims_of(*input.data)[0];
    if (engine::dims_of(*eigenvectors.data)[0] != count)
        throw invalid_argument("eigh: the eigenvectors must be a stack of as many matrices as the input");

    for (std::size_t index = 0; index < count; ++index) {
        const tridiagonal_form t =
            tridiagonalized(downloaded_symmetric(algorithm, input, type, index, count, n), n, true);
        const tridiagonal_eigen eigen = tridiagonal_eigenproblem(t, true);
        uploaded(*eigenvalues.data, vector_box(eigenvalues, index), type, eigen.values);
        const matrix_operand vectors{new_matrix(context, type, n, n), n, n};
        gemm(context, 1.0, uploaded_matrix(context, type, n, n, t.q),
             uploaded_matrix(context, type, n, n, eigen.vectors), 0.0, vectors, gemm_precision::exact);
        engine::copy(*vectors.data, whole_of(*vectors.data), *eigenvectors.data, box_of(index, 0, 0, n, n));
    }
}

void eigvalsh(const std::shared_ptr<context>& context, const matrix_operand& input, const matrix_operand& eigenvalues) {
    const char* const algorithm = eigvalsh_description().name;
    const element_type type =
        check_described(eigvalsh_description(), {&input, &eigenvalues}, *narrow(*context).device());
    const int n = checked_order(algorithm, input, eigenvalues, type);
    const std::size_t count = engine::dims_of(*input.data)[0];
    for (std::size_t index = 0; index < count; ++index) {
        const tridiagonal_form t =
            tridiagonalized(downloaded_symmetric(algorithm, input, type, index, count, n), n, false);
        uploaded(*eigenvalues.data, vector_box(eigenvalues, index), type, tridiagonal_eigenproblem(t, false).values);
    }
}

catalog_entry eigh_in_catalog() { return {{&eigh_description(), &eigvalsh_description()}, {}}; }

} // namespace tiles::algorithms
