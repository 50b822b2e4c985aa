// The second source of headers.cpp's program: it includes headers/bodies.hpp as well, so both
// translations write the translated headers, and runs the header's kernel in tiles of 32.
#include "headers/bodies.hpp"

void IntegrateInTilesOf32(array<float_3, 1>& pos, array<float_3, 1>& vel, int numBodies, Step step) {
    TiledIntegrator<32>().Integrate(pos, vel, numBodies, step);
}
