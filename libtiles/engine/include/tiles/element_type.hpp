// libtiles: the element types the untyped engine knows. Arrays and views of these types are
// checked against the kernel's parameter types at launch; any other trivially copyable type
// (a struct, say) is carried as `opaque` bytes and matches struct parameters.
#pragma once

#include <complex>
#include <cstddef>
#include <cstdint>
#include <string>
#include <tuple>
#include <type_traits>

namespace tiles {

// The element types of arrays, views and kernel arguments: OpenCL C's scalar types, half and
// bfloat16, the complex numbers, and `opaque` for any struct (its size given apart).
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
    // Complex numbers, as numpy and std::complex store them (the real part, then the imaginary):
    // float2 and double2 in kernels, whose .x is the real part and .y the imaginary.
    complex64,
    complex128,
};

// How many element types there are: every one is below this.
inline constexpr int element_type_count = int(element_type::complex128) + 1;

// What libtiles knows of an element type: its row of the one table that every face reads (the C
// API's tiles_dtype_describe, and through it Python's maps of numpy's and DLPack's types).
struct element_info {
    const char* opencl;       // OpenCL C's name: "int", "uchar", "half"; "struct" for opaque
    const char* numpy;        // numpy's dtype name, and <stdint.h>'s without its _t; "" for opaque
    std::size_t size;         // bytes of one element; 0 for opaque, whose size the array knows
    int dlpack_code;          // DLPack's DLDataTypeCode (its bits: 8 * size); -1 for opaque
    element_type computed_as; // what the algorithms compute it in and give its sums, products and
                              // reductions in: float32 for the 16-bit floats, else itself
};

// One row per element_type, in its order. DLPack's codes: 0 kDLInt, 1 kDLUInt, 2 kDLFloat, 4
// kDLBfloat, 5 kDLComplex.
inline constexpr element_info element_table[] = {
    {"char", "int8", 1, 0, element_type::int8},
    {"uchar", "uint8", 1, 1, element_type::uint8},
    {"short", "int16", 2, 0, element_type::int16},
    {"ushort", "uint16", 2, 1, element_type::uint16},
    {"int", "int32", 4, 0, element_type::int32},
    {"uint", "uint32", 4, 1, element_type::uint32},
    {"long", "int64", 8, 0, element_type::int64},
    {"ulong", "uint64", 8, 1, element_type::uint64},
    {"float", "float32", 4, 2, element_type::float32},
    {"double", "float64", 8, 2, element_type::float64},
    {"struct", "", 0, -1, element_type::opaque},
    {"half", "float16", 2, 2, element_type::float32},
    {"bfloat16", "bfloat16", 2, 4, element_type::float32},
    {"float2", "complex64", 8, 5, element_type::complex64},
    {"double2", "complex128", 16, 5, element_type::complex128},
};
static_assert(sizeof element_table / sizeof element_table[0] == std::size_t(element_type_count),
              "one row per element type");

// The row of `type`; opaque's for a value out of range.
constexpr const element_info& element_info_of(element_type type) {
    const auto index = std::size_t(type);
    return element_table[index < std::size_t(element_type_count) ? index : std::size_t(element_type::opaque)];
}

// The OpenCL C name of the type ("int", "uchar", ...), or "struct" for opaque.
const char* opencl_name(element_type type);

// Size in bytes of one element, or 0 for opaque (whose size the array knows).
std::size_t element_size(element_type type);

// The OpenCL C name with the fixed-width one that numpy and <stdint.h> use, for messages:
// "long (int64)", "float (float32)"; "struct" for opaque.
std::string element_description(element_type type);

// What the algorithms compute elements of `type` in (element_info::computed_as).
constexpr element_type computed_as(element_type type) { return element_info_of(type).computed_as; }

namespace detail {
// The bits of a 16-bit float, which Float (half or bfloat16) makes from a float and reads back.
template <class Float> class float_bits {
  public:
    std::uint16_t bits() const { return bits_; }
    static Float from_bits(std::uint16_t bits) {
        Float value;
        static_cast<float_bits&>(value).bits_ = bits;
        return value;
    }

  protected:
    std::uint16_t bits_ = 0;
};
} // namespace detail

// The 16-bit float element types on the host: their bits, made from a float by rounding to the
// nearest (ties to even, NaN kept a NaN) and read back as the float they stand for exactly. IEEE
// half:
class half : public detail::float_bits<half> {
  public:
    // Zero; from a float, rounded to the nearest half; back to the float it stands for.
    half() = default;
    explicit half(float value);
    explicit operator float() const;
};

// ... and bfloat16, float's upper 16 bits.
class bfloat16 : public detail::float_bits<bfloat16> {
  public:
    // Zero; from a float, rounded to the nearest bfloat16; back to the float it stands for.
    bfloat16() = default;
    explicit bfloat16(float value);
    explicit operator float() const;
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
    else if constexpr (std::is_same_v<U, std::complex<float>>)
        return element_type::complex64;
    else if constexpr (std::is_same_v<U, std::complex<double>>)
        return element_type::complex128;
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

// The element_type of a C++ type: int -> int32, float -> float32, tiles::half -> float16,
// std::complex<float> -> complex64, a struct -> opaque.
template <class T> inline constexpr element_type element_type_of = detail::element_type_of_impl<T>();

// A C++ type of each element type, in element_type's order (opaque's stands for any struct).
namespace detail {
struct opaque_element {};
using element_cpp_types =
    std::tuple<std::int8_t, std::uint8_t, std::int16_t, std::uint16_t, std::int32_t, std::uint32_t, std::int64_t,
               std::uint64_t, float, double, opaque_element, half, bfloat16, std::complex<float>, std::complex<double>>;
static_assert(std::tuple_size_v<element_cpp_types> == std::size_t(element_type_count), "one type per element type");
} // namespace detail
template <element_type Type> using cpp_type_of = std::tuple_element_t<std::size_t(Type), detail::element_cpp_types>;

// An element type together with its size, which is what the engine stores.
struct element_layout {
    // The element type, and the bytes of one element (an opaque struct's own size).
    element_type type;
    std::size_t size;

    // The layout of C++ type T's elements; T must be trivially copyable.
    template <class T> static constexpr element_layout of() {
        static_assert(std::is_trivially_copyable_v<T>, "elements are copied as bytes to the device");
        return {element_type_of<T>, sizeof(T)};
    }
};

} // namespace tiles
