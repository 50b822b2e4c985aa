/* C tests of C++ kernels through tiles.h: the seed's tile average as a C++ kernel function made with
 * tiles_kernel_create_with_options, a C++ program of two kernels built ahead, and what is refused
 * (an unknown language, a kernel function libtiles cannot take, a name the source lacks). */
#include <stdio.h>
#include <string.h>

#include "capi_tests.h"
#include "support.h"

/* The seed's lambda body, as the kernel function that takes what the lambda captures. */
static const char tile_average_source[] =
    "void tile_average(array_view<const float, 2> matrix, array<float, 2>& averages,\n"
    "                  tiled_index<SAMPLESIZE, SAMPLESIZE> t_idx) restrict(amp)\n"
    "    {\n"
    "        // Copy the values of the tile into a tile-sized array.\n"
    "        tile_static float tileValues[SAMPLESIZE][SAMPLESIZE];\n"
    "        tileValues[t_idx.local[0]][t_idx.local[1]] = matrix[t_idx];\n"
    "\n"
    "        // Wait for the tile-sized array to load before you calculate the average.\n"
    "        t_idx.barrier.wait();\n"
    "\n"
    "        // If you remove the if statement, then the calculation executes for every\n"
    "        // thread in the tile, and makes the same assignment to averages each time.\n"
    "        if (t_idx.local[0] == 0 && t_idx.local[1] == 0) {\n"
    "            for (int trow = 0; trow < SAMPLESIZE; trow++) {\n"
    "                for (int tcol = 0; tcol < SAMPLESIZE; tcol++) {\n"
    "                    averages(t_idx.tile[0],t_idx.tile[1]) += tileValues[trow][tcol];\n"
    "                }\n"
    "            }\n"
    "            averages(t_idx.tile[0],t_idx.tile[1]) /= (float) (SAMPLESIZE * SAMPLESIZE);\n"
    "        }\n"
    "    }\n";

int test_cpp_kernel_runs_the_seed_tile_average(void) {
    int failed = 0;
    float matrix_host[64], averages_host[16] = {0};
    const float expected[16] = {4.5f,  6.5f,  8.5f,  10.5f, 20.5f, 22.5f, 24.5f, 26.5f,
                                36.5f, 38.5f, 40.5f, 42.5f, 52.5f, 54.5f, 56.5f, 58.5f};
    for (int i = 0; i < 64; i++) matrix_host[i] = (float)i;
    const tiles_shape matrix_shape = shape_of(TILES_FLOAT32, 2, 8, 8, 0);
    const tiles_shape averages_shape = shape_of(TILES_FLOAT32, 2, 4, 4, 0);
    tiles_view* matrix = NULL;
    tiles_array* averages = NULL;
    tiles_kernel* kernel = NULL;
    tiles_kernel_options options = TILES_KERNEL_OPTIONS_INIT;
    options.language = TILES_LANGUAGE_CPP;
    options.build_options = "-DSAMPLESIZE=2";
    const tiles_domain domain = {sizeof(tiles_domain), 2, {8, 8, 0}, 2, {2, 2, 0}, NULL};
    CHECK_OK(tiles_view_create_const(&matrix, &matrix_shape, matrix_host));
    CHECK_OK(tiles_array_create(&averages, NULL, &averages_shape, averages_host));
    CHECK_OK(tiles_kernel_create_with_options(&kernel, tile_average_source, "tile_average", &options));
    const tiles_arg args[] = {tiles_arg_view(matrix), tiles_arg_array(averages)};
    tiles_view* averages_view = NULL;
    if (CHECK_OK(tiles_launch(NULL, &domain, kernel, args, 2)) &&
        CHECK_OK(tiles_array_get_view(&averages_view, averages)) &&
        CHECK_OK(tiles_view_read(averages_view, averages_host, sizeof averages_host)))
        CHECK_FLOATS(averages_host, expected, 16);
    tiles_view_release(averages_view);
    /* The same kernel given a view of ints, or of the wrong rank, is refused by name. */
    const tiles_shape ints_shape = shape_of(TILES_INT32, 2, 4, 4, 0);
    int ints_host[16] = {0};
    tiles_view* ints = NULL;
    CHECK_OK(tiles_view_create(&ints, &ints_shape, ints_host));
    const tiles_arg wrong[] = {tiles_arg_view(matrix), tiles_arg_view(ints)};
    CHECK_FAILS(tiles_launch(NULL, &domain, kernel, wrong, 2), TILES_ERROR_INVALID_ARGUMENT,
                "('averages', a __global float*) was given an array_view of int (int32): the element types differ");
    tiles_view_release(ints);
    tiles_kernel_release(kernel);
    tiles_array_release(averages);
    tiles_view_release(matrix);
    return failed;
}

static const char two_kernels_source[] =
    "void fill(array_view<int, 1> v, int value, index<1> i) restrict(amp) { v[i] = value; }\n"
    "void add(array_view<int, 2> v, tiled_index<2, 2> t) restrict(amp) { v[t] += t.tile[0] * 10 + t.local[1]; }\n";

