// libtiles engine: images, the OpenCL objects beneath C++ AMP's textures. An image lives on one
// context, has a rank (1 to 3), an extent in AMP order and a format of 1, 2 or 4 channels of one
// scalar type; the host fills and reads it whole. Kernels take it as an image1d_t, image2d_t or
// image3d_t parameter (launch_arg::kind::image).
#pragma once

#include <array>
#include <cstddef>
#include <memory>

#include "tiles/element_type.hpp"
#include "tiles/engine/context.hpp"

struct _cl_mem; // OpenCL's cl_mem is a pointer to it

namespace tiles::engine {

// What one texel is: `channels` (1, 2 or 4) of `scalar` (int32, uint32 or float32).
struct image_format {
    element_type scalar = element_type::float32;
    int channels = 1;
    std::size_t texel_bytes() const { return std::size_t(channels) * 4; }
};

class image {
  public:
    // An image of `rank` and `extent` (AMP order: extent[0] the slowest) on `on` (the default
    // context where null). Throws invalid_argument, naming the numbers, for an extent the device
    // cannot hold or a format it does not support.
    image(const std::shared_ptr<context>& on, int rank, const std::array<int, 3>& extent, const image_format& format);
    ~image();
    image(const image&) = delete;
    image& operator=(const image&) = delete;

    // Fills the whole image from `texels` (extent's product of texel_bytes, rows in AMP order),
    // and reads it back into `texels`; both wait until done.
    void write(const void* texels);
    void read(void* texels) const;

    // A new image of the same extent and format on the same context, holding this one's texels
    // (C++ AMP's texture copies are deep).
    std::shared_ptr<image> copy() const;

    const std::shared_ptr<context>& on() const { return context_; }
    _cl_mem* mem() const;
    int rank() const { return rank_; }
    const std::array<int, 3>& extent() const { return extent_; }
    const image_format& format() const { return format_; }
    std::size_t bytes() const;

  private:
    struct held;
    std::shared_ptr<context> context_;
    int rank_;
    std::array<int, 3> extent_;
    image_format format_;
    std::unique_ptr<held> held_;
};

} // namespace tiles::engine
