// The seed's sampling example, shared by tile_average, memory_fence and race_condition: the 8x8
// matrix 0, 1, ..., 63 averaged over SAMPLESIZE x SAMPLESIZE tiles by a given kernel, which
// takes the matrix and an array of one (zeroed) element per tile, on `view` (where the array lives).
#pragma once

#include <iostream>
#include <vector>

#include "tiles/tiles.hpp"

const int MATRIXSIZE = 8;

inline std::vector<float>
SamplingExample(const tiles::kernel& average_kernel, int SAMPLESIZE,
                const tiles::accelerator_view& view = tiles::accelerator().get_default_view()) {
    // Create data and array_view for the matrix.
    std::vector<float> rawData;
    for (int i = 0; i < MATRIXSIZE * MATRIXSIZE; i++) rawData.push_back((float)i);
    tiles::extent<2> dataExtent(MATRIXSIZE, MATRIXSIZE);
    tiles::array_view<const float, 2> matrix(dataExtent, rawData);

    // Create the array for the averages.
    // There is one element in the output for each tile in the data.
    std::vector<float> outputData;
    int outputSize = MATRIXSIZE / SAMPLESIZE;
    for (int j = 0; j < outputSize * outputSize; j++) outputData.push_back((float)0);
    tiles::extent<2> outputExtent(MATRIXSIZE / SAMPLESIZE, MATRIXSIZE / SAMPLESIZE);
    tiles::array<float, 2> averages(outputExtent, outputData.begin(), outputData.end(), view);

    // Use tiles that are SAMPLESIZE x SAMPLESIZE.
    // Find the average of the values in each tile.
    tiles::parallel_for_each(matrix.extent.tile(SAMPLESIZE, SAMPLESIZE), average_kernel, matrix, averages);

    // The averages live on the accelerator: copy them back to a CPU variable.
    outputData = averages;
    return outputData;
}

// Prints the averages in the seed's rows.
inline void PrintAverages(const std::vector<float>& outputData, int SAMPLESIZE) {
    const int outputSize = MATRIXSIZE / SAMPLESIZE;
    for (int row = 0; row < outputSize; row++) {
        for (int col = 0; col < outputSize; col++) std::cout << outputData[row * outputSize + col] << " ";
        std::cout << "\n";
    }
}
