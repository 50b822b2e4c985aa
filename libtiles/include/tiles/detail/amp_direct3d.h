// libtiles: C++ AMP's concurrency::direct3d functions (amp.h), for the host and, compiled with
// every C++ kernel, for the device (one text for both: <amp.h> includes it on the host; its home is
// here, beside the C++ AMP headers of tiles/cppamp, so that that folder holds nothing but C++ AMP's
// own names), as Microsoft's reference and HLSL's intrinsics of those names define them. The names
// OpenCL's built-ins share (abs, clamp, mad, radians, sign, smoothstep, step) are templates here,
// so that after `using namespace concurrency::direct3d;` an unqualified call picks the built-in of
// that name (which gives the same) rather than being ambiguous with it; a qualified one
// (direct3d::clamp) picks these.
#ifndef TILES_DETAIL_AMP_DIRECT3D_H
#define TILES_DETAIL_AMP_DIRECT3D_H

namespace concurrency {
namespace direct3d {

/// |x| (INT_MIN gives itself, as two's complement does).
template <class = void> inline int abs(int x) { return x < 0 ? int(0u - unsigned(x)) : x; }
/// `x` clamped to [lo, hi].
template <class = void> inline float clamp(float x, float lo, float hi) { return x < lo ? lo : x > hi ? hi : x; }
/// `x` clamped to [lo, hi].
template <class = void> inline int clamp(int x, int lo, int hi) { return x < lo ? lo : x > hi ? hi : x; }
/// The number of bits set in `x`.
inline unsigned int countbits(unsigned int x) { return unsigned(__builtin_popcount(x)); }
#if defined(__OPENCL_CPP_VERSION__)
/// Prints `arguments` as `format` says, with C's conversions, as OpenCL's printf does: the driver
/// writes what the work-items print to the host's standard output when the launch has run
/// (PoCL at once), in no set order between work-items of different tiles. (The prelude's
/// tiles_printf is OpenCL's printf, or on NVIDIA's devices the driver's vprintf.)
template <class... Arguments> inline void direct3d_printf(__constant const char* format, Arguments... arguments) {
    tiles_printf(format, arguments...);
}
#else
/// Device code only (restrict(amp)), as in C++ AMP; declared on the host for the host's parse of
/// kernels (tiles-amp), never defined there.
void direct3d_printf(const char* format, ...);
#endif
#if defined(TILES_REPORTS_FAILURE)
/// Ends the launch in failure: its parallel_for_each throws runtime_exception, whose message is
/// `arguments` (up to 7 numbers, as in C++ AMP) formatted as `format` says, with C's conversions, and names the
/// kernel. The first work-item to fail is the one reported; the others run on. (The prelude's
/// tiles_fail records it; libtiles defines TILES_REPORTS_FAILURE in the programs that call it.)
template <class... Arguments> inline void direct3d_errorf(__constant const char* format, Arguments... arguments) {
    tiles_fail(1, format, arguments...);
}
/// Ends the launch in failure with C++ AMP's message for it, as direct3d_errorf does.
inline void direct3d_abort() { tiles_fail(2, nullptr); }
#elif !defined(__OPENCL_CPP_VERSION__)
/// Device code only (restrict(amp)), as in C++ AMP; declared on the host for the host's parse of
/// kernels (tiles-amp), never defined there.
void direct3d_errorf(const char* format, ...);
void direct3d_abort();
#endif
/// The position, from bit 0, of the highest bit of `x` that differs from its sign bit (HLSL's
/// firstbithigh of a signed value); -1 for 0 and -1.
inline int firstbithigh(int x) {
    const unsigned int u = x < 0 ? ~unsigned(x) : unsigned(x);
    return u == 0 ? -1 : 31 - __builtin_clz(u);
}
/// The position, from bit 0, of the lowest bit set in `x`; -1 for 0.
inline int firstbitlow(int x) { return x == 0 ? -1 : __builtin_ctz(unsigned(x)); }
/// The larger of `x` and `y`.
inline int imax(int x, int y) { return x < y ? y : x; }
/// The smaller of `x` and `y`.
inline int imin(int x, int y) { return y < x ? y : x; }
/// The larger of `x` and `y`.
inline unsigned int umax(unsigned int x, unsigned int y) { return x < y ? y : x; }
/// The smaller of `x` and `y`.
inline unsigned int umin(unsigned int x, unsigned int y) { return y < x ? y : x; }
/// x * y + z.
template <class = void> inline float mad(float x, float y, float z) { return x * y + z; }
#if !defined(__OPENCL_CPP_VERSION__) || defined(cl_khr_fp64) // a device without doubles has none
/// x * y + z.
template <class = void> inline double mad(double x, double y, double z) { return x * y + z; }
/// 1 / x.
inline double rcp(double x) { return 1.0 / x; }
#endif
/// x * y + z (modulo 2^32).
template <class = void> inline int mad(int x, int y, int z) { return int(unsigned(x) * unsigned(y) + unsigned(z)); }
/// x * y + z (modulo 2^32).
template <class = void> inline unsigned int mad(unsigned int x, unsigned int y, unsigned int z) { return x * y + z; }
/// Perlin's gradient noise of one dimension at `x`: 0 at every integer, within [-1, 1] between them,
/// the same for the same `x` (|x| below 2^31).
inline float noise(float x) {
    const int below = int(x) - (float(int(x)) > x ? 1 : 0);
    const float t = x - float(below);
    // A gradient in [-1, 1] for each integer, from a hash of it.
    const auto gradient = [](int i) {
        unsigned int h = unsigned(i) * 0x9E3779B1u;
        h ^= h >> 15;
        h *= 0x85EBCA77u;
        h ^= h >> 13;
        return float(h & 0xFFFFu) / 32767.5f - 1.0f;
    };
    const float fade = t * t * t * (t * (t * 6.0f - 15.0f) + 10.0f);
    const float from_below = gradient(below) * t, from_above = gradient(below + 1) * (t - 1.0f);
    return 2.0f * (from_below + fade * (from_above - from_below));
}
/// `x` degrees in radians.
template <class = void> inline float radians(float x) { return x * 0.017453292519943295f; }
/// 1 / x.
inline float rcp(float x) { return 1.0f / x; }
/// `x` with its 32 bits in the reverse order.
inline unsigned int reversebits(unsigned int x) {
    x = ((x >> 1) & 0x55555555u) | ((x & 0x55555555u) << 1);
    x = ((x >> 2) & 0x33333333u) | ((x & 0x33333333u) << 2);
    x = ((x >> 4) & 0x0F0F0F0Fu) | ((x & 0x0F0F0F0Fu) << 4);
    x = ((x >> 8) & 0x00FF00FFu) | ((x & 0x00FF00FFu) << 8);
    return (x >> 16) | (x << 16);
}
/// `x` clamped to [0, 1]; NaN gives 0.
inline float saturate(float x) { return x >= 0.0f ? (x <= 1.0f ? x : 1.0f) : 0.0f; }
/// -1, 0 or 1: the sign of `x`.
template <class = void> inline int sign(int x) { return (x > 0) - (x < 0); }
/// 0 below `lo`, 1 above `hi`, and between them the smooth Hermite step t * t * (3 - 2 * t) of
/// t = (x - lo) / (hi - lo).
template <class = void> inline float smoothstep(float lo, float hi, float x) {
    const float t = saturate((x - lo) / (hi - lo));
    return t * t * (3.0f - 2.0f * t);
}
/// 1 where x >= y, else 0.
template <class = void> inline float step(float y, float x) { return x >= y ? 1.0f : 0.0f; }

} // namespace direct3d
} // namespace concurrency

#endif
