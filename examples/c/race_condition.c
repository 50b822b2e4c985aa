/* The seed's race conditions in C: totalling a tile in one tile_static variable, updated by every
 * thread at once (racy) or by one thread at a time (slow), beside the seed's correct tile
 * average, on the same 8x8 matrix in 2x2 tiles. */
#include <stdio.h>

#include "example_support.h"
#include "sampling.h"

/* Runs the kernel `name` of `source` through SamplingExample. */
static tiles_status average_with(const char* file, const char* name, int SAMPLESIZE,
                                 float outputData[MATRIXSIZE * MATRIXSIZE]) {
    tiles_kernel* kernel = NULL;
    tiles_status status = kernel_from_file(&kernel, file, name);
    if (status == TILES_SUCCESS) status = SamplingExample(kernel, SAMPLESIZE, outputData);
    return first_failure(status, tiles_kernel_release(kernel));
}

static void explain(const float* correct, const float* racy, int count) {
    int wrong = 0;
    for (int i = 0; i < count; i++) {
        const float difference = racy[i] - correct[i];
        wrong += !(difference < 1e-4f && difference > -1e-4f);
    }
    printf("\nThe racy kernel got %d of %d averages wrong on this run.\n"
           "A tile_static variable has no initializer: `total` starts with whatever the tile's memory\n"
           "held, and the tile's threads read and write it in no particular order, so additions can be\n"
           "lost. Its results depend on the device and may change from run to run, even when they happen\n"
           "to be right. The serialized kernel is right, but a tile of n threads waits at n barriers,\n"
           "so it does not scale; the correct kernel needs one barrier whatever the tile's size.\n",
           wrong, count);
}

int main(void) {
    const int SAMPLESIZE = 2;
    const int outputSize = MATRIXSIZE / SAMPLESIZE;
    float correct[MATRIXSIZE * MATRIXSIZE], racy[MATRIXSIZE * MATRIXSIZE], serialized[MATRIXSIZE * MATRIXSIZE];
    tiles_status status = print_running_on();
    if (status == TILES_SUCCESS) status = average_with("tile_average.cl", "tile_average", SAMPLESIZE, correct);
    if (status == TILES_SUCCESS) status = average_with("race_condition.cl", "racy_total", SAMPLESIZE, racy);
    if (status == TILES_SUCCESS) status = average_with("race_condition.cl", "serialized_total", SAMPLESIZE, serialized);
    if (status != TILES_SUCCESS) return report_failure("race_condition_c", status);

    printf("Correct: a tile_static array, one barrier, then one thread adds the tile up:\n");
    PrintAverages(correct, SAMPLESIZE);
    printf("\nDo not do this: every thread adds to one uninitialized tile_static total:\n");
    PrintAverages(racy, SAMPLESIZE);
    printf("\nDo not do this either: one thread at a time adds to the total, a barrier after each:\n");
    PrintAverages(serialized, SAMPLESIZE);
    explain(correct, racy, outputSize * outputSize);
    return 0;
}
