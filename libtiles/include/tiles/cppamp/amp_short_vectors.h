// libtiles: C++ AMP's <amp_short_vectors.h>, for the host and, compiled with every C++ kernel, for
// the device (one text for both: the host includes <amp.h> first). Namespace concurrency::graphics:
// norm (a float clamped to [-1, 1]) and unorm (to [0, 1]); the short vectors int_N, uint_N, float_N,
// double_N, norm_N and unorm_N of N = 2, 3, 4 components, with AMP's constructors, conversions,
// operators (component by component) and component access: x, y, z, w as members (AMP's
// properties; r, g, b, a and the swizzles such as xy, zyx are AMP's properties too, which standard
// C++ has no way to spell, so they are reached through AMP's get_, set_ and ref_ functions:
// get_r(), set_xy(v), ref_b()); short_vector<T, N> and short_vector_traits<T>.
// docs/guides/from-cpp-amp.md.
#ifndef TILES_CPPAMP_AMP_SHORT_VECTORS_H
#define TILES_CPPAMP_AMP_SHORT_VECTORS_H

#ifndef __OPENCL_CPP_VERSION__
#include "amp.h"
#endif

namespace concurrency {
namespace graphics {

#ifndef __OPENCL_CPP_VERSION__
/// AMP's name of unsigned int (OpenCL's own on the device).
typedef unsigned int uint;
#endif

class norm;
class unorm;

namespace tiles_detail {
// `v` clamped to [lo, hi]; NaN gives 0, as Direct3D's saturate does.
inline float clamped(float v, float lo, float hi) { return v >= lo ? (v <= hi ? v : hi) : (v < lo ? lo : 0.0f); }
} // namespace tiles_detail

// The operators of norm and unorm, each result clamped again.
#define TILES_NORM_OPERATORS(T)                                                                                        \
    friend T operator+(const T& a, const T& b) { return T(float(a) + float(b)); }                                      \
    friend T operator-(const T& a, const T& b) { return T(float(a) - float(b)); }                                      \
    friend T operator*(const T& a, const T& b) { return T(float(a) * float(b)); }                                      \
    friend T operator/(const T& a, const T& b) { return T(float(a) / float(b)); }                                      \
    friend bool operator==(const T& a, const T& b) { return float(a) == float(b); }                                    \
    friend bool operator!=(const T& a, const T& b) { return float(a) != float(b); }                                    \
    friend bool operator<(const T& a, const T& b) { return float(a) < float(b); }                                      \
    friend bool operator>(const T& a, const T& b) { return float(a) > float(b); }                                      \
    friend bool operator<=(const T& a, const T& b) { return float(a) <= float(b); }                                    \
    friend bool operator>=(const T& a, const T& b) { return float(a) >= float(b); }                                    \
    T& operator+=(const T& o) { return *this = *this + o; }                                                            \
    T& operator-=(const T& o) { return *this = *this - o; }                                                            \
    T& operator*=(const T& o) { return *this = *this * o; }                                                            \
    T& operator/=(const T& o) { return *this = *this / o; }                                                            \
    T& operator++() { return *this += T(1.0f); }                                                                       \
    T& operator--() { return *this -= T(1.0f); }                                                                       \
    T operator++(int) {                                                                                                \
        T r = *this;                                                                                                   \
        ++*this;                                                                                                       \
        return r;                                                                                                      \
    }                                                                                                                  \
    T operator--(int) {                                                                                                \
        T r = *this;                                                                                                   \
        --*this;                                                                                                       \
        return r;                                                                                                      \
    }

/// A float clamped to [0, 1] (NaN to 0) on construction and after each operation.
class unorm {
  public:
    /// 0.
    unorm() : value_(0.0f) {}
    /// `v` clamped to [0, 1].
    explicit unorm(float v) : value_(tiles_detail::clamped(v, 0.0f, 1.0f)) {}
    /// `v` as a float, clamped to [0, 1].
    explicit unorm(unsigned int v) : unorm(float(v)) {}
    /// `v` as a float, clamped to [0, 1].
    explicit unorm(int v) : unorm(float(v)) {}
    /// `v` as a float, clamped to [0, 1].
    explicit unorm(double v) : unorm(float(v)) {}
    /// `v` clamped to [0, 1].
    explicit unorm(const norm& v);
    /// The value.
    operator float() const { return value_; }
    TILES_NORM_OPERATORS(unorm)

  private:
    float value_;
};

/// A float clamped to [-1, 1] (NaN to 0) on construction and after each operation.
class norm {
  public:
    /// 0.
    norm() : value_(0.0f) {}
    /// `v` clamped to [-1, 1].
    explicit norm(float v) : value_(tiles_detail::clamped(v, -1.0f, 1.0f)) {}
    /// `v` as a float, clamped to [-1, 1].
    explicit norm(unsigned int v) : norm(float(v)) {}
    /// `v` as a float, clamped to [-1, 1].
    explicit norm(int v) : norm(float(v)) {}
    /// `v` as a float, clamped to [-1, 1].
    explicit norm(double v) : norm(float(v)) {}
    /// `v`, which lies in [0, 1].
    norm(const unorm& v) : value_(float(v)) {}
    /// The value.
    operator float() const { return value_; }
    /// -value.
    norm operator-() const { return norm(-value_); }
    TILES_NORM_OPERATORS(norm)

  private:
    float value_;
};
inline unorm::unorm(const norm& v) : value_(tiles_detail::clamped(float(v), 0.0f, 1.0f)) {}
#undef TILES_NORM_OPERATORS

/// AMP's short vector of N components of T: short_vector<float, 3>::type is float_3, and
/// short_vector<T, 1>::type is T.
template <typename T, int N> struct short_vector;
/// The value type and the number of components of a scalar or short vector type.
template <typename T> struct short_vector_traits;

// AMP's swizzles of a vector of N components: get_ and set_ of every ordered choice of 2 to N
// distinct components, by the names x, y, z, w and r, g, b, a (get_zx() is (z, x), set_ba(v) sets b and
// a); V2, V3, V4 are the vectors of 2, 3 and 4 such components.
#define TILES_SWIZZLE_2(V, name, a, b)                                                                                 \
    V get_##name() const { return V(a, b); }                                                                           \
    void set_##name(const V& v) { a = v.x, b = v.y; }
#define TILES_SWIZZLE_3(V, name, a, b, c)                                                                              \
    V get_##name() const { return V(a, b, c); }                                                                        \
    void set_##name(const V& v) { a = v.x, b = v.y, c = v.z; }
#define TILES_SWIZZLE_4(V, name, a, b, c, d)                                                                           \
    V get_##name() const { return V(a, b, c, d); }                                                                     \
    void set_##name(const V& v) { a = v.x, b = v.y, c = v.z, d = v.w; }
#define TILES_SWIZZLES_2(V2)                                                                                           \
    TILES_SWIZZLE_2(V2, xy, x, y)                                                                                      \
    TILES_SWIZZLE_2(V2, rg, x, y)                                                                                      \
    TILES_SWIZZLE_2(V2, yx, y, x)                                                                                      \
    TILES_SWIZZLE_2(V2, gr, y, x)
#define TILES_SWIZZLES_3(V2, V3)                                                                                       \
    TILES_SWIZZLE_2(V2, xy, x, y)                                                                                      \
    TILES_SWIZZLE_2(V2, rg, x, y)                                                                                      \
    TILES_SWIZZLE_2(V2, xz, x, z)                                                                                      \
    TILES_SWIZZLE_2(V2, rb, x, z)                                                                                      \
    TILES_SWIZZLE_2(V2, yx, y, x)                                                                                      \
    TILES_SWIZZLE_2(V2, gr, y, x)                                                                                      \
    TILES_SWIZZLE_2(V2, yz, y, z)                                                                                      \
    TILES_SWIZZLE_2(V2, gb, y, z)                                                                                      \
    TILES_SWIZZLE_2(V2, zx, z, x)                                                                                      \
    TILES_SWIZZLE_2(V2, br, z, x)                                                                                      \
    TILES_SWIZZLE_2(V2, zy, z, y)                                                                                      \
    TILES_SWIZZLE_2(V2, bg, z, y)                                                                                      \
    TILES_SWIZZLE_3(V3, xyz, x, y, z)                                                                                  \
    TILES_SWIZZLE_3(V3, rgb, x, y, z)                                                                                  \
    TILES_SWIZZLE_3(V3, xzy, x, z, y)                                                                                  \
    TILES_SWIZZLE_3(V3, rbg, x, z, y)                                                                                  \
    TILES_SWIZZLE_3(V3, yxz, y, x, z)                                                                                  \
    TILES_SWIZZLE_3(V3, grb, y, x, z)                                                                                  \
    TILES_SWIZZLE_3(V3, yzx, y, z, x)                                                                                  \
    TILES_SWIZZLE_3(V3, gbr, y, z, x)                                                                                  \
    TILES_SWIZZLE_3(V3, zxy, z, x, y)                                                                                  \
    TILES_SWIZZLE_3(V3, brg, z, x, y)                                                                                  \
    TILES_SWIZZLE_3(V3, zyx, z, y, x)                                                                                  \
    TILES_SWIZZLE_3(V3, bgr, z, y, x)
#define TILES_SWIZZLES_4(V2, V3, V4)                                                                                   \
    TILES_SWIZZLE_2(V2, xy, x, y)                                                                                      \
    TILES_SWIZZLE_2(V2, rg, x, y)                                                                                      \
    TILES_SWIZZLE_2(V2, xz, x, z)                                                                                      \
    TILES_SWIZZLE_2(V2, rb, x, z)                                                                                      \
    TILES_SWIZZLE_2(V2, xw, x, w)                                                                                      \
    TILES_SWIZZLE_2(V2, ra, x, w)                                                                                      \
    TILES_SWIZZLE_2(V2, yx, y, x)                                                                                      \
    TILES_SWIZZLE_2(V2, gr, y, x)                                                                                      \
    TILES_SWIZZLE_2(V2, yz, y, z)                                                                                      \
    TILES_SWIZZLE_2(V2, gb, y, z)                                                                                      \
    TILES_SWIZZLE_2(V2, yw, y, w)                                                                                      \
    TILES_SWIZZLE_2(V2, ga, y, w)                                                                                      \
    TILES_SWIZZLE_2(V2, zx, z, x)                                                                                      \
    TILES_SWIZZLE_2(V2, br, z, x)                                                                                      \
    TILES_SWIZZLE_2(V2, zy, z, y)                                                                                      \
    TILES_SWIZZLE_2(V2, bg, z, y)                                                                                      \
    TILES_SWIZZLE_2(V2, zw, z, w)                                                                                      \
    TILES_SWIZZLE_2(V2, ba, z, w)                                                                                      \
    TILES_SWIZZLE_2(V2, wx, w, x)                                                                                      \
    TILES_SWIZZLE_2(V2, ar, w, x)                                                                                      \
    TILES_SWIZZLE_2(V2, wy, w, y)                                                                                      \
    TILES_SWIZZLE_2(V2, ag, w, y)                                                                                      \
    TILES_SWIZZLE_2(V2, wz, w, z)                                                                                      \
    TILES_SWIZZLE_2(V2, ab, w, z)                                                                                      \
    TILES_SWIZZLE_3(V3, xyz, x, y, z)                                                                                  \
    TILES_SWIZZLE_3(V3, rgb, x, y, z)                                                                                  \
    TILES_SWIZZLE_3(V3, xyw, x, y, w)                                                                                  \
    TILES_SWIZZLE_3(V3, rga, x, y, w)                                                                                  \
    TILES_SWIZZLE_3(V3, xzy, x, z, y)                                                                                  \
    TILES_SWIZZLE_3(V3, rbg, x, z, y)                                                                                  \
    TILES_SWIZZLE_3(V3, xzw, x, z, w)                                                                                  \
    TILES_SWIZZLE_3(V3, rba, x, z, w)                                                                                  \
    TILES_SWIZZLE_3(V3, xwy, x, w, y)                                                                                  \
    TILES_SWIZZLE_3(V3, rag, x, w, y)                                                                                  \
    TILES_SWIZZLE_3(V3, xwz, x, w, z)                                                                                  \
    TILES_SWIZZLE_3(V3, rab, x, w, z)                                                                                  \
    TILES_SWIZZLE_3(V3, yxz, y, x, z)                                                                                  \
    TILES_SWIZZLE_3(V3, grb, y, x, z)                                                                                  \
    TILES_SWIZZLE_3(V3, yxw, y, x, w)                                                                                  \
    TILES_SWIZZLE_3(V3, gra, y, x, w)                                                                                  \
    TILES_SWIZZLE_3(V3, yzx, y, z, x)                                                                                  \
    TILES_SWIZZLE_3(V3, gbr, y, z, x)                                                                                  \
    TILES_SWIZZLE_3(V3, yzw, y, z, w)                                                                                  \
    TILES_SWIZZLE_3(V3, gba, y, z, w)                                                                                  \
    TILES_SWIZZLE_3(V3, ywx, y, w, x)                                                                                  \
    TILES_SWIZZLE_3(V3, gar, y, w, x)                                                                                  \
    TILES_SWIZZLE_3(V3, ywz, y, w, z)                                                                                  \
    TILES_SWIZZLE_3(V3, gab, y, w, z)                                                                                  \
    TILES_SWIZZLE_3(V3, zxy, z, x, y)                                                                                  \
    TILES_SWIZZLE_3(V3, brg, z, x, y)                                                                                  \
    TILES_SWIZZLE_3(V3, zxw, z, x, w)                                                                                  \
    TILES_SWIZZLE_3(V3, bra, z, x, w)                                                                                  \
    TILES_SWIZZLE_3(V3, zyx, z, y, x)                                                                                  \
    TILES_SWIZZLE_3(V3, bgr, z, y, x)                                                                                  \
    TILES_SWIZZLE_3(V3, zyw, z, y, w)                                                                                  \
    TILES_SWIZZLE_3(V3, bga, z, y, w)                                                                                  \
    TILES_SWIZZLE_3(V3, zwx, z, w, x)                                                                                  \
    TILES_SWIZZLE_3(V3, bar, z, w, x)                                                                                  \
    TILES_SWIZZLE_3(V3, zwy, z, w, y)                                                                                  \
    TILES_SWIZZLE_3(V3, bag, z, w, y)                                                                                  \
    TILES_SWIZZLE_3(V3, wxy, w, x, y)                                                                                  \
    TILES_SWIZZLE_3(V3, arg, w, x, y)                                                                                  \
    TILES_SWIZZLE_3(V3, wxz, w, x, z)                                                                                  \
    TILES_SWIZZLE_3(V3, arb, w, x, z)                                                                                  \
    TILES_SWIZZLE_3(V3, wyx, w, y, x)                                                                                  \
    TILES_SWIZZLE_3(V3, agr, w, y, x)                                                                                  \
    TILES_SWIZZLE_3(V3, wyz, w, y, z)                                                                                  \
    TILES_SWIZZLE_3(V3, agb, w, y, z)                                                                                  \
    TILES_SWIZZLE_3(V3, wzx, w, z, x)                                                                                  \
    TILES_SWIZZLE_3(V3, abr, w, z, x)                                                                                  \
    TILES_SWIZZLE_3(V3, wzy, w, z, y)                                                                                  \
    TILES_SWIZZLE_3(V3, abg, w, z, y)                                                                                  \
    TILES_SWIZZLE_4(V4, xyzw, x, y, z, w)                                                                              \
    TILES_SWIZZLE_4(V4, rgba, x, y, z, w)                                                                              \
    TILES_SWIZZLE_4(V4, xywz, x, y, w, z)                                                                              \
    TILES_SWIZZLE_4(V4, rgab, x, y, w, z)                                                                              \
    TILES_SWIZZLE_4(V4, xzyw, x, z, y, w)                                                                              \
    TILES_SWIZZLE_4(V4, rbga, x, z, y, w)                                                                              \
    TILES_SWIZZLE_4(V4, xzwy, x, z, w, y)                                                                              \
    TILES_SWIZZLE_4(V4, rbag, x, z, w, y)                                                                              \
    TILES_SWIZZLE_4(V4, xwyz, x, w, y, z)                                                                              \
    TILES_SWIZZLE_4(V4, ragb, x, w, y, z)                                                                              \
    TILES_SWIZZLE_4(V4, xwzy, x, w, z, y)                                                                              \
    TILES_SWIZZLE_4(V4, rabg, x, w, z, y)                                                                              \
    TILES_SWIZZLE_4(V4, yxzw, y, x, z, w)                                                                              \
    TILES_SWIZZLE_4(V4, grba, y, x, z, w)                                                                              \
    TILES_SWIZZLE_4(V4, yxwz, y, x, w, z)                                                                              \
    TILES_SWIZZLE_4(V4, grab, y, x, w, z)                                                                              \
    TILES_SWIZZLE_4(V4, yzxw, y, z, x, w)                                                                              \
    TILES_SWIZZLE_4(V4, gbra, y, z, x, w)                                                                              \
    TILES_SWIZZLE_4(V4, yzwx, y, z, w, x)                                                                              \
    TILES_SWIZZLE_4(V4, gbar, y, z, w, x)                                                                              \
    TILES_SWIZZLE_4(V4, ywxz, y, w, x, z)                                                                              \
    TILES_SWIZZLE_4(V4, garb, y, w, x, z)                                                                              \
    TILES_SWIZZLE_4(V4, ywzx, y, w, z, x)                                                                              \
    TILES_SWIZZLE_4(V4, gabr, y, w, z, x)                                                                              \
    TILES_SWIZZLE_4(V4, zxyw, z, x, y, w)                                                                              \
    TILES_SWIZZLE_4(V4, brga, z, x, y, w)                                                                              \
    TILES_SWIZZLE_4(V4, zxwy, z, x, w, y)                                                                              \
    TILES_SWIZZLE_4(V4, brag, z, x, w, y)                                                                              \
    TILES_SWIZZLE_4(V4, zyxw, z, y, x, w)                                                                              \
    TILES_SWIZZLE_4(V4, bgra, z, y, x, w)                                                                              \
    TILES_SWIZZLE_4(V4, zywx, z, y, w, x)                                                                              \
    TILES_SWIZZLE_4(V4, bgar, z, y, w, x)                                                                              \
    TILES_SWIZZLE_4(V4, zwxy, z, w, x, y)                                                                              \
    TILES_SWIZZLE_4(V4, barg, z, w, x, y)                                                                              \
    TILES_SWIZZLE_4(V4, zwyx, z, w, y, x)                                                                              \
    TILES_SWIZZLE_4(V4, bagr, z, w, y, x)                                                                              \
    TILES_SWIZZLE_4(V4, wxyz, w, x, y, z)                                                                              \
    TILES_SWIZZLE_4(V4, argb, w, x, y, z)                                                                              \
    TILES_SWIZZLE_4(V4, wxzy, w, x, z, y)                                                                              \
    TILES_SWIZZLE_4(V4, arbg, w, x, z, y)                                                                              \
    TILES_SWIZZLE_4(V4, wyxz, w, y, x, z)                                                                              \
    TILES_SWIZZLE_4(V4, agrb, w, y, x, z)                                                                              \
    TILES_SWIZZLE_4(V4, wyzx, w, y, z, x)                                                                              \
    TILES_SWIZZLE_4(V4, agbr, w, y, z, x)                                                                              \
    TILES_SWIZZLE_4(V4, wzxy, w, z, x, y)                                                                              \
    TILES_SWIZZLE_4(V4, abrg, w, z, x, y)                                                                              \
    TILES_SWIZZLE_4(V4, wzyx, w, z, y, x)                                                                              \
    TILES_SWIZZLE_4(V4, abgr, w, z, y, x)

class int_2;
class int_3;
class int_4;
class uint_2;
class uint_3;
class uint_4;
class float_2;
class float_3;
class float_4;
class double_2;
class double_3;
class double_4;
class norm_2;
class norm_3;
class norm_4;
class unorm_2;
class unorm_3;
class unorm_4;

// Component by component: the operators of every short vector, those of integers (%, bit
// operations, shifts) only for int_N and uint_N, negation only for signed values.

/// 2 components of int, AMP's int_2.
class int_2 {
  public:
    /// The type of a component.
    typedef int value_type;
    /// The number of components.
    static const int size = 2;
    /// The components, AMP's properties x, y ... (r, g ... through get_r() and friends).
    value_type x, y;

