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
#include "amp.h" // and what it brings, as Microsoft's header includes <amp.h>
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
// enable_if and is_same, which the device lacks: a short vector converts from those of its size.
template <bool B> struct enable_if_c {};
template <> struct enable_if_c<true> { typedef void type; };
template <class A, class B> struct is_same_type { static const bool value = false; };
template <class A> struct is_same_type<A, A> { static const bool value = true; };
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

// The bounds and the zero of norm and unorm: macros, as Microsoft's header defines them, so that
// they hold without `using namespace concurrency::graphics;`.
#define NORM_ZERO ((concurrency::graphics::norm)0.0f)
#define NORM_MIN ((concurrency::graphics::norm)-1.0f)
#define NORM_MAX ((concurrency::graphics::norm)1.0f)
#define UNORM_ZERO ((concurrency::graphics::unorm)0.0f)
#define UNORM_MIN ((concurrency::graphics::unorm)0.0f)
#define UNORM_MAX ((concurrency::graphics::unorm)1.0f)

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
#define TILES_SWIZZLES_2(V2, V3, V4)                                                                                   \
    TILES_SWIZZLE_2(V2, xy, x, y)                                                                                      \
    TILES_SWIZZLE_2(V2, rg, x, y)                                                                                      \
    TILES_SWIZZLE_2(V2, yx, y, x)                                                                                      \
    TILES_SWIZZLE_2(V2, gr, y, x)
#define TILES_SWIZZLES_3(V2, V3, V4)                                                                                   \
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

// The components of a vector of N: TILES_FIELDS_N lists them, TILES_INIT_N(v) sets each to v,
// TILES_INIT_EACH_N to its parameter (v0, v1 ...), TILES_PARAMETERS_N(T) declares those,
// TILES_FROM_N(o) converts o's, TILES_ZIP_N(a, op, b) applies op to a's and b's, TILES_EACH_N(op)
// to its own, TILES_ALL_N(a, op, b) whether op holds for each pair, TILES_ACCESSORS_N
// gives get_, set_ and ref_ of each by both names.
#define TILES_FIELDS_2 x, y
#define TILES_FIELDS_3 x, y, z
#define TILES_FIELDS_4 x, y, z, w
#define TILES_INIT_2(v) x(v), y(v)
#define TILES_INIT_3(v) TILES_INIT_2(v), z(v)
#define TILES_INIT_4(v) TILES_INIT_3(v), w(v)
#define TILES_INIT_EACH_2 x(v0), y(v1)
#define TILES_INIT_EACH_3 TILES_INIT_EACH_2, z(v2)
#define TILES_INIT_EACH_4 TILES_INIT_EACH_3, w(v3)
#define TILES_PARAMETERS_2(T) T v0, T v1
#define TILES_PARAMETERS_3(T) TILES_PARAMETERS_2(T), T v2
#define TILES_PARAMETERS_4(T) TILES_PARAMETERS_3(T), T v3
#define TILES_FROM_2(o) x(value_type(o.x)), y(value_type(o.y))
#define TILES_FROM_3(o) TILES_FROM_2(o), z(value_type(o.z))
#define TILES_FROM_4(o) TILES_FROM_3(o), w(value_type(o.w))
#define TILES_ZIP_2(a, op, b) a.x op b.x, a.y op b.y
#define TILES_ZIP_3(a, op, b) TILES_ZIP_2(a, op, b), a.z op b.z
#define TILES_ZIP_4(a, op, b) TILES_ZIP_3(a, op, b), a.w op b.w
#define TILES_EACH_2(op) op x, op y
#define TILES_EACH_3(op) TILES_EACH_2(op), op z
#define TILES_EACH_4(op) TILES_EACH_3(op), op w
#define TILES_ALL_2(a, op, b) a.x op b.x&& a.y op b.y
#define TILES_ALL_3(a, op, b) TILES_ALL_2(a, op, b) && a.z op b.z
#define TILES_ALL_4(a, op, b) TILES_ALL_3(a, op, b) && a.w op b.w
#define TILES_ACCESS(c, color)                                                                                         \
    value_type get_##c() const { return c; }                                                                           \
    value_type get_##color() const { return c; }                                                                       \
    void set_##c(value_type v) { c = v; }                                                                              \
    void set_##color(value_type v) { c = v; }                                                                          \
    value_type& ref_##c() { return c; }                                                                                \
    value_type& ref_##color() { return c; }
