/* C tests of tiles.h's views in C++ AMP's forms: without a data source (counted transfers),
 * projections and strides, tiles_view_reshape (view_as) and tiles_view_reinterpret
 * (reinterpret_as), a kernel writing a reshaped view, data and launches of rank above 3, and the
 * shapes and domains of an older tiles.h (without `extents`). */
#include <stddef.h>
#include <string.h>

#include "capi_tests.h"
#include "support.h"

/* Writes, at each point of a rank-2 launch, row * 100 + column. */
static const char fill_source[] = "__kernel void fill(__global int* data) {\n"
                                  "    thread_index i = get_thread_index();\n"
                                  "    data[linear_index(i.global_id, i.extent)] = i.global_id[0] * 100 + "
                                  "i.global_id[1];\n"
                                  "}\n";

/* Writes, at each point of a rank-5 launch, its index and the extent (10 ints). */
static const char record_source[] =
    "__kernel void record(__global int* out) {\n"
    "    thread_index i = get_thread_index();\n"
    "    __global int* r = out + 10 * linear_index(i.global_id, i.extent);\n"
    "    for (int d = 0; d < 5; ++d) { r[d] = i.global_id[d]; r[5 + d] = i.extent[d]; }\n"
    "}\n";

int test_views_without_a_source(void) {
    int failed = 0;
    const tiles_shape shape = shape_of(TILES_INT32, 2, 5, 7, 0);
    tiles_context* context = NULL;
    tiles_view* view = NULL;
    tiles_kernel* fill = NULL;
    CHECK_OK(tiles_context_create(&context, NULL));
    CHECK_OK(tiles_kernel_create(&fill, fill_source, "fill", NULL));
    if (!CHECK_OK(tiles_view_create_without_source(&view, &shape))) return failed;
    const tiles_domain domain = {sizeof(tiles_domain), 2, {5, 7, 0}, 0, {0, 0, 0}, NULL};
    const tiles_arg args[] = {tiles_arg_view(view)};
    CHECK_OK(tiles_launch(context, &domain, fill, args, 1));
    CHECK_OK(tiles_context_wait(context));
    tiles_counters counters = TILES_COUNTERS_INIT;
    CHECK_OK(tiles_context_get_counters(&counters, context));
    CHECK(counters.uploads == 0 && counters.downloads == 0);

    /* The host reads it: one download, the values the launch wrote. */
    int values[35];
    if (CHECK_OK(tiles_view_read(view, values, sizeof values)))
        for (int i = 0; i < 35; i++) CHECK(values[i] == (i / 7) * 100 + i % 7);
    CHECK_OK(tiles_context_get_counters(&counters, context));
    CHECK(counters.uploads == 0 && counters.downloads == 1 && counters.bytes_downloaded == sizeof values);
    int is_const = 1;
    CHECK_OK(tiles_view_is_const(&is_const, view));
    CHECK(is_const == 0);

    const tiles_shape empty = shape_of(TILES_INT32, 2, 5, 0, 0);
    tiles_view* refused = NULL;
    CHECK_FAILS(tiles_view_create_without_source(&refused, &empty), TILES_ERROR_INVALID_ARGUMENT,
                "dimension 1 of a shape (0) is not positive");
    CHECK(refused == NULL);
    CHECK_OK(tiles_view_release(view));
    CHECK_OK(tiles_kernel_release(fill));
    CHECK_OK(tiles_context_release(context));
    return failed;
}

