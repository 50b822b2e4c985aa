// libtiles: the element types the untyped engine knows. Arrays and views of these types are
// checked against the kernel's parameter types at launch; any other trivially copyable type
// (a struct, say) is carried as `opaque` bytes and matches struct parameters.
#pragma once

#include <cstddef>
#include <cstdint>
#include <string>
#include <type_traits>

namespace tiles {

enum class element_type {
    int8,
    uint8,
    int16,
    uint16,
    int32,
    uint32,
    int64,
    uint64,
    float32,
    float64,
    opaque,
    // 16-bit floats, stored as their bits (after opaque, as tiles_dtype numbers them): IEEE half,
    // which kernels read and write with vload_half and vstore_half, and bfloat16 (float's upper
    // 16 bits), which they see as the prelude's `bfloat16` with bfloat16_to_float and
    // float_to_bfloat16.
    float16,
    bfloat16,
};

// How many element types there are: every one is below this.
inline constexpr int element_type_count = int(element_type::bfloat16) + 1;

// The OpenCL C name of the type ("int", "uchar", ...), or "struct" for opaque.
const char* opencl_name(element_type type);

// Size in bytes of one element, or 0 for opaque (whose size the array knows).
std::size_t element_size(element_type type);

// The OpenCL C name with the fixed-width one that numpy and <stdint.h> use, for messages:
// "long (int64)", "float (float32)"; "struct" for opaque.
std::string element_description(element_type type);

// The 16-bit float element types on the host: their bits, made from a float by rounding to the
// nearest (ties to even, NaN kept a NaN) and read back as the float they stand for exactly.
class half {
  public:
    half() = default;
    explicit half(float value);
    explicit operator float() const;
    std::uint16_t bits() const { return bits_; }
    static half from_bits(std::uint16_t bits);

  private:
    std::uint16_t bits_ = 0;
};

class bfloat16 {
  public:
    bfloat16() = default;
    explicit bfloat16(float value);
    explicit operator float() const;
    std::uint16_t bits() const { return bits_; }
    static bfloat16 from_bits(std::uint16_t bits);

  private:
    std::uint16_t bits_ = 0;
};

namespace detail {
template <class T> constexpr element_type element_type_of_impl() {
    using U = std::remove_cv_t<T>;
    if constexpr (std::is_same_v<U, half>)
        return element_type::float16;
    else if constexpr (std::is_same_v<U, bfloat16>)
        return element_type::bfloat16;
    else if constexpr (std::is_same_v<U, float>)
        return element_type::float32;
    else if constexpr (std::is_same_v<U, double>)
        return element_type::float64;
    else if constexpr (std::is_integral_v<U> && !std::is_same_v<U, bool>) {
        constexpr bool is_signed = std::is_signed_v<U>;
        if constexpr (sizeof(U) == 1)
            return is_signed ? element_type::int8 : element_type::uint8;
        else if constexpr (sizeof(U) == 2)
            return is_signed ? element_type::int16 : element_type::uint16;
        else if constexpr (sizeof(U) == 4)
            return is_signed ? element_type::int32 : element_type::uint32;
        else
            return is_signed ? element_type::int64 : element_type::uint64;
    } else
        return element_type::opaque;
}
} // namespace detail

// The element_type of a C++ type: int -> int32, float -> float32, tiles::half -> float16, a
// struct -> opaque.
template <class T> inline constexpr element_type element_type_of = detail::element_type_of_impl<T>();

// An element type together with its size, which is what the engine stores.
struct element_layout {
    element_type type;
    std::size_t size;

    template <class T> static constexpr element_layout of() {
        static_assert(std::is_trivially_copyable_v<T>, "elements are copied as bytes to the device");
        return {element_type_of<T>, sizeof(T)};
    }
};

} // namespace tiles
