/* The seed's sampling example in C, shared by tile_average_c, memory_fence_c and race_condition_c:
 * the 8x8 matrix 0, 1, ..., 63 averaged over SAMPLESIZE x SAMPLESIZE tiles by a given kernel, which
 * takes the matrix and an array of one (zeroed) element per tile. */
#ifndef SAMPLING_H
#define SAMPLING_H

#include "tiles.h"

#define MATRIXSIZE 8

/* Runs `average_kernel` over the matrix in SAMPLESIZE x SAMPLESIZE tiles on the default context
 * and copies the (MATRIXSIZE / SAMPLESIZE)^2 averages, row by row, into `outputData`. */
tiles_status SamplingExample(const tiles_kernel* average_kernel, int SAMPLESIZE,
                             float outputData[MATRIXSIZE * MATRIXSIZE]);

/* Prints the averages in the seed's rows. */
void PrintAverages(const float* outputData, int SAMPLESIZE);

#endif
