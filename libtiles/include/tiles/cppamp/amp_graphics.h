// libtiles: C++ AMP's <amp_graphics.h>, which programs include for the short vectors of
// concurrency::graphics (the C++ AMP book's NBody does): <amp_short_vectors.h>, <array> and
// <sstream>, as Microsoft's includes them (and Windows' <dxgiformat.h>), and its textures on
// OpenCL images (tiles/texture.hpp; docs/guides/from-cpp-amp.md).
#ifndef TILES_CPPAMP_AMP_GRAPHICS_H
#define TILES_CPPAMP_AMP_GRAPHICS_H

#include <array>
#include <sstream>

#include "amp_short_vectors.h"
#include "tiles/texture.hpp"

namespace concurrency::graphics {
using tiles::graphics::address_border;
using tiles::graphics::address_clamp;
using tiles::graphics::address_mirror;
using tiles::graphics::address_mode;
using tiles::graphics::address_unknown;
using tiles::graphics::address_wrap;
using tiles::graphics::copy;
using tiles::graphics::filter_linear;
using tiles::graphics::filter_mode;
using tiles::graphics::filter_point;
using tiles::graphics::filter_unknown;
using tiles::graphics::sampler;
using tiles::graphics::texture;
using tiles::graphics::texture_view;
using tiles::graphics::writeonly_texture_view;
} // namespace concurrency::graphics

#endif
