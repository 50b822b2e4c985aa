// libtiles: C++ AMP's call sites, with their kernels in C++. A restrict(amp) lambda or functor is
// not compiled by the host's compiler: a macro around it hands its text to libtiles, which compiles
// it for the device with clang (C++ for OpenCL) and C++ AMP's device-side classes, while the host
// passes what it captures. The call site changes by the wrapper alone:
//
//     parallel_for_each(matrix.extent.tile<SAMPLESIZE, SAMPLESIZE>(),
//         TILES_LAMBDA((matrix, averages, TILES_CONSTANT(SAMPLESIZE)),
//         [=, &averages] (tiled_index<SAMPLESIZE, SAMPLESIZE> t_idx) restrict(amp)
//     {
//         ... the body, as C++ AMP wrote it ...
//     }));
//
// TILES_LAMBDA((uses), lambda): `uses` names what the body takes from the host: the variables it
//     captures (arrays, which it captures by reference, array_views, numbers, and by copy
//     trivially copyable structs of numbers, extents, indices and tiled_extents), the host's
//     compile-time constants it uses (TILES_CONSTANT), and the device code it calls (TILES_DEVICE_CODE,
//     TILES_SHARED_CODE). The lambda's captures and restrict(amp) are read and dropped.
// TILES_FUNCTOR((uses), Class, arguments...): a functor, Class(arguments...) with operator()
//     restrict(amp), whose class is device code named in `uses`; the arguments are passed from the
//     host and the functor is constructed from them on the device.
// TILES_CONSTANT(NAME): a macro (SAMPLESIZE, defined as 2) or a constant (static const int TS = 16, a
//     template's parameter) of the host, defined alike for the device.
// TILES_TYPE(T): a type the host names T (a template's type parameter, an alias), a number type or a
//     struct of device code, defined alike for the device (typedef float T;).
// TILES_DEVICE_CODE(name, code): types, functions and classes for the device only, kept as text in
//     `name`. TILES_SHARED_CODE(name, code): code compiled for the host as well (a struct of the
//     elements both sides see), and kept in `name` for the device.
//
// Messages of the device's compiler name the user's file, line and column where the file can be
// read when the kernel is first built (otherwise the line of the wrapper, the text on one line, as
// macros give it); sources that tiles-amp translated carry their kernels' text as written, and read
// no file. README: "Kernels in C++".
#pragma once

#include <array>
#include <cstddef>
#include <mutex>
#include <optional>
#include <string>
#include <tuple>
#include <type_traits>
#include <utility>
#include <vector>

#include "tiles/detail/amp_kernel_text.hpp"
#include "tiles/parallel_for_each.hpp"

