/* What every C example shares: the "Running on" line, its kernels read from their files, keeping
 * the first failure of a sequence of calls, and reporting a failure with libtiles' message. */
#include "example_support.h"

#include <stdio.h>
#include <stdlib.h>

tiles_status print_running_on(void) {
    tiles_device* device = NULL;
    tiles_device_info info = TILES_DEVICE_INFO_INIT;
    tiles_status status = tiles_device_default(&device);
    if (status == TILES_SUCCESS) status = tiles_device_get_info(&info, device);
    if (status == TILES_SUCCESS) printf("Running on %s\n\n", info.name);
    return first_failure(status, tiles_device_release(device));
}

tiles_status kernel_from_file(tiles_kernel** out, const char* file, const char* name) {
    char path[4096];
    snprintf(path, sizeof path, "%s/%s", EXAMPLE_KERNELS, file);
    FILE* in = fopen(path, "rb");
    long size = -1;
    if (in != NULL && fseek(in, 0, SEEK_END) == 0) size = ftell(in);
    char* source = size >= 0 ? malloc((size_t)size + 1) : NULL;
    const int whole =
        source != NULL && fseek(in, 0, SEEK_SET) == 0 && fread(source, 1, (size_t)size, in) == (size_t)size;
    if (in != NULL) fclose(in);
    tiles_status status = TILES_ERROR_INVALID_ARGUMENT;
    if (whole) {
        source[size] = '\0';
        status = tiles_kernel_create(out, source, name, NULL);
    } else {
        fprintf(stderr, "cannot read the kernel file %s\n", path);
    }
    free(source);
    return status;
}

tiles_status first_failure(tiles_status earlier, tiles_status later) {
    return earlier != TILES_SUCCESS ? earlier : later;
}

int report_failure(const char* program, tiles_status status) {
    fprintf(stderr, "%s: %s: %s\n", program, tiles_status_string(status), tiles_last_error_message());
    return 1;
}
