// libtiles: the text of a C++ AMP call site's kernel function, composed once for both who make it:
// the library at a kernel's first launch (TILES_LAMBDA, TILES_FUNCTOR, tiles-amp's translations)
// and tiles-amp at the program's build, which compiles it ahead. The two compose the same text from
// the same parts, so that what the build made is what the launch asks for.
#pragma once

#include <cstddef>
#include <string>
#include <vector>

namespace tiles::amp_detail {

// Text, with where it begins: the file, line and column (from 1) the compiler's messages name.
struct placed_text {
    std::string text;
    std::string file;
    int line = 1;
    std::size_t column = 1;
};

// A call site's kernel with every part spelled.
struct kernel_parts {
    bool functor = false;
    placed_text written;                        // the lambda as written (from its '['), or the functor's class
    int line = 1;                               // the call site's line, where the kernel function is declared
    std::string name;                           // the kernel function's (kernel_name)
    std::vector<std::string> constants;         // the definitions of the constants it uses
    std::vector<placed_text> code;              // the device code it uses, in order
    std::vector<std::string> parameters;        // its captures, declared: "const array_view<float, 2> data"
    std::vector<std::string> constructor_types; // a functor's constructor's arguments: "const int"
    std::vector<std::string> rebuilt;           // structs of views, made from their members: "Strided m{...}"
};

// A captured struct of views (array_views, references to arrays, numbers): one parameter of `parts`
// for each of its members, named and declared as `member_names` and `member_types` say, in the
// order of its declaration; the body then finds the struct `name` of type `type` (as the device
// spells it), made of them as C++ AMP's kernel would have received it.
void add_view_struct(kernel_parts& parts, const std::string& type, const std::string& name,
                     const std::vector<std::string>& member_names, const std::vector<std::string>& member_types);

// The kernel function's source (C++ AMP's kernel, amp_program.hpp): the constants, the device code,
// then the function, which takes the captures and runs the lambda's body or the functor. Throws
// invalid_argument, naming `where`, for a lambda that does not take its index after its captures.
std::string kernel_text(const kernel_parts& parts, const std::string& where);

// The name a call site's kernel wants (the library makes it unique in the process): the function
// around the site, as GCC's or clang's __PRETTY_FUNCTION__ gives its signature, then the site's
// line, then the function's template arguments: "main_31", "scale_12_float_16".
std::string kernel_name(const std::string& function_signature, int line);

// The names tiles-amp's build gave the kernels it compiled, by their text composed with no name
// (kernel_text of parts whose name is empty): a launch takes the build's name for its kernel, where
// the host compiler's signature may name it otherwise (clang's leaves out the arguments of a
// function template around a lambda), so that it finds the kernel the build made; instances of one
// text share it. The generated sources register them as the program starts, with texts that live
// as long as the program.
void register_built_kernel_name(const char* nameless_text, const char* name);
// The name the build gave the kernel of `nameless_text`, or "" where it gave none.
std::string built_kernel_name(const std::string& nameless_text);
// Whether the build gave some kernel the name `name`: a kernel made at run time takes another.
bool is_built_kernel_name(const std::string& name);

// The device's definition of the host's constant `name` of the number type the device spells
// `device_type` ("int", "uint", "float", "bool"), of `value`, exact: "constexpr float SCALE =
// 0x1.8p+1f;", "constexpr bool CHECKED = true;": for tiles-amp's kernels compiled at build time and
// for TILES_CONSTANT's make_constant (tiles/amp.hpp) alike.
std::string constant_definition(const std::string& name, const std::string& device_type, long double value,
                                bool is_floating, bool is_signed, std::size_t size);

// The device's definition of the host's constant `name` of the enum the device spells `device_type`,
// of the enumerator whose number is `value`: "constexpr op O = static_cast<op>(1);" (an enum class
// as a template's parameter, which a library's kernels test).
std::string enum_constant_definition(const std::string& name, const std::string& device_type, long long value);

} // namespace tiles::amp_detail