// TILES_LAMBDA((uses), lambda): a restrict(amp) lambda for parallel_for_each, compiled for the
// device; `uses` names what its body takes from the host (see above).
#define TILES_LAMBDA(uses, ...) TILES_AMP_SITE(lambda_form, #__VA_ARGS__, #uses, __FILE__, __LINE__, 0, uses, )
// TILES_FUNCTOR((uses), Class, arguments...): the functor Class(arguments...), constructed on the
// device from the arguments the host passes, for parallel_for_each.
#define TILES_FUNCTOR(uses, class_name, ...)                                                                           \
    TILES_AMP_SITE(functor_form, #class_name, #uses, __FILE__, __LINE__, 0, uses, __VA_ARGS__)
// TILES_CONSTANT(NAME): the host's macro or constant NAME, defined alike for the device.
#define TILES_CONSTANT(name) ::tiles::amp_detail::make_constant(#name, TILES_AMP_STRINGIZE(name), name)
// TILES_TYPE(T): the host's type T, defined alike for the device.
#define TILES_TYPE(name) ::tiles::amp_detail::make_type<name>(#name)
// TILES_DEVICE_CODE(name, code): types, functions and classes for the device only, kept as text in
// `name`.
#define TILES_DEVICE_CODE(name, ...) static const ::tiles::device_code name(#__VA_ARGS__, __FILE__, __LINE__)
// TILES_SHARED_CODE(name, code): code compiled for the host as well, and kept in `name` for the
// device.
#define TILES_SHARED_CODE(name, ...)                                                                                   \
    __VA_ARGS__                                                                                                        \
    static const ::tiles::device_code name(#__VA_ARGS__, __FILE__, __LINE__)

// Helpers of the macros.
// A call site: `text`, a lambda or a functor's class name, written at file:line:column; column 0
// where # made the text of a macro's argument (on one line, without its comments), which the library
// then finds in the file. tiles-amp writes the text exactly as written, with its column, so that no
// source file is read at run time.
#define TILES_AMP_SITE(form, text, uses_text, file, line, column, uses, ...)                                           \
    ([&](const char* tiles_function_) {                                                                                \
        static ::tiles::amp_detail::call_site tiles_site_(::tiles::amp_detail::call_site::form, text, uses_text, file, \
                                                          line, column, tiles_function_);                              \
        return tiles_site_.bind(std::forward_as_tuple(TILES_AMP_UNPACK uses), std::forward_as_tuple(__VA_ARGS__));     \
    }(TILES_AMP_FUNCTION))
// The signature of the function around a call site, which names its kernel: GCC's and clang's name
// the functions a lambda is defined in, where __func__ inside a lambda is "operator()".
#if defined(__GNUC__)
#define TILES_AMP_FUNCTION __PRETTY_FUNCTION__
#else
#define TILES_AMP_FUNCTION __func__
#endif
#define TILES_AMP_UNPACK(...) __VA_ARGS__
#define TILES_AMP_STRINGIZE_TEXT(...) #__VA_ARGS__
#define TILES_AMP_STRINGIZE(...) TILES_AMP_STRINGIZE_TEXT(__VA_ARGS__)

namespace tiles {

// Code for the device (C++ for OpenCL with C++ AMP's classes), as TILES_DEVICE_CODE and
// TILES_SHARED_CODE keep it: its text and where it was written.
class device_code {
  public:
    // The code's text, and the file, line and column where it was written, which the compiler's
    // messages name. Column 0: # made the text of a macro's argument, which the library finds in the
    // file; from 1 (tiles-amp), the text is exactly as written there.
    device_code(const char* text, const char* file, int line, int column = 0)
        : text_(text), file_(file), line_(line), column_(column) {}
    const char* text() const { return text_; }
    const char* file() const { return file_; }
    int line() const { return line_; }
    int column() const { return column_; }

  private:
    const char* text_;
    const char* file_;
    int line_;
    int column_;
};

namespace amp_detail {

// A host constant as the device defines it (TILES_CONSTANT).
struct constant {
    std::string definition; // a preprocessor definition of SAMPLESIZE as 2, or "constexpr int TS = 16;"
};

// The C++ for OpenCL spelling of an element or number type: OpenCL's name for numbers, the type's
// own name, less its namespaces, for others (the device code declares them at its top level).
std::string device_type_name(element_type type, const std::string& pretty_function);
template <class T> std::string device_type_name() {
    if constexpr (std::is_const_v<T>)
        return "const " + device_type_name<std::remove_const_t<T>>();
    else
        return device_type_name(element_type_of<T>, __PRETTY_FUNCTION__);
}

// `value` of a constant `name` whose preprocessed spelling is `expansion`: a macro where the two
// differ, else a variable, whose value and type the device's definition takes, as tiles-amp's
// kernels compiled at build time define it (constant_definition). By value: a class's
// `static const int` with no definition outside the class (MSVC needs none) is read, not bound.
template <class T> constant make_constant(const char* name, const char* expansion, T value) {
    static_assert(std::is_arithmetic_v<T> || std::is_enum_v<T>,
                  "TILES_CONSTANT takes macros and constants of number and enum types");
    if (std::string(name) != expansion) return {std::string("#define ") + name + " " + expansion};
    if constexpr (std::is_enum_v<T>)
        return {enum_constant_definition(name, device_type_name<T>(), static_cast<long long>(value))};
    std::string device_type = "bool";
    if constexpr (!std::is_same_v<T, bool>) device_type = device_type_name<T>();
    return {constant_definition(name, device_type, static_cast<long double>(value), std::is_floating_point_v<T>,
                                std::is_signed_v<T>, sizeof(T))};
}

// The host's type T, named `name`, as the device defines it (TILES_TYPE).
template <class T> constant make_type(const char* name) {
    return {"typedef " + device_type_name<T>() + " " + name + ";"};
}

// What one of a call site's uses or arguments is: a capture (its declaration's type, and the
// launch argument), a struct of views captured, a constant, or device code.
struct use {
    enum class kind { capture, view_struct, constant, code } what;
    std::string type;      // capture: "const array_view<const float, 2>", "array<float, 2>&", "const int";
                           // view_struct: the struct's, as the device spells it
    std::string text;      // constant: its definition; code: its text; view_struct: its name, then its
                           // members': "m data stride"
    const char* file = ""; // code: where it was written
    int line = 0;
    int column = 0;                          // code: from 1 where the text is exactly as written (device_code)
    std::vector<std::string> member_types{}; // view_struct: each member's type, as a capture's
};

// A capture as the kernel function declares it (type) and the launch argument it is (argument):
// a number; an enum or a trivially copyable struct, by its bytes, whose definition is device code
// the uses name (TILES_SHARED_CODE); below, arrays and views, and extent, index and tiled_extent
// values.
template <class T> struct capture_of {
    static_assert(!std::is_pointer_v<T>, "a C++ kernel cannot capture a pointer: the device cannot read the host's "
                                         "memory; capture an array or array_view");
    static_assert(!std::is_same_v<T, bool>,
                  "a C++ kernel captures no bool (C++ AMP's kernels have none); capture an int");
    static_assert(std::is_arithmetic_v<T> || std::is_enum_v<T> ||
                      (std::is_class_v<T> && std::is_trivially_copyable_v<T>),
                  "a C++ kernel captures arrays, array_views, numbers, enums and trivially copyable structs of "
                  "numbers (copied by their bytes): this type is not trivially copyable");
    // An enum with its keyword: a parameter may be named as its type is (`enum class diag diag`).
    static std::string type(bool) { return (std::is_enum_v<T> ? "const enum " : "const ") + device_type_name<T>(); }
    static engine::launch_arg argument(const T& value) {
        if constexpr (std::is_arithmetic_v<T>)
            return detail::make_arg(value);
        else
            return engine::value_arg(&value, sizeof(T));
    }
};
template <class T, int N> struct capture_of<array_view<T, N>> {
    static std::string type(bool) {
        return "const array_view<" + device_type_name<T>() + ", " + std::to_string(N) + ">";
    }
    static engine::launch_arg argument(const array_view<T, N>& v) { return detail::make_arg(v); }
};
template <class T, int N> struct capture_of<array<T, N>> {
    static std::string type(bool read_only) {
        return (read_only ? "const array<" : "array<") + device_type_name<T>() + ", " + std::to_string(N) + ">&";
    }
    static engine::launch_arg argument(array<T, N>& a) { return detail::make_arg(a); }
    static engine::launch_arg argument(const array<T, N>& a) { return detail::make_arg(a); }
};
// An extent or index: its N ints, as the device's extent<N> and index<N> hold them.
template <template <int> class Vector, int N> struct components_capture {
    static std::string type(bool) {
        return std::string("const ") + (std::is_same_v<Vector<N>, extent<N>> ? "extent<" : "index<") +
               std::to_string(N) + ">";
    }
    static engine::launch_arg argument(const Vector<N>& v) {
        return engine::value_arg(v.components().data(), sizeof(int) * std::size_t(N));
    }
};
template <int N> struct capture_of<extent<N>> : components_capture<extent, N> {};
template <int N> struct capture_of<index<N>> : components_capture<index, N> {};
// C++ AMP's tiled_extent<D0, D1, D2>: its extent's ints, the tile being in the type on both sides.
template <int D0, int D1, int D2> struct capture_of<amp::tiled_extent<D0, D1, D2>> {
    static std::string type(bool) {
        return "const tiled_extent<" + std::to_string(D0) + ", " + std::to_string(D1) + ", " + std::to_string(D2) + ">";
    }
    static engine::launch_arg argument(const amp::tiled_extent<D0, D1, D2>& e) {
        return components_capture<extent, amp::tiled_extent<D0, D1, D2>::rank>::argument(e);
    }
};
template <int N> struct capture_of<tiled_extent<N>> {
    static_assert(N < 0, "a C++ kernel captures a tiled_extent whose tile is in its type, as C++ AMP's "
                         "tiled_extent<D0, D1, D2> (extent.tile<D0, D1>()); this one's tile is a run-time value");
};

// A struct captured by copy that holds views (array_views, references to arrays) beside numbers,
// which tiles-amp's translation hands over member by member (members_of): the device rebuilds the
// struct from them, so that writes through its views come home as a captured view's do.
template <class... Members> struct view_struct {
    const char* type;    // the struct, as the device spells it
    const char* name;    // the captured variable's
    const char* members; // the members' names, in the order of the struct's declaration: "data stride"
    std::tuple<Members&...> values;
};
template <class... Members>
view_struct<Members...> members_of(const char* type, const char* name, const char* members, Members&... values) {
    return {type, name, members, std::tie(values...)};
}
template <class T> struct is_view_struct : std::false_type {};
template <class... Members> struct is_view_struct<view_struct<Members...>> : std::true_type {};

// `value`, of the type U that the call site gives (a const array is read only).
template <class U> use describe(const std::remove_reference_t<U>& value) {
    using T = std::remove_cv_t<std::remove_reference_t<U>>;
    if constexpr (std::is_same_v<T, constant>) {
        return {use::kind::constant, "", value.definition};
    } else if constexpr (std::is_same_v<T, device_code>) {
        return {use::kind::code, "", value.text(), value.file(), value.line(), value.column()};
    } else if constexpr (is_view_struct<T>::value) {
        use u{use::kind::view_struct, value.type, std::string(value.name) + " " + value.members};
        std::apply([&u](auto&... m) { (u.member_types.push_back(describe<decltype(m)>(m).type), ...); }, value.values);
        return u;
    } else {
        return {use::kind::capture, capture_of<T>::type(std::is_const_v<std::remove_reference_t<U>>), ""};
    }
}

// How many launch arguments a use of type U is: none for a constant or device code, one for each
// member of a struct of views.
template <class U> constexpr std::size_t launch_arguments() {
    using T = std::remove_cv_t<std::remove_reference_t<U>>;
    if constexpr (std::is_same_v<T, constant> || std::is_same_v<T, device_code>)
        return 0;
    else if constexpr (is_view_struct<T>::value)
        return std::tuple_size_v<decltype(T::values)>;
    else
        return 1;
}
template <class... Us> constexpr std::size_t launch_arguments_of() {
    return (std::size_t(0) + ... + launch_arguments<Us>());
}

// A kernel with its launch arguments, as parallel_for_each takes it.
template <std::size_t Capacity> struct bound_kernel {
    const kernel* k;
    std::array<engine::launch_arg, Capacity> args;
    std::size_t count;
};

// One TILES_LAMBDA or TILES_FUNCTOR of the program: its text, read once, and its kernel, made on its
// first launch (the types of what it captures decide its parameters).
class call_site {
  public:
    enum form { lambda_form, functor_form };
    call_site(form f, const char* text, const char* uses, const char* file, int line, int column, const char* function)
        : form_(f), text_(text), uses_(uses), file_(file), line_(line), column_(column), function_(function) {}
    call_site(const call_site&) = delete;
    call_site& operator=(const call_site&) = delete;

    template <class... Uses, class... Arguments>
    bound_kernel<launch_arguments_of<Uses..., Arguments...>()> bind(std::tuple<Uses...> uses,
                                                                    std::tuple<Arguments...> arguments) {
        std::call_once(made_, [&] {
            std::vector<use> described, constructor;
            std::apply([&](auto&&... u) { (described.push_back(describe<decltype(u)>(u)), ...); }, uses);
            std::apply([&](auto&&... a) { (constructor.push_back(describe<decltype(a)>(a)), ...); }, arguments);
            kernel_.emplace(make_kernel(described, constructor));
        });
        bound_kernel<launch_arguments_of<Uses..., Arguments...>()> bound{&*kernel_, {}, 0};
        const auto add = [&bound](auto&& value) {
            using T = std::remove_cv_t<std::remove_reference_t<decltype(value)>>;
            const auto add_one = [&bound](auto& one) {
                bound.args[bound.count++] =
                    capture_of<std::remove_cv_t<std::remove_reference_t<decltype(one)>>>::argument(one);
            };
            if constexpr (is_view_struct<T>::value)
                std::apply([&add_one](auto&... m) { (add_one(m), ...); }, value.values);
            else if constexpr (launch_arguments<decltype(value)>() == 1)
                add_one(value);
        };
        std::apply([&](auto&&... u) { (add(u), ...); }, uses);
        std::apply([&](auto&&... a) { (add(a), ...); }, arguments);
        return bound;
    }

  private:
    // The kernel's source, composed of the device code, the constants and the kernel function the
    // lambda or functor makes (defined in the library).
    kernel make_kernel(const std::vector<use>& uses, const std::vector<use>& constructor) const;

    const form form_;
    const char* const text_;
    const char* const uses_;
    const char* const file_;
    const int line_;
    const int column_; // 0: text_ came through #
    const char* const function_;
    std::once_flag made_;
    std::optional<kernel> kernel_;
};

} // namespace amp_detail

// parallel_for_each over a TILES_LAMBDA or TILES_FUNCTOR, on `view` or where its arrays live.
template <int N, std::size_t C>
void parallel_for_each(const accelerator_view& view, const tiled_extent<N>& domain,
                       const amp_detail::bound_kernel<C>& k) {
    engine::launch(view.launch_context(), detail::domain_of(domain), *k.k, k.args.data(), k.count);
}
template <int N, std::size_t C>
void parallel_for_each(const accelerator_view& view, const extent<N>& domain, const amp_detail::bound_kernel<C>& k) {
    engine::launch(view.launch_context(), detail::domain_of(domain), *k.k, k.args.data(), k.count);
}
template <int N, std::size_t C>
void parallel_for_each(const tiled_extent<N>& domain, const amp_detail::bound_kernel<C>& k) {
    engine::launch(nullptr, detail::domain_of(domain), *k.k, k.args.data(), k.count);
}
template <int N, std::size_t C> void parallel_for_each(const extent<N>& domain, const amp_detail::bound_kernel<C>& k) {
    engine::launch(nullptr, detail::domain_of(domain), *k.k, k.args.data(), k.count);
}

} // namespace tiles