    /// Every component 0.
    int_2() : x(0), y(0) {}
    /// Every component `v`.
    int_2(value_type v) : x(v), y(v) {}
    /// The components in order.
    int_2(value_type v0, value_type v1) : x(v0), y(v1) {}
    /// Each component of `o` converted (clamped, for norm and unorm).
    explicit int_2(const uint_2& o);
    /// Each component of `o` converted (clamped, for norm and unorm).
    explicit int_2(const float_2& o);
    /// Each component of `o` converted (clamped, for norm and unorm).
    explicit int_2(const double_2& o);
    /// Each component of `o` converted (clamped, for norm and unorm).
    explicit int_2(const norm_2& o);
    /// Each component of `o` converted (clamped, for norm and unorm).
    explicit int_2(const unorm_2& o);

    /// Component 0.
    value_type get_x() const { return x; }
    /// Sets component 0.
    void set_x(value_type v) { x = v; }
    /// Component 0, by reference.
    value_type& ref_x() { return x; }
    /// Component 0.
    value_type get_r() const { return x; }
    /// Sets component 0.
    void set_r(value_type v) { x = v; }
    /// Component 0, by reference.
    value_type& ref_r() { return x; }
    /// Component 1.
    value_type get_y() const { return y; }
    /// Sets component 1.
    void set_y(value_type v) { y = v; }
    /// Component 1, by reference.
    value_type& ref_y() { return y; }
    /// Component 1.
    value_type get_g() const { return y; }
    /// Sets component 1.
    void set_g(value_type v) { y = v; }
    /// Component 1, by reference.
    value_type& ref_g() { return y; }
    TILES_SWIZZLES_2(int_2)

    /// Component by component.
    friend int_2 operator+(const int_2& a, const int_2& b) { return int_2(a.x + b.x, a.y + b.y); }
    /// Component by component.
    int_2& operator+=(const int_2& o) { return *this = *this + o; }
    /// Component by component.
    friend int_2 operator-(const int_2& a, const int_2& b) { return int_2(a.x - b.x, a.y - b.y); }
    /// Component by component.
    int_2& operator-=(const int_2& o) { return *this = *this - o; }
    /// Component by component.
    friend int_2 operator*(const int_2& a, const int_2& b) { return int_2(a.x * b.x, a.y * b.y); }
    /// Component by component.
    int_2& operator*=(const int_2& o) { return *this = *this * o; }
    /// Component by component.
    friend int_2 operator/(const int_2& a, const int_2& b) { return int_2(a.x / b.x, a.y / b.y); }
    /// Component by component.
    int_2& operator/=(const int_2& o) { return *this = *this / o; }
    /// Component by component.
    friend int_2 operator%(const int_2& a, const int_2& b) { return int_2(a.x % b.x, a.y % b.y); }
    /// Component by component.
    int_2& operator%=(const int_2& o) { return *this = *this % o; }
    /// Component by component.
    friend int_2 operator&(const int_2& a, const int_2& b) { return int_2(a.x & b.x, a.y & b.y); }
    /// Component by component.
    int_2& operator&=(const int_2& o) { return *this = *this & o; }
    /// Component by component.
    friend int_2 operator|(const int_2& a, const int_2& b) { return int_2(a.x | b.x, a.y | b.y); }
    /// Component by component.
    int_2& operator|=(const int_2& o) { return *this = *this | o; }
    /// Component by component.
    friend int_2 operator^(const int_2& a, const int_2& b) { return int_2(a.x ^ b.x, a.y ^ b.y); }
    /// Component by component.
    int_2& operator^=(const int_2& o) { return *this = *this ^ o; }
    /// Component by component.
    friend int_2 operator<<(const int_2& a, const int_2& b) { return int_2(a.x << b.x, a.y << b.y); }
    /// Component by component.
    int_2& operator<<=(const int_2& o) { return *this = *this << o; }
    /// Component by component.
    friend int_2 operator>>(const int_2& a, const int_2& b) { return int_2(a.x >> b.x, a.y >> b.y); }
    /// Component by component.
    int_2& operator>>=(const int_2& o) { return *this = *this >> o; }
    /// Each component negated.
    int_2 operator-() const { return int_2(-x, -y); }
    /// Each component's bits inverted.
    int_2 operator~() const { return int_2(~x, ~y); }
    /// Each component plus 1.
    int_2& operator++() { return *this += int_2(value_type(1)); }
    /// Each component minus 1.
    int_2& operator--() { return *this -= int_2(value_type(1)); }
    /// Each component plus 1; the value before.
    int_2 operator++(int) {
        int_2 r = *this;
        ++*this;
        return r;
    }
    /// Each component minus 1; the value before.
    int_2 operator--(int) {
        int_2 r = *this;
        --*this;
        return r;
    }
    /// Whether every component is equal.
    friend bool operator==(const int_2& a, const int_2& b) { return a.x == b.x && a.y == b.y; }
    /// Whether any component differs.
    friend bool operator!=(const int_2& a, const int_2& b) { return !(a == b); }
};

/// 3 components of int, AMP's int_3.
class int_3 {
  public:
    /// The type of a component.
    typedef int value_type;
    /// The number of components.
    static const int size = 3;
    /// The components, AMP's properties x, y ... (r, g ... through get_r() and friends).
    value_type x, y, z;

    /// Every component 0.
    int_3() : x(0), y(0), z(0) {}
    /// Every component `v`.
    int_3(value_type v) : x(v), y(v), z(v) {}
    /// The components in order.
    int_3(value_type v0, value_type v1, value_type v2) : x(v0), y(v1), z(v2) {}
    /// Each component of `o` converted (clamped, for norm and unorm).
    explicit int_3(const uint_3& o);
    /// Each component of `o` converted (clamped, for norm and unorm).
    explicit int_3(const float_3& o);
    /// Each component of `o` converted (clamped, for norm and unorm).
    explicit int_3(const double_3& o);
    /// Each component of `o` converted (clamped, for norm and unorm).
    explicit int_3(const norm_3& o);
    /// Each component of `o` converted (clamped, for norm and unorm).
    explicit int_3(const unorm_3& o);

    /// Component 0.
    value_type get_x() const { return x; }
    /// Sets component 0.
    void set_x(value_type v) { x = v; }
    /// Component 0, by reference.
    value_type& ref_x() { return x; }
    /// Component 0.
    value_type get_r() const { return x; }
    /// Sets component 0.
    void set_r(value_type v) { x = v; }
    /// Component 0, by reference.
    value_type& ref_r() { return x; }
    /// Component 1.
    value_type get_y() const { return y; }
    /// Sets component 1.
    void set_y(value_type v) { y = v; }
    /// Component 1, by reference.
    value_type& ref_y() { return y; }
    /// Component 1.
    value_type get_g() const { return y; }
    /// Sets component 1.
    void set_g(value_type v) { y = v; }
    /// Component 1, by reference.
    value_type& ref_g() { return y; }
    /// Component 2.
    value_type get_z() const { return z; }
    /// Sets component 2.
    void set_z(value_type v) { z = v; }
    /// Component 2, by reference.
    value_type& ref_z() { return z; }
    /// Component 2.
    value_type get_b() const { return z; }
    /// Sets component 2.
    void set_b(value_type v) { z = v; }
    /// Component 2, by reference.
    value_type& ref_b() { return z; }
    TILES_SWIZZLES_3(int_2, int_3)

    /// Component by component.
    friend int_3 operator+(const int_3& a, const int_3& b) { return int_3(a.x + b.x, a.y + b.y, a.z + b.z); }
    /// Component by component.
    int_3& operator+=(const int_3& o) { return *this = *this + o; }
    /// Component by component.
    friend int_3 operator-(const int_3& a, const int_3& b) { return int_3(a.x - b.x, a.y - b.y, a.z - b.z); }
    /// Component by component.
    int_3& operator-=(const int_3& o) { return *this = *this - o; }
    /// Component by component.
    friend int_3 operator*(const int_3& a, const int_3& b) { return int_3(a.x * b.x, a.y * b.y, a.z * b.z); }
    /// Component by component.
    int_3& operator*=(const int_3& o) { return *this = *this * o; }
    /// Component by component.
    friend int_3 operator/(const int_3& a, const int_3& b) { return int_3(a.x / b.x, a.y / b.y, a.z / b.z); }
    /// Component by component.
    int_3& operator/=(const int_3& o) { return *this = *this / o; }
    /// Component by component.
    friend int_3 operator%(const int_3& a, const int_3& b) { return int_3(a.x % b.x, a.y % b.y, a.z % b.z); }
    /// Component by component.
    int_3& operator%=(const int_3& o) { return *this = *this % o; }
    /// Component by component.
    friend int_3 operator&(const int_3& a, const int_3& b) { return int_3(a.x & b.x, a.y & b.y, a.z & b.z); }
    /// Component by component.
    int_3& operator&=(const int_3& o) { return *this = *this & o; }
    /// Component by component.
    friend int_3 operator|(const int_3& a, const int_3& b) { return int_3(a.x | b.x, a.y | b.y, a.z | b.z); }
    /// Component by component.
    int_3& operator|=(const int_3& o) { return *this = *this | o; }
    /// Component by component.
    friend int_3 operator^(const int_3& a, const int_3& b) { return int_3(a.x ^ b.x, a.y ^ b.y, a.z ^ b.z); }
    /// Component by component.
    int_3& operator^=(const int_3& o) { return *this = *this ^ o; }
    /// Component by component.
    friend int_3 operator<<(const int_3& a, const int_3& b) { return int_3(a.x << b.x, a.y << b.y, a.z << b.z); }
    /// Component by component.
    int_3& operator<<=(const int_3& o) { return *this = *this << o; }
    /// Component by component.
    friend int_3 operator>>(const int_3& a, const int_3& b) { return int_3(a.x >> b.x, a.y >> b.y, a.z >> b.z); }
    /// Component by component.
    int_3& operator>>=(const int_3& o) { return *this = *this >> o; }
    /// Each component negated.
    int_3 operator-() const { return int_3(-x, -y, -z); }
    /// Each component's bits inverted.
    int_3 operator~() const { return int_3(~x, ~y, ~z); }
    /// Each component plus 1.
    int_3& operator++() { return *this += int_3(value_type(1)); }
    /// Each component minus 1.
    int_3& operator--() { return *this -= int_3(value_type(1)); }
    /// Each component plus 1; the value before.
    int_3 operator++(int) {
        int_3 r = *this;
        ++*this;
        return r;
    }
    /// Each component minus 1; the value before.
    int_3 operator--(int) {
        int_3 r = *this;
        --*this;
        return r;
    }
    /// Whether every component is equal.
    friend bool operator==(const int_3& a, const int_3& b) { return a.x == b.x && a.y == b.y && a.z == b.z; }
    /// Whether any component differs.
    friend bool operator!=(const int_3& a, const int_3& b) { return !(a == b); }
};

/// 4 components of int, AMP's int_4.
class int_4 {
  public:
    /// The type of a component.
    typedef int value_type;
    /// The number of components.
    static const int size = 4;
    /// The components, AMP's properties x, y ... (r, g ... through get_r() and friends).
    value_type x, y, z, w;

    /// Every component 0.
    int_4() : x(0), y(0), z(0), w(0) {}
    /// Every component `v`.
    int_4(value_type v) : x(v), y(v), z(v), w(v) {}
    /// The components in order.
    int_4(value_type v0, value_type v1, value_type v2, value_type v3) : x(v0), y(v1), z(v2), w(v3) {}
    /// Each component of `o` converted (clamped, for norm and unorm).
    explicit int_4(const uint_4& o);
    /// Each component of `o` converted (clamped, for norm and unorm).
    explicit int_4(const float_4& o);
    /// Each component of `o` converted (clamped, for norm and unorm).
    explicit int_4(const double_4& o);
    /// Each component of `o` converted (clamped, for norm and unorm).
    explicit int_4(const norm_4& o);
    /// Each component of `o` converted (clamped, for norm and unorm).
    explicit int_4(const unorm_4& o);

