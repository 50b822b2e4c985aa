/* Several contexts at once from C: a split matrix's bands (each context receiving only its band
 * and halos, the exchange moving only halo rows), and tiles_stencil_split, tiles_gemm_split and
 * tiles_reduce_split giving one context's results bit for bit. The contexts are of different
 * devices of one kind where there are several (POCL_DEVICES="pthread pthread"), else of one. */
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "capi_tests.h"
#include "support.h"
#include "tiles_opencl.h"

enum { max_contexts = 3 };

/* The name of `device`, into `name` (of 256 bytes). */
static int name_of(char* name, const tiles_device* device) {
    int failed = 0;
    tiles_device_info info = TILES_DEVICE_INFO_INIT;
    CHECK_OK(tiles_device_get_info(&info, device));
    strncpy(name, info.name ? info.name : "", 255);
    name[255] = '\0';
    return failed;
}

/* `count` new contexts, in turn on the devices of the default device's kind (its name), for which
 * several contexts give one context's results bit for bit. */
static int make_contexts(tiles_context** contexts, int count) {
    int failed = 0;
    size_t devices = 0, same[16], found = 0;
    char default_name[256], name[256];
    tiles_device* chosen = NULL;
    CHECK_OK(tiles_device_default(&chosen));
    failed += name_of(default_name, chosen);
    tiles_device_release(chosen);
    CHECK_OK(tiles_device_count(&devices));
    for (size_t d = 0; d < devices && found < 16; ++d) {
        tiles_device* device = NULL;
        CHECK_OK(tiles_device_get(&device, d));
        failed += name_of(name, device);
        if (strcmp(name, default_name) == 0) same[found++] = d;
        tiles_device_release(device);
    }
    CHECK(found > 0);
    for (int i = 0; i < count && found > 0; ++i) {
        tiles_device* device = NULL;
        CHECK_OK(tiles_device_get(&device, same[(size_t)i % found]));
        CHECK_OK(tiles_context_create(&contexts[i], device));
        tiles_device_release(device);
    }
    return failed;
}

static void release_contexts(tiles_context** contexts, int count) {
    for (int i = 0; i < count; ++i) tiles_context_release(contexts[i]);
}

static float label(int row, int column) { return 1000.0f * (float)row + (float)column; }

/* Writes each element of its rows as label(first + row, column). */
static const char label_source[] = "__kernel void label(__global float* rows, int columns, int first) {\n"
                                   "    thread_index i = get_thread_index();\n"
                                   "    rows[i.global_id[0] * columns + i.global_id[1]] =\n"
                                   "        1000.0f * (first + i.global_id[0]) + i.global_id[1];\n"
                                   "}\n";

