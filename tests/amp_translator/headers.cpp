// C++ AMP as written, built through tiles_amp_sources (tests/CMakeLists.txt), with its device code
// in the program's own headers, as the C++ AMP book's NBody has it: a kernel in a class template of
// headers/bodies.hpp whose tile size is a static member, a struct and an enum of that header
// captured by copy, tile_static float_3 memory, and helpers of headers/physics/vector_math.hpp
// (restrict(amp), and restrict(cpu, amp) that the CPU's reference calls too); against the CPU's.
// headers_second.cpp, a second source of the program, runs the same kernel in tiles of 32: both
// translations write the translated headers, which must agree.
#include <amp.h>
#include <cmath>
#include <cstdio>
#include <vector>

#include "headers/bodies.hpp"
using namespace concurrency;
using namespace concurrency::graphics;

// headers_second.cpp's.
void IntegrateInTilesOf32(array<float_3, 1>& pos, array<float_3, 1>& vel, int numBodies, Step step);

int main() {
    const int n = 256;
    std::vector<float_3> positions(n), velocities(n);
    for (int i = 0; i < n; ++i) {
        positions[i] = float_3(float(i % 7) - 3.0f, float(i % 11) * 0.5f, float(i % 5) - 2.0f);
        velocities[i] = float_3(0.01f * float(i % 3), 0.0f, -0.02f);
    }
    const Step step = {0.5f, 2.0f, 0.01f, Damping::halved};
    int failures = 0;
    for (const int tile : {64, 32}) {
        array<float_3, 1> pos(n, positions.begin(), positions.end());
        array<float_3, 1> vel(n, velocities.begin(), velocities.end());
        if (tile == 64)
            TiledIntegrator<64>().Integrate(pos, vel, n, step);
        else
            IntegrateInTilesOf32(pos, vel, n, step);
        const std::vector<float_3> result = vel;
        for (int i = 0; i < n; ++i) {
            double acc[3] = {0, 0, 0};
            for (int j = 0; j < n; ++j) {
                const float_3 r = positions[j] - positions[i];
                const double inverse = 1.0 / std::sqrt(double(SquaredLength(r)) + step.softening);
                const double s = step.mass * inverse * inverse * inverse;
                acc[0] += r.x * s;
                acc[1] += r.y * s;
                acc[2] += r.z * s;
            }
            const double expected[3] = {0.5 * (velocities[i].x + acc[0] * step.dt),
                                        0.5 * (velocities[i].y + acc[1] * step.dt),
                                        0.5 * (velocities[i].z + acc[2] * step.dt)};
            const double got[3] = {result[i].x, result[i].y, result[i].z};
            for (int c = 0; c < 3; ++c)
                if (std::fabs(got[c] - expected[c]) > 1e-4 * (1.0 + std::fabs(expected[c])) && failures++ < 10)
                    std::printf("FAILED: tiles of %d, body %d, component %d: %g, expected %g\n", tile, i, c, got[c],
                                expected[c]);
        }
    }
    std::printf("%s\n", failures == 0 ? "the headers' kernel matches the CPU in tiles of 64 and 32" : "mismatches");
    return failures == 0 ? 0 : 1;
}