#define TILES_ACCESSORS_2 TILES_ACCESS(x, r) TILES_ACCESS(y, g)
#define TILES_ACCESSORS_3 TILES_ACCESSORS_2 TILES_ACCESS(z, b)
#define TILES_ACCESSORS_4 TILES_ACCESSORS_3 TILES_ACCESS(w, a)

// An operator of V, component by component, and its compound assignment.
#define TILES_OPERATOR(V, N, op)                                                                                       \
    friend V operator op(const V& a, const V& b) { return V(TILES_ZIP_##N(a, op, b)); }                                \
    V& operator op##=(const V& o) { return *this = *this op o; }

// The short vector V of N components of T, whose vectors of 2, 3 and 4 components are P_2, P_3 and
// P_4, with the members `extra` (those of integers or of signed values).
#define TILES_SHORT_VECTOR(V, T, N, P, ...)                                                                            \
    class V {                                                                                                          \
      public:                                                                                                          \
        typedef T value_type;                                                                                          \
        static const int size = N;                                                                                     \
        value_type TILES_FIELDS_##N;                                                                                   \
                                                                                                                       \
        V() : TILES_INIT_##N(0) {}                                                                                     \
        V(value_type v) : TILES_INIT_##N(v) {}                                                                         \
        V(TILES_PARAMETERS_##N(value_type)) : TILES_INIT_EACH_##N {}                                                   \
        /* AMP's explicit conversions from the other short vectors of N components */                                  \
        template <class O, class = typename tiles_detail::enable_if_c<O::size == N &&                                  \
                                                                      !tiles_detail::is_same_type<O, V>::value>::type> \
        explicit V(const O& o) : TILES_FROM_##N(o) {}                                                                  \
                                                                                                                       \
        TILES_ACCESSORS_##N TILES_SWIZZLES_##N(P##_2, P##_3, P##_4)                                                    \
                                                                                                                       \
            TILES_OPERATOR(V, N, +) TILES_OPERATOR(V, N, -) TILES_OPERATOR(V, N, *) TILES_OPERATOR(V, N, /) V&         \
            operator++() {                                                                                             \
            return *this += V(value_type(1));                                                                          \
        }                                                                                                              \
        V& operator--() { return *this -= V(value_type(1)); }                                                          \
        V operator++(int) {                                                                                            \
            V r = *this;                                                                                               \
            ++*this;                                                                                                   \
            return r;                                                                                                  \
        }                                                                                                              \
        V operator--(int) {                                                                                            \
            V r = *this;                                                                                               \
            --*this;                                                                                                   \
            return r;                                                                                                  \
        }                                                                                                              \
        friend bool operator==(const V& a, const V& b) { return TILES_ALL_##N(a, ==, b); }                             \
        friend bool operator!=(const V& a, const V& b) { return !(a == b); }                                           \
        __VA_ARGS__                                                                                                    \
    };
// Members of vectors of integers, and of signed values.
#define TILES_INTEGER_OPERATORS(V, N)                                                                                  \
    TILES_OPERATOR(V, N, %)                                                                                            \
    TILES_OPERATOR(V, N, &)                                                                                            \
    TILES_OPERATOR(V, N, |)                                                                                            \
    TILES_OPERATOR(V, N, ^)                                                                                            \
    TILES_OPERATOR(V, N, <<)                                                                                           \
    TILES_OPERATOR(V, N, >>)                                                                                           \
    V operator~() const { return V(TILES_EACH_##N(~)); }
#define TILES_NEGATION(V, N)                                                                                           \
    V operator-() const { return V(TILES_EACH_##N(-)); }
// norm_N's and unorm_N's: from floats, clamped.
#define TILES_FROM_FLOATS(V, N)                                                                                        \
    explicit V(float v) : TILES_INIT_##N(v) {}                                                                         \
    explicit V(TILES_PARAMETERS_##N(float)) : TILES_INIT_EACH_##N {}

// Each family of short vectors: P_2, P_3 and P_4 of T.
#define TILES_SHORT_VECTORS(P, T, ...)                                                                                 \
    class P##_2;                                                                                                       \
    class P##_3;                                                                                                       \
    class P##_4;                                                                                                       \
    TILES_SHORT_VECTOR(P##_2, T, 2, P, TILES_EXTRAS(P##_2, 2, __VA_ARGS__))                                            \
    TILES_SHORT_VECTOR(P##_3, T, 3, P, TILES_EXTRAS(P##_3, 3, __VA_ARGS__))                                            \
    TILES_SHORT_VECTOR(P##_4, T, 4, P, TILES_EXTRAS(P##_4, 4, __VA_ARGS__))                                            \
    template <> struct short_vector<T, 2> { typedef P##_2 type; };                                                     \
    template <> struct short_vector<T, 3> { typedef P##_3 type; };                                                     \
    template <> struct short_vector<T, 4> { typedef P##_4 type; };                                                     \
    template <> struct short_vector_traits<T> {                                                                        \
        typedef T value_type;                                                                                          \
        static const int size = 1;                                                                                     \
    };                                                                                                                 \
    template <> struct short_vector_traits<P##_2> {                                                                    \
        typedef T value_type;                                                                                          \
        static const int size = 2;                                                                                     \
    };                                                                                                                 \
    template <> struct short_vector_traits<P##_3> {                                                                    \
        typedef T value_type;                                                                                          \
        static const int size = 3;                                                                                     \
    };                                                                                                                 \
    template <> struct short_vector_traits<P##_4> {                                                                    \
        typedef T value_type;                                                                                          \
        static const int size = 4;                                                                                     \
    };
// The extra members of a family, named by the macros that make them.
#define TILES_EXTRAS(V, N, ...) TILES_EXTRAS_EACH(V, N, __VA_ARGS__, TILES_NONE, TILES_NONE)
#define TILES_EXTRAS_EACH(V, N, first, second, ...) first(V, N) second(V, N)
#define TILES_NONE(V, N)

/// A scalar type is its own short vector of one component.
template <typename T> struct short_vector<T, 1> {
    /// T.
    typedef T type;
};

TILES_SHORT_VECTORS(int, int, TILES_INTEGER_OPERATORS, TILES_NEGATION)
TILES_SHORT_VECTORS(uint, unsigned int, TILES_INTEGER_OPERATORS)
TILES_SHORT_VECTORS(float, float, TILES_NEGATION)
#if !defined(__OPENCL_CPP_VERSION__) || defined(cl_khr_fp64) // a device without doubles has no double_N
TILES_SHORT_VECTORS(double, double, TILES_NEGATION)
#endif
TILES_SHORT_VECTORS(norm, norm, TILES_NEGATION, TILES_FROM_FLOATS)
TILES_SHORT_VECTORS(unorm, unorm, TILES_FROM_FLOATS)

#undef TILES_FIELDS_2
#undef TILES_FIELDS_3
#undef TILES_FIELDS_4
#undef TILES_INIT_2
#undef TILES_INIT_3
#undef TILES_INIT_4
#undef TILES_INIT_EACH_2
#undef TILES_INIT_EACH_3
#undef TILES_INIT_EACH_4
#undef TILES_PARAMETERS_2
#undef TILES_PARAMETERS_3
#undef TILES_PARAMETERS_4
#undef TILES_FROM_2
#undef TILES_FROM_3
#undef TILES_FROM_4
#undef TILES_ZIP_2
#undef TILES_ZIP_3
#undef TILES_ZIP_4
#undef TILES_EACH_2
#undef TILES_EACH_3
#undef TILES_EACH_4
#undef TILES_ALL_2
#undef TILES_ALL_3
#undef TILES_ALL_4
#undef TILES_ACCESS
#undef TILES_ACCESSORS_2
#undef TILES_ACCESSORS_3
#undef TILES_ACCESSORS_4
#undef TILES_OPERATOR
#undef TILES_SHORT_VECTOR
#undef TILES_INTEGER_OPERATORS
#undef TILES_NEGATION
#undef TILES_FROM_FLOATS
#undef TILES_SHORT_VECTORS
#undef TILES_EXTRAS
#undef TILES_EXTRAS_EACH
#undef TILES_NONE
#undef TILES_SWIZZLE_2
#undef TILES_SWIZZLE_3
#undef TILES_SWIZZLE_4
#undef TILES_SWIZZLES_2
#undef TILES_SWIZZLES_3
#undef TILES_SWIZZLES_4

} // namespace graphics
} // namespace concurrency

#endif
