/* What the C tests of tiles.h share: CHECK macros that print file:line and what failed and count
 * failures in the test's `int failed` (each is 1 if it passed, so a test goes on only where it
 * can), a shorthand for shapes, and a kernel many tests use. */
#ifndef CAPI_TEST_SUPPORT_H
#define CAPI_TEST_SUPPORT_H

#include "tiles.h"

/* `condition` holds. */
#define CHECK(condition) (check_true((condition) != 0, #condition, __FILE__, __LINE__) || (++failed, 0))
/* `call` returns `expected`. */
#define CHECK_STATUS(call, expected) (check_status((call), (expected), #call, __FILE__, __LINE__) || (++failed, 0))
#define CHECK_OK(call) CHECK_STATUS(call, TILES_SUCCESS)
/* `call` fails with `expected`, and this thread's last error message then contains `part`. */
#define CHECK_FAILS(call, expected, part)                                                                              \
    (check_failure((call), (expected), (part), #call, __FILE__, __LINE__) || (++failed, 0))
/* `count` floats (ints) at `actual` equal those at `expected`. */
#define CHECK_FLOATS(actual, expected, count)                                                                          \
    (check_floats((actual), (expected), (count), #actual, __FILE__, __LINE__) || (++failed, 0))
#define CHECK_INTS(actual, expected, count)                                                                            \
    (check_ints((actual), (expected), (count), #actual, __FILE__, __LINE__) || (++failed, 0))

/* Each returns 1 if the check passed; otherwise prints what failed and returns 0. */
int check_true(int holds, const char* expression, const char* file, int line);
int check_status(tiles_status actual, tiles_status expected, const char* call, const char* file, int line);
int check_failure(tiles_status actual, tiles_status expected, const char* part, const char* call, const char* file,
                  int line);
int check_floats(const float* actual, const float* expected, int count, const char* what, const char* file, int line);
int check_ints(const int* actual, const int* expected, int count, const char* what, const char* file, int line);

/* A shape of `dtype` elements of the given rank and extent (components past the rank are 0). */
tiles_shape shape_of(tiles_dtype dtype, int rank, int extent0, int extent1, int extent2);

/* Reads the whole of an array's elements into `out`. Returns the number of failed checks. */
int read_array(tiles_array* array, void* out, size_t bytes);

/* Builds `source`, whose kernels set_tile (out = 10 * tile[0] + tile[1]) and add_local (out += 100 *
 * local[1]) take a view of ints, whole for a 4 x 6 extent in 2 x 3 tiles with `options` (NULL for
 * the defaults), launches both there, and checks the values and that the program was the one build:
 * the launches built nothing of their own. Returns the number of failed checks. */
int check_program_built_for_a_tile_shape(const char* source, const tiles_kernel_options* options);

/* A kernel adding 1 to every float of the view or array it is given, for any rank, tiled or not. */
extern const char add_one_source[];

#endif
