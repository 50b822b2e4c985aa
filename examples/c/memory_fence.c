/* The seed's memory-fence example in C: the tile average of the 8x8 matrix in 2x2 tiles, with a
 * barrier that fences tile_static memory only (tile_barrier_wait_with_tile_static_memory_fence),
 * since only the tile_static tileValues must be ordered across it. */
#include "example_support.h"
#include "sampling.h"

int main(void) {
    const int SAMPLESIZE = 2;
    tiles_kernel* fenced = NULL;
    float outputData[MATRIXSIZE * MATRIXSIZE];
    tiles_status status = print_running_on();
    if (status == TILES_SUCCESS)
        status = kernel_from_file(&fenced, "tile_average.cl", "tile_average_tile_static_fence");
    if (status == TILES_SUCCESS) status = SamplingExample(fenced, SAMPLESIZE, outputData);
    if (status == TILES_SUCCESS) PrintAverages(outputData, SAMPLESIZE);
    status = first_failure(status, tiles_kernel_release(fenced));
    return status == TILES_SUCCESS ? 0 : report_failure("memory_fence_c", status);
}