int test_split_bands_and_their_halo_exchange(void) {
    int failed = 0;
    enum { rows = 23, columns = 7, halo = 2, parts = 3 };
    tiles_context* contexts[parts];
    failed += make_contexts(contexts, parts);
    float grid[rows * columns], back[rows * columns];
    for (int r = 0; r < rows; ++r)
        for (int c = 0; c < columns; ++c) grid[r * columns + c] = label(r, c);
    const tiles_shape shape = shape_of(TILES_FLOAT32, 2, rows, columns, 0);
    tiles_view *source = NULL, *into = NULL;
    CHECK_OK(tiles_view_create_const(&source, &shape, grid));
    CHECK_OK(tiles_view_create(&into, &shape, back));
    tiles_split* split = NULL;
    CHECK_OK(tiles_split_create(&split, contexts, parts, &shape, halo, 1));
    size_t count = 0;
    CHECK_OK(tiles_split_get_count(&count, split));
    CHECK(count == parts);
    for (int p = 0; p < parts; ++p) tiles_context_reset_counters(contexts[p]);
    CHECK_OK(tiles_split_scatter(split, source));

    tiles_kernel* kernel = NULL;
    CHECK_OK(tiles_kernel_create(&kernel, label_source, "label", NULL));
    tiles_band bands[parts];
    for (int p = 0; p < parts; ++p) {
        tiles_band* b = &bands[p];
        *b = (tiles_band)TILES_BAND_INIT;
        CHECK_OK(tiles_split_get_band(b, split, (size_t)p));
        const int local_rows = b->halo_above + b->rows + b->halo_below;
        tiles_counters counters = TILES_COUNTERS_INIT;
        CHECK_OK(tiles_context_get_counters(&counters, contexts[p]));
        CHECK(counters.bytes_uploaded == (uint64_t)local_rows * columns * sizeof(float));
        /* The band's array, on its context: wrong halos, own rows labelled by a launch there. */
        tiles_array* array = NULL;
        tiles_context* context = NULL;
        CHECK_OK(tiles_split_get_array(&array, split, (size_t)p));
        CHECK_OK(tiles_array_get_context(&context, array));
        cl_command_queue its_queue = NULL, band_queue = NULL;
        CHECK_OK(tiles_context_get_opencl(NULL, &its_queue, context));
        CHECK_OK(tiles_context_get_opencl(NULL, &band_queue, contexts[p]));
        CHECK(its_queue == band_queue); /* the band's own context, not another on its device */
        tiles_context_release(context);
        tiles_view *local = NULL, *own = NULL;
        CHECK_OK(tiles_array_get_view(&local, array));
        float* wrong = malloc(sizeof(float) * (size_t)local_rows * columns);
        for (int i = 0; i < local_rows * columns; ++i) wrong[i] = -5.0f;
        CHECK_OK(tiles_view_write(local, wrong, sizeof(float) * (size_t)local_rows * columns));
        free(wrong);
        const int origin[3] = {b->halo_above, 0, 0}, extent[3] = {b->rows, columns, 0};
        CHECK_OK(tiles_view_section(&own, local, origin, extent));
        const tiles_domain domain = {sizeof(tiles_domain), 2, {b->rows, columns, 0}, 0, {0, 0, 0}, NULL};
        const tiles_arg args[] = {tiles_arg_view(own), tiles_arg_int(columns), tiles_arg_int(b->first)};
        CHECK_OK(tiles_launch(contexts[p], &domain, kernel, args, 3));
        CHECK_OK(tiles_context_wait(contexts[p]));
        tiles_view_release(own);
        tiles_view_release(local);
        tiles_array_release(array);
        tiles_context_reset_counters(contexts[p]);
    }
    CHECK_OK(tiles_split_exchange_halo(split));
    for (int p = 0; p < parts; ++p) {
        const tiles_band* b = &bands[p];
        const int local_rows = b->halo_above + b->rows + b->halo_below;
        CHECK_OK(tiles_context_wait(contexts[p]));
        tiles_counters counters = TILES_COUNTERS_INIT;
        CHECK_OK(tiles_context_get_counters(&counters, contexts[p]));
        const uint64_t halo_bytes = (uint64_t)(b->halo_above + b->halo_below) * columns * sizeof(float);
        CHECK(counters.bytes_downloaded == halo_bytes);
        CHECK(counters.bytes_uploaded == halo_bytes);
        tiles_array* array = NULL;
        tiles_view* local = NULL;
        CHECK_OK(tiles_split_get_array(&array, split, (size_t)p));
        CHECK_OK(tiles_array_get_view(&local, array));
        float* values = malloc(sizeof(float) * (size_t)local_rows * columns);
        CHECK_OK(tiles_view_read(local, values, sizeof(float) * (size_t)local_rows * columns));
        for (int r = 0; r < local_rows; ++r) CHECK(values[r * columns + 4] == label(b->first - b->halo_above + r, 4));
        free(values);
        tiles_view_release(local);
        tiles_array_release(array);
    }
    CHECK_OK(tiles_split_gather(split, into));
    CHECK_OK(tiles_view_synchronize(into));
    CHECK_FLOATS(back, grid, rows * columns);

    tiles_band missing = TILES_BAND_INIT;
    CHECK_FAILS(tiles_split_get_band(&missing, split, 3), TILES_ERROR_INVALID_ARGUMENT,
                "band 3 of a matrix split into 3 bands does not exist");
    CHECK_FAILS(tiles_split_gather(split, source), TILES_ERROR_INVALID_ARGUMENT, "the view is of const memory");
    tiles_kernel_release(kernel);
    tiles_view_release(source);
    tiles_view_release(into);
    CHECK_OK(tiles_split_release(split));
    CHECK_FAILS(tiles_split_exchange_halo(split), TILES_ERROR_INVALID_HANDLE, "not a live tiles_split handle");
    release_contexts(contexts, parts);
    return failed;
}

