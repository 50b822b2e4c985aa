// The bodies' state and its integrators, in the program's own headers (headers.cpp): a struct
// captured by copy, and kernels in a class template whose tile size is a static member.
#pragma once

#include <amp.h>

#include "physics/vector_math.hpp"

using namespace concurrency;
using namespace concurrency::graphics;

enum class Damping { none, halved };

struct Step {
    float softening;
    float mass;
    float dt;
    Damping damping;
};

inline float Damp(float v, Damping d) restrict(amp) { return d == Damping::halved ? v * 0.5f : v; }

template <int TSize> class TiledIntegrator {
    static const int m_tileSize = TSize;

  public:
    // One step of every body against all the others, a tile of positions at a time through
    // tile_static memory.
    void Integrate(array<float_3, 1>& pos, array<float_3, 1>& vel, int numBodies, Step step) const {
        const int numTiles = numBodies / m_tileSize;
        parallel_for_each(
            pos.extent.tile<m_tileSize>(), [ =, &pos, &vel ](tiled_index<m_tileSize> ti) restrict(amp) {
                tile_static float_3 tilePos[m_tileSize];
                const int i = ti.global[0];
                float_3 acc = 0.0f;
                const float_3 p = pos[i];
                for (int tile = 0; tile < numTiles; ++tile) {
                    tilePos[ti.local[0]] = pos[tile * m_tileSize + ti.local[0]];
                    ti.barrier.wait();
                    for (int j = 0; j < m_tileSize; ++j) Pull(acc, p, tilePos[j], step.softening, step.mass);
                    ti.barrier.wait();
                }
                float_3 v = vel[i] + acc * step.dt;
                v.x = Damp(v.x, step.damping);
                v.y = Damp(v.y, step.damping);
                v.z = Damp(v.z, step.damping);
                vel[i] = v;
            });
    }
};
