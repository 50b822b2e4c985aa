// libtiles: C++ kernels as C++ AMP writes them, made into programs of C++ for OpenCL. A C++ kernel
// source holds declarations (types, constants, functions) and kernel functions, which take what a
// C++ AMP kernel captures (arrays by reference, array_views, numbers, and values by copy: structs
// of numbers, extents, indices, tiled_extents, passed by their bytes) and then its index:
//
//     void tile_average(array_view<const float, 2> matrix, array<float, 2>& averages,
//                       tiled_index<2, 2> t_idx) restrict(amp) { ...C++ AMP's kernel body... }
//
// (The C++ API's TILES_LAMBDA makes a lambda into one.) The program built for one of them is the C++
// prelude, the source with its kernel functions blanked out (lines and columns stay where they
// were), and the kernel's __kernel entry: it takes the launch's arguments and their extents, rebuilds
// the parameters under their names, declares the index, and runs the body at the entry's outermost
// scope, where tile_static declarations must be (those of nested blocks are moved there). #line
// directives keep every position of the user's text, in compiler messages and in checked mode.
// A source that marks its kernels (tiles::cpp_kernel_mark, as a call site's kernel text does) has
// no others: a `void f(index<1> i, ...) restrict(amp)` helper there is a device function.
#pragma once

#include <map>
#include <string>
#include <vector>

#include "programs/kernel_cache.hpp"

namespace tiles::engine {

// The file names the C++ prelude's lines and those of C++ AMP's device library (the headers of
// those names that the host includes too, in the order programs hold them) carry in compiler and
// simulator messages.
inline constexpr const char* amp_prelude_name = "prelude_amp.clcpp";
inline constexpr const char* amp_library_names[] = {"amp_math.h", "amp_direct3d.h", "amp_short_vectors.h",
                                                    "amp_textures.clcpp"};
// Whether a message's file is libtiles' rather than the kernel's.
inline bool is_amp_library_file(const std::string& file) {
    if (file == amp_prelude_name) return true;
    for (const char* name : amp_library_names)
        if (file == name) return true;
    return false;
}

// What a kernel's parameters are, as the launch checks its arguments against them: a launch gives
// the parameters in order; after them come the hidden extents of its arrays and views.
struct declared_kernel {
    std::vector<kernel_param> params;
    std::vector<std::size_t> hidden_extents; // for each hidden parameter, the parameter it describes
    bool reports_failure = false;            // the failure record follows them (failure_record.hpp)
};

class amp_source {
  public:
    // Reads `source` (file name `file_name` for its first line) with the build options `options`,
    // whose -D and -U go into the program's text after the prelude rather than to the compiler, so
    // that no name of the prelude can be redefined by them. Throws build_error, naming the place, for
    // a kernel function it cannot take.
    amp_source(const std::string& source, const std::string& options, const std::string& file_name);

    // The names of the source's kernels, in its order.
    std::vector<std::string> kernel_names() const;
    // The kernel `name`'s parameters, or nullptr where the source has no such kernel.
    const declared_kernel* kernel(const std::string& name) const;

    // The program that builds kernel `name` (which must be one) for a launch, whose index must then
    // be the launch's (a compile error otherwise); the program of every kernel, for a build of the
    // whole source ahead of any launch: `checked`, every kernel's index must be the build's domain's,
    // and launches there use it; else none is checked.
    std::string program_for(const std::string& name) const;
    std::string whole_program(bool checked) const;

    // The build options, less the -D and -U the program's text holds.
    const std::string& options() const { return options_; }

    // A stretch of the source: [begin, end) offsets.
    struct span {
        std::size_t begin = 0, end = 0;
    };
    struct parameter {
        enum class kind { view, array, scalar, value, index, texture } what;
        span declaration;             // the whole declaration, name included
        std::string name;             // the name it declares
        std::string opencl;           // the entry's parameter type: "__global const float*", "int", value_bytes<T>
        std::string type;             // a value's type, less const: "Params", "extent < 2 >"; a texture's class
                                      // less its last template argument: "tiles_texture<float, 2, ..., "
        std::vector<span> references; // '&' tokens of the declaration, dropped in the entry
        int rank = 0;                 // an array's or view's rank
    };
    struct kernel_function {
        std::string name;
        span name_at;
        std::vector<parameter> parameters; // the index last
        span body;                         // from its '{' to its '}', both included
        std::vector<span> moved;           // tile_static declarations of nested blocks, ';' included
        std::vector<std::string> measured; // the element and value types whose device size the probe reads
    };

  private:
    std::string program(const std::vector<const kernel_function*>& kernels, bool checked) const;
    std::string entry(const kernel_function& k, bool checked) const;
    std::string position(std::size_t offset) const; // a #line directive for the source's offset
    std::string padding(std::size_t offset) const;  // spaces to the column of the offset

    std::string source_;
    std::string options_;
    std::string defines_; // the -D and -U of the options, as directives
    std::string blanked_; // the source with its kernel functions blanked out
    std::vector<std::size_t> line_starts_;
    std::vector<std::pair<std::string, int>> presumed_; // per physical line: file and line
    std::vector<kernel_function> kernels_;
    std::map<std::string, declared_kernel> declared_;
    bool uses_short_vectors_ = false; // whether the program needs amp_short_vectors.h
    bool reports_failure_ = false;    // whether the source calls direct3d_errorf, direct3d_abort or view_as
};

} // namespace tiles::engine
