/* C tests of tiles.h's buffer pool: an array released on a context leaves its buffer to the next
 * array of its size (the counters say so), which holds its own initial data; the limit, and the
 * freeing on demand. */
#include <stdint.h>

#include "capi_tests.h"
#include "support.h"

enum { elements = 1000 };

int test_pool_reuses_released_buffers_by_size(void) {
    int failed = 0;
    float initial[elements], zeros[elements] = {0}, back[elements];
    for (int i = 0; i < elements; i++) initial[i] = (float)i;
    const tiles_shape shape = shape_of(TILES_FLOAT32, 1, elements, 0, 0);
    tiles_context* context = NULL;
    tiles_array *dirty = NULL, *fresh = NULL;
    tiles_view* view = NULL;
    tiles_counters counters = TILES_COUNTERS_INIT;
    uint64_t bytes = 1, limit = 0;
    if (!CHECK_OK(tiles_context_create(&context, NULL))) return failed;
    CHECK_OK(tiles_context_get_pool(&bytes, &limit, context));
    CHECK(bytes == 0 && limit > 0);

    CHECK_OK(tiles_array_create(&dirty, context, &shape, initial));
    CHECK_OK(tiles_array_release(dirty));
    CHECK_OK(tiles_context_get_pool(&bytes, NULL, context));
    CHECK(bytes == sizeof initial);
    /* The next array of that size takes the buffer, with its own data. */
    CHECK_OK(tiles_array_create(&fresh, context, &shape, zeros));
    CHECK_OK(tiles_array_get_view(&view, fresh));
    if (CHECK_OK(tiles_view_read(view, back, sizeof back))) CHECK_FLOATS(back, zeros, elements);
    if (CHECK_OK(tiles_context_get_counters(&counters, context)))
        CHECK(counters.buffers_allocated == 1 && counters.buffers_reused == 1);
    CHECK_OK(tiles_view_release(view));
    CHECK_OK(tiles_array_release(fresh));

    /* Freed on demand; off with a limit of 0. */
    CHECK_OK(tiles_context_free_pool(context));
    CHECK_OK(tiles_context_get_pool(&bytes, NULL, context));
    CHECK(bytes == 0);
    CHECK_OK(tiles_context_set_pool_limit(context, 0));
    CHECK_OK(tiles_array_create(&dirty, context, &shape, initial));
    CHECK_OK(tiles_array_release(dirty));
    CHECK_OK(tiles_context_get_pool(&bytes, &limit, context));
    CHECK(bytes == 0 && limit == 0);
    CHECK_FAILS(tiles_context_free_pool(NULL), TILES_ERROR_INVALID_HANDLE, "context");
    CHECK_OK(tiles_context_release(context));
    return failed;
}