int test_projections_and_strides(void) {
    int failed = 0;
    int host[4 * 5 * 6];
    for (int i = 0; i < 120; i++) host[i] = i;
    const tiles_shape shape = shape_of(TILES_INT32, 3, 4, 5, 6);
    tiles_view *view = NULL, *plane = NULL, *row = NULL, *refused = NULL;
    if (!CHECK_OK(tiles_view_create(&view, &shape, host))) return failed;
    size_t strides[3] = {0, 0, 0};
    if (CHECK_OK(tiles_view_get_strides(strides, 3, view)))
        CHECK(strides[0] == 120 && strides[1] == 24 && strides[2] == 4);

    /* view[2] is the 5x6 plane at 2, view[2][3] its row 3: C++ AMP's projection. */
    CHECK_OK(tiles_view_project(&plane, view, 2));
    CHECK_OK(tiles_view_project(&row, plane, 3));
    tiles_shape plane_shape = TILES_SHAPE_INIT;
    CHECK_OK(tiles_view_get_shape(&plane_shape, plane));
    CHECK(plane_shape.rank == 2 && plane_shape.extent[0] == 5 && plane_shape.extent[1] == 6);
    CHECK(plane_shape.extents != NULL && plane_shape.extents[1] == 6);
    int values[6];
    const int expected[6] = {78, 79, 80, 81, 82, 83}; /* 2 * 30 + 3 * 6 + k */
    if (CHECK_OK(tiles_view_read(row, values, sizeof values))) CHECK_INTS(values, expected, 6);
    void* data = NULL;
    if (CHECK_OK(tiles_view_data(&data, row, TILES_ACCESS_READ))) CHECK(data == (void*)&host[78]);

    CHECK_FAILS(tiles_view_project(&refused, row, 0), TILES_ERROR_INVALID_ARGUMENT, "rank 2 or more");
    CHECK_FAILS(tiles_view_project(&refused, view, 4), TILES_ERROR_INVALID_ARGUMENT,
                "the projection [4] lies outside the view's dimension 0, of extent 4");
    CHECK_FAILS(tiles_view_get_strides(strides, 2, view), TILES_ERROR_INVALID_ARGUMENT, "rank 3");
    CHECK(refused == NULL);
    CHECK_OK(tiles_view_release(row));
    CHECK_OK(tiles_view_release(plane));
    CHECK_OK(tiles_view_release(view));
    return failed;
}

