/* The seed's tile_static keyword example in C: a 4x6 integer matrix in 2x2 tiles, every element
 * replaced by its tile's integer average. */
#include <stdio.h>

#include "example_support.h"

static tiles_status TileStaticAverage(void) {
    /* Sample data: */
    const int sampledata[] = {2, 2, 9, 7, 1, 4, 4, 4, 8, 8, 3, 4, 1, 5, 1, 2, 5, 2, 6, 8, 3, 2, 7, 2};

    /* The tiles:
     * 2 2    9 7    1 4
     * 4 4    8 8    3 4
     *
     * 1 5    1 2    5 2
     * 6 8    3 2    7 2 */

    /* Averages: */
    int averagedata[] = {
        0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0,
    };

    tiles_shape matrix = TILES_SHAPE_INIT;
    matrix.dtype = TILES_INT32;
    matrix.rank = 2;
    matrix.extent[0] = 4;
    matrix.extent[1] = 6;
    tiles_view* sample = NULL;
    tiles_view* average = NULL;
    tiles_kernel* tile_static_average = NULL;
    tiles_status status = tiles_view_create_const(&sample, &matrix, sampledata);
    if (status == TILES_SUCCESS) status = tiles_view_create(&average, &matrix, averagedata);
    if (status == TILES_SUCCESS)
        status = kernel_from_file(&tile_static_average, "tile_static_average.cl", "tile_static_average");
    if (status == TILES_SUCCESS) {
        /* Create threads for the sample's extent and divide the extent into 2 x 2 tiles. */
        const tiles_domain domain = {sizeof(tiles_domain), 2, {4, 6, 0}, 2, {2, 2, 0}, NULL};
        const tiles_arg args[] = {tiles_arg_view(sample), tiles_arg_view(average)};
        status = tiles_launch(NULL, &domain, tile_static_average, args, 2);
    }
    /* Bring the averages home into averagedata. */
    if (status == TILES_SUCCESS) status = tiles_view_synchronize(average);
    if (status == TILES_SUCCESS) {
        for (int i = 0; i < 4; i++) {
            for (int j = 0; j < 6; j++) printf("%d ", averagedata[i * 6 + j]);
            printf("\n");
        }
    }
    status = first_failure(status, tiles_kernel_release(tile_static_average));
    status = first_failure(status, tiles_view_release(average));
    return first_failure(status, tiles_view_release(sample));
}

int main(void) {
    tiles_status status = print_running_on();
    if (status == TILES_SUCCESS) status = TileStaticAverage();
    return status == TILES_SUCCESS ? 0 : report_failure("tile_static_average_c", status);
}
