/* The seed's sampling example in C, shared by tile_average_c, memory_fence_c and race_condition_c:
 * the 8x8 matrix 0, 1, ..., 63 averaged over SAMPLESIZE x SAMPLESIZE tiles by a given kernel, which
 * takes the matrix and an array of one (zeroed) element per tile. */
#include "sampling.h"

#include <stdio.h>

#include "example_support.h"

tiles_status SamplingExample(const tiles_kernel* average_kernel, int SAMPLESIZE,
                             float outputData[MATRIXSIZE * MATRIXSIZE]) {
    /* Create data and a view of it for the matrix. */
    float rawData[MATRIXSIZE * MATRIXSIZE];
    for (int i = 0; i < MATRIXSIZE * MATRIXSIZE; i++) rawData[i] = (float)i;
    tiles_shape dataShape = TILES_SHAPE_INIT;
    dataShape.rank = 2;
    dataShape.extent[0] = MATRIXSIZE;
    dataShape.extent[1] = MATRIXSIZE;

    /* Create the array for the averages.
     * There is one element in the output for each tile in the data. */
    const int outputSize = MATRIXSIZE / SAMPLESIZE;
    const float zeros[MATRIXSIZE * MATRIXSIZE] = {0};
    tiles_shape outputShape = dataShape;
    outputShape.extent[0] = outputSize;
    outputShape.extent[1] = outputSize;

    tiles_view* matrix = NULL;
    tiles_array* averages = NULL;
    tiles_view* averagesView = NULL;
    tiles_status status = tiles_view_create_const(&matrix, &dataShape, rawData);
    if (status == TILES_SUCCESS) status = tiles_array_create(&averages, NULL, &outputShape, zeros);
    if (status == TILES_SUCCESS) {
        /* Use tiles that are SAMPLESIZE x SAMPLESIZE.
         * Find the average of the values in each tile. */
        const tiles_domain domain = {sizeof(tiles_domain),        2,   {MATRIXSIZE, MATRIXSIZE, 0}, 2,
                                     {SAMPLESIZE, SAMPLESIZE, 0}, NULL};
        const tiles_arg args[] = {tiles_arg_view(matrix), tiles_arg_array(averages)};
        status = tiles_launch(NULL, &domain, average_kernel, args, 2);
    }
    /* The averages live on the accelerator: copy them back to a CPU variable. */
    if (status == TILES_SUCCESS) status = tiles_array_get_view(&averagesView, averages);
    if (status == TILES_SUCCESS)
        status = tiles_view_read(averagesView, outputData, sizeof(float) * (size_t)(outputSize * outputSize));
    status = first_failure(status, tiles_view_release(averagesView));
    status = first_failure(status, tiles_array_release(averages));
    return first_failure(status, tiles_view_release(matrix));
}

void PrintAverages(const float* outputData, int SAMPLESIZE) {
    const int outputSize = MATRIXSIZE / SAMPLESIZE;
    for (int row = 0; row < outputSize; row++) {
        for (int col = 0; col < outputSize; col++) printf("%g ", outputData[row * outputSize + col]);
        printf("\n");
    }
}
