/* libtiles' fuzz target: the calls that give an enum parameter any int, as C allows. */
#include "any_int_enums.h"

tiles_status fuzz_view_data(void** out, tiles_view* view, int access) {
    return tiles_view_data(out, view, (tiles_access)access);
}

tiles_status fuzz_view_get_opencl_buffer(cl_mem* out, tiles_view* view, tiles_context* context, int access) {
    return tiles_view_get_opencl_buffer(out, view, context, (tiles_access)access);
}

tiles_status fuzz_reduce(void* out, size_t out_size, tiles_context* context, const tiles_view* input, int op) {
    return tiles_reduce(out, out_size, context, input, (tiles_reduction)op);
}

void fuzz_set_dtype(tiles_dtype* field, int value) { *field = (tiles_dtype)value; }

void fuzz_set_arg_kind(tiles_arg_kind* field, int value) { *field = (tiles_arg_kind)value; }
