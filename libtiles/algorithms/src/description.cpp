// libtiles algorithms: what the algorithms' descriptions share: finding an algorithm and an
// operand by name, and the operands the algorithms take today. Each algorithm's own description
// is in its source; catalog.cpp lists them.
#include "tiles/algorithms/description.hpp"

#include <limits>
#include <stdexcept>
#include <utility>

namespace tiles::algorithms {

const operand_description& algorithm_description::operand(const char* wanted) const {
    for (const operand_description& o : operands)
        if (std::string(o.name) == wanted) return o;
    throw std::logic_error(std::string(name) + " describes no operand called '" + wanted + "'");
}

const algorithm_description& algorithm_named(std::string_view name) {
    for (const algorithm_description* algorithm : algorithm_descriptions())
        if (name == algorithm->name) return *algorithm;
    throw std::logic_error("no algorithm is described as '" + std::string(name) + "'");
}

operand_description read_matrix(const char* name, const char* role, std::vector<element_type> types) {
    return {name, role, false, 1, 2, false, std::move(types)};
}

operand_description written_matrix(const char* name, const char* role, std::vector<element_type> types) {
    return {name, role, true, 1, 2, false, std::move(types)};
}

operand_description read_matrices(const char* name, const char* role, std::vector<element_type> types) {
    return {name, role, false, 2, any_rank, false, std::move(types)};
}

operand_description written_matrices(const char* name, const char* role, std::vector<element_type> types) {
    return {name, role, true, 2, any_rank, false, std::move(types)};
}

operand_description written_vectors(const char* name, const char* role, std::vector<element_type> types) {
    return {name, role, true, 1, any_rank, false, std::move(types)};
}

} // namespace tiles::algorithms