    /// Component 0.
    value_type get_x() const { return x; }
    /// Sets component 0.
    void set_x(value_type v) { x = v; }
    /// Component 0, by reference.
    value_type& ref_x() { return x; }
    /// Component 0.
    value_type get_r() const { return x; }
    /// Sets component 0.
    void set_r(value_type v) { x = v; }
    /// Component 0, by reference.
    value_type& ref_r() { return x; }
    /// Component 1.
    value_type get_y() const { return y; }
    /// Sets component 1.
    void set_y(value_type v) { y = v; }
    /// Component 1, by reference.
    value_type& ref_y() { return y; }
    /// Component 1.
    value_type get_g() const { return y; }
    /// Sets component 1.
    void set_g(value_type v) { y = v; }
    /// Component 1, by reference.
    value_type& ref_g() { return y; }
    /// Component 2.
    value_type get_z() const { return z; }
    /// Sets component 2.
    void set_z(value_type v) { z = v; }
    /// Component 2, by reference.
    value_type& ref_z() { return z; }
    /// Component 2.
    value_type get_b() const { return z; }
    /// Sets component 2.
    void set_b(value_type v) { z = v; }
    /// Component 2, by reference.
    value_type& ref_b() { return z; }
    /// Component 3.
    value_type get_w() const { return w; }
    /// Sets component 3.
    void set_w(value_type v) { w = v; }
    /// Component 3, by reference.
    value_type& ref_w() { return w; }
    /// Component 3.
    value_type get_a() const { return w; }
    /// Sets component 3.
    void set_a(value_type v) { w = v; }
    /// Component 3, by reference.
    value_type& ref_a() { return w; }
    TILES_SWIZZLES_4(int_2, int_3, int_4)

    /// Component by component.
    friend int_4 operator+(const int_4& a, const int_4& b) { return int_4(a.x + b.x, a.y + b.y, a.z + b.z, a.w + b.w); }
    /// Component by component.
    int_4& operator+=(const int_4& o) { return *this = *this + o; }
    /// Component by component.
    friend int_4 operator-(const int_4& a, const int_4& b) { return int_4(a.x - b.x, a.y - b.y, a.z - b.z, a.w - b.w); }
    /// Component by component.
    int_4& operator-=(const int_4& o) { return *this = *this - o; }
    /// Component by component.
    friend int_4 operator*(const int_4& a, const int_4& b) { return int_4(a.x * b.x, a.y * b.y, a.z * b.z, a.w * b.w); }
    /// Component by component.
    int_4& operator*=(const int_4& o) { return *this = *this * o; }
    /// Component by component.
    friend int_4 operator/(const int_4& a, const int_4& b) { return int_4(a.x / b.x, a.y / b.y, a.z / b.z, a.w / b.w); }
    /// Component by component.
    int_4& operator/=(const int_4& o) { return *this = *this / o; }
    /// Component by component.
    friend int_4 operator%(const int_4& a, const int_4& b) { return int_4(a.x % b.x, a.y % b.y, a.z % b.z, a.w % b.w); }
    /// Component by component.
    int_4& operator%=(const int_4& o) { return *this = *this % o; }
    /// Component by component.
    friend int_4 operator&(const int_4& a, const int_4& b) { return int_4(a.x & b.x, a.y & b.y, a.z & b.z, a.w & b.w); }
    /// Component by component.
    int_4& operator&=(const int_4& o) { return *this = *this & o; }
    /// Component by component.
    friend int_4 operator|(const int_4& a, const int_4& b) { return int_4(a.x | b.x, a.y | b.y, a.z | b.z, a.w | b.w); }
    /// Component by component.
    int_4& operator|=(const int_4& o) { return *this = *this | o; }
    /// Component by component.
    friend int_4 operator^(const int_4& a, const int_4& b) { return int_4(a.x ^ b.x, a.y ^ b.y, a.z ^ b.z, a.w ^ b.w); }
    /// Component by component.
    int_4& operator^=(const int_4& o) { return *this = *this ^ o; }
    /// Component by component.
    friend int_4 operator<<(const int_4& a, const int_4& b) {
        return int_4(a.x << b.x, a.y << b.y, a.z << b.z, a.w << b.w);
    }
    /// Component by component.
    int_4& operator<<=(const int_4& o) { return *this = *this << o; }
    /// Component by component.
    friend int_4 operator>>(const int_4& a, const int_4& b) {
        return int_4(a.x >> b.x, a.y >> b.y, a.z >> b.z, a.w >> b.w);
    }
    /// Component by component.
    int_4& operator>>=(const int_4& o) { return *this = *this >> o; }
    /// Each component negated.
    int_4 operator-() const { return int_4(-x, -y, -z, -w); }
    /// Each component's bits inverted.
    int_4 operator~() const { return int_4(~x, ~y, ~z, ~w); }
    /// Each component plus 1.
    int_4& operator++() { return *this += int_4(value_type(1)); }
    /// Each component minus 1.
    int_4& operator--() { return *this -= int_4(value_type(1)); }
    /// Each component plus 1; the value before.
    int_4 operator++(int) {
        int_4 r = *this;
        ++*this;
        return r;
    }
    /// Each component minus 1; the value before.
    int_4 operator--(int) {
        int_4 r = *this;
        --*this;
        return r;
    }
    /// Whether every component is equal.
    friend bool operator==(const int_4& a, const int_4& b) {
        return a.x == b.x && a.y == b.y && a.z == b.z && a.w == b.w;
    }
    /// Whether any component differs.
    friend bool operator!=(const int_4& a, const int_4& b) { return !(a == b); }
};

/// 2 components of unsigned int, AMP's uint_2.
class uint_2 {
  public:
    /// The type of a component.
    typedef unsigned int value_type;
    /// The number of components.
    static const int size = 2;
    /// The components, AMP's properties x, y ... (r, g ... through get_r() and friends).
    value_type x, y;

    /// Every component 0.
    uint_2() : x(0), y(0) {}
    /// Every component `v`.
    uint_2(value_type v) : x(v), y(v) {}
    /// The components in order.
    uint_2(value_type v0, value_type v1) : x(v0), y(v1) {}
    /// Each component of `o` converted (clamped, for norm and unorm).
    explicit uint_2(const int_2& o);
    /// Each component of `o` converted (clamped, for norm and unorm).
    explicit uint_2(const float_2& o);
    /// Each component of `o` converted (clamped, for norm and unorm).
    explicit uint_2(const double_2& o);
    /// Each component of `o` converted (clamped, for norm and unorm).
    explicit uint_2(const norm_2& o);
    /// Each component of `o` converted (clamped, for norm and unorm).
    explicit uint_2(const unorm_2& o);

    /// Component 0.
    value_type get_x() const { return x; }
    /// Sets component 0.
    void set_x(value_type v) { x = v; }
    /// Component 0, by reference.
    value_type& ref_x() { return x; }
    /// Component 0.
    value_type get_r() const { return x; }
    /// Sets component 0.
    void set_r(value_type v) { x = v; }
    /// Component 0, by reference.
    value_type& ref_r() { return x; }
    /// Component 1.
    value_type get_y() const { return y; }
    /// Sets component 1.
    void set_y(value_type v) { y = v; }
    /// Component 1, by reference.
    value_type& ref_y() { return y; }
    /// Component 1.
    value_type get_g() const { return y; }
    /// Sets component 1.
    void set_g(value_type v) { y = v; }
    /// Component 1, by reference.
    value_type& ref_g() { return y; }
    TILES_SWIZZLES_2(uint_2)

    /// Component by component.
    friend uint_2 operator+(const uint_2& a, const uint_2& b) { return uint_2(a.x + b.x, a.y + b.y); }
    /// Component by component.
    uint_2& operator+=(const uint_2& o) { return *this = *this + o; }
    /// Component by component.
    friend uint_2 operator-(const uint_2& a, const uint_2& b) { return uint_2(a.x - b.x, a.y - b.y); }
    /// Component by component.
    uint_2& operator-=(const uint_2& o) { return *this = *this - o; }
    /// Component by component.
    friend uint_2 operator*(const uint_2& a, const uint_2& b) { return uint_2(a.x * b.x, a.y * b.y); }
    /// Component by component.
    uint_2& operator*=(const uint_2& o) { return *this = *this * o; }
    /// Component by component.
    friend uint_2 operator/(const uint_2& a, const uint_2& b) { return uint_2(a.x / b.x, a.y / b.y); }
    /// Component by component.
    uint_2& operator/=(const uint_2& o) { return *this = *this / o; }
    /// Component by component.
    friend uint_2 operator%(const uint_2& a, const uint_2& b) { return uint_2(a.x % b.x, a.y % b.y); }
    /// Component by component.
    uint_2& operator%=(const uint_2& o) { return *this = *this % o; }
    /// Component by component.
    friend uint_2 operator&(const uint_2& a, const uint_2& b) { return uint_2(a.x & b.x, a.y & b.y); }
    /// Component by component.
    uint_2& operator&=(const uint_2& o) { return *this = *this & o; }
    /// Component by component.
    friend uint_2 operator|(const uint_2& a, const uint_2& b) { return uint_2(a.x | b.x, a.y | b.y); }
    /// Component by component.
    uint_2& operator|=(const uint_2& o) { return *this = *this | o; }
    /// Component by component.
    friend uint_2 operator^(const uint_2& a, const uint_2& b) { return uint_2(a.x ^ b.x, a.y ^ b.y); }
    /// Component by component.
    uint_2& operator^=(const uint_2& o) { return *this = *this ^ o; }
    /// Component by component.
    friend uint_2 operator<<(const uint_2& a, const uint_2& b) { return uint_2(a.x << b.x, a.y << b.y); }
    /// Component by component.
    uint_2& operator<<=(const uint_2& o) { return *this = *this << o; }
    /// Component by component.
    friend uint_2 operator>>(const uint_2& a, const uint_2& b) { return uint_2(a.x >> b.x, a.y >> b.y); }
    /// Component by component.
    uint_2& operator>>=(const uint_2& o) { return *this = *this >> o; }
    /// Each component's bits inverted.
    uint_2 operator~() const { return uint_2(~x, ~y); }
    /// Each component plus 1.
    uint_2& operator++() { return *this += uint_2(value_type(1)); }
    /// Each component minus 1.
    uint_2& operator--() { return *this -= uint_2(value_type(1)); }
    /// Each component plus 1; the value before.
    uint_2 operator++(int) {
        uint_2 r = *this;
        ++*this;
        return r;
    }
    /// Each component minus 1; the value before.
    uint_2 operator--(int) {
        uint_2 r = *this;
        --*this;
        return r;
    }
    /// Whether every component is equal.
    friend bool operator==(const uint_2& a, const uint_2& b) { return a.x == b.x && a.y == b.y; }
    /// Whether any component differs.
    friend bool operator!=(const uint_2& a, const uint_2& b) { return !(a == b); }
};

/// 3 components of unsigned int, AMP's uint_3.
class uint_3 {
  public:
    /// The type of a component.
    typedef unsigned int value_type;
    /// The number of components.
    static const int size = 3;
    /// The components, AMP's properties x, y ... (r, g ... through get_r() and friends).
    value_type x, y, z;

    /// Every component 0.
    uint_3() : x(0), y(0), z(0) {}
    /// Every component `v`.
    uint_3(value_type v) : x(v), y(v), z(v) {}
    /// The components in order.
    uint_3(value_type v0, value_type v1, value_type v2) : x(v0), y(v1), z(v2) {}
    /// Each component of `o` converted (clamped, for norm and unorm).
    explicit uint_3(const int_3& o);
    /// Each component of `o` converted (clamped, for norm and unorm).
    explicit uint_3(const float_3& o);
    /// Each component of `o` converted (clamped, for norm and unorm).
    explicit uint_3(const double_3& o);
    /// Each component of `o` converted (clamped, for norm and unorm).
    explicit uint_3(const norm_3& o);
    /// Each component of `o` converted (clamped, for norm and unorm).
    explicit uint_3(const unorm_3& o);

    /// Component 0.
    value_type get_x() const { return x; }
    /// Sets component 0.
    void set_x(value_type v) { x = v; }
    /// Component 0, by reference.
    value_type& ref_x() { return x; }
    /// Component 0.
    value_type get_r() const { return x; }
    /// Sets component 0.
    void set_r(value_type v) { x = v; }
    /// Component 0, by reference.
    value_type& ref_r() { return x; }
    /// Component 1.
    value_type get_y() const { return y; }
    /// Sets component 1.
    void set_y(value_type v) { y = v; }
    /// Component 1, by reference.
    value_type& ref_y() { return y; }
    /// Component 1.
    value_type get_g() const { return y; }
    /// Sets component 1.
    void set_g(value_type v) { y = v; }
    /// Component 1, by reference.
    value_type& ref_g() { return y; }
    /// Component 2.
    value_type get_z() const { return z; }
    /// Sets component 2.
    void set_z(value_type v) { z = v; }
    /// Component 2, by reference.
    value_type& ref_z() { return z; }
    /// Component 2.
    value_type get_b() const { return z; }
    /// Sets component 2.
    void set_b(value_type v) { z = v; }
    /// Component 2, by reference.
    value_type& ref_b() { return z; }
    TILES_SWIZZLES_3(uint_2, uint_3)

    /// Component by component.
    friend uint_3 operator+(const uint_3& a, const uint_3& b) { return uint_3(a.x + b.x, a.y + b.y, a.z + b.z); }
    /// Component by component.
    uint_3& operator+=(const uint_3& o) { return *this = *this + o; }
    /// Component by component.
    friend uint_3 operator-(const uint_3& a, const uint_3& b) { return uint_3(a.x - b.x, a.y - b.y, a.z - b.z); }
    /// Component by component.
    uint_3& operator-=(const uint_3& o) { return *this = *this - o; }
    /// Component by component.
    friend uint_3 operator*(const uint_3& a, const uint_3& b) { return uint_3(a.x * b.x, a.y * b.y, a.z * b.z); }
    /// Component by component.
    uint_3& operator*=(const uint_3& o) { return *this = *this * o; }
    /// Component by component.
    friend uint_3 operator/(const uint_3& a, const uint_3& b) { return uint_3(a.x / b.x, a.y / b.y, a.z / b.z); }
    /// Component by component.
    uint_3& operator/=(const uint_3& o) { return *this = *this / o; }
    /// Component by component.
    friend uint_3 operator%(const uint_3& a, const uint_3& b) { return uint_3(a.x % b.x, a.y % b.y, a.z % b.z); }
    /// Component by component.
    uint_3& operator%=(const uint_3& o) { return *this = *this % o; }
    /// Component by component.
    friend uint_3 operator&(const uint_3& a, const uint_3& b) { return uint_3(a.x & b.x, a.y & b.y, a.z & b.z); }
    /// Component by component.
    uint_3& operator&=(const uint_3& o) { return *this = *this & o; }
    /// Component by component.
    friend uint_3 operator|(const uint_3& a, const uint_3& b) { return uint_3(a.x | b.x, a.y | b.y, a.z | b.z); }
    /// Component by component.
    uint_3& operator|=(const uint_3& o) { return *this = *this | o; }
    /// Component by component.
    friend uint_3 operator^(const uint_3& a, const uint_3& b) { return uint_3(a.x ^ b.x, a.y ^ b.y, a.z ^ b.z); }
    /// Component by component.
    uint_3& operator^=(const uint_3& o) { return *this = *this ^ o; }
    /// Component by component.
    friend uint_3 operator<<(const uint_3& a, const uint_3& b) { return uint_3(a.x << b.x, a.y << b.y, a.z << b.z); }
    /// Component by component.
    uint_3& operator<<=(const uint_3& o) { return *this = *this << o; }
    /// Component by component.
    friend uint_3 operator>>(const uint_3& a, const uint_3& b) { return uint_3(a.x >> b.x, a.y >> b.y, a.z >> b.z); }
    /// Component by component.
    uint_3& operator>>=(const uint_3& o) { return *this = *this >> o; }
    /// Each component's bits inverted.
    uint_3 operator~() const { return uint_3(~x, ~y, ~z); }
    /// Each component plus 1.
    uint_3& operator++() { return *this += uint_3(value_type(1)); }
    /// Each component minus 1.
    uint_3& operator--() { return *this -= uint_3(value_type(1)); }
    /// Each component plus 1; the value before.
    uint_3 operator++(int) {
        uint_3 r = *this;
        ++*this;
        return r;
    }
    /// Each component minus 1; the value before.
    uint_3 operator--(int) {
        uint_3 r = *this;
        --*this;
        return r;
    }
    /// Whether every component is equal.
    friend bool operator==(const uint_3& a, const uint_3& b) { return a.x == b.x && a.y == b.y && a.z == b.z; }
    /// Whether any component differs.
    friend bool operator!=(const uint_3& a, const uint_3& b) { return !(a == b); }
};

/// 4 components of unsigned int, AMP's uint_4.
class uint_4 {
  public:
    /// The type of a component.
    typedef unsigned int value_type;
    /// The number of components.
    static const int size = 4;
    /// The components, AMP's properties x, y ... (r, g ... through get_r() and friends).
    value_type x, y, z, w;