int test_reshape_and_reinterpret(void) {
    int failed = 0;
    float initial[100];
    for (int i = 0; i < 100; i++) initial[i] = (float)i;
    const tiles_shape shape = shape_of(TILES_FLOAT32, 1, 100, 0, 0);
    tiles_array* array = NULL;
    tiles_view *view = NULL, *matrix = NULL, *second_row = NULL, *doubles = NULL, *refused = NULL;
    tiles_kernel* add_one = NULL;
    if (!CHECK_OK(tiles_array_create(&array, NULL, &shape, initial))) return failed;
    CHECK_OK(tiles_array_get_view(&view, array));
    CHECK_OK(tiles_kernel_create(&add_one, add_one_source, "add_one", NULL));

    /* The AMP specification's a.view_as(extent<2>(2, 50)), and its second row. */
    const int two_by_fifty[2] = {2, 50};
    if (!CHECK_OK(tiles_view_reshape(&matrix, view, 2, two_by_fifty))) return failed;
    CHECK_OK(tiles_view_project(&second_row, matrix, 1));
    float row[50];
    if (CHECK_OK(tiles_view_read(second_row, row, sizeof row))) CHECK(row[0] == 50.0f && row[49] == 99.0f);
    /* A launch of rank 2 over the reshaped view changes the array. */
    const tiles_domain domain = {sizeof(tiles_domain), 2, {2, 50, 0}, 0, {0, 0, 0}, NULL};
    const tiles_arg args[] = {tiles_arg_view(matrix)};
    CHECK_OK(tiles_launch(NULL, &domain, add_one, args, 1));
    float back[100];
    if (CHECK_OK(tiles_view_read(view, back, sizeof back)))
        for (int i = 0; i < 100; i++) CHECK(back[i] == (float)i + 1.0f);

    /* The same bytes as doubles: 100 floats are 50 doubles. */
    if (CHECK_OK(tiles_view_reinterpret(&doubles, view, TILES_FLOAT64, 0))) {
        tiles_shape doubles_shape = TILES_SHAPE_INIT;
        CHECK_OK(tiles_view_get_shape(&doubles_shape, doubles));
        CHECK(doubles_shape.dtype == TILES_FLOAT64 && doubles_shape.rank == 1 && doubles_shape.extent[0] == 50);
        double pairs[50], expected_pair;
        memcpy(&expected_pair, &back[2], sizeof expected_pair);
        if (CHECK_OK(tiles_view_read(doubles, pairs, sizeof pairs))) CHECK(pairs[1] == expected_pair);
    }

    /* AMP's refusals, and libtiles' own. */
    const int too_many[2] = {11, 10}, five[1] = {5}, origin[1] = {1}, three[1] = {3};
    CHECK_FAILS(tiles_view_reshape(&refused, view, 2, too_many), TILES_ERROR_INVALID_ARGUMENT,
                "view_as(11x10) asks for 110 elements of a view of 100");
    CHECK_FAILS(tiles_view_reshape(&refused, view, 0, too_many), TILES_ERROR_INVALID_ARGUMENT, "rank 0");
    tiles_view* five_floats = NULL;
    const int zero[1] = {0};
    CHECK_OK(tiles_view_section(&five_floats, view, zero, five));
    CHECK_FAILS(tiles_view_reinterpret(&refused, five_floats, TILES_FLOAT64, 0), TILES_ERROR_INVALID_ARGUMENT,
                "5 elements of 4 bytes (20 bytes) are not a whole number of elements of 8 bytes");
    CHECK_FAILS(tiles_view_reinterpret(&refused, five_floats, TILES_OPAQUE, 0), TILES_ERROR_INVALID_ARGUMENT,
                "element_size");
    /* A column of a matrix is not dense: view_as and reinterpret_as refuse it. */
    float grid[4 * 6] = {0};
    const tiles_shape grid_shape = shape_of(TILES_FLOAT32, 2, 4, 6, 0);
    tiles_view *grid_view = NULL, *column = NULL;
    const int at_column[2] = {0, 5}, one_column[2] = {3, 1};
    CHECK_OK(tiles_view_create(&grid_view, &grid_shape, grid));
    CHECK_OK(tiles_view_section(&column, grid_view, at_column, one_column));
    CHECK_FAILS(tiles_view_reshape(&refused, column, 1, three), TILES_ERROR_INVALID_ARGUMENT,
                "elements lie next to each other");
    CHECK_FAILS(tiles_view_reinterpret(&refused, column, TILES_INT32, 0), TILES_ERROR_INVALID_ARGUMENT,
                "reinterpret_as (tiles_view_reinterpret) needs a view whose elements lie next to each other");
    CHECK_OK(tiles_view_release(grid_view));
    /* Part of each row of the 2x50 view of 100 floats is a rectangle of those floats in rows of 50
     * (libtiles lays them out in one row of 100); a part of the doubles is one too. */
    const int inner_origin[2] = {0, 10}, inner_extent[2] = {2, 20};
    tiles_view* inner = NULL;
    float inner_values[40];
    if (CHECK_OK(tiles_view_section(&inner, matrix, inner_origin, inner_extent)) &&
        CHECK_OK(tiles_view_read(inner, inner_values, sizeof inner_values)))
        for (int i = 0; i < 40; i++) CHECK(inner_values[i] == back[(i / 20) * 50 + 10 + i % 20]);
    CHECK_OK(tiles_view_release(inner));
    tiles_view* doubles_part = NULL;
    double part[3], expected_part[3];
    memcpy(expected_part, &back[2], sizeof expected_part);
    if (CHECK_OK(tiles_view_section(&doubles_part, doubles, origin, three)) &&
        CHECK_OK(tiles_view_read(doubles_part, part, sizeof part)))
        CHECK(memcmp(part, expected_part, sizeof part) == 0);
    CHECK(refused == NULL);
    CHECK_OK(tiles_view_release(doubles_part));
    CHECK_OK(tiles_view_release(column));
    CHECK_OK(tiles_view_release(five_floats));
    CHECK_OK(tiles_view_release(doubles));
    CHECK_OK(tiles_view_release(second_row));
    CHECK_OK(tiles_view_release(matrix));
    CHECK_OK(tiles_view_release(view));
    CHECK_OK(tiles_array_release(array));
    CHECK_OK(tiles_kernel_release(add_one));
    return failed;
}

