/* What every C example shares: the "Running on" line, keeping the first failure of a sequence of
 * calls, and reporting a failure with libtiles' message. */
#include "example_support.h"

#include <stdio.h>

tiles_status print_running_on(void) {
    tiles_device* device = NULL;
    tiles_device_info info = TILES_DEVICE_INFO_INIT;
    tiles_status status = tiles_device_default(&device);
    if (status == TILES_SUCCESS) status = tiles_device_get_info(&info, device);
    if (status == TILES_SUCCESS) printf("Running on %s\n\n", info.name);
    return first_failure(status, tiles_device_release(device));
}

tiles_status first_failure(tiles_status earlier, tiles_status later) {
    return earlier != TILES_SUCCESS ? earlier : later;
}

int report_failure(const char* program, tiles_status status) {
    fprintf(stderr, "%s: %s: %s\n", program, tiles_status_string(status), tiles_last_error_message());
    return 1;
}