    /// Every component 0.
    uint_4() : x(0), y(0), z(0), w(0) {}
    /// Every component `v`.
    uint_4(value_type v) : x(v), y(v), z(v), w(v) {}
    /// The components in order.
    uint_4(value_type v0, value_type v1, value_type v2, value_type v3) : x(v0), y(v1), z(v2), w(v3) {}
    /// Each component of `o` converted (clamped, for norm and unorm).
    explicit uint_4(const int_4& o);
    /// Each component of `o` converted (clamped, for norm and unorm).
    explicit uint_4(const float_4& o);
    /// Each component of `o` converted (clamped, for norm and unorm).
    explicit uint_4(const double_4& o);
    /// Each component of `o` converted (clamped, for norm and unorm).
    explicit uint_4(const norm_4& o);
    /// Each component of `o` converted (clamped, for norm and unorm).
    explicit uint_4(const unorm_4& o);

    /// Component 0.
    value_type get_x() const { return x; }
    /// Sets component 0.
    void set_x(value_type v) { x = v; }
    /// Component 0, by reference.
    value_type& ref_x() { return x; }
    /// Component 0.
    value_type get_r() const { return x; }
    /// Sets component 0.
    void set_r(value_type v) { x = v; }
    /// Component 0, by reference.
    value_type& ref_r() { return x; }
    /// Component 1.
    value_type get_y() const { return y; }
    /// Sets component 1.
    void set_y(value_type v) { y = v; }
    /// Component 1, by reference.
    value_type& ref_y() { return y; }
    /// Component 1.
    value_type get_g() const { return y; }
    /// Sets component 1.
    void set_g(value_type v) { y = v; }
    /// Component 1, by reference.
    value_type& ref_g() { return y; }
    /// Component 2.
    value_type get_z() const { return z; }
    /// Sets component 2.
    void set_z(value_type v) { z = v; }
    /// Component 2, by reference.
    value_type& ref_z() { return z; }
    /// Component 2.
    value_type get_b() const { return z; }
    /// Sets component 2.
    void set_b(value_type v) { z = v; }
    /// Component 2, by reference.
    value_type& ref_b() { return z; }
    /// Component 3.
    value_type get_w() const { return w; }
    /// Sets component 3.
    void set_w(value_type v) { w = v; }
    /// Component 3, by reference.
    value_type& ref_w() { return w; }
    /// Component 3.
    value_type get_a() const { return w; }
    /// Sets component 3.
    void set_a(value_type v) { w = v; }
    /// Component 3, by reference.
    value_type& ref_a() { return w; }
    TILES_SWIZZLES_4(uint_2, uint_3, uint_4)

    /// Component by component.
    friend uint_4 operator+(const uint_4& a, const uint_4& b) {
        return uint_4(a.x + b.x, a.y + b.y, a.z + b.z, a.w + b.w);
    }
    /// Component by component.
    uint_4& operator+=(const uint_4& o) { return *this = *this + o; }
    /// Component by component.
    friend uint_4 operator-(const uint_4& a, const uint_4& b) {
        return uint_4(a.x - b.x, a.y - b.y, a.z - b.z, a.w - b.w);
    }
    /// Component by component.
    uint_4& operator-=(const uint_4& o) { return *this = *this - o; }
    /// Component by component.
    friend uint_4 operator*(const uint_4& a, const uint_4& b) {
        return uint_4(a.x * b.x, a.y * b.y, a.z * b.z, a.w * b.w);
    }
    /// Component by component.
    uint_4& operator*=(const uint_4& o) { return *this = *this * o; }
    /// Component by component.
    friend uint_4 operator/(const uint_4& a, const uint_4& b) {
        return uint_4(a.x / b.x, a.y / b.y, a.z / b.z, a.w / b.w);
    }
    /// Component by component.
    uint_4& operator/=(const uint_4& o) { return *this = *this / o; }
    /// Component by component.
    friend uint_4 operator%(const uint_4& a, const uint_4& b) {
        return uint_4(a.x % b.x, a.y % b.y, a.z % b.z, a.w % b.w);
    }
    /// Component by component.
    uint_4& operator%=(const uint_4& o) { return *this = *this % o; }
    /// Component by component.
    friend uint_4 operator&(const uint_4& a, const uint_4& b) {
        return uint_4(a.x & b.x, a.y & b.y, a.z & b.z, a.w & b.w);
    }
    /// Component by component.
    uint_4& operator&=(const uint_4& o) { return *this = *this & o; }
    /// Component by component.
    friend uint_4 operator|(const uint_4& a, const uint_4& b) {
        return uint_4(a.x | b.x, a.y | b.y, a.z | b.z, a.w | b.w);
    }
    /// Component by component.
    uint_4& operator|=(const uint_4& o) { return *this = *this | o; }
    /// Component by component.
    friend uint_4 operator^(const uint_4& a, const uint_4& b) {
        return uint_4(a.x ^ b.x, a.y ^ b.y, a.z ^ b.z, a.w ^ b.w);
    }
    /// Component by component.
    uint_4& operator^=(const uint_4& o) { return *this = *this ^ o; }
    /// Component by component.
    friend uint_4 operator<<(const uint_4& a, const uint_4& b) {
        return uint_4(a.x << b.x, a.y << b.y, a.z << b.z, a.w << b.w);
    }
    /// Component by component.
    uint_4& operator<<=(const uint_4& o) { return *this = *this << o; }
    /// Component by component.
    friend uint_4 operator>>(const uint_4& a, const uint_4& b) {
        return uint_4(a.x >> b.x, a.y >> b.y, a.z >> b.z, a.w >> b.w);
    }
    /// Component by component.
    uint_4& operator>>=(const uint_4& o) { return *this = *this >> o; }
    /// Each component's bits inverted.
    uint_4 operator~() const { return uint_4(~x, ~y, ~z, ~w); }
    /// Each component plus 1.
    uint_4& operator++() { return *this += uint_4(value_type(1)); }
    /// Each component minus 1.
    uint_4& operator--() { return *this -= uint_4(value_type(1)); }
    /// Each component plus 1; the value before.
    uint_4 operator++(int) {
        uint_4 r = *this;
        ++*this;
        return r;
    }
    /// Each component minus 1; the value before.
    uint_4 operator--(int) {
        uint_4 r = *this;
        --*this;
        return r;
    }
    /// Whether every component is equal.
    friend bool operator==(const uint_4& a, const uint_4& b) {
        return a.x == b.x && a.y == b.y && a.z == b.z && a.w == b.w;
    }
    /// Whether any component differs.
    friend bool operator!=(const uint_4& a, const uint_4& b) { return !(a == b); }
};

/// 2 components of float, AMP's float_2.
class float_2 {
  public:
    /// The type of a component.
    typedef float value_type;
    /// The number of components.
    static const int size = 2;
    /// The components, AMP's properties x, y ... (r, g ... through get_r() and friends).
    value_type x, y;

    /// Every component 0.
    float_2() : x(0), y(0) {}
    /// Every component `v`.
    float_2(value_type v) : x(v), y(v) {}
    /// The components in order.
    float_2(value_type v0, value_type v1) : x(v0), y(v1) {}
    /// Each component of `o` converted (clamped, for norm and unorm).
    explicit float_2(const int_2& o);
    /// Each component of `o` converted (clamped, for norm and unorm).
    explicit float_2(const uint_2& o);
    /// Each component of `o` converted (clamped, for norm and unorm).
    explicit float_2(const double_2& o);
    /// Each component of `o` converted (clamped, for norm and unorm).
    explicit float_2(const norm_2& o);
    /// Each component of `o` converted (clamped, for norm and unorm).
    explicit float_2(const unorm_2& o);

    /// Component 0.
    value_type get_x() const { return x; }
    /// Sets component 0.
    void set_x(value_type v) { x = v; }
    /// Component 0, by reference.
    value_type& ref_x() { return x; }
    /// Component 0.
    value_type get_r() const { return x; }
    /// Sets component 0.
    void set_r(value_type v) { x = v; }
    /// Component 0, by reference.
    value_type& ref_r() { return x; }
    /// Component 1.
    value_type get_y() const { return y; }
    /// Sets component 1.
    void set_y(value_type v) { y = v; }
    /// Component 1, by reference.
    value_type& ref_y() { return y; }
    /// Component 1.
    value_type get_g() const { return y; }
    /// Sets component 1.
    void set_g(value_type v) { y = v; }
    /// Component 1, by reference.
    value_type& ref_g() { return y; }
    TILES_SWIZZLES_2(float_2)

    /// Component by component.
    friend float_2 operator+(const float_2& a, const float_2& b) { return float_2(a.x + b.x, a.y + b.y); }
    /// Component by component.
    float_2& operator+=(const float_2& o) { return *this = *this + o; }
    /// Component by component.
    friend float_2 operator-(const float_2& a, const float_2& b) { return float_2(a.x - b.x, a.y - b.y); }
    /// Component by component.
    float_2& operator-=(const float_2& o) { return *this = *this - o; }
    /// Component by component.
    friend float_2 operator*(const float_2& a, const float_2& b) { return float_2(a.x * b.x, a.y * b.y); }
    /// Component by component.
    float_2& operator*=(const float_2& o) { return *this = *this * o; }
    /// Component by component.
    friend float_2 operator/(const float_2& a, const float_2& b) { return float_2(a.x / b.x, a.y / b.y); }
    /// Component by component.
    float_2& operator/=(const float_2& o) { return *this = *this / o; }
    /// Each component negated.
    float_2 operator-() const { return float_2(-x, -y); }
    /// Each component plus 1.
    float_2& operator++() { return *this += float_2(value_type(1)); }
    /// Each component minus 1.
    float_2& operator--() { return *this -= float_2(value_type(1)); }
    /// Each component plus 1; the value before.
    float_2 operator++(int) {
        float_2 r = *this;
        ++*this;
        return r;
    }
    /// Each component minus 1; the value before.
    float_2 operator--(int) {
        float_2 r = *this;
        --*this;
        return r;
    }
    /// Whether every component is equal.
    friend bool operator==(const float_2& a, const float_2& b) { return a.x == b.x && a.y == b.y; }
    /// Whether any component differs.
    friend bool operator!=(const float_2& a, const float_2& b) { return !(a == b); }
};

/// 3 components of float, AMP's float_3.
class float_3 {
  public:
    /// The type of a component.
    typedef float value_type;
    /// The number of components.
    static const int size = 3;
    /// The components, AMP's properties x, y ... (r, g ... through get_r() and friends).
    value_type x, y, z;

    /// Every component 0.
    float_3() : x(0), y(0), z(0) {}
    /// Every component `v`.
    float_3(value_type v) : x(v), y(v), z(v) {}
    /// The components in order.
    float_3(value_type v0, value_type v1, value_type v2) : x(v0), y(v1), z(v2) {}
    /// Each component of `o` converted (clamped, for norm and unorm).
    explicit float_3(const int_3& o);
    /// Each component of `o` converted (clamped, for norm and unorm).
    explicit float_3(const uint_3& o);
    /// Each component of `o` converted (clamped, for norm and unorm).
    explicit float_3(const double_3& o);
    /// Each component of `o` converted (clamped, for norm and unorm).
    explicit float_3(const norm_3& o);
    /// Each component of `o` converted (clamped, for norm and unorm).
    explicit float_3(const unorm_3& o);

    /// Component 0.
    value_type get_x() const { return x; }
    /// Sets component 0.
    void set_x(value_type v) { x = v; }
    /// Component 0, by reference.
    value_type& ref_x() { return x; }
    /// Component 0.
    value_type get_r() const { return x; }
    /// Sets component 0.
    void set_r(value_type v) { x = v; }
    /// Component 0, by reference.
    value_type& ref_r() { return x; }
    /// Component 1.
    value_type get_y() const { return y; }
    /// Sets component 1.
    void set_y(value_type v) { y = v; }
    /// Component 1, by reference.
    value_type& ref_y() { return y; }
    /// Component 1.
    value_type get_g() const { return y; }
    /// Sets component 1.
    void set_g(value_type v) { y = v; }
    /// Component 1, by reference.
    value_type& ref_g() { return y; }
    /// Component 2.
    value_type get_z() const { return z; }
    /// Sets component 2.
    void set_z(value_type v) { z = v; }
    /// Component 2, by reference.
    value_type& ref_z() { return z; }
    /// Component 2.
    value_type get_b() const { return z; }
    /// Sets component 2.
    void set_b(value_type v) { z = v; }
    /// Component 2, by reference.
    value_type& ref_b() { return z; }
    TILES_SWIZZLES_3(float_2, float_3)

    /// Component by component.
    friend float_3 operator+(const float_3& a, const float_3& b) { return float_3(a.x + b.x, a.y + b.y, a.z + b.z); }
    /// Component by component.
    float_3& operator+=(const float_3& o) { return *this = *this + o; }
    /// Component by component.
    friend float_3 operator-(const float_3& a, const float_3& b) { return float_3(a.x - b.x, a.y - b.y, a.z - b.z); }
    /// Component by component.
    float_3& operator-=(const float_3& o) { return *this = *this - o; }
    /// Component by component.
    friend float_3 operator*(const float_3& a, const float_3& b) { return float_3(a.x * b.x, a.y * b.y, a.z * b.z); }
    /// Component by component.
    float_3& operator*=(const float_3& o) { return *this = *this * o; }
    /// Component by component.
    friend float_3 operator/(const float_3& a, const float_3& b) { return float_3(a.x / b.x, a.y / b.y, a.z / b.z); }
    /// Component by component.
    float_3& operator/=(const float_3& o) { return *this = *this / o; }
    /// Each component negated.
    float_3 operator-() const { return float_3(-x, -y, -z); }
    /// Each component plus 1.
    float_3& operator++() { return *this += float_3(value_type(1)); }
    /// Each component minus 1.
    float_3& operator--() { return *this -= float_3(value_type(1)); }
    /// Each component plus 1; the value before.
    float_3 operator++(int) {
        float_3 r = *this;
        ++*this;
        return r;
    }
    /// Each component minus 1; the value before.
    float_3 operator--(int) {
        float_3 r = *this;
        --*this;
        return r;
    }
    /// Whether every component is equal.
    friend bool operator==(const float_3& a, const float_3& b) { return a.x == b.x && a.y == b.y && a.z == b.z; }
    /// Whether any component differs.
    friend bool operator!=(const float_3& a, const float_3& b) { return !(a == b); }
};

/// 4 components of float, AMP's float_4.
class float_4 {
  public:
    /// The type of a component.
    typedef float value_type;
    /// The number of components.
    static const int size = 4;
    /// The components, AMP's properties x, y ... (r, g ... through get_r() and friends).
    value_type x, y, z, w;