int test_split_refusals(void) {
    int failed = 0;
    /* Where bands lie, for callers that split data themselves: 70 rows in multiples of 16 over 3. */
    tiles_band band = TILES_BAND_INIT;
    CHECK_OK(tiles_split_rows(&band, 70, 1, 2, 3, 16));
    CHECK(band.first == 64 && band.rows == 6 && band.halo_above == 1 && band.halo_below == 0);
    CHECK_FAILS(tiles_split_rows(&band, 8, 3, 0, 3, 1), TILES_ERROR_INVALID_ARGUMENT,
                "the thinnest band of 8 rows over 3 bands has 2 rows, fewer than the halo of 3 rows");
    CHECK_FAILS(tiles_split_rows(NULL, 8, 0, 0, 3, 1), TILES_ERROR_INVALID_ARGUMENT, "tiles_band is NULL");
    tiles_context* contexts[2];
    failed += make_contexts(contexts, 2);
    tiles_split* split = NULL;
    const tiles_shape matrix = shape_of(TILES_FLOAT32, 2, 8, 33, 0), cube = shape_of(TILES_FLOAT32, 3, 2, 2, 2);
    CHECK_FAILS(tiles_split_create(&split, contexts, 0, &matrix, 1, 1), TILES_ERROR_INVALID_ARGUMENT,
                "the list of contexts is empty");
    CHECK_FAILS(tiles_split_create(&split, NULL, 2, &matrix, 1, 1), TILES_ERROR_INVALID_ARGUMENT,
                "the contexts are NULL");
    CHECK_FAILS(tiles_split_create(&split, contexts, 2, &cube, 1, 1), TILES_ERROR_INVALID_ARGUMENT,
                "the shape has rank 3; a split matrix has rank 2");
    CHECK_FAILS(tiles_split_create(&split, contexts, 2, &matrix, 5, 1), TILES_ERROR_INVALID_ARGUMENT,
                "the thinnest band of 8 rows over 2 bands has 4 rows, fewer than the halo of 5 rows");
    tiles_context* with_null[2] = {contexts[0], NULL};
    CHECK_FAILS(tiles_split_create(&split, with_null, 2, &matrix, 1, 1), TILES_ERROR_INVALID_HANDLE,
                "context 1 of the list is NULL");
    CHECK(split == NULL);
    float data[8 * 33] = {0}, out[8 * 33], mask[9] = {0};
    tiles_view *input = NULL, *output = NULL, *weights = NULL;
    const tiles_shape mask_shape = shape_of(TILES_FLOAT32, 2, 3, 3, 0);
    CHECK_OK(tiles_view_create(&input, &matrix, data));
    CHECK_OK(tiles_view_create(&output, &matrix, out));
    CHECK_OK(tiles_view_create(&weights, &mask_shape, mask));
    CHECK_FAILS(tiles_stencil_split(contexts, 2, input, weights, output, 0), TILES_ERROR_INVALID_ARGUMENT,
                "0 iterations; there must be at least 1");
    CHECK_FAILS(tiles_stencil_split(contexts, 2, input, weights, input, 1), TILES_ERROR_INVALID_ARGUMENT, "the output");
    float sum = 0;
    CHECK_FAILS(tiles_reduce_split(&sum, sizeof sum, TILES_FLOAT32, contexts, 0, input, TILES_REDUCE_SUM),
                TILES_ERROR_INVALID_ARGUMENT, "tiles_reduce_split: the list of contexts is empty");
    /* In place on a split's bands: its halo must reach the mask's radius. */
    CHECK_OK(tiles_split_create(&split, contexts, 2, &matrix, 0, 1));
    CHECK_FAILS(tiles_split_reduce(&sum, 8, TILES_FLOAT32, split, TILES_REDUCE_SUM), TILES_ERROR_INVALID_ARGUMENT,
                "tiles_split_reduce: out_size is 8 bytes, but the result is one");
    CHECK_FAILS(tiles_split_reduce(NULL, sizeof sum, TILES_FLOAT32, split, TILES_REDUCE_SUM),
                TILES_ERROR_INVALID_ARGUMENT, "NULL");
    CHECK_FAILS(tiles_split_reduce(&sum, sizeof sum, TILES_FLOAT32, NULL, TILES_REDUCE_SUM), TILES_ERROR_INVALID_HANDLE,
                "split");
    CHECK_FAILS(tiles_split_stencil(split, weights, 1), TILES_ERROR_INVALID_ARGUMENT,
                "the split matrix's halo of 0 rows is less than the mask's radius of 1 rows");
    CHECK_FAILS(tiles_split_stencil(split, weights, 0), TILES_ERROR_INVALID_ARGUMENT,
                "0 iterations; there must be at least 1");
    CHECK_FAILS(tiles_split_stencil(split, NULL, 1), TILES_ERROR_INVALID_HANDLE, "the mask view is NULL");
    tiles_split_release(split);
    tiles_view_release(input);
    tiles_view_release(output);
    tiles_view_release(weights);
    release_contexts(contexts, 2);
    return failed;
}

