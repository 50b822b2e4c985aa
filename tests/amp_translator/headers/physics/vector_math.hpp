// restrict(cpu, amp) and restrict(amp) helpers in a header of a header (headers.cpp).
#pragma once

#include <amp_graphics.h> // the short vectors, as the book's NBody includes them
#include <amp_math.h>

// Both sides call it: the CPU's reference too.
inline float SquaredLength(concurrency::graphics::float_3 v) restrict(cpu, amp) {
    return v.x * v.x + v.y * v.y + v.z * v.z;
}

// Device only, a void helper with a reference parameter.
inline void Pull(concurrency::graphics::float_3& acc, concurrency::graphics::float_3 from,
                 concurrency::graphics::float_3 to, float softening, float mass) restrict(amp) {
    const concurrency::graphics::float_3 r = to - from;
    const float inverse = concurrency::precise_math::rsqrt(SquaredLength(r) + softening);
    acc += r * (mass * inverse * inverse * inverse);
}
