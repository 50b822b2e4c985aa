// libtiles: kernels written in OpenCL C or in C++. A kernel is its source, its name, extra build
// options and its language; it is compiled, with the prelude in front, the first time it is launched with a
// given tile shape on a given accelerator view, and cached with that view from then on.
#pragma once

#include <memory>
#include <string>

namespace tiles {

namespace engine {
class kernel_source;
} // namespace engine

// The language of a kernel's source.
enum class kernel_language {
    // OpenCL C with libtiles' prelude (kernels/prelude.cl), compiled by the device's driver.
    opencl_c,
    // C++ AMP's kernels as C++ for OpenCL with libtiles' C++ prelude (kernels/prelude_amp.clcpp),
    // compiled by clang (README: "Kernels in C++").
    cpp,
};

// In a C++ kernel source, the line that marks the function after it as a kernel. A source that
// marks its kernels has no others: its unmarked functions are device functions whatever their
// parameters, an index among them (C++ AMP's helpers). A call site's kernel text is marked so.
inline constexpr const char* cpp_kernel_mark = "#pragma tiles kernel";

// A kernel: its source, the name of the kernel function to launch, and how to compile it. It is
// built on first launch for each accelerator view and tile shape, and the builds are cached.
class kernel {
  public:
    // `source` is OpenCL C using the prelude (tiled_index, tile_static, tile_barrier_wait...), or
    // C++ AMP's; `name` is the kernel to launch; `build_options` are passed to the compiler
    // (e.g. "-DSAMPLESIZE=4"). Nothing is compiled until the first launch.
    kernel(std::string source, std::string name, std::string build_options = "",
           kernel_language language = kernel_language::opencl_c);

    // What the constructor was given: the kernel's name, its source, its build options and its
    // source's language.
    const std::string& name() const;
    const std::string& source() const;
    const std::string& build_options() const;
    kernel_language language() const;

    // The compiler's warnings from this kernel's latest build (by a launch on a new accelerator
    // view or with a new tile shape, or by tiles::build), "" if it gave none or nothing was built.
    std::string build_log() const;

    // For libtiles itself.
    const std::shared_ptr<engine::kernel_source>& impl() const { return impl_; }

  private:
    std::shared_ptr<engine::kernel_source> impl_;
};

} // namespace tiles
