// C++ AMP as written, built through tiles_amp_sources (tests/CMakeLists.txt): kernels capturing
// structs of views by copy (issue 63). The book's NBody's pattern, a struct of four references to
// arrays with a constructor, read and written; a struct of an array_view and a stride, written
// through its view, and changed by a mutable lambda; a struct passed by const reference to a
// restrict(amp) helper; two structs whose names and members join alike. Each against a CPU loop.
#include <amp.h>
#include <amp_short_vectors.h>
#include <cmath>
#include <cstdio>
#include <vector>
using namespace concurrency;
using namespace concurrency::graphics;

static int failures = 0;

static void check(float got, float expected, const char* what, int at) {
    if (std::fabs(got - expected) > 1e-4f * (1.0f + std::fabs(expected)) && failures++ < 10)
        std::printf("FAILED: %s at %d: %g, expected %g\n", what, at, double(got), double(expected));
}

// The bodies before and after a step, as NBody's ParticlesAmp holds them: references to arrays.
struct Particles {
    array<float_3, 1>& pos_in;
    array<float_3, 1>& vel_in;
    array<float_3, 1>& pos_out;
    array<float_3, 1>& vel_out;

    Particles(array<float_3, 1>& p_in, array<float_3, 1>& v_in, array<float_3, 1>& p_out, array<float_3, 1>& v_out)
        : pos_in(p_in), vel_in(v_in), pos_out(p_out), vel_out(v_out) {}
};

static float_3 pull(float_3 from, float_3 to) restrict(cpu, amp) {
    const float_3 r = to - from;
    const float d = r.x * r.x + r.y * r.y + r.z * r.z + 0.5f;
    return r * (0.25f / d);
}

// One step of every body against all the others, the struct taken by reference as NBody's
// integrators take theirs, and captured by copy.
static void step(const Particles& particles, int n, float dt) {
    parallel_for_each(
        particles.pos_in.extent, [=](index<1> idx) restrict(amp) {
            float_3 acc = 0.0f;
            for (int j = 0; j < n; ++j) acc += pull(particles.pos_in[idx], particles.pos_in[j]);
            particles.vel_out[idx] = particles.vel_in[idx] + acc * dt;
            particles.pos_out[idx] = particles.pos_in[idx] + particles.vel_out[idx] * dt;
        });
}

static void a_struct_of_array_references() {
    const int n = 96;
    std::vector<float_3> positions(n), velocities(n);
    for (int i = 0; i < n; ++i) {
        positions[i] = float_3(float(i % 7) - 3.0f, float(i % 11) * 0.5f, float(i % 5) - 2.0f);
        velocities[i] = float_3(0.01f * float(i % 3), 0.0f, -0.02f);
    }
    array<float_3, 1> pos_in(n, positions.begin(), positions.end()), vel_in(n, velocities.begin(), velocities.end());
    array<float_3, 1> pos_out(n), vel_out(n);
    const float dt = 0.5f;
    step(Particles(pos_in, vel_in, pos_out, vel_out), n, dt);
    const std::vector<float_3> got_pos = pos_out, got_vel = vel_out;
    for (int i = 0; i < n; ++i) {
        float_3 acc = 0.0f;
        for (int j = 0; j < n; ++j) acc += pull(positions[i], positions[j]);
        const float_3 v = velocities[i] + acc * dt, p = positions[i] + v * dt;
        check(got_vel[i].x, v.x, "a struct of arrays' velocity", i);
        check(got_vel[i].z, v.z, "a struct of arrays' velocity", i);
        check(got_pos[i].y, p.y, "a struct of arrays' position", i);
    }
}

// A matrix with its leading dimension, as a BLAS library passes one.
struct Strided {
    array_view<float, 2> data;
    int stride;
};

static void a_struct_of_a_view_and_a_stride() {
    const int rows = 5, cols = 12;
    std::vector<float> values(rows * cols);
    for (int i = 0; i < rows * cols; ++i) values[i] = float(i % 13) - 4.0f;
    const std::vector<float> before = values;
    Strided m = {array_view<float, 2>(rows, cols, values), 3};
    parallel_for_each(
        m.data.extent, [=](index<2> i) restrict(amp) { m.data[i] = m.data[i] * 2.0f + float(i[1] % m.stride); });
    m.data.synchronize();
    for (int r = 0; r < rows; ++r)
        for (int c = 0; c < cols; ++c)
            check(values[r * cols + c], before[r * cols + c] * 2.0f + float(c % 3), "a struct of a view and a stride",
                  r * cols + c);
    // A mutable lambda changes its own copy of the struct; the host's stays as it was.
    parallel_for_each(
        m.data.extent, [=](index<2> i) mutable restrict(amp) {
            m.stride += i[0];
            m.data[i] = float(m.stride);
        });
    m.data.synchronize();
    for (int r = 0; r < rows; ++r)
        for (int c = 0; c < cols; ++c)
            check(values[r * cols + c], float(3 + r), "a mutable lambda's struct", r * cols + c);
    check(float(m.stride), 3.0f, "the host's struct after a mutable lambda", 0);
}

// Weights and their scale, which a helper reads through a const reference.
struct Weights {
    array_view<const float, 1> w;
    float scale;
    int count;
};

static float weighted_sum(const Weights& weights, int from) restrict(amp) {
    float sum = 0.0f;
    for (int k = 0; k < weights.count; ++k) sum += weights.w[(from + k) % weights.w.extent[0]];
    return sum * weights.scale;
}

static void a_struct_passed_to_a_helper() {
    const int n = 37;
    std::vector<float> w(n), out(n);
    for (int i = 0; i < n; ++i) w[i] = float(i % 9) * 0.5f - 1.0f;
    const Weights weights = {array_view<const float, 1>(n, w), 1.5f, 4};
    array_view<float, 1> result(n, out);
    parallel_for_each(
        result.extent, [=](index<1> i) restrict(amp) { result[i] = weighted_sum(weights, i[0]); });
    result.synchronize();
    for (int i = 0; i < n; ++i) {
        float sum = 0.0f;
        for (int k = 0; k < 4; ++k) sum += w[(i + k) % n];
        check(out[i], sum * 1.5f, "a struct passed to a helper", i);
    }
}

// Two structs whose names and members join alike: a's b_c and a_b's c.
struct Left {
    array_view<float, 1> b_c;
};
struct Right {
    array_view<const float, 1> c;
};

static void two_structs_whose_names_and_members_join_alike() {
    const int n = 9;
    std::vector<float> out(n, 0.0f), in(n);
    for (int i = 0; i < n; ++i) in[i] = float(i) - 2.5f;
    const Left a = {array_view<float, 1>(n, out)};
    const Right a_b = {array_view<const float, 1>(n, in)};
    parallel_for_each(
        a.b_c.extent, [=](index<1> i) restrict(amp) { a.b_c[i] = a_b.c[i] * 3.0f; });
    a.b_c.synchronize();
    for (int i = 0; i < n; ++i) check(out[i], in[i] * 3.0f, "two structs whose names join alike", i);
}

int main() {
    a_struct_of_array_references();
    a_struct_of_a_view_and_a_stride();
    a_struct_passed_to_a_helper();
    two_structs_whose_names_and_members_join_alike();
    std::printf("%s\n", failures == 0 ? "the structs of views match the CPU" : "mismatches");
    return failures == 0 ? 0 : 1;
}
