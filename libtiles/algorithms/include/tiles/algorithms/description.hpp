// libtiles algorithms: each algorithm's face, described once beside the algorithm: its name, its
// operands (what each is called, whether it is written, the ranks and element types it takes,
// whether a section of data will do), the names of its plain numbers and its named parameter. The
// algorithm checks its inputs' elements against it; the C API makes its checks of views from it and
// hands it to Python (tiles_algorithm_describe); a test holds the documents to it.
#pragma once

#include <limits>
#include <string>
#include <string_view>
#include <vector>

#include "tiles/element_type.hpp"

namespace tiles::algorithms {

struct operand_description {
    const char* name;   // as the C API's and Python's parameters call it: "input", "a"
    const char* role;   // as messages name it, with its article: "the input", "A"
    bool written;       // an output the algorithm writes; else an input it only reads
    int min_rank;       // the least rank it takes (matrices in AMP's order: a rank-1 operand is one row)
    int max_rank;       // the greatest rank it takes, or any_rank
    bool takes_section; // false: a section, or a view of other elements, is refused (copy it first)
    std::vector<element_type> element_types; // the element types it may hold
};

// The max_rank of an operand that takes views of every rank from its min_rank on.
inline constexpr int any_rank = std::numeric_limits<int>::max();

struct algorithm_description {
    const char* name; // as the C API's functions (tiles_<name>...) and Python's call it: "transpose"
    std::vector<operand_description> operands;
    // Its plain numbers ("alpha", "beta") by the names of tiles.h's parameters and of the Python
    // extension's arguments, in the order its functions take them; a function may take the first
    // few only (tiles_stencil runs once, so it takes none of stencil_split's "iterations").
    std::vector<const char*> numbers;
    const char* parameter;                     // its named parameter ("op", "precision"), or "" for none
    std::vector<const char*> parameter_values; // the names it takes, in the order of its C enumeration

    // The operand called `name`; throws std::logic_error for a name the description does not have.
    const operand_description& operand(const char* name) const;
};

// Every algorithm's description, in the catalogue's order.
const std::vector<const algorithm_description*>& algorithm_descriptions();

// The algorithm called `name`; throws std::logic_error for a name no algorithm has. (`name` by
// value: a reference parameter bound to a temporary string makes GCC 13 fear a dangling result.)
const algorithm_description& algorithm_named(std::string_view name);

// The operands the algorithms take today: matrices of rank 1 (one row) or 2, each of all of its
// data in its own element type.
operand_description read_matrix(const char* name, const char* role, std::vector<element_type> types);
operand_description written_matrix(const char* name, const char* role, std::vector<element_type> types);
// Stacks of matrices (cholesky's): rank 2 (one matrix) or more, the leading dimensions counting
// the matrices; as the engine's matrix, all the stack's rows one after another.
operand_description read_matrices(const char* name, const char* role, std::vector<element_type> types);
operand_description written_matrices(const char* name, const char* role, std::vector<element_type> types);
// Stacks of vectors (svd's singular values): rank 1 (one vector) or more, the leading dimensions
// counting the vectors; as the engine's matrix, one vector a row.
operand_description written_vectors(const char* name, const char* role, std::vector<element_type> types);

} // namespace tiles::algorithms
