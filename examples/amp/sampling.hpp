// The host's side of the seed's sampling example, shared by tile_average, memory_fence and
// race_condition: the 8x8 matrix 0, 1, ..., 63, an array of one (zeroed) average per
// SAMPLESIZE x SAMPLESIZE tile, and the averages printed in the seed's rows.
#pragma once

#include <iostream>
#include <vector>

#include "tiles/tiles.hpp"

namespace concurrency = tiles;

#ifndef SAMPLESIZE
#define SAMPLESIZE 2
#endif
#define MATRIXSIZE 8

// Create data and array_view for the matrix.
inline std::vector<float> RawData() {
    std::vector<float> rawData;
    for (int i = 0; i < MATRIXSIZE * MATRIXSIZE; i++) rawData.push_back((float)i);
    return rawData;
}

// Create the array for the averages, on `view`.
// There is one element in the output for each tile in the data.
inline concurrency::array<float, 2>
Averages(const concurrency::accelerator_view& view = concurrency::accelerator().get_default_view()) {
    std::vector<float> outputData;
    int outputSize = MATRIXSIZE / SAMPLESIZE;
    for (int j = 0; j < outputSize * outputSize; j++) outputData.push_back((float)0);
    concurrency::extent<2> outputExtent(MATRIXSIZE / SAMPLESIZE, MATRIXSIZE / SAMPLESIZE);
    return concurrency::array<float, 2>(outputExtent, outputData.begin(), outputData.end(), view);
}

// Print out the results.
// You cannot access the values in averages directly. You must copy them
// back to a CPU variable.
inline void PrintAverages(const concurrency::array<float, 2>& averages) {
    std::vector<float> outputData = averages;
    int outputSize = MATRIXSIZE / SAMPLESIZE;
    for (int row = 0; row < outputSize; row++) {
        for (int col = 0; col < outputSize; col++) std::cout << outputData[row * outputSize + col] << " ";
        std::cout << "\n";
    }
}
