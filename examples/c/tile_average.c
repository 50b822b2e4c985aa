/* The seed's tile average in C: the 8x8 matrix 0, 1, ..., 63 averaged over SAMPLESIZE x SAMPLESIZE
 * tiles (2 by default; `tile_average_c 4` for 4x4 tiles), one output element per tile. */
#include <stdio.h>
#include <stdlib.h>

#include "example_support.h"
#include "sampling.h"

int main(int argc, char** argv) {
    int SAMPLESIZE = 2;
    if (argc > 2 || (argc == 2 && (SAMPLESIZE = atoi(argv[1])) <= 0)) {
        fprintf(stderr, "usage: tile_average_c [SAMPLESIZE]   (a divisor of 8; 2 if not given)\n");
        return 2;
    }
    tiles_kernel* tile_average = NULL;
    float outputData[MATRIXSIZE * MATRIXSIZE];
    tiles_status status = print_running_on();
    if (status == TILES_SUCCESS) status = kernel_from_file(&tile_average, "tile_average.cl", "tile_average");
    if (status == TILES_SUCCESS) status = SamplingExample(tile_average, SAMPLESIZE, outputData);
    if (status == TILES_SUCCESS) PrintAverages(outputData, SAMPLESIZE);
    status = first_failure(status, tiles_kernel_release(tile_average));
    return status == TILES_SUCCESS ? 0 : report_failure("tile_average_c", status);
}