/* The split's sum and greatest element, where its bands are, against the host's of its `count`
 * elements (`elements`, as the split holds them); the number of checks that failed. */
static int check_split_reduce(const tiles_split* split, const float* elements, int count) {
    int failed = 0;
    double sum = 0;
    float greatest = elements[0];
    for (int i = 0; i < count; ++i) {
        sum += elements[i];
        if (elements[i] > greatest) greatest = elements[i];
    }
    float split_sum = 0, split_greatest = 0;
    CHECK_OK(tiles_split_reduce(&split_sum, sizeof split_sum, TILES_FLOAT32, split, TILES_REDUCE_SUM));
    CHECK(fabs(split_sum - sum) <= 1e-5 * count);
    CHECK_OK(tiles_split_reduce(&split_greatest, sizeof split_greatest, TILES_FLOAT32, split, TILES_REDUCE_MAX));
    CHECK(split_greatest == greatest);
    return failed;
}

int test_split_algorithms_equal_one_contexts(void) {
    int failed = 0;
    enum { rows = 203, columns = 77, m = 101, k = 45, n = 67 };
    tiles_context* contexts[max_contexts];
    failed += make_contexts(contexts, max_contexts);
    float* values = malloc(sizeof(float) * rows * columns);
    for (int i = 0; i < rows * columns; ++i) values[i] = (float)((i * 7919) % 1000) / 999.0f - 0.5f;
    const float mask_values[9] = {0.05f, 0.1f, 0.05f, 0.1f, 0.4f, 0.1f, 0.05f, 0.1f, 0.05f};
    const tiles_shape grid_shape = shape_of(TILES_FLOAT32, 2, rows, columns, 0);
    const tiles_shape mask_shape = shape_of(TILES_FLOAT32, 2, 3, 3, 0);
    tiles_view *input = NULL, *mask = NULL;
    CHECK_OK(tiles_view_create_const(&input, &grid_shape, values));
    CHECK_OK(tiles_view_create_const(&mask, &mask_shape, mask_values));

    /* The stencil 3 times on one context, between two arrays. */
    tiles_array *first = NULL, *second = NULL;
    CHECK_OK(tiles_array_create(&first, contexts[0], &grid_shape, NULL));
    CHECK_OK(tiles_array_create(&second, contexts[0], &grid_shape, NULL));
    tiles_view *first_view = NULL, *second_view = NULL;
    CHECK_OK(tiles_array_get_view(&first_view, first));
    CHECK_OK(tiles_array_get_view(&second_view, second));
    CHECK_OK(tiles_stencil(contexts[0], input, mask, first_view));
    CHECK_OK(tiles_stencil(contexts[0], first_view, mask, second_view));
    CHECK_OK(tiles_stencil(contexts[0], second_view, mask, first_view));
    float* expected = malloc(sizeof(float) * rows * columns);
    float* got = malloc(sizeof(float) * rows * columns);
    CHECK_OK(tiles_view_read(first_view, expected, sizeof(float) * rows * columns));

    /* gemm and the sum on one context. */
    float a[m * k], b[k * n], c_one[m * n], c_split[m * n];
    for (int i = 0; i < m * k; ++i) a[i] = values[i];
    for (int i = 0; i < k * n; ++i) b[i] = values[m * k + i];
    const tiles_shape a_shape = shape_of(TILES_FLOAT32, 2, m, k, 0), b_shape = shape_of(TILES_FLOAT32, 2, k, n, 0),
                      c_shape = shape_of(TILES_FLOAT32, 2, m, n, 0);
    tiles_view *a_view = NULL, *b_view = NULL, *c_view = NULL;
    CHECK_OK(tiles_view_create_const(&a_view, &a_shape, a));
    CHECK_OK(tiles_view_create_const(&b_view, &b_shape, b));
    for (int i = 0; i < m * n; ++i) c_one[i] = values[i];
    CHECK_OK(tiles_view_create(&c_view, &c_shape, c_one));
    CHECK_OK(tiles_gemm(contexts[0], 2.0, a_view, b_view, 0.5, c_view));
    CHECK_OK(tiles_view_synchronize(c_view));
    tiles_view_release(c_view);
    float sum_one = 0;
    CHECK_OK(tiles_reduce(&sum_one, sizeof sum_one, contexts[0], input, TILES_REDUCE_SUM));

    for (int parts = 1; parts <= max_contexts; ++parts) {
        tiles_view* output = NULL;
        CHECK_OK(tiles_view_create(&output, &grid_shape, got));
        CHECK_OK(tiles_stencil_split(contexts, (size_t)parts, input, mask, output, 3));
        CHECK_OK(tiles_view_synchronize(output));
        CHECK(memcmp(got, expected, sizeof(float) * rows * columns) == 0);
        tiles_view_release(output);

        for (int i = 0; i < m * n; ++i) c_split[i] = values[i];
        CHECK_OK(tiles_view_create(&c_view, &c_shape, c_split));
        CHECK_OK(tiles_gemm_split(TILES_PRECISION_EXACT, contexts, (size_t)parts, 2.0, a_view, b_view, 0.5, c_view));
        CHECK_OK(tiles_view_synchronize(c_view));
        CHECK(memcmp(c_split, c_one, sizeof c_one) == 0);
        tiles_view_release(c_view);

        /* In place on a split's bands, halos of 2 rows exchanged every 2 iterations, the third's
         * result copied back from the scratch bands. */
        tiles_split* split = NULL;
        CHECK_OK(tiles_split_create(&split, contexts, (size_t)parts, &grid_shape, 2, 1));
        CHECK_OK(tiles_split_scatter(split, input));
        CHECK_OK(tiles_split_stencil(split, mask, 3));
        memset(got, 0, sizeof(float) * rows * columns);
        CHECK_OK(tiles_view_create(&output, &grid_shape, got));
        CHECK_OK(tiles_split_gather(split, output));
        CHECK_OK(tiles_view_synchronize(output));
        CHECK(memcmp(got, expected, sizeof(float) * rows * columns) == 0);
        tiles_view_release(output);
        failed += check_split_reduce(split, expected, rows * columns);
        tiles_split_release(split);

        float sum = 0;
        CHECK_OK(tiles_reduce_split(&sum, sizeof sum, TILES_FLOAT32, contexts, (size_t)parts, input, TILES_REDUCE_SUM));
        CHECK(memcmp(&sum, &sum_one, sizeof sum) == 0);
    }
    tiles_view_release(a_view);
    tiles_view_release(b_view);
    tiles_view_release(first_view);
    tiles_view_release(second_view);
    tiles_array_release(first);
    tiles_array_release(second);
    tiles_view_release(input);
    tiles_view_release(mask);
    free(values);
    free(expected);
    free(got);
    release_contexts(contexts, max_contexts);
    return failed;
}

