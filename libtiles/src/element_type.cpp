// libtiles: names and sizes of the element types.
#include "tiles/element_type.hpp"

namespace tiles {

const char* opencl_name(element_type type) {
    switch (type) {
    case element_type::int8:
        return "char";
    case element_type::uint8:
        return "uchar";
    case element_type::int16:
        return "short";
    case element_type::uint16:
        return "ushort";
    case element_type::int32:
        return "int";
    case element_type::uint32:
        return "uint";
    case element_type::int64:
        return "long";
    case element_type::uint64:
        return "ulong";
    case element_type::float32:
        return "float";
    case element_type::float64:
        return "double";
    case element_type::opaque:
        break;
    }
    return "struct";
}

std::size_t element_size(element_type type) {
    switch (type) {
    case element_type::int8:
    case element_type::uint8:
        return 1;
    case element_type::int16:
    case element_type::uint16:
        return 2;
    case element_type::int32:
    case element_type::uint32:
    case element_type::float32:
        return 4;
    case element_type::int64:
    case element_type::uint64:
    case element_type::float64:
        return 8;
    case element_type::opaque:
        break;
    }
    return 0;
}

} // namespace tiles