    /// Every component 0.
    float_4() : x(0), y(0), z(0), w(0) {}
    /// Every component `v`.
    float_4(value_type v) : x(v), y(v), z(v), w(v) {}
    /// The components in order.
    float_4(value_type v0, value_type v1, value_type v2, value_type v3) : x(v0), y(v1), z(v2), w(v3) {}
    /// Each component of `o` converted (clamped, for norm and unorm).
    explicit float_4(const int_4& o);
    /// Each component of `o` converted (clamped, for norm and unorm).
    explicit float_4(const uint_4& o);
    /// Each component of `o` converted (clamped, for norm and unorm).
    explicit float_4(const double_4& o);
    /// Each component of `o` converted (clamped, for norm and unorm).
    explicit float_4(const norm_4& o);
    /// Each component of `o` converted (clamped, for norm and unorm).
    explicit float_4(const unorm_4& o);

    /// Component 0.
    value_type get_x() const { return x; }
    /// Sets component 0.
    void set_x(value_type v) { x = v; }
    /// Component 0, by reference.
    value_type& ref_x() { return x; }
    /// Component 0.
    value_type get_r() const { return x; }
    /// Sets component 0.
    void set_r(value_type v) { x = v; }
    /// Component 0, by reference.
    value_type& ref_r() { return x; }
    /// Component 1.
    value_type get_y() const { return y; }
    /// Sets component 1.
    void set_y(value_type v) { y = v; }
    /// Component 1, by reference.
    value_type& ref_y() { return y; }
    /// Component 1.
    value_type get_g() const { return y; }
    /// Sets component 1.
    void set_g(value_type v) { y = v; }
    /// Component 1, by reference.
    value_type& ref_g() { return y; }
    /// Component 2.
    value_type get_z() const { return z; }
    /// Sets component 2.
    void set_z(value_type v) { z = v; }
    /// Component 2, by reference.
    value_type& ref_z() { return z; }
    /// Component 2.
    value_type get_b() const { return z; }
    /// Sets component 2.
    void set_b(value_type v) { z = v; }
    /// Component 2, by reference.
    value_type& ref_b() { return z; }
    /// Component 3.
    value_type get_w() const { return w; }
    /// Sets component 3.
    void set_w(value_type v) { w = v; }
    /// Component 3, by reference.
    value_type& ref_w() { return w; }
    /// Component 3.
    value_type get_a() const { return w; }
    /// Sets component 3.
    void set_a(value_type v) { w = v; }
    /// Component 3, by reference.
    value_type& ref_a() { return w; }
    TILES_SWIZZLES_4(float_2, float_3, float_4)

    /// Component by component.
    friend float_4 operator+(const float_4& a, const float_4& b) {
        return float_4(a.x + b.x, a.y + b.y, a.z + b.z, a.w + b.w);
    }
    /// Component by component.
    float_4& operator+=(const float_4& o) { return *this = *this + o; }
    /// Component by component.
    friend float_4 operator-(const float_4& a, const float_4& b) {
        return float_4(a.x - b.x, a.y - b.y, a.z - b.z, a.w - b.w);
    }
    /// Component by component.
    float_4& operator-=(const float_4& o) { return *this = *this - o; }
    /// Component by component.
    friend float_4 operator*(const float_4& a, const float_4& b) {
        return float_4(a.x * b.x, a.y * b.y, a.z * b.z, a.w * b.w);
    }
    /// Component by component.
    float_4& operator*=(const float_4& o) { return *this = *this * o; }
    /// Component by component.
    friend float_4 operator/(const float_4& a, const float_4& b) {
        return float_4(a.x / b.x, a.y / b.y, a.z / b.z, a.w / b.w);
    }
    /// Component by component.
    float_4& operator/=(const float_4& o) { return *this = *this / o; }
    /// Each component negated.
    float_4 operator-() const { return float_4(-x, -y, -z, -w); }
    /// Each component plus 1.
    float_4& operator++() { return *this += float_4(value_type(1)); }
    /// Each component minus 1.
    float_4& operator--() { return *this -= float_4(value_type(1)); }
    /// Each component plus 1; the value before.
    float_4 operator++(int) {
        float_4 r = *this;
        ++*this;
        return r;
    }
    /// Each component minus 1; the value before.
    float_4 operator--(int) {
        float_4 r = *this;
        --*this;
        return r;
    }
    /// Whether every component is equal.
    friend bool operator==(const float_4& a, const float_4& b) {
        return a.x == b.x && a.y == b.y && a.z == b.z && a.w == b.w;
    }
    /// Whether any component differs.
    friend bool operator!=(const float_4& a, const float_4& b) { return !(a == b); }
};

/// 2 components of double, AMP's double_2.
class double_2 {
  public:
    /// The type of a component.
    typedef double value_type;
    /// The number of components.
    static const int size = 2;
    /// The components, AMP's properties x, y ... (r, g ... through get_r() and friends).
    value_type x, y;

    /// Every component 0.
    double_2() : x(0), y(0) {}
    /// Every component `v`.
    double_2(value_type v) : x(v), y(v) {}
    /// The components in order.
    double_2(value_type v0, value_type v1) : x(v0), y(v1) {}
    /// Each component of `o` converted (clamped, for norm and unorm).
    explicit double_2(const int_2& o);
    /// Each component of `o` converted (clamped, for norm and unorm).
    explicit double_2(const uint_2& o);
    /// Each component of `o` converted (clamped, for norm and unorm).
    explicit double_2(const float_2& o);
    /// Each component of `o` converted (clamped, for norm and unorm).
    explicit double_2(const norm_2& o);
    /// Each component of `o` converted (clamped, for norm and unorm).
    explicit double_2(const unorm_2& o);

    /// Component 0.
    value_type get_x() const { return x; }
    /// Sets component 0.
    void set_x(value_type v) { x = v; }
    /// Component 0, by reference.
    value_type& ref_x() { return x; }
    /// Component 0.
    value_type get_r() const { return x; }
    /// Sets component 0.
    void set_r(value_type v) { x = v; }
    /// Component 0, by reference.
    value_type& ref_r() { return x; }
    /// Component 1.
    value_type get_y() const { return y; }
    /// Sets component 1.
    void set_y(value_type v) { y = v; }
    /// Component 1, by reference.
    value_type& ref_y() { return y; }
    /// Component 1.
    value_type get_g() const { return y; }
    /// Sets component 1.
    void set_g(value_type v) { y = v; }
    /// Component 1, by reference.
    value_type& ref_g() { return y; }
    TILES_SWIZZLES_2(double_2)

    /// Component by component.
    friend double_2 operator+(const double_2& a, const double_2& b) { return double_2(a.x + b.x, a.y + b.y); }
    /// Component by component.
    double_2& operator+=(const double_2& o) { return *this = *this + o; }
    /// Component by component.
    friend double_2 operator-(const double_2& a, const double_2& b) { return double_2(a.x - b.x, a.y - b.y); }
    /// Component by component.
    double_2& operator-=(const double_2& o) { return *this = *this - o; }
    /// Component by component.
    friend double_2 operator*(const double_2& a, const double_2& b) { return double_2(a.x * b.x, a.y * b.y); }
    /// Component by component.
    double_2& operator*=(const double_2& o) { return *this = *this * o; }
    /// Component by component.
    friend double_2 operator/(const double_2& a, const double_2& b) { return double_2(a.x / b.x, a.y / b.y); }
    /// Component by component.
    double_2& operator/=(const double_2& o) { return *this = *this / o; }
    /// Each component negated.
    double_2 operator-() const { return double_2(-x, -y); }
    /// Each component plus 1.
    double_2& operator++() { return *this += double_2(value_type(1)); }
    /// Each component minus 1.
    double_2& operator--() { return *this -= double_2(value_type(1)); }
    /// Each component plus 1; the value before.
    double_2 operator++(int) {
        double_2 r = *this;
        ++*this;
        return r;
    }
    /// Each component minus 1; the value before.
    double_2 operator--(int) {
        double_2 r = *this;
        --*this;
        return r;
    }
    /// Whether every component is equal.
    friend bool operator==(const double_2& a, const double_2& b) { return a.x == b.x && a.y == b.y; }
    /// Whether any component differs.
    friend bool operator!=(const double_2& a, const double_2& b) { return !(a == b); }
};

/// 3 components of double, AMP's double_3.
class double_3 {
  public:
    /// The type of a component.
    typedef double value_type;
    /// The number of components.
    static const int size = 3;
    /// The components, AMP's properties x, y ... (r, g ... through get_r() and friends).
    value_type x, y, z;

    /// Every component 0.
    double_3() : x(0), y(0), z(0) {}
    /// Every component `v`.
    double_3(value_type v) : x(v), y(v), z(v) {}
    /// The components in order.
    double_3(value_type v0, value_type v1, value_type v2) : x(v0), y(v1), z(v2) {}
    /// Each component of `o` converted (clamped, for norm and unorm).
    explicit double_3(const int_3& o);
    /// Each component of `o` converted (clamped, for norm and unorm).
    explicit double_3(const uint_3& o);
    /// Each component of `o` converted (clamped, for norm and unorm).
    explicit double_3(const float_3& o);
    /// Each component of `o` converted (clamped, for norm and unorm).
    explicit double_3(const norm_3& o);
    /// Each component of `o` converted (clamped, for norm and unorm).
    explicit double_3(const unorm_3& o);

    /// Component 0.
    value_type get_x() const { return x; }
    /// Sets component 0.
    void set_x(value_type v) { x = v; }
    /// Component 0, by reference.
    value_type& ref_x() { return x; }
    /// Component 0.
    value_type get_r() const { return x; }
    /// Sets component 0.
    void set_r(value_type v) { x = v; }
    /// Component 0, by reference.
    value_type& ref_r() { return x; }
    /// Component 1.
    value_type get_y() const { return y; }
    /// Sets component 1.
    void set_y(value_type v) { y = v; }
    /// Component 1, by reference.
    value_type& ref_y() { return y; }
    /// Component 1.
    value_type get_g() const { return y; }
    /// Sets component 1.
    void set_g(value_type v) { y = v; }
    /// Component 1, by reference.
    value_type& ref_g() { return y; }
    /// Component 2.
    value_type get_z() const { return z; }
    /// Sets component 2.
    void set_z(value_type v) { z = v; }
    /// Component 2, by reference.
    value_type& ref_z() { return z; }
    /// Component 2.
    value_type get_b() const { return z; }
    /// Sets component 2.
    void set_b(value_type v) { z = v; }
    /// Component 2, by reference.
    value_type& ref_b() { return z; }
    TILES_SWIZZLES_3(double_2, double_3)

    /// Component by component.
    friend double_3 operator+(const double_3& a, const double_3& b) {
        return double_3(a.x + b.x, a.y + b.y, a.z + b.z);
    }
    /// Component by component.
    double_3& operator+=(const double_3& o) { return *this = *this + o; }
    /// Component by component.
    friend double_3 operator-(const double_3& a, const double_3& b) {
        return double_3(a.x - b.x, a.y - b.y, a.z - b.z);
    }
    /// Component by component.
    double_3& operator-=(const double_3& o) { return *this = *this - o; }
    /// Component by component.
    friend double_3 operator*(const double_3& a, const double_3& b) {
        return double_3(a.x * b.x, a.y * b.y, a.z * b.z);
    }
    /// Component by component.
    double_3& operator*=(const double_3& o) { return *this = *this * o; }
    /// Component by component.
    friend double_3 operator/(const double_3& a, const double_3& b) {
        return double_3(a.x / b.x, a.y / b.y, a.z / b.z);
    }
    /// Component by component.
    double_3& operator/=(const double_3& o) { return *this = *this / o; }
    /// Each component negated.
    double_3 operator-() const { return double_3(-x, -y, -z); }
    /// Each component plus 1.
    double_3& operator++() { return *this += double_3(value_type(1)); }
    /// Each component minus 1.
    double_3& operator--() { return *this -= double_3(value_type(1)); }
    /// Each component plus 1; the value before.
    double_3 operator++(int) {
        double_3 r = *this;
        ++*this;
        return r;
    }
    /// Each component minus 1; the value before.
    double_3 operator--(int) {
        double_3 r = *this;
        --*this;
        return r;
    }
    /// Whether every component is equal.
    friend bool operator==(const double_3& a, const double_3& b) { return a.x == b.x && a.y == b.y && a.z == b.z; }
    /// Whether any component differs.
    friend bool operator!=(const double_3& a, const double_3& b) { return !(a == b); }
};

/// 4 components of double, AMP's double_4.
class double_4 {
  public:
    /// The type of a component.
    typedef double value_type;
    /// The number of components.
    static const int size = 4;
    /// The components, AMP's properties x, y ... (r, g ... through get_r() and friends).
    value_type x, y, z, w;

    /// Every component 0.
    double_4() : x(0), y(0), z(0), w(0) {}
    /// Every component `v`.
    double_4(value_type v) : x(v), y(v), z(v), w(v) {}
    /// The components in order.
    double_4(value_type v0, value_type v1, value_type v2, value_type v3) : x(v0), y(v1), z(v2), w(v3) {}
    /// Each component of `o` converted (clamped, for norm and unorm).
    explicit double_4(const int_4& o);
    /// Each component of `o` converted (clamped, for norm and unorm).
    explicit double_4(const uint_4& o);
    /// Each component of `o` converted (clamped, for norm and unorm).
    explicit double_4(const float_4& o);
    /// Each component of `o` converted (clamped, for norm and unorm).
    explicit double_4(const norm_4& o);
    /// Each component of `o` converted (clamped, for norm and unorm).
    explicit double_4(const unorm_4& o);

    /// Component 0.
    value_type get_x() const { return x; }
    /// Sets component 0.
    void set_x(value_type v) { x = v; }
    /// Component 0, by reference.
    value_type& ref_x() { return x; }
    /// Component 0.
    value_type get_r() const { return x; }
    /// Sets component 0.
    void set_r(value_type v) { x = v; }
    /// Component 0, by reference.
    value_type& ref_r() { return x; }
    /// Component 1.
    value_type get_y() const { return y; }
    /// Sets component 1.
    void set_y(value_type v) { y = v; }
    /// Component 1, by reference.
    value_type& ref_y() { return y; }
    /// Component 1.
    value_type get_g() const { return y; }
    /// Sets component 1.
    void set_g(value_type v) { y = v; }
    /// Component 1, by reference.
    value_type& ref_g() { return y; }
    /// Component 2.
    value_type get_z() const { return z; }
    /// Sets component 2.
    void set_z(value_type v) { z = v; }
    /// Component 2, by reference.
    value_type& ref_z() { return z; }
    /// Component 2.
    value_type get_b() const { return z; }
    /// Sets component 2.
    void set_b(value_type v) { z = v; }
    /// Component 2, by reference.
    value_type& ref_b() { return z; }
    /// Component 3.
    value_type get_w() const { return w; }
    /// Sets component 3.
    void set_w(value_type v) { w = v; }
    /// Component 3, by reference.
    value_type& ref_w() { return w; }
    /// Component 3.
    value_type get_a() const { return w; }
    /// Sets component 3.
    void set_a(value_type v) { w = v; }
    /// Component 3, by reference.
    value_type& ref_a() { return w; }
    TILES_SWIZZLES_4(double_2, double_3, double_4)