/* Writes, at each point of a rank-2 launch, 1 + its place in the row-major order of the extent
 * extent_of gives the view. */
static const char number_rows_source[] = "__kernel void number_rows(__global float* data) {\n"
                                         "    thread_index i = get_thread_index();\n"
                                         "    const int place = i.global_id[0] * extent_of(data)[1] + i.global_id[1];\n"
                                         "    data[place] = 1 + place;\n"
                                         "}\n";

int test_kernels_write_a_reshaped_view_and_nothing_after_it(void) {
    int failed = 0;
    float host[256 + 64];
    for (int i = 0; i < 320; i++) host[i] = -1.0f;
    const tiles_shape shape = shape_of(TILES_FLOAT32, 1, 256, 0, 0);
    tiles_view *flat = NULL, *matrix = NULL;
    tiles_kernel* number_rows = NULL;
    if (!CHECK_OK(tiles_view_create(&flat, &shape, host))) return failed;
    CHECK_OK(tiles_kernel_create(&number_rows, number_rows_source, "number_rows", NULL));
    /* C++ AMP's flat.view_as(extent<2>(16, 16)): extent_of gives its 16x16, not the 256 beneath. */
    const int sixteen_by_sixteen[2] = {16, 16};
    if (CHECK_OK(tiles_view_reshape(&matrix, flat, 2, sixteen_by_sixteen))) {
        const tiles_domain domain = {sizeof(tiles_domain), 2, {16, 16, 0}, 0, {0, 0, 0}, NULL};
        const tiles_arg args[] = {tiles_arg_view(matrix)};
        CHECK_OK(tiles_launch(NULL, &domain, number_rows, args, 1));
        CHECK_OK(tiles_view_synchronize(matrix));
        for (int i = 0; i < 320; i++) CHECK(host[i] == (i < 256 ? (float)(i + 1) : -1.0f));
    }
    CHECK_OK(tiles_view_release(matrix));
    CHECK_OK(tiles_view_release(flat));
    CHECK_OK(tiles_kernel_release(number_rows));
    return failed;
}

