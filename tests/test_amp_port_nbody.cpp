// The n-body case study of "C++ AMP: Accelerated Massive Parallelism with Microsoft Visual C++" (Ade
// Miller, Kate Gregory; Microsoft Public License), github.com/AdeMiller/CppAmp,
// Samples/CaseStudies/NBody: NBodyAmpSimple.h's integrator, with NBodyAmp.h's BodyBodyInteraction
// and ParticlesAmp and Common.h's SqrLength, on float_3 short vectors and fast_math::rsqrt. The
// restrict(amp) bodies are the book's, byte for byte; the integrator's lambda, which captures the
// ParticlesAmp structs of arrays that TILES_LAMBDA cannot take, is the body of a functor's
// operator() (TILES_FUNCTOR) whose members are the lambda's captures. (NBodyAmpTiled.h's lambda
// declares tile_static memory, which a functor's operator() cannot.) Checked against a CPU
// integration of the same step.
#include <cmath>
#include <random>
#include <vector>

#include <amp.h>
#include <amp_math.h>
#include <amp_short_vectors.h>

#include "fixture.hpp"

namespace {

using namespace concurrency;
using namespace concurrency::graphics;

// clang-format off
TILES_DEVICE_CODE(nbody_code,
using namespace concurrency::graphics;

inline const float SqrLength(const float_3& r) restrict(amp, cpu) 
{
    return r.x * r.x + r.y * r.y + r.z * r.z; 
}

struct ParticlesAmp
{
    array<float_3, 1>& pos;
    array<float_3, 1>& vel;

public:
    ParticlesAmp(array<float_3, 1>& pos, array<float_3, 1>& vel) : pos(pos), vel(vel) { }
};

void BodyBodyInteraction(float_3& acc, const float_3 particlePosition, 
    const float_3 otherParticlePosition, 
    float softeningSquared, float particleMass) restrict(amp)
{
    float_3 r = otherParticlePosition - particlePosition;

    float distSqr = SqrLength(r) + softeningSquared;
    float invDist = concurrency::fast_math::rsqrt(distSqr);
    float invDistCube =  invDist * invDist * invDist;

    float s = particleMass * invDistCube;

    acc += r * s;
}

// NBodyAmpSimple::Integrate's lambda, its captures as members.
class NBodyAmpSimpleKernel
{
    ParticlesAmp particlesIn;
    ParticlesAmp particlesOut;
    int numParticles;
    float softeningSquared;
    float dampingFactor;
    float deltaTime;
    float particleMass;

public:
    NBodyAmpSimpleKernel(array<float_3, 1>& posIn, array<float_3, 1>& velIn, array<float_3, 1>& posOut,
        array<float_3, 1>& velOut, int n, float softening, float damping, float dt, float mass) restrict(amp) :
        particlesIn(posIn, velIn), particlesOut(posOut, velOut), numParticles(n), softeningSquared(softening),
        dampingFactor(damping), deltaTime(dt), particleMass(mass) { }

    void operator()(index<1> idx) const restrict(amp)
        {
            float_3 pos = particlesIn.pos[idx];
            float_3 vel = particlesIn.vel[idx];
            float_3 acc = 0.0f;

            // Update current Particle using all other particles
            for (int j = 0; j < numParticles; ++j)                
                BodyBodyInteraction(acc, pos, particlesIn.pos[j], softeningSquared, particleMass);

            vel += acc * deltaTime;
            vel *= dampingFactor;
            pos += vel * deltaTime;

            particlesOut.pos[idx] = pos;
            particlesOut.vel[idx] = vel;
        }
};

);
// clang-format on

// The sample's constants (NBodyAmp's main.cpp defaults) and a cluster of particles as its
// LoadClusterParticles makes them, from a fixed seed.
const float softeningSquared = 0.0000015625f, dampingFactor = 0.9995f, deltaTime = 0.1f, particleMass = 0.0001f;
const int numParticles = 256;

struct particles {
    std::vector<float_3> pos, vel;
};

particles cluster() {
    std::mt19937 engine(7);
    std::uniform_real_distribution<float> radius(0.0f, 0.2f), theta(-1.0f, 1.0f), phi(0.0f, 6.2831853f);
    particles p;
    for (int i = 0; i < numParticles; ++i) {
        const float r = radius(engine), t = std::acos(theta(engine)), f = phi(engine);
        p.pos.push_back(float_3(r * std::sin(t) * std::cos(f), r * std::sin(t) * std::sin(f), r * std::cos(t)));
        p.vel.push_back(float_3(0.01f * float(i % 3), 0.0f, -0.01f));
    }
    return p;
}

// One step of the integration on the CPU, in double.
particles integrated(const particles& in) {
    particles out = in;
    for (int i = 0; i < numParticles; ++i) {
        double acc[3] = {0, 0, 0};
        const double p[3] = {in.pos[i].x, in.pos[i].y, in.pos[i].z};
        for (int j = 0; j < numParticles; ++j) {
            const double r[3] = {in.pos[j].x - p[0], in.pos[j].y - p[1], in.pos[j].z - p[2]};
            const double inv = 1 / std::sqrt(r[0] * r[0] + r[1] * r[1] + r[2] * r[2] + softeningSquared);
            for (int k = 0; k < 3; ++k) acc[k] += r[k] * particleMass * inv * inv * inv;
        }
        double v[3] = {in.vel[i].x, in.vel[i].y, in.vel[i].z};
        for (int k = 0; k < 3; ++k) v[k] = (v[k] + acc[k] * deltaTime) * dampingFactor;
        out.vel[i] = float_3(float(v[0]), float(v[1]), float(v[2]));
        out.pos[i] =
            float_3(float(p[0] + v[0] * deltaTime), float(p[1] + v[1] * deltaTime), float(p[2] + v[2] * deltaTime));
    }
    return out;
}

void check_close(const std::vector<float_3>& got, const std::vector<float_3>& expected) {
    for (int i = 0; i < numParticles; ++i) {
        INFO("particle " << i);
        const float_3 d = got[i] - expected[i];
        const float_3 e = expected[i];
        CHECK(std::sqrt(d.x * d.x + d.y * d.y + d.z * d.z) <=
              1e-3f * (1.0f + std::sqrt(e.x * e.x + e.y * e.y + e.z * e.z)));
    }
}

} // namespace

TEST_CASE_METHOD(fresh_view, "ported: the C++ AMP book's NBody integrator on float_3, against the CPU's",
                 "[amp][ports]") {
    const particles start = cluster(), expected = integrated(start);
    concurrency::array<float_3, 1> posOld(numParticles, start.pos.begin(), start.pos.end(), view),
        velOld(numParticles, start.vel.begin(), start.vel.end(), view), posNew(numParticles, view),
        velNew(numParticles, view);
    concurrency::parallel_for_each(
        extent<1>(numParticles), TILES_FUNCTOR((nbody_code), NBodyAmpSimpleKernel, posOld, velOld, posNew, velNew,
                                               numParticles, softeningSquared, dampingFactor, deltaTime, particleMass));
    particles got{std::vector<float_3>(numParticles), std::vector<float_3>(numParticles)};
    concurrency::copy(posNew, got.pos.begin());
    concurrency::copy(velNew, got.vel.begin());
    check_close(got.pos, expected.pos);
    check_close(got.vel, expected.vel);
}