    /// Component by component.
    friend double_4 operator+(const double_4& a, const double_4& b) {
        return double_4(a.x + b.x, a.y + b.y, a.z + b.z, a.w + b.w);
    }
    /// Component by component.
    double_4& operator+=(const double_4& o) { return *this = *this + o; }
    /// Component by component.
    friend double_4 operator-(const double_4& a, const double_4& b) {
        return double_4(a.x - b.x, a.y - b.y, a.z - b.z, a.w - b.w);
    }
    /// Component by component.
    double_4& operator-=(const double_4& o) { return *this = *this - o; }
    /// Component by component.
    friend double_4 operator*(const double_4& a, const double_4& b) {
        return double_4(a.x * b.x, a.y * b.y, a.z * b.z, a.w * b.w);
    }
    /// Component by component.
    double_4& operator*=(const double_4& o) { return *this = *this * o; }
    /// Component by component.
    friend double_4 operator/(const double_4& a, const double_4& b) {
        return double_4(a.x / b.x, a.y / b.y, a.z / b.z, a.w / b.w);
    }
    /// Component by component.
    double_4& operator/=(const double_4& o) { return *this = *this / o; }
    /// Each component negated.
    double_4 operator-() const { return double_4(-x, -y, -z, -w); }
    /// Each component plus 1.
    double_4& operator++() { return *this += double_4(value_type(1)); }
    /// Each component minus 1.
    double_4& operator--() { return *this -= double_4(value_type(1)); }
    /// Each component plus 1; the value before.
    double_4 operator++(int) {
        double_4 r = *this;
        ++*this;
        return r;
    }
    /// Each component minus 1; the value before.
    double_4 operator--(int) {
        double_4 r = *this;
        --*this;
        return r;
    }
    /// Whether every component is equal.
    friend bool operator==(const double_4& a, const double_4& b) {
        return a.x == b.x && a.y == b.y && a.z == b.z && a.w == b.w;
    }
    /// Whether any component differs.
    friend bool operator!=(const double_4& a, const double_4& b) { return !(a == b); }
};

/// 2 components of norm, AMP's norm_2.
class norm_2 {
  public:
    /// The type of a component.
    typedef norm value_type;
    /// The number of components.
    static const int size = 2;
    /// The components, AMP's properties x, y ... (r, g ... through get_r() and friends).
    value_type x, y;

    /// Every component 0.
    norm_2() : x(0), y(0) {}
    /// Every component `v`.
    norm_2(value_type v) : x(v), y(v) {}
    /// The components in order.
    norm_2(value_type v0, value_type v1) : x(v0), y(v1) {}
    /// Every component `v`, clamped.
    explicit norm_2(float v) : x(v), y(v) {}
    /// The components in order, clamped.
    explicit norm_2(float v0, float v1) : x(v0), y(v1) {}
    /// Each component of `o` converted (clamped, for norm and unorm).
    explicit norm_2(const int_2& o);
    /// Each component of `o` converted (clamped, for norm and unorm).
    explicit norm_2(const uint_2& o);
    /// Each component of `o` converted (clamped, for norm and unorm).
    explicit norm_2(const float_2& o);
    /// Each component of `o` converted (clamped, for norm and unorm).
    explicit norm_2(const double_2& o);
    /// Each component of `o` converted (clamped, for norm and unorm).
    explicit norm_2(const unorm_2& o);

    /// Component 0.
    value_type get_x() const { return x; }
    /// Sets component 0.
    void set_x(value_type v) { x = v; }
    /// Component 0, by reference.
    value_type& ref_x() { return x; }
    /// Component 0.
    value_type get_r() const { return x; }
    /// Sets component 0.
    void set_r(value_type v) { x = v; }
    /// Component 0, by reference.
    value_type& ref_r() { return x; }
    /// Component 1.
    value_type get_y() const { return y; }
    /// Sets component 1.
    void set_y(value_type v) { y = v; }
    /// Component 1, by reference.
    value_type& ref_y() { return y; }
    /// Component 1.
    value_type get_g() const { return y; }
    /// Sets component 1.
    void set_g(value_type v) { y = v; }
    /// Component 1, by reference.
    value_type& ref_g() { return y; }
    TILES_SWIZZLES_2(norm_2)

    /// Component by component.
    friend norm_2 operator+(const norm_2& a, const norm_2& b) { return norm_2(a.x + b.x, a.y + b.y); }
    /// Component by component.
    norm_2& operator+=(const norm_2& o) { return *this = *this + o; }
    /// Component by component.
    friend norm_2 operator-(const norm_2& a, const norm_2& b) { return norm_2(a.x - b.x, a.y - b.y); }
    /// Component by component.
    norm_2& operator-=(const norm_2& o) { return *this = *this - o; }
    /// Component by component.
    friend norm_2 operator*(const norm_2& a, const norm_2& b) { return norm_2(a.x * b.x, a.y * b.y); }
    /// Component by component.
    norm_2& operator*=(const norm_2& o) { return *this = *this * o; }
    /// Component by component.
    friend norm_2 operator/(const norm_2& a, const norm_2& b) { return norm_2(a.x / b.x, a.y / b.y); }
    /// Component by component.
    norm_2& operator/=(const norm_2& o) { return *this = *this / o; }
    /// Each component negated.
    norm_2 operator-() const { return norm_2(-x, -y); }
    /// Each component plus 1.
    norm_2& operator++() { return *this += norm_2(value_type(1.0f)); }
    /// Each component minus 1.
    norm_2& operator--() { return *this -= norm_2(value_type(1.0f)); }
    /// Each component plus 1; the value before.
    norm_2 operator++(int) {
        norm_2 r = *this;
        ++*this;
        return r;
    }
    /// Each component minus 1; the value before.
    norm_2 operator--(int) {
        norm_2 r = *this;
        --*this;
        return r;
    }
    /// Whether every component is equal.
    friend bool operator==(const norm_2& a, const norm_2& b) { return a.x == b.x && a.y == b.y; }
    /// Whether any component differs.
    friend bool operator!=(const norm_2& a, const norm_2& b) { return !(a == b); }
};

/// 3 components of norm, AMP's norm_3.
class norm_3 {
  public:
    /// The type of a component.
    typedef norm value_type;
    /// The number of components.
    static const int size = 3;
    /// The components, AMP's properties x, y ... (r, g ... through get_r() and friends).
    value_type x, y, z;

    /// Every component 0.
    norm_3() : x(0), y(0), z(0) {}
    /// Every component `v`.
    norm_3(value_type v) : x(v), y(v), z(v) {}
    /// The components in order.
    norm_3(value_type v0, value_type v1, value_type v2) : x(v0), y(v1), z(v2) {}
    /// Every component `v`, clamped.
    explicit norm_3(float v) : x(v), y(v), z(v) {}
    /// The components in order, clamped.
    explicit norm_3(float v0, float v1, float v2) : x(v0), y(v1), z(v2) {}
    /// Each component of `o` converted (clamped, for norm and unorm).
    explicit norm_3(const int_3& o);
    /// Each component of `o` converted (clamped, for norm and unorm).
    explicit norm_3(const uint_3& o);
    /// Each component of `o` converted (clamped, for norm and unorm).
    explicit norm_3(const float_3& o);
    /// Each component of `o` converted (clamped, for norm and unorm).
    explicit norm_3(const double_3& o);
    /// Each component of `o` converted (clamped, for norm and unorm).
    explicit norm_3(const unorm_3& o);

    /// Component 0.
    value_type get_x() const { return x; }
    /// Sets component 0.
    void set_x(value_type v) { x = v; }
    /// Component 0, by reference.
    value_type& ref_x() { return x; }
    /// Component 0.
    value_type get_r() const { return x; }
    /// Sets component 0.
    void set_r(value_type v) { x = v; }
    /// Component 0, by reference.
    value_type& ref_r() { return x; }
    /// Component 1.
    value_type get_y() const { return y; }
    /// Sets component 1.
    void set_y(value_type v) { y = v; }
    /// Component 1, by reference.
    value_type& ref_y() { return y; }
    /// Component 1.
    value_type get_g() const { return y; }
    /// Sets component 1.
    void set_g(value_type v) { y = v; }
    /// Component 1, by reference.
    value_type& ref_g() { return y; }
    /// Component 2.
    value_type get_z() const { return z; }
    /// Sets component 2.
    void set_z(value_type v) { z = v; }
    /// Component 2, by reference.
    value_type& ref_z() { return z; }
    /// Component 2.
    value_type get_b() const { return z; }
    /// Sets component 2.
    void set_b(value_type v) { z = v; }
    /// Component 2, by reference.
    value_type& ref_b() { return z; }
    TILES_SWIZZLES_3(norm_2, norm_3)

    /// Component by component.
    friend norm_3 operator+(const norm_3& a, const norm_3& b) { return norm_3(a.x + b.x, a.y + b.y, a.z + b.z); }
    /// Component by component.
    norm_3& operator+=(const norm_3& o) { return *this = *this + o; }
    /// Component by component.
    friend norm_3 operator-(const norm_3& a, const norm_3& b) { return norm_3(a.x - b.x, a.y - b.y, a.z - b.z); }
    /// Component by component.
    norm_3& operator-=(const norm_3& o) { return *this = *this - o; }
    /// Component by component.
    friend norm_3 operator*(const norm_3& a, const norm_3& b) { return norm_3(a.x * b.x, a.y * b.y, a.z * b.z); }
    /// Component by component.
    norm_3& operator*=(const norm_3& o) { return *this = *this * o; }
    /// Component by component.
    friend norm_3 operator/(const norm_3& a, const norm_3& b) { return norm_3(a.x / b.x, a.y / b.y, a.z / b.z); }
    /// Component by component.
    norm_3& operator/=(const norm_3& o) { return *this = *this / o; }
    /// Each component negated.
    norm_3 operator-() const { return norm_3(-x, -y, -z); }
    /// Each component plus 1.
    norm_3& operator++() { return *this += norm_3(value_type(1.0f)); }
    /// Each component minus 1.
    norm_3& operator--() { return *this -= norm_3(value_type(1.0f)); }
    /// Each component plus 1; the value before.
    norm_3 operator++(int) {
        norm_3 r = *this;
        ++*this;
        return r;
    }
    /// Each component minus 1; the value before.
    norm_3 operator--(int) {
        norm_3 r = *this;
        --*this;
        return r;
    }
    /// Whether every component is equal.
    friend bool operator==(const norm_3& a, const norm_3& b) { return a.x == b.x && a.y == b.y && a.z == b.z; }
    /// Whether any component differs.
    friend bool operator!=(const norm_3& a, const norm_3& b) { return !(a == b); }
};

/// 4 components of norm, AMP's norm_4.
class norm_4 {
  public:
    /// The type of a component.
    typedef norm value_type;
    /// The number of components.
    static const int size = 4;
    /// The components, AMP's properties x, y ... (r, g ... through get_r() and friends).
    value_type x, y, z, w;

    /// Every component 0.
    norm_4() : x(0), y(0), z(0), w(0) {}
    /// Every component `v`.
    norm_4(value_type v) : x(v), y(v), z(v), w(v) {}
    /// The components in order.
    norm_4(value_type v0, value_type v1, value_type v2, value_type v3) : x(v0), y(v1), z(v2), w(v3) {}
    /// Every component `v`, clamped.
    explicit norm_4(float v) : x(v), y(v), z(v), w(v) {}
    /// The components in order, clamped.
    explicit norm_4(float v0, float v1, float v2, float v3) : x(v0), y(v1), z(v2), w(v3) {}
    /// Each component of `o` converted (clamped, for norm and unorm).
    explicit norm_4(const int_4& o);
    /// Each component of `o` converted (clamped, for norm and unorm).
    explicit norm_4(const uint_4& o);
    /// Each component of `o` converted (clamped, for norm and unorm).
    explicit norm_4(const float_4& o);
    /// Each component of `o` converted (clamped, for norm and unorm).
    explicit norm_4(const double_4& o);
    /// Each component of `o` converted (clamped, for norm and unorm).
    explicit norm_4(const unorm_4& o);

    /// Component 0.
    value_type get_x() const { return x; }
    /// Sets component 0.
    void set_x(value_type v) { x = v; }
    /// Component 0, by reference.
    value_type& ref_x() { return x; }
    /// Component 0.
    value_type get_r() const { return x; }
    /// Sets component 0.
    void set_r(value_type v) { x = v; }
    /// Component 0, by reference.
    value_type& ref_r() { return x; }
    /// Component 1.
    value_type get_y() const { return y; }
    /// Sets component 1.
    void set_y(value_type v) { y = v; }
    /// Component 1, by reference.
    value_type& ref_y() { return y; }
    /// Component 1.
    value_type get_g() const { return y; }
    /// Sets component 1.
    void set_g(value_type v) { y = v; }
    /// Component 1, by reference.
    value_type& ref_g() { return y; }
    /// Component 2.
    value_type get_z() const { return z; }
    /// Sets component 2.
    void set_z(value_type v) { z = v; }
    /// Component 2, by reference.
    value_type& ref_z() { return z; }
    /// Component 2.
    value_type get_b() const { return z; }
    /// Sets component 2.
    void set_b(value_type v) { z = v; }
    /// Component 2, by reference.
    value_type& ref_b() { return z; }
    /// Component 3.
    value_type get_w() const { return w; }
    /// Sets component 3.
    void set_w(value_type v) { w = v; }
    /// Component 3, by reference.
    value_type& ref_w() { return w; }
    /// Component 3.
    value_type get_a() const { return w; }
    /// Sets component 3.
    void set_a(value_type v) { w = v; }
    /// Component 3, by reference.
    value_type& ref_a() { return w; }
    TILES_SWIZZLES_4(norm_2, norm_3, norm_4)

    /// Component by component.
    friend norm_4 operator+(const norm_4& a, const norm_4& b) {
        return norm_4(a.x + b.x, a.y + b.y, a.z + b.z, a.w + b.w);
    }
    /// Component by component.
    norm_4& operator+=(const norm_4& o) { return *this = *this + o; }
    /// Component by component.
    friend norm_4 operator-(const norm_4& a, const norm_4& b) {
        return norm_4(a.x - b.x, a.y - b.y, a.z - b.z, a.w - b.w);
    }
    /// Component by component.
    norm_4& operator-=(const norm_4& o) { return *this = *this - o; }
    /// Component by component.
    friend norm_4 operator*(const norm_4& a, const norm_4& b) {
        return norm_4(a.x * b.x, a.y * b.y, a.z * b.z, a.w * b.w);
    }
    /// Component by component.
    norm_4& operator*=(const norm_4& o) { return *this = *this * o; }
    /// Component by component.
    friend norm_4 operator/(const norm_4& a, const norm_4& b) {
        return norm_4(a.x / b.x, a.y / b.y, a.z / b.z, a.w / b.w);
    }
    /// Component by component.
    norm_4& operator/=(const norm_4& o) { return *this = *this / o; }
    /// Each component negated.
    norm_4 operator-() const { return norm_4(-x, -y, -z, -w); }
    /// Each component plus 1.
    norm_4& operator++() { return *this += norm_4(value_type(1.0f)); }
    /// Each component minus 1.
    norm_4& operator--() { return *this -= norm_4(value_type(1.0f)); }
    /// Each component plus 1; the value before.
    norm_4 operator++(int) {
        norm_4 r = *this;
        ++*this;
        return r;
    }
    /// Each component minus 1; the value before.
    norm_4 operator--(int) {
        norm_4 r = *this;
        --*this;
        return r;
    }
    /// Whether every component is equal.
    friend bool operator==(const norm_4& a, const norm_4& b) {
        return a.x == b.x && a.y == b.y && a.z == b.z && a.w == b.w;
    }
    /// Whether any component differs.
    friend bool operator!=(const norm_4& a, const norm_4& b) { return !(a == b); }
};

/// 2 components of unorm, AMP's unorm_2.
class unorm_2 {
  public:
    /// The type of a component.
    typedef unorm value_type;
    /// The number of components.
    static const int size = 2;
    /// The components, AMP's properties x, y ... (r, g ... through get_r() and friends).
    value_type x, y;

    /// Every component 0.
    unorm_2() : x(0), y(0) {}
    /// Every component `v`.
    unorm_2(value_type v) : x(v), y(v) {}
    /// The components in order.
    unorm_2(value_type v0, value_type v1) : x(v0), y(v1) {}
    /// Every component `v`, clamped.
    explicit unorm_2(float v) : x(v), y(v) {}
    /// The components in order, clamped.
    explicit unorm_2(float v0, float v1) : x(v0), y(v1) {}
    /// Each component of `o` converted (clamped, for norm and unorm).
    explicit unorm_2(const int_2& o);
    /// Each component of `o` converted (clamped, for norm and unorm).
    explicit unorm_2(const uint_2& o);
    /// Each component of `o` converted (clamped, for norm and unorm).
    explicit unorm_2(const float_2& o);
    /// Each component of `o` converted (clamped, for norm and unorm).
    explicit unorm_2(const double_2& o);
    /// Each component of `o` converted (clamped, for norm and unorm).
    explicit unorm_2(const norm_2& o);

