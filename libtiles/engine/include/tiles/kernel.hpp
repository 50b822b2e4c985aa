// libtiles: kernels written in OpenCL C. A kernel is its source, its name and extra build
// options; it is compiled, with the prelude in front, the first time it is launched with a
// given tile shape on a given accelerator view, and cached with that view from then on.
#pragma once

#include <memory>
#include <string>

namespace tiles {

namespace engine {
class kernel_source;
} // namespace engine

class kernel {
  public:
    // `source` is OpenCL C using the prelude (tiled_index, tile_static, tile_barrier_wait...);
    // `name` is the __kernel function to launch; `build_options` are passed to the compiler
    // (e.g. "-DSAMPLESIZE=4"). Nothing is compiled until the first launch.
    kernel(std::string source, std::string name, std::string build_options = "");

    const std::string& name() const;
    const std::string& source() const;
    const std::string& build_options() const;

    // The compiler's warnings from this kernel's latest build (by a launch on a new accelerator
    // view or with a new tile shape, or by tiles::build), "" if it gave none or nothing was built.
    std::string build_log() const;

    // For libtiles itself.
    const std::shared_ptr<engine::kernel_source>& impl() const { return impl_; }

  private:
    std::shared_ptr<engine::kernel_source> impl_;
};

} // namespace tiles
