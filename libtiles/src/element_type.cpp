// libtiles: names and sizes of the element types, from one table.
#include "tiles/element_type.hpp"

#include <iterator>

namespace tiles {
namespace {

struct element_row {
    const char* opencl;      // OpenCL C's name
    const char* fixed_width; // numpy's dtype name, and C's <stdint.h> name without its _t
    std::size_t size;
};

// One row per element_type before opaque, in its order.
constexpr element_row rows[] = {
    {"char", "int8", 1},     {"uchar", "uint8", 1},    {"short", "int16", 2}, {"ushort", "uint16", 2},
    {"int", "int32", 4},     {"uint", "uint32", 4},    {"long", "int64", 8},  {"ulong", "uint64", 8},
    {"float", "float32", 4}, {"double", "float64", 8},
};
static_assert(std::size(rows) == std::size_t(element_type::opaque), "one row per element type");

const element_row* row_of(element_type type) {
    const auto index = std::size_t(type);
    return index < std::size(rows) ? &rows[index] : nullptr;
}

} // namespace

const char* opencl_name(element_type type) {
    const element_row* row = row_of(type);
    return row != nullptr ? row->opencl : "struct";
}

std::size_t element_size(element_type type) {
    const element_row* row = row_of(type);
    return row != nullptr ? row->size : 0;
}

std::string element_description(element_type type) {
    const element_row* row = row_of(type);
    return row != nullptr ? std::string(row->opencl) + " (" + row->fixed_width + ")" : "struct";
}

} // namespace tiles
