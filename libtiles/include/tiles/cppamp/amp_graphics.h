// libtiles: C++ AMP's <amp_graphics.h>, which programs include for the short vectors of
// concurrency::graphics (the C++ AMP book's NBody does): <amp_short_vectors.h>, <array> and
// <sstream>, as Microsoft's includes them (and Windows' <dxgiformat.h>). Textures are not provided
// (docs/guides/from-cpp-amp.md).
#ifndef TILES_CPPAMP_AMP_GRAPHICS_H
#define TILES_CPPAMP_AMP_GRAPHICS_H

#include <array>
#include <sstream>

#include "amp_short_vectors.h"

#endif
