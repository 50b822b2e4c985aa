/* libtiles' fuzz target: the calls that give an enum parameter any int, as C allows. C++ may not
 * even load an enum holding a value outside its enumerators' range, so these live in C. */
#ifndef FUZZ_ANY_INT_ENUMS_H
#define FUZZ_ANY_INT_ENUMS_H

#include "tiles_opencl.h"

#ifdef __cplusplus
extern "C" {
#endif

tiles_status fuzz_view_data(void** out, tiles_view* view, int access);
tiles_status fuzz_view_get_opencl_buffer(cl_mem* out, tiles_view* view, tiles_context* context, int access);
tiles_status fuzz_reduce(void* out, size_t out_size, tiles_context* context, const tiles_view* input, int op);
/* Stores `value` in a tiles_dtype or tiles_arg_kind field of a struct the C++ code fills. */
void fuzz_set_dtype(tiles_dtype* field, int value);
void fuzz_set_arg_kind(tiles_arg_kind* field, int value);

#ifdef __cplusplus
}
#endif

#endif