int test_data_and_launches_of_rank_above_3(void) {
    int failed = 0;
    enum { count = 2 * 3 * 4 * 5 * 6 };
    static float host[count];
    static int records[count * 10];
    for (int i = 0; i < count; i++) host[i] = (float)i;
    const int extent[5] = {2, 3, 4, 5, 6};
    tiles_shape shape = TILES_SHAPE_INIT;
    shape.rank = 5;
    shape.extents = extent;
    tiles_view *view = NULL, *plane = NULL, *refused = NULL, *out = NULL;
    tiles_kernel *add_one = NULL, *record = NULL;
    if (!CHECK_OK(tiles_view_create(&view, &shape, host))) return failed;
    CHECK_OK(tiles_kernel_create(&add_one, add_one_source, "add_one", NULL));
    CHECK_OK(tiles_kernel_create(&record, record_source, "record", NULL));

    /* Its shape: rank 5, the components in `extents`, `extent` zero. */
    tiles_shape read_shape = TILES_SHAPE_INIT;
    if (CHECK_OK(tiles_view_get_shape(&read_shape, view))) {
        CHECK(read_shape.rank == 5 && read_shape.extent[0] == 0 && read_shape.extents != NULL);
        if (read_shape.extents != NULL) CHECK_INTS(read_shape.extents, extent, 5);
    }

    /* A launch of rank 5 adds one everywhere. */
    tiles_domain domain = TILES_DOMAIN_INIT;
    CHECK_OK(tiles_domain_init(&domain, 5, extent, 0, NULL));
    CHECK(domain.rank == 5 && domain.extents == extent);
    const tiles_arg view_arg[] = {tiles_arg_view(view)};
    CHECK_OK(tiles_launch(NULL, &domain, add_one, view_arg, 1));
    CHECK_OK(tiles_view_synchronize(view));
    int wrong = 0;
    for (int i = 0; i < count; i++) wrong += host[i] != (float)i + 1.0f;
    CHECK(wrong == 0);

    /* Every work-item sees its own five-component index and the whole extent. */
    const tiles_shape records_shape = shape_of(TILES_INT32, 1, count * 10, 0, 0);
    CHECK_OK(tiles_view_create(&out, &records_shape, records));
    const tiles_arg record_arg[] = {tiles_arg_view(out)};
    CHECK_OK(tiles_launch(NULL, &domain, record, record_arg, 1));
    if (CHECK_OK(tiles_view_synchronize(out))) {
        wrong = 0;
        for (int i = 0; i < count; i++) {
            int rest = i;
            for (int d = 4; d >= 0; d--) {
                wrong += records[i * 10 + d] != rest % extent[d];
                rest /= extent[d];
                wrong += records[i * 10 + 5 + d] != extent[d];
            }
        }
        CHECK(wrong == 0);
    }

    /* A projection gives rank 4; sections that are one rectangle of the data in rows of some
     * length work, others are refused. */
    CHECK_OK(tiles_view_project(&plane, view, 1));
    const int plane_origin[4] = {1, 0, 0, 0}, plane_extent[4] = {2, 4, 5, 6};
    const int rows_origin[4] = {0, 1, 0, 0}, rows_extent[4] = {3, 2, 5, 6};
    const int cut_origin[4] = {0, 0, 0, 0}, cut_extent[4] = {2, 2, 2, 3};
    tiles_view* part = NULL;
    static float part_values[2 * 4 * 5 * 6];
    if (CHECK_OK(tiles_view_section(&part, plane, plane_origin, plane_extent)) &&
        CHECK_OK(tiles_view_read(part, part_values, sizeof part_values))) {
        /* part(i, j, k, l) is view(1, 1 + i, j, k, l). */
        wrong = 0;
        for (int i = 0; i < 2 * 4 * 5 * 6; i++) wrong += part_values[i] != host[(1 * 3 + 1) * 4 * 5 * 6 + i];
        CHECK(wrong == 0);
    }
    tiles_view* rows = NULL;
    static float rows_values[3 * 2 * 5 * 6];
    if (CHECK_OK(tiles_view_section(&rows, plane, rows_origin, rows_extent)) &&
        CHECK_OK(tiles_view_read(rows, rows_values, sizeof rows_values))) {
        /* rows(i, j, k, l) is view(1, i, 1 + j, k, l): rows of 60 floats, 120 apart. */
        wrong = 0;
        for (int i = 0; i < 3 * 2 * 5 * 6; i++) wrong += rows_values[i] != host[(3 + i / 60) * 120 + 30 + i % 60];
        CHECK(wrong == 0);
    }
    CHECK_OK(tiles_view_release(rows));
    CHECK_FAILS(tiles_view_section(&refused, plane, cut_origin, cut_extent), TILES_ERROR_INVALID_ARGUMENT,
                "not one rectangle");
    CHECK(refused == NULL);

    /* Tiles stay at ranks 1 to 3, and a rank above 3 needs its components. */
    tiles_domain tiled = domain;
    tiled.tile_rank = 5;
    CHECK_FAILS(tiles_launch(NULL, &tiled, add_one, view_arg, 1), TILES_ERROR_INVALID_COMPUTE_DOMAIN,
                "a tile has rank 1, 2 or 3, as in C++ AMP, not 5");
    const int tile[5] = {1, 1, 1, 1, 1};
    CHECK_FAILS(tiles_domain_init(&tiled, 5, extent, 5, tile), TILES_ERROR_INVALID_COMPUTE_DOMAIN,
                "a tile has rank 1, 2 or 3, as in C++ AMP, not 5");
    CHECK_FAILS(tiles_domain_init(&tiled, 2, extent, 3, tile), TILES_ERROR_INVALID_COMPUTE_DOMAIN,
                "the tile has rank 3 but the extent it tiles has rank 2");
    tiles_domain missing = domain;
    missing.extents = NULL;
    CHECK_FAILS(tiles_launch(NULL, &missing, add_one, view_arg, 1), TILES_ERROR_INVALID_ARGUMENT,
                "a compute domain of rank 5 gives its components in `extents`, which is NULL");
    tiles_shape no_components = shape;
    no_components.extents = NULL;
    CHECK_FAILS(tiles_view_create(&refused, &no_components, host), TILES_ERROR_INVALID_ARGUMENT,
                "a shape of rank 5 gives its components in `extents`");

    CHECK_OK(tiles_view_release(part));
    CHECK_OK(tiles_view_release(plane));
    CHECK_OK(tiles_view_release(out));
    CHECK_OK(tiles_view_release(view));
    CHECK_OK(tiles_kernel_release(record));
    CHECK_OK(tiles_kernel_release(add_one));
    return failed;
}