int test_cpp_program_builds_ahead_and_names_its_kernels(void) {
    int failed = 0;
    const char* names = NULL;
    const char* log = NULL;
    tiles_kernel_options options = TILES_KERNEL_OPTIONS_INIT;
    options.language = TILES_LANGUAGE_CPP;
    CHECK_OK(tiles_program_build_with_options(&names, &log, NULL, two_kernels_source, &options, NULL));
    CHECK(names != NULL && strcmp(names, "fill;add") == 0);
    CHECK(log != NULL && log[0] == '\0');

    int host[16];
    const tiles_shape shape = shape_of(TILES_INT32, 1, 16, 0, 0);
    const tiles_shape square = shape_of(TILES_INT32, 2, 4, 4, 0);
    tiles_view* line = NULL;
    tiles_view* grid = NULL;
    tiles_kernel* fill = NULL;
    tiles_kernel* add = NULL;
    CHECK_OK(tiles_view_create(&line, &shape, host));
    CHECK_OK(tiles_view_create(&grid, &square, host));
    CHECK_OK(tiles_kernel_create_with_options(&fill, two_kernels_source, "fill", &options));
    CHECK_OK(tiles_kernel_create_with_options(&add, two_kernels_source, "add", &options));
    const tiles_domain sixteen = {sizeof(tiles_domain), 1, {16, 0, 0}, 0, {0, 0, 0}, NULL};
    const tiles_domain tiled = {sizeof(tiles_domain), 2, {4, 4, 0}, 2, {2, 2, 0}, NULL};
    const tiles_arg fill_args[] = {tiles_arg_view(line), tiles_arg_integer(5)};
    const tiles_arg add_args[] = {tiles_arg_view(grid)};
    CHECK_OK(tiles_launch(NULL, &sixteen, fill, fill_args, 2));
    CHECK_OK(tiles_view_synchronize(line));
    CHECK_OK(tiles_view_refresh(grid));
    CHECK_OK(tiles_launch(NULL, &tiled, add, add_args, 1));
    CHECK_OK(tiles_view_synchronize(grid));
    for (int r = 0; r < 4; r++)
        for (int c = 0; c < 4; c++) CHECK(host[r * 4 + c] == 5 + (r / 2) * 10 + c % 2);
    tiles_kernel_release(add);
    tiles_kernel_release(fill);
    tiles_view_release(grid);
    tiles_view_release(line);
    return failed;
}

int test_cpp_program_built_for_a_tile_shape_compiles_once_for_all_its_kernels(void) {
    int failed = 0;
    /* Two kernels of one tile shape: built whole for it, both launch without compiling. */
    static const char source[] =
        "void set_tile(array_view<int, 2> out, tiled_index<2, 3> t) restrict(amp) {\n"
        "    out[t] = 10 * t.tile[0] + t.tile[1];\n"
        "}\n"
        "void add_local(array_view<int, 2> out, tiled_index<2, 3> t) restrict(amp) { out[t] += 100 * t.local[1]; }\n"
        "// cpp_built_for_a_tile_shape\n";
    tiles_kernel_options options = TILES_KERNEL_OPTIONS_INIT;
    options.language = TILES_LANGUAGE_CPP;
    failed += check_program_built_for_a_tile_shape(source, &options);

    /* Kernels of other shapes than the domain's: built whole all the same, each launch builds its own. */
    const tiles_domain two_by_two = {sizeof(tiles_domain), 2, {4, 4, 0}, 2, {2, 2, 0}, NULL};
    const char* names = NULL;
    CHECK_OK(tiles_program_build_with_options(&names, NULL, NULL, two_kernels_source, &options, &two_by_two));
    CHECK(names != NULL && strcmp(names, "fill;add") == 0);
    return failed;
}

int test_cpp_kernel_refusals(void) {
    int failed = 0;
    tiles_kernel* kernel = NULL;
    tiles_kernel_options options = TILES_KERNEL_OPTIONS_INIT;
    options.language = (tiles_language)7;
    CHECK_FAILS(tiles_kernel_create_with_options(&kernel, two_kernels_source, "fill", &options),
                TILES_ERROR_INVALID_ARGUMENT, "language (7) is neither TILES_LANGUAGE_OPENCL_C (0) nor");
    options.language = TILES_LANGUAGE_CPP;
    options.struct_size = 4;
    CHECK_FAILS(tiles_kernel_create_with_options(&kernel, two_kernels_source, "fill", &options),
                TILES_ERROR_INVALID_ARGUMENT, "struct_size (4) is smaller than any version of it");
    options.struct_size = sizeof options;
    CHECK_FAILS(tiles_kernel_create_with_options(&kernel, "void k(array<int, 1> a, index<1> i) restrict(amp) {}", "k",
                                                 &options),
                TILES_ERROR_BUILD, "kernel:1:8: error: a kernel takes an array by reference");
    CHECK_OK(tiles_kernel_create_with_options(&kernel, two_kernels_source, "missing", &options));
    int host[4];
    const tiles_shape shape = shape_of(TILES_INT32, 1, 4, 0, 0);
    tiles_view* v = NULL;
    CHECK_OK(tiles_view_create(&v, &shape, host));
    const tiles_domain four = {sizeof(tiles_domain), 1, {4, 0, 0}, 0, {0, 0, 0}, NULL};
    const tiles_arg args[] = {tiles_arg_view(v)};
    CHECK_FAILS(tiles_launch(NULL, &four, kernel, args, 1), TILES_ERROR_INVALID_ARGUMENT,
                "the C++ source has no kernel named 'missing' (its kernels: fill, add)");
    tiles_view_release(v);
    tiles_kernel_release(kernel);
    return failed;
}