    /// Component 0.
    value_type get_x() const { return x; }
    /// Sets component 0.
    void set_x(value_type v) { x = v; }
    /// Component 0, by reference.
    value_type& ref_x() { return x; }
    /// Component 0.
    value_type get_r() const { return x; }
    /// Sets component 0.
    void set_r(value_type v) { x = v; }
    /// Component 0, by reference.
    value_type& ref_r() { return x; }
    /// Component 1.
    value_type get_y() const { return y; }
    /// Sets component 1.
    void set_y(value_type v) { y = v; }
    /// Component 1, by reference.
    value_type& ref_y() { return y; }
    /// Component 1.
    value_type get_g() const { return y; }
    /// Sets component 1.
    void set_g(value_type v) { y = v; }
    /// Component 1, by reference.
    value_type& ref_g() { return y; }
    TILES_SWIZZLES_2(unorm_2)

    /// Component by component.
    friend unorm_2 operator+(const unorm_2& a, const unorm_2& b) { return unorm_2(a.x + b.x, a.y + b.y); }
    /// Component by component.
    unorm_2& operator+=(const unorm_2& o) { return *this = *this + o; }
    /// Component by component.
    friend unorm_2 operator-(const unorm_2& a, const unorm_2& b) { return unorm_2(a.x - b.x, a.y - b.y); }
    /// Component by component.
    unorm_2& operator-=(const unorm_2& o) { return *this = *this - o; }
    /// Component by component.
    friend unorm_2 operator*(const unorm_2& a, const unorm_2& b) { return unorm_2(a.x * b.x, a.y * b.y); }
    /// Component by component.
    unorm_2& operator*=(const unorm_2& o) { return *this = *this * o; }
    /// Component by component.
    friend unorm_2 operator/(const unorm_2& a, const unorm_2& b) { return unorm_2(a.x / b.x, a.y / b.y); }
    /// Component by component.
    unorm_2& operator/=(const unorm_2& o) { return *this = *this / o; }
    /// Each component plus 1.
    unorm_2& operator++() { return *this += unorm_2(value_type(1.0f)); }
    /// Each component minus 1.
    unorm_2& operator--() { return *this -= unorm_2(value_type(1.0f)); }
    /// Each component plus 1; the value before.
    unorm_2 operator++(int) {
        unorm_2 r = *this;
        ++*this;
        return r;
    }
    /// Each component minus 1; the value before.
    unorm_2 operator--(int) {
        unorm_2 r = *this;
        --*this;
        return r;
    }
    /// Whether every component is equal.
    friend bool operator==(const unorm_2& a, const unorm_2& b) { return a.x == b.x && a.y == b.y; }
    /// Whether any component differs.
    friend bool operator!=(const unorm_2& a, const unorm_2& b) { return !(a == b); }
};

/// 3 components of unorm, AMP's unorm_3.
class unorm_3 {
  public:
    /// The type of a component.
    typedef unorm value_type;
    /// The number of components.
    static const int size = 3;
    /// The components, AMP's properties x, y ... (r, g ... through get_r() and friends).
    value_type x, y, z;

    /// Every component 0.
    unorm_3() : x(0), y(0), z(0) {}
    /// Every component `v`.
    unorm_3(value_type v) : x(v), y(v), z(v) {}
    /// The components in order.
    unorm_3(value_type v0, value_type v1, value_type v2) : x(v0), y(v1), z(v2) {}
    /// Every component `v`, clamped.
    explicit unorm_3(float v) : x(v), y(v), z(v) {}
    /// The components in order, clamped.
    explicit unorm_3(float v0, float v1, float v2) : x(v0), y(v1), z(v2) {}
    /// Each component of `o` converted (clamped, for norm and unorm).
    explicit unorm_3(const int_3& o);
    /// Each component of `o` converted (clamped, for norm and unorm).
    explicit unorm_3(const uint_3& o);
    /// Each component of `o` converted (clamped, for norm and unorm).
    explicit unorm_3(const float_3& o);
    /// Each component of `o` converted (clamped, for norm and unorm).
    explicit unorm_3(const double_3& o);
    /// Each component of `o` converted (clamped, for norm and unorm).
    explicit unorm_3(const norm_3& o);

    /// Component 0.
    value_type get_x() const { return x; }
    /// Sets component 0.
    void set_x(value_type v) { x = v; }
    /// Component 0, by reference.
    value_type& ref_x() { return x; }
    /// Component 0.
    value_type get_r() const { return x; }
    /// Sets component 0.
    void set_r(value_type v) { x = v; }
    /// Component 0, by reference.
    value_type& ref_r() { return x; }
    /// Component 1.
    value_type get_y() const { return y; }
    /// Sets component 1.
    void set_y(value_type v) { y = v; }
    /// Component 1, by reference.
    value_type& ref_y() { return y; }
    /// Component 1.
    value_type get_g() const { return y; }
    /// Sets component 1.
    void set_g(value_type v) { y = v; }
    /// Component 1, by reference.
    value_type& ref_g() { return y; }
    /// Component 2.
    value_type get_z() const { return z; }
    /// Sets component 2.
    void set_z(value_type v) { z = v; }
    /// Component 2, by reference.
    value_type& ref_z() { return z; }
    /// Component 2.
    value_type get_b() const { return z; }
    /// Sets component 2.
    void set_b(value_type v) { z = v; }
    /// Component 2, by reference.
    value_type& ref_b() { return z; }
    TILES_SWIZZLES_3(unorm_2, unorm_3)

    /// Component by component.
    friend unorm_3 operator+(const unorm_3& a, const unorm_3& b) { return unorm_3(a.x + b.x, a.y + b.y, a.z + b.z); }
    /// Component by component.
    unorm_3& operator+=(const unorm_3& o) { return *this = *this + o; }
    /// Component by component.
    friend unorm_3 operator-(const unorm_3& a, const unorm_3& b) { return unorm_3(a.x - b.x, a.y - b.y, a.z - b.z); }
    /// Component by component.
    unorm_3& operator-=(const unorm_3& o) { return *this = *this - o; }
    /// Component by component.
    friend unorm_3 operator*(const unorm_3& a, const unorm_3& b) { return unorm_3(a.x * b.x, a.y * b.y, a.z * b.z); }
    /// Component by component.
    unorm_3& operator*=(const unorm_3& o) { return *this = *this * o; }
    /// Component by component.
    friend unorm_3 operator/(const unorm_3& a, const unorm_3& b) { return unorm_3(a.x / b.x, a.y / b.y, a.z / b.z); }
    /// Component by component.
    unorm_3& operator/=(const unorm_3& o) { return *this = *this / o; }
    /// Each component plus 1.
    unorm_3& operator++() { return *this += unorm_3(value_type(1.0f)); }
    /// Each component minus 1.
    unorm_3& operator--() { return *this -= unorm_3(value_type(1.0f)); }
    /// Each component plus 1; the value before.
    unorm_3 operator++(int) {
        unorm_3 r = *this;
        ++*this;
        return r;
    }
    /// Each component minus 1; the value before.
    unorm_3 operator--(int) {
        unorm_3 r = *this;
        --*this;
        return r;
    }
    /// Whether every component is equal.
    friend bool operator==(const unorm_3& a, const unorm_3& b) { return a.x == b.x && a.y == b.y && a.z == b.z; }
    /// Whether any component differs.
    friend bool operator!=(const unorm_3& a, const unorm_3& b) { return !(a == b); }
};

/// 4 components of unorm, AMP's unorm_4.
class unorm_4 {
  public:
    /// The type of a component.
    typedef unorm value_type;
    /// The number of components.
    static const int size = 4;
    /// The components, AMP's properties x, y ... (r, g ... through get_r() and friends).
    value_type x, y, z, w;

    /// Every component 0.
    unorm_4() : x(0), y(0), z(0), w(0) {}
    /// Every component `v`.
    unorm_4(value_type v) : x(v), y(v), z(v), w(v) {}
    /// The components in order.
    unorm_4(value_type v0, value_type v1, value_type v2, value_type v3) : x(v0), y(v1), z(v2), w(v3) {}
    /// Every component `v`, clamped.
    explicit unorm_4(float v) : x(v), y(v), z(v), w(v) {}
    /// The components in order, clamped.
    explicit unorm_4(float v0, float v1, float v2, float v3) : x(v0), y(v1), z(v2), w(v3) {}
    /// Each component of `o` converted (clamped, for norm and unorm).
    explicit unorm_4(const int_4& o);
    /// Each component of `o` converted (clamped, for norm and unorm).
    explicit unorm_4(const uint_4& o);
    /// Each component of `o` converted (clamped, for norm and unorm).
    explicit unorm_4(const float_4& o);
    /// Each component of `o` converted (clamped, for norm and unorm).
    explicit unorm_4(const double_4& o);
    /// Each component of `o` converted (clamped, for norm and unorm).
    explicit unorm_4(const norm_4& o);

    /// Component 0.
    value_type get_x() const { return x; }
    /// Sets component 0.
    void set_x(value_type v) { x = v; }
    /// Component 0, by reference.
    value_type& ref_x() { return x; }
    /// Component 0.
    value_type get_r() const { return x; }
    /// Sets component 0.
    void set_r(value_type v) { x = v; }
    /// Component 0, by reference.
    value_type& ref_r() { return x; }
    /// Component 1.
    value_type get_y() const { return y; }
    /// Sets component 1.
    void set_y(value_type v) { y = v; }
    /// Component 1, by reference.
    value_type& ref_y() { return y; }
    /// Component 1.
    value_type get_g() const { return y; }
    /// Sets component 1.
    void set_g(value_type v) { y = v; }
    /// Component 1, by reference.
    value_type& ref_g() { return y; }
    /// Component 2.
    value_type get_z() const { return z; }
    /// Sets component 2.
    void set_z(value_type v) { z = v; }
    /// Component 2, by reference.
    value_type& ref_z() { return z; }
    /// Component 2.
    value_type get_b() const { return z; }
    /// Sets component 2.
    void set_b(value_type v) { z = v; }
    /// Component 2, by reference.
    value_type& ref_b() { return z; }
    /// Component 3.
    value_type get_w() const { return w; }
    /// Sets component 3.
    void set_w(value_type v) { w = v; }
    /// Component 3, by reference.
    value_type& ref_w() { return w; }
    /// Component 3.
    value_type get_a() const { return w; }
    /// Sets component 3.
    void set_a(value_type v) { w = v; }
    /// Component 3, by reference.
    value_type& ref_a() { return w; }
    TILES_SWIZZLES_4(unorm_2, unorm_3, unorm_4)