/* A split of `shape` over `parts` of `contexts` in multiples of `granularity` rows, `host` sent to
 * it; copies of the whole where `granularity` is 0. */
static int split_from(tiles_split** out, tiles_context** contexts, int parts, const tiles_shape* shape, int granularity,
                      const float* host) {
    int failed = 0;
    tiles_view* view = NULL;
    if (granularity == 0)
        CHECK_OK(tiles_split_create_copies(out, contexts, (size_t)parts, shape));
    else
        CHECK_OK(tiles_split_create(out, contexts, (size_t)parts, shape, 0, granularity));
    CHECK_OK(tiles_view_create_const(&view, shape, host));
    CHECK_OK(tiles_split_scatter(*out, view));
    tiles_view_release(view);
    return failed;
}

int test_split_gemm_where_the_bands_are(void) {
    int failed = 0;
    enum { m = 101, k = 45, n = 67 };
    static float a[m * k], b[k * n], c[m * n], c_one[m * n], c_split[m * n];
    for (int i = 0; i < m * k; ++i) a[i] = (float)((i * 7919) % 1000) / 999.0f - 0.5f;
    for (int i = 0; i < k * n; ++i) b[i] = (float)((i * 104729) % 1000) / 999.0f - 0.5f;
    for (int i = 0; i < m * n; ++i) c[i] = c_one[i] = (float)((i * 31) % 1000) / 999.0f;
    tiles_context* contexts[max_contexts];
    failed += make_contexts(contexts, max_contexts);
    const tiles_shape a_shape = shape_of(TILES_FLOAT32, 2, m, k, 0), b_shape = shape_of(TILES_FLOAT32, 2, k, n, 0),
                      c_shape = shape_of(TILES_FLOAT32, 2, m, n, 0);
    /* Twice on one context, against a CPU product for one element. */
    tiles_view *a_view = NULL, *b_view = NULL, *c_view = NULL;
    CHECK_OK(tiles_view_create_const(&a_view, &a_shape, a));
    CHECK_OK(tiles_view_create_const(&b_view, &b_shape, b));
    CHECK_OK(tiles_view_create(&c_view, &c_shape, c_one));
    for (int call = 0; call < 2; ++call) CHECK_OK(tiles_gemm(contexts[0], 2.0, a_view, b_view, 0.5, c_view));
    CHECK_OK(tiles_view_synchronize(c_view));
    double product = 0;
    for (int l = 0; l < k; ++l) product += (double)a[50 * k + l] * b[l * n + 33];
    CHECK(fabs(c_one[50 * n + 33] - (2.0 * product + 0.5 * (2.0 * product + 0.5 * c[50 * n + 33]))) <= 1e-4);
    /* Over 1 to 3 contexts, in bands of unequal rows (multiples of 16: 48, 32 and 21 over three). */
    for (int parts = 1; parts <= max_contexts; ++parts) {
        tiles_split *a_split = NULL, *b_copies = NULL, *c_split_handle = NULL;
        failed += split_from(&a_split, contexts, parts, &a_shape, 16, a);
        failed += split_from(&b_copies, contexts, parts, &b_shape, 0, b);
        failed += split_from(&c_split_handle, contexts, parts, &c_shape, 16, c);
        for (int call = 0; call < 2; ++call)
            CHECK_OK(tiles_split_gemm(TILES_PRECISION_EXACT, 2.0, a_split, b_copies, 0.5, c_split_handle));
        tiles_view* into = NULL;
        CHECK_OK(tiles_view_create(&into, &c_shape, c_split));
        CHECK_OK(tiles_split_gather(c_split_handle, into));
        CHECK_OK(tiles_view_synchronize(into));
        CHECK(memcmp(c_split, c_one, sizeof c_one) == 0);
        tiles_view_release(into);
        CHECK_FAILS(tiles_split_gemm(TILES_PRECISION_EXACT, 1.0, a_split, NULL, 0.0, c_split_handle),
                    TILES_ERROR_INVALID_HANDLE, "split");
        CHECK_FAILS(tiles_split_gemm((tiles_precision)9, 1.0, a_split, b_copies, 0.0, c_split_handle),
                    TILES_ERROR_INVALID_ARGUMENT, "tiles_split_gemm");
        tiles_split_release(a_split);
        tiles_split_release(b_copies);
        tiles_split_release(c_split_handle);
    }
    tiles_split* other_bands = NULL;
    tiles_split *a_split = NULL, *b_copies = NULL;
    failed += split_from(&a_split, contexts, 2, &a_shape, 1, a);
    failed += split_from(&b_copies, contexts, 2, &b_shape, 0, b);
    CHECK_OK(tiles_split_create(&other_bands, contexts, 2, &c_shape, 0, 16));
    tiles_split* b_bands = NULL;
    failed += split_from(&b_bands, contexts, 2, &b_shape, 1, b);
    CHECK_FAILS(tiles_split_gemm(TILES_PRECISION_EXACT, 1.0, a_split, b_bands, 0.0, other_bands),
                TILES_ERROR_INVALID_ARGUMENT, "B is split into 2 bands of rows, but every band of A reads all of B");
    tiles_split_release(b_bands);
    CHECK_FAILS(tiles_split_gemm(TILES_PRECISION_EXACT, 1.0, a_split, b_copies, 0.0, other_bands),
                TILES_ERROR_INVALID_ARGUMENT, "band 0 of A holds rows 0 to 50 and band 0 of C rows 0 to 63");
    const tiles_shape cube = shape_of(TILES_FLOAT32, 3, 2, 2, 2);
    tiles_split* refused = NULL;
    CHECK_FAILS(tiles_split_create_copies(&refused, contexts, 2, &cube), TILES_ERROR_INVALID_ARGUMENT,
                "tiles_split_create_copies: the shape has rank 3; a split matrix has rank 2");
    CHECK_FAILS(tiles_split_create_copies(&refused, contexts, 0, &b_shape), TILES_ERROR_INVALID_ARGUMENT,
                "the list of contexts is empty");
    CHECK(refused == NULL);
    tiles_split_release(other_bands);
    tiles_split_release(a_split);
    tiles_split_release(b_copies);
    tiles_view_release(a_view);
    tiles_view_release(b_view);
    tiles_view_release(c_view);
    release_contexts(contexts, max_contexts);
    return failed;
}
