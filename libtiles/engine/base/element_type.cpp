// libtiles: names and sizes of the element types, from their table, and the 16-bit floats' conversions.
#include "tiles/element_type.hpp"

#include <cmath>
#include <cstring>

namespace tiles {
namespace {

std::uint32_t bits_of(float value) {
    std::uint32_t bits;
    std::memcpy(&bits, &value, sizeof bits);
    return bits;
}

float float_of(std::uint32_t bits) {
    float value;
    std::memcpy(&value, &bits, sizeof value);
    return value;
}

} // namespace

const char* opencl_name(element_type type) { return element_info_of(type).opencl; }

std::size_t element_size(element_type type) { return element_info_of(type).size; }

std::string element_description(element_type type) {
    const element_info& info = element_info_of(type);
    if (type == element_type::opaque || info.opencl == std::string(info.numpy)) return info.opencl;
    return std::string(info.opencl) + " (" + info.numpy + ")";
}

// IEEE half: 1 sign bit, 5 exponent bits (bias 15), 10 fraction bits; values below 2^-14 are
// subnormal. Rounding to the nearest, ties to even, as vstore_half_rte does.
half::half(float value) {
    const std::uint32_t f = bits_of(value);
    const std::uint16_t sign = std::uint16_t((f >> 16) & 0x8000u);
    const std::uint32_t magnitude = f & 0x7fffffffu;
    if (magnitude >= 0x7f800000u) { // infinity, or NaN (kept a quiet NaN)
        bits_ = std::uint16_t(sign | 0x7c00u | (magnitude > 0x7f800000u ? 0x200u | ((magnitude >> 13) & 0x3ffu) : 0));
        return;
    }
    if (magnitude >= 0x477ff000u) { // rounds to 65520 or more: infinity
        bits_ = std::uint16_t(sign | 0x7c00u);
        return;
    }
    if (magnitude < 0x38800000u) {                           // below 2^-14: a subnormal half, or zero
        const float scaled = std::fabs(value) * 16777216.0f; // in units of 2^-24, the smallest half
        bits_ = std::uint16_t(sign | std::uint16_t(std::nearbyint(scaled)));
        return;
    }
    // Normal: rebias the exponent, then round the 13 bits dropped from the fraction.
    const std::uint32_t rebiased = magnitude - 0x38000000u;
    const std::uint32_t rounded = rebiased + 0xfffu + ((rebiased >> 13) & 1u);
    bits_ = std::uint16_t(sign | (rounded >> 13));
}

half::operator float() const {
    const std::uint32_t sign = std::uint32_t(bits_ & 0x8000u) << 16;
    const std::uint32_t exponent = (bits_ >> 10) & 0x1fu, fraction = bits_ & 0x3ffu;
    if (exponent == 0) // zero or subnormal: fraction * 2^-24, exact in float
        return float_of(sign) + (sign ? -1.0f : 1.0f) * float(fraction) * (1.0f / 16777216.0f);
    if (exponent == 0x1f) return float_of(sign | 0x7f800000u | (fraction << 13));
    return float_of(sign | ((exponent + 112u) << 23) | (fraction << 13));
}

// bfloat16: float's upper 16 bits, the lower 16 rounded away to the nearest, ties to even.
bfloat16::bfloat16(float value) {
    const std::uint32_t f = bits_of(value);
    if ((f & 0x7fffffffu) > 0x7f800000u) { // NaN: kept a quiet NaN of the same sign
        bits_ = std::uint16_t((f >> 16) | 0x40u);
        return;
    }
    bits_ = std::uint16_t((f + 0x7fffu + ((f >> 16) & 1u)) >> 16);
}

bfloat16::operator float() const { return float_of(std::uint32_t(bits_) << 16); }

} // namespace tiles