    /// Component by component.
    friend unorm_4 operator+(const unorm_4& a, const unorm_4& b) {
        return unorm_4(a.x + b.x, a.y + b.y, a.z + b.z, a.w + b.w);
    }
    /// Component by component.
    unorm_4& operator+=(const unorm_4& o) { return *this = *this + o; }
    /// Component by component.
    friend unorm_4 operator-(const unorm_4& a, const unorm_4& b) {
        return unorm_4(a.x - b.x, a.y - b.y, a.z - b.z, a.w - b.w);
    }
    /// Component by component.
    unorm_4& operator-=(const unorm_4& o) { return *this = *this - o; }
    /// Component by component.
    friend unorm_4 operator*(const unorm_4& a, const unorm_4& b) {
        return unorm_4(a.x * b.x, a.y * b.y, a.z * b.z, a.w * b.w);
    }
    /// Component by component.
    unorm_4& operator*=(const unorm_4& o) { return *this = *this * o; }
    /// Component by component.
    friend unorm_4 operator/(const unorm_4& a, const unorm_4& b) {
        return unorm_4(a.x / b.x, a.y / b.y, a.z / b.z, a.w / b.w);
    }
    /// Component by component.
    unorm_4& operator/=(const unorm_4& o) { return *this = *this / o; }
    /// Each component plus 1.
    unorm_4& operator++() { return *this += unorm_4(value_type(1.0f)); }
    /// Each component minus 1.
    unorm_4& operator--() { return *this -= unorm_4(value_type(1.0f)); }
    /// Each component plus 1; the value before.
    unorm_4 operator++(int) {
        unorm_4 r = *this;
        ++*this;
        return r;
    }
    /// Each component minus 1; the value before.
    unorm_4 operator--(int) {
        unorm_4 r = *this;
        --*this;
        return r;
    }
    /// Whether every component is equal.
    friend bool operator==(const unorm_4& a, const unorm_4& b) {
        return a.x == b.x && a.y == b.y && a.z == b.z && a.w == b.w;
    }
    /// Whether any component differs.
    friend bool operator!=(const unorm_4& a, const unorm_4& b) { return !(a == b); }
};

inline int_2::int_2(const uint_2& o) : x(value_type(o.x)), y(value_type(o.y)) {}
inline int_2::int_2(const float_2& o) : x(value_type(o.x)), y(value_type(o.y)) {}
inline int_2::int_2(const double_2& o) : x(value_type(o.x)), y(value_type(o.y)) {}
inline int_2::int_2(const norm_2& o) : x(value_type(o.x)), y(value_type(o.y)) {}
inline int_2::int_2(const unorm_2& o) : x(value_type(o.x)), y(value_type(o.y)) {}
inline int_3::int_3(const uint_3& o) : x(value_type(o.x)), y(value_type(o.y)), z(value_type(o.z)) {}
inline int_3::int_3(const float_3& o) : x(value_type(o.x)), y(value_type(o.y)), z(value_type(o.z)) {}
inline int_3::int_3(const double_3& o) : x(value_type(o.x)), y(value_type(o.y)), z(value_type(o.z)) {}
inline int_3::int_3(const norm_3& o) : x(value_type(o.x)), y(value_type(o.y)), z(value_type(o.z)) {}
inline int_3::int_3(const unorm_3& o) : x(value_type(o.x)), y(value_type(o.y)), z(value_type(o.z)) {}
inline int_4::int_4(const uint_4& o) : x(value_type(o.x)), y(value_type(o.y)), z(value_type(o.z)), w(value_type(o.w)) {}
inline int_4::int_4(const float_4& o)
    : x(value_type(o.x)), y(value_type(o.y)), z(value_type(o.z)), w(value_type(o.w)) {}
inline int_4::int_4(const double_4& o)
    : x(value_type(o.x)), y(value_type(o.y)), z(value_type(o.z)), w(value_type(o.w)) {}
inline int_4::int_4(const norm_4& o) : x(value_type(o.x)), y(value_type(o.y)), z(value_type(o.z)), w(value_type(o.w)) {}
inline int_4::int_4(const unorm_4& o)
    : x(value_type(o.x)), y(value_type(o.y)), z(value_type(o.z)), w(value_type(o.w)) {}
inline uint_2::uint_2(const int_2& o) : x(value_type(o.x)), y(value_type(o.y)) {}
inline uint_2::uint_2(const float_2& o) : x(value_type(o.x)), y(value_type(o.y)) {}
inline uint_2::uint_2(const double_2& o) : x(value_type(o.x)), y(value_type(o.y)) {}
inline uint_2::uint_2(const norm_2& o) : x(value_type(o.x)), y(value_type(o.y)) {}
inline uint_2::uint_2(const unorm_2& o) : x(value_type(o.x)), y(value_type(o.y)) {}
inline uint_3::uint_3(const int_3& o) : x(value_type(o.x)), y(value_type(o.y)), z(value_type(o.z)) {}
inline uint_3::uint_3(const float_3& o) : x(value_type(o.x)), y(value_type(o.y)), z(value_type(o.z)) {}
inline uint_3::uint_3(const double_3& o) : x(value_type(o.x)), y(value_type(o.y)), z(value_type(o.z)) {}
inline uint_3::uint_3(const norm_3& o) : x(value_type(o.x)), y(value_type(o.y)), z(value_type(o.z)) {}
inline uint_3::uint_3(const unorm_3& o) : x(value_type(o.x)), y(value_type(o.y)), z(value_type(o.z)) {}
inline uint_4::uint_4(const int_4& o)
    : x(value_type(o.x)), y(value_type(o.y)), z(value_type(o.z)), w(value_type(o.w)) {}
inline uint_4::uint_4(const float_4& o)
    : x(value_type(o.x)), y(value_type(o.y)), z(value_type(o.z)), w(value_type(o.w)) {}
inline uint_4::uint_4(const double_4& o)
    : x(value_type(o.x)), y(value_type(o.y)), z(value_type(o.z)), w(value_type(o.w)) {}
inline uint_4::uint_4(const norm_4& o)
    : x(value_type(o.x)), y(value_type(o.y)), z(value_type(o.z)), w(value_type(o.w)) {}
inline uint_4::uint_4(const unorm_4& o)
    : x(value_type(o.x)), y(value_type(o.y)), z(value_type(o.z)), w(value_type(o.w)) {}
inline float_2::float_2(const int_2& o) : x(value_type(o.x)), y(value_type(o.y)) {}
inline float_2::float_2(const uint_2& o) : x(value_type(o.x)), y(value_type(o.y)) {}
inline float_2::float_2(const double_2& o) : x(value_type(o.x)), y(value_type(o.y)) {}
inline float_2::float_2(const norm_2& o) : x(value_type(o.x)), y(value_type(o.y)) {}
inline float_2::float_2(const unorm_2& o) : x(value_type(o.x)), y(value_type(o.y)) {}
inline float_3::float_3(const int_3& o) : x(value_type(o.x)), y(value_type(o.y)), z(value_type(o.z)) {}
inline float_3::float_3(const uint_3& o) : x(value_type(o.x)), y(value_type(o.y)), z(value_type(o.z)) {}
inline float_3::float_3(const double_3& o) : x(value_type(o.x)), y(value_type(o.y)), z(value_type(o.z)) {}
inline float_3::float_3(const norm_3& o) : x(value_type(o.x)), y(value_type(o.y)), z(value_type(o.z)) {}
inline float_3::float_3(const unorm_3& o) : x(value_type(o.x)), y(value_type(o.y)), z(value_type(o.z)) {}
inline float_4::float_4(const int_4& o)
    : x(value_type(o.x)), y(value_type(o.y)), z(value_type(o.z)), w(value_type(o.w)) {}
inline float_4::float_4(const uint_4& o)
    : x(value_type(o.x)), y(value_type(o.y)), z(value_type(o.z)), w(value_type(o.w)) {}
inline float_4::float_4(const double_4& o)
    : x(value_type(o.x)), y(value_type(o.y)), z(value_type(o.z)), w(value_type(o.w)) {}
inline float_4::float_4(const norm_4& o)
    : x(value_type(o.x)), y(value_type(o.y)), z(value_type(o.z)), w(value_type(o.w)) {}
inline float_4::float_4(const unorm_4& o)
    : x(value_type(o.x)), y(value_type(o.y)), z(value_type(o.z)), w(value_type(o.w)) {}
inline double_2::double_2(const int_2& o) : x(value_type(o.x)), y(value_type(o.y)) {}
inline double_2::double_2(const uint_2& o) : x(value_type(o.x)), y(value_type(o.y)) {}
inline double_2::double_2(const float_2& o) : x(value_type(o.x)), y(value_type(o.y)) {}
inline double_2::double_2(const norm_2& o) : x(value_type(o.x)), y(value_type(o.y)) {}
inline double_2::double_2(const unorm_2& o) : x(value_type(o.x)), y(value_type(o.y)) {}
inline double_3::double_3(const int_3& o) : x(value_type(o.x)), y(value_type(o.y)), z(value_type(o.z)) {}
inline double_3::double_3(const uint_3& o) : x(value_type(o.x)), y(value_type(o.y)), z(value_type(o.z)) {}
inline double_3::double_3(const float_3& o) : x(value_type(o.x)), y(value_type(o.y)), z(value_type(o.z)) {}
inline double_3::double_3(const norm_3& o) : x(value_type(o.x)), y(value_type(o.y)), z(value_type(o.z)) {}
inline double_3::double_3(const unorm_3& o) : x(value_type(o.x)), y(value_type(o.y)), z(value_type(o.z)) {}
inline double_4::double_4(const int_4& o)
    : x(value_type(o.x)), y(value_type(o.y)), z(value_type(o.z)), w(value_type(o.w)) {}
inline double_4::double_4(const uint_4& o)
    : x(value_type(o.x)), y(value_type(o.y)), z(value_type(o.z)), w(value_type(o.w)) {}
inline double_4::double_4(const float_4& o)
    : x(value_type(o.x)), y(value_type(o.y)), z(value_type(o.z)), w(value_type(o.w)) {}
inline double_4::double_4(const norm_4& o)
    : x(value_type(o.x)), y(value_type(o.y)), z(value_type(o.z)), w(value_type(o.w)) {}
inline double_4::double_4(const unorm_4& o)
    : x(value_type(o.x)), y(value_type(o.y)), z(value_type(o.z)), w(value_type(o.w)) {}
inline norm_2::norm_2(const int_2& o) : x(value_type(o.x)), y(value_type(o.y)) {}
inline norm_2::norm_2(const uint_2& o) : x(value_type(o.x)), y(value_type(o.y)) {}
inline norm_2::norm_2(const float_2& o) : x(value_type(o.x)), y(value_type(o.y)) {}
inline norm_2::norm_2(const double_2& o) : x(value_type(o.x)), y(value_type(o.y)) {}
inline norm_2::norm_2(const unorm_2& o) : x(value_type(o.x)), y(value_type(o.y)) {}
inline norm_3::norm_3(const int_3& o) : x(value_type(o.x)), y(value_type(o.y)), z(value_type(o.z)) {}
inline norm_3::norm_3(const uint_3& o) : x(value_type(o.x)), y(value_type(o.y)), z(value_type(o.z)) {}
inline norm_3::norm_3(const float_3& o) : x(value_type(o.x)), y(value_type(o.y)), z(value_type(o.z)) {}
inline norm_3::norm_3(const double_3& o) : x(value_type(o.x)), y(value_type(o.y)), z(value_type(o.z)) {}
inline norm_3::norm_3(const unorm_3& o) : x(value_type(o.x)), y(value_type(o.y)), z(value_type(o.z)) {}
inline norm_4::norm_4(const int_4& o)
    : x(value_type(o.x)), y(value_type(o.y)), z(value_type(o.z)), w(value_type(o.w)) {}
inline norm_4::norm_4(const uint_4& o)
    : x(value_type(o.x)), y(value_type(o.y)), z(value_type(o.z)), w(value_type(o.w)) {}
inline norm_4::norm_4(const float_4& o)
    : x(value_type(o.x)), y(value_type(o.y)), z(value_type(o.z)), w(value_type(o.w)) {}
inline norm_4::norm_4(const double_4& o)
    : x(value_type(o.x)), y(value_type(o.y)), z(value_type(o.z)), w(value_type(o.w)) {}
inline norm_4::norm_4(const unorm_4& o)
    : x(value_type(o.x)), y(value_type(o.y)), z(value_type(o.z)), w(value_type(o.w)) {}
inline unorm_2::unorm_2(const int_2& o) : x(value_type(o.x)), y(value_type(o.y)) {}
inline unorm_2::unorm_2(const uint_2& o) : x(value_type(o.x)), y(value_type(o.y)) {}
inline unorm_2::unorm_2(const float_2& o) : x(value_type(o.x)), y(value_type(o.y)) {}
inline unorm_2::unorm_2(const double_2& o) : x(value_type(o.x)), y(value_type(o.y)) {}
inline unorm_2::unorm_2(const norm_2& o) : x(value_type(o.x)), y(value_type(o.y)) {}
inline unorm_3::unorm_3(const int_3& o) : x(value_type(o.x)), y(value_type(o.y)), z(value_type(o.z)) {}
inline unorm_3::unorm_3(const uint_3& o) : x(value_type(o.x)), y(value_type(o.y)), z(value_type(o.z)) {}
inline unorm_3::unorm_3(const float_3& o) : x(value_type(o.x)), y(value_type(o.y)), z(value_type(o.z)) {}
inline unorm_3::unorm_3(const double_3& o) : x(value_type(o.x)), y(value_type(o.y)), z(value_type(o.z)) {}
inline unorm_3::unorm_3(const norm_3& o) : x(value_type(o.x)), y(value_type(o.y)), z(value_type(o.z)) {}
inline unorm_4::unorm_4(const int_4& o)
    : x(value_type(o.x)), y(value_type(o.y)), z(value_type(o.z)), w(value_type(o.w)) {}
inline unorm_4::unorm_4(const uint_4& o)
    : x(value_type(o.x)), y(value_type(o.y)), z(value_type(o.z)), w(value_type(o.w)) {}
inline unorm_4::unorm_4(const float_4& o)
    : x(value_type(o.x)), y(value_type(o.y)), z(value_type(o.z)), w(value_type(o.w)) {}
inline unorm_4::unorm_4(const double_4& o)
    : x(value_type(o.x)), y(value_type(o.y)), z(value_type(o.z)), w(value_type(o.w)) {}
inline unorm_4::unorm_4(const norm_4& o)
    : x(value_type(o.x)), y(value_type(o.y)), z(value_type(o.z)), w(value_type(o.w)) {}

/// A scalar type is its own short vector of one component.
template <typename T> struct short_vector<T, 1> {
    /// T.
    typedef T type;
};
/// int_2.
template <> struct short_vector<int, 2> {
    /// int_2.
    typedef int_2 type;
};
/// int_3.
template <> struct short_vector<int, 3> {
    /// int_3.
    typedef int_3 type;
};
/// int_4.
template <> struct short_vector<int, 4> {
    /// int_4.
    typedef int_4 type;
};
/// uint_2.
template <> struct short_vector<unsigned int, 2> {
    /// uint_2.
    typedef uint_2 type;
};
/// uint_3.
template <> struct short_vector<unsigned int, 3> {
    /// uint_3.
    typedef uint_3 type;
};
/// uint_4.
template <> struct short_vector<unsigned int, 4> {
    /// uint_4.
    typedef uint_4 type;
};
/// float_2.
template <> struct short_vector<float, 2> {
    /// float_2.
    typedef float_2 type;
};
/// float_3.
template <> struct short_vector<float, 3> {
    /// float_3.
    typedef float_3 type;
};
/// float_4.
template <> struct short_vector<float, 4> {
    /// float_4.
    typedef float_4 type;
};
/// double_2.
template <> struct short_vector<double, 2> {
    /// double_2.
    typedef double_2 type;
};
/// double_3.
template <> struct short_vector<double, 3> {
    /// double_3.
    typedef double_3 type;
};
/// double_4.
template <> struct short_vector<double, 4> {
    /// double_4.
    typedef double_4 type;
};
/// norm_2.
template <> struct short_vector<norm, 2> {
    /// norm_2.
    typedef norm_2 type;
};
/// norm_3.
template <> struct short_vector<norm, 3> {
    /// norm_3.
    typedef norm_3 type;
};
/// norm_4.
template <> struct short_vector<norm, 4> {
    /// norm_4.
    typedef norm_4 type;
};
/// unorm_2.
template <> struct short_vector<unorm, 2> {
    /// unorm_2.
    typedef unorm_2 type;
};
/// unorm_3.
template <> struct short_vector<unorm, 3> {
    /// unorm_3.
    typedef unorm_3 type;
};
/// unorm_4.
template <> struct short_vector<unorm, 4> {
    /// unorm_4.
    typedef unorm_4 type;
};
/// int: one component.
template <> struct short_vector_traits<int> {
    /// int.
    typedef int value_type;
    /// 1.
    static const int size = 1;
};
/// int_2: 2 components of int.
template <> struct short_vector_traits<int_2> {
    /// int.
    typedef int value_type;
    /// 2.
    static const int size = 2;
};
/// int_3: 3 components of int.
template <> struct short_vector_traits<int_3> {
    /// int.
    typedef int value_type;
    /// 3.
    static const int size = 3;
};
/// int_4: 4 components of int.
template <> struct short_vector_traits<int_4> {
    /// int.
    typedef int value_type;
    /// 4.
    static const int size = 4;
};
/// unsigned int: one component.
template <> struct short_vector_traits<unsigned int> {
    /// unsigned int.
    typedef unsigned int value_type;
    /// 1.
    static const int size = 1;
};
/// uint_2: 2 components of unsigned int.
template <> struct short_vector_traits<uint_2> {
    /// unsigned int.
    typedef unsigned int value_type;
    /// 2.
    static const int size = 2;
};
/// uint_3: 3 components of unsigned int.
template <> struct short_vector_traits<uint_3> {
    /// unsigned int.
    typedef unsigned int value_type;
    /// 3.
    static const int size = 3;
};
/// uint_4: 4 components of unsigned int.
template <> struct short_vector_traits<uint_4> {
    /// unsigned int.
    typedef unsigned int value_type;
    /// 4.
    static const int size = 4;
};
/// float: one component.
template <> struct short_vector_traits<float> {
    /// float.
    typedef float value_type;
    /// 1.
    static const int size = 1;
};
/// float_2: 2 components of float.
template <> struct short_vector_traits<float_2> {
    /// float.
    typedef float value_type;
    /// 2.
    static const int size = 2;
};
/// float_3: 3 components of float.
template <> struct short_vector_traits<float_3> {
    /// float.
    typedef float value_type;
    /// 3.
    static const int size = 3;
};
/// float_4: 4 components of float.
template <> struct short_vector_traits<float_4> {
    /// float.
    typedef float value_type;
    /// 4.
    static const int size = 4;
};
/// double: one component.
template <> struct short_vector_traits<double> {
    /// double.
    typedef double value_type;
    /// 1.
    static const int size = 1;
};
/// double_2: 2 components of double.
template <> struct short_vector_traits<double_2> {
    /// double.
    typedef double value_type;
    /// 2.
    static const int size = 2;
};
/// double_3: 3 components of double.
template <> struct short_vector_traits<double_3> {
    /// double.
    typedef double value_type;
    /// 3.
    static const int size = 3;
};
/// double_4: 4 components of double.
template <> struct short_vector_traits<double_4> {
    /// double.
    typedef double value_type;
    /// 4.
    static const int size = 4;
};
/// norm: one component.
template <> struct short_vector_traits<norm> {
    /// norm.
    typedef norm value_type;
    /// 1.
    static const int size = 1;
};
/// norm_2: 2 components of norm.
template <> struct short_vector_traits<norm_2> {
    /// norm.
    typedef norm value_type;
    /// 2.
    static const int size = 2;
};
/// norm_3: 3 components of norm.
template <> struct short_vector_traits<norm_3> {
    /// norm.
    typedef norm value_type;
    /// 3.
    static const int size = 3;
};
/// norm_4: 4 components of norm.
template <> struct short_vector_traits<norm_4> {
    /// norm.
    typedef norm value_type;
    /// 4.
    static const int size = 4;
};
/// unorm: one component.
template <> struct short_vector_traits<unorm> {
    /// unorm.
    typedef unorm value_type;
    /// 1.
    static const int size = 1;
};
/// unorm_2: 2 components of unorm.
template <> struct short_vector_traits<unorm_2> {
    /// unorm.
    typedef unorm value_type;
    /// 2.
    static const int size = 2;
};
/// unorm_3: 3 components of unorm.
template <> struct short_vector_traits<unorm_3> {
    /// unorm.
    typedef unorm value_type;
    /// 3.
    static const int size = 3;
};
/// unorm_4: 4 components of unorm.
template <> struct short_vector_traits<unorm_4> {
    /// unorm.
    typedef unorm value_type;
    /// 4.
    static const int size = 4;
};
#undef TILES_SWIZZLE_2
#undef TILES_SWIZZLE_3
#undef TILES_SWIZZLE_4
#undef TILES_SWIZZLES_2
#undef TILES_SWIZZLES_3
#undef TILES_SWIZZLES_4

} // namespace graphics
} // namespace concurrency

#ifdef __OPENCL_CPP_VERSION__
// The device names the element types of a kernel's arrays and views without their namespaces.
using namespace concurrency::graphics;
#endif

#endif
