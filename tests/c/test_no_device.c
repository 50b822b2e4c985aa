/* A C test of tiles.h on a machine without any OpenCL device (CTest runs it with an empty OpenCL
 * vendor directory): the calls that need a device say so with CL_DEVICE_NOT_FOUND and a message
 * saying what to install, and views of host memory are still made. */
#include "capi_tests.h"
#include "support.h"

int test_no_opencl_device(void) {
    int failed = 0;
    const tiles_status not_found = (tiles_status)-1; /* CL_DEVICE_NOT_FOUND */
    const char* how_to_fix = "no OpenCL device was found: install an OpenCL driver";
    size_t count = 42;
    tiles_device* device = NULL;
    tiles_context* context = NULL;
    tiles_array* array = NULL;
    tiles_view* view = NULL;
    float host[4] = {0};
    const tiles_shape shape = shape_of(TILES_FLOAT32, 1, 4, 0, 0);
    CHECK_FAILS(tiles_device_count(&count), not_found, how_to_fix);
    CHECK(count == 42);
    CHECK_FAILS(tiles_device_get(&device, 0), not_found, how_to_fix);
    CHECK_FAILS(tiles_device_default(&device), not_found, how_to_fix);
    CHECK_FAILS(tiles_device_select(&device, "cpu"), not_found, how_to_fix);
    CHECK_FAILS(tiles_context_create(&context, NULL), not_found, how_to_fix);
    CHECK_FAILS(tiles_array_create(&array, NULL, &shape, host), not_found, how_to_fix);
    CHECK(device == NULL && context == NULL && array == NULL);
    CHECK(tiles_status_string(not_found) != NULL);
    CHECK_OK(tiles_view_create(&view, &shape, host));
    CHECK_OK(tiles_view_synchronize(view));
    CHECK_OK(tiles_view_release(view));
    return failed;
}
