/* A C program that knows libtiles only as an installed package: it lists the OpenCL devices and
 * doubles eight numbers in tiles of four on the default one. tests/install builds it twice. */
#include <stdio.h>
#include <tiles.h>

static const char twice_source[] = "__kernel void twice(__global int* values) {\n"
                                   "    tiled_index t = get_tiled_index();\n"
                                   "    values[t.global_id[0]] *= 2;\n"
                                   "}\n";

static int failure(const char* call, tiles_status status) {
    fprintf(stderr, "consumer: %s: %s: %s\n", call, tiles_status_string(status), tiles_last_error_message());
    return 1;
}

static int list_devices(void) {
    size_t count = 0;
    tiles_status status = tiles_device_count(&count);
    if (status != TILES_SUCCESS) return failure("tiles_device_count", status);
    for (size_t i = 0; i < count; i++) {
        tiles_device* device = NULL;
        tiles_device_info info = TILES_DEVICE_INFO_INIT;
        status = tiles_device_get(&device, i);
        if (status == TILES_SUCCESS) status = tiles_device_get_info(&info, device);
        if (status == TILES_SUCCESS) printf("device %d:%d %s\n", info.platform_index, info.device_index, info.name);
        tiles_device_release(device);
        if (status != TILES_SUCCESS) return failure("tiles_device_get_info", status);
    }
    return 0;
}

static int double_eight_numbers(void) {
    int values[8] = {0, 1, 2, 3, 4, 5, 6, 7};
    tiles_shape shape = TILES_SHAPE_INIT;
    shape.dtype = TILES_INT32;
    shape.extent[0] = 8;
    const tiles_domain domain = {sizeof(tiles_domain), 1, {8, 0, 0}, 1, {4, 0, 0}, NULL};
    tiles_view* view = NULL;
    tiles_kernel* twice = NULL;
    tiles_context* home = NULL; /* where the launch runs, as a NULL context would pick it */
    tiles_status status = tiles_view_create(&view, &shape, values);
    if (status == TILES_SUCCESS) status = tiles_kernel_create(&twice, twice_source, "twice", NULL);
    if (status == TILES_SUCCESS) {
        const tiles_view* const operands[] = {view};
        status = tiles_context_for(&home, operands, 1);
    }
    if (status == TILES_SUCCESS) {
        const tiles_arg args[] = {tiles_arg_view(view)};
        status = tiles_launch(home, &domain, twice, args, 1);
    }
    if (status == TILES_SUCCESS) status = tiles_view_synchronize(view);
    tiles_context_release(home);
    tiles_kernel_release(twice);
    tiles_view_release(view);
    if (status != TILES_SUCCESS) return failure("doubling", status);
    printf("twice:");
    for (int i = 0; i < 8; i++) printf(" %d", values[i]);
    printf("\n");
    return 0;
}

int main(void) {
    if (tiles_version_number() != TILES_VERSION_NUMBER) {
        fprintf(stderr, "consumer: tiles.h is version %d, libtiles.so %s\n", TILES_VERSION_NUMBER,
                tiles_version_string());
        return 1;
    }
    printf("libtiles %s\n", tiles_version_string());
    return list_devices() || double_eight_numbers();
}
