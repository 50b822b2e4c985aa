// libtiles C API: element types, tiles_dtype as the engine's element_type and back.
#include "capi_internal.hpp"

namespace tiles::capi {

bool is_dtype(int value) { return value >= 0 && value < element_type_count; }

element_type to_element_type(const tiles_dtype& dtype) {
    static_assert(int(TILES_FLOAT64) == int(element_type::float64) && int(TILES_OPAQUE) == int(element_type::opaque) &&
                      int(TILES_BFLOAT16) == int(element_type::bfloat16) &&
                      int(TILES_COMPLEX128) == int(element_type::complex128) &&
                      int(TILES_COMPLEX128) + 1 == element_type_count,
                  "tiles_dtype mirrors tiles::element_type");
    const int value = as_int(dtype);
    if (!is_dtype(value)) throw invalid_argument("tiles_dtype " + std::to_string(value) + " is not an element type");
    return static_cast<element_type>(value);
}

tiles_dtype to_dtype(element_type type) { return static_cast<tiles_dtype>(type); }

} // namespace tiles::capi

extern "C" {

size_t tiles_dtype_size(tiles_dtype dtype) {
    const int value = tiles::capi::as_int(dtype);
    return tiles::capi::is_dtype(value) ? tiles::element_size(tiles::element_type(value)) : 0;
}

const char* tiles_dtype_name(tiles_dtype dtype) {
    const int value = tiles::capi::as_int(dtype);
    return tiles::capi::is_dtype(value) ? tiles::opencl_name(tiles::element_type(value)) : "";
}

tiles_status tiles_dtype_describe(tiles_dtype_info* out, tiles_dtype dtype) {
    return tiles::capi::guard([&] {
        const tiles::element_type type = tiles::capi::to_element_type(dtype);
        const tiles::element_info& row = tiles::element_info_of(type);
        tiles_dtype_info info = TILES_DTYPE_INFO_INIT;
        info.dtype = dtype;
        info.size = row.size;
        info.opencl_name = row.opencl;
        info.numpy_name = row.numpy;
        info.dlpack_code = row.dlpack_code;
        info.dlpack_bits = int(8 * row.size);
        info.computed_as = tiles::capi::to_dtype(row.computed_as);
        tiles::capi::write_struct(out, info, "tiles_dtype_info");
    });
}

} // extern "C"