int test_shapes_and_domains_of_an_older_header(void) {
    int failed = 0;
    /* The first tiles_shape and tiles_domain end where `extents` begins; a caller built with that
     * header passes their size, and libtiles reads and writes no byte past it. */
    const size_t old_shape_size = offsetof(tiles_shape, extents), old_domain_size = offsetof(tiles_domain, extents);
    union {
        tiles_shape shape;
        unsigned char bytes[sizeof(tiles_shape)];
    } old;
    memset(old.bytes, 0xab, sizeof old.bytes);
    old.shape.struct_size = old_shape_size;
    old.shape.dtype = TILES_INT32;
    old.shape.element_size = 0;
    old.shape.rank = 2;
    old.shape.extent[0] = 3;
    old.shape.extent[1] = 4;
    tiles_array* array = NULL;
    tiles_view* view = NULL;
    if (!CHECK_OK(tiles_array_create(&array, NULL, &old.shape, NULL))) return failed;
    CHECK_OK(tiles_array_get_view(&view, array));
    memset(old.bytes, 0xab, sizeof old.bytes);
    old.shape.struct_size = old_shape_size;
    if (CHECK_OK(tiles_view_get_shape(&old.shape, view))) {
        CHECK(old.shape.rank == 2 && old.shape.extent[0] == 3 && old.shape.extent[1] == 4);
        int untouched = 1;
        for (size_t i = old_shape_size; i < sizeof old.bytes; i++) untouched &= old.bytes[i] == 0xab;
        CHECK(untouched);
    }
    old.shape.rank = 4;
    CHECK_FAILS(tiles_array_create(&array, NULL, &old.shape, NULL), TILES_ERROR_INVALID_ARGUMENT,
                "a shape of rank 4 gives its components in `extents`, which is NULL (or beyond its struct_size)");

    union {
        tiles_domain domain;
        unsigned char bytes[sizeof(tiles_domain)];
    } old_domain;
    memset(old_domain.bytes, 0xab, sizeof old_domain.bytes);
    old_domain.domain.struct_size = old_domain_size;
    const int e[2] = {3, 4}, t[2] = {1, 2};
    if (CHECK_OK(tiles_domain_init(&old_domain.domain, 2, e, 2, t))) {
        int untouched = 1;
        for (size_t i = old_domain_size; i < sizeof old_domain.bytes; i++) untouched &= old_domain.bytes[i] == 0xab;
        CHECK(untouched);
        tiles_domain padded = TILES_DOMAIN_INIT;
        padded.struct_size = old_domain_size;
        CHECK_OK(tiles_domain_pad(&padded, &old_domain.domain));
        tiles_kernel* fill = NULL;
        CHECK_OK(tiles_kernel_create(&fill, fill_source, "fill", NULL));
        const tiles_arg args[] = {tiles_arg_view(view)};
        CHECK_OK(tiles_launch(NULL, &old_domain.domain, fill, args, 1));
        int values[12];
        if (CHECK_OK(tiles_view_read(view, values, sizeof values))) CHECK(values[11] == 203);
        CHECK_OK(tiles_kernel_release(fill));
    }
    const int five[5] = {1, 1, 1, 1, 2};
    CHECK_FAILS(tiles_domain_init(&old_domain.domain, 5, five, 0, NULL), TILES_ERROR_INVALID_ARGUMENT, "predates");
    CHECK_OK(tiles_view_release(view));
    CHECK_OK(tiles_array_release(array));
    return failed;
}
