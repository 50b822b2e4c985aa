// libtiles: C++ AMP's <amp_graphics.h>, which programs include for the short vectors of
// concurrency::graphics (the C++ AMP book's NBody does): <amp_short_vectors.h>, as Microsoft's
// includes it. Textures are not provided (docs/guides/from-cpp-amp.md).
#ifndef TILES_CPPAMP_AMP_GRAPHICS_H
#define TILES_CPPAMP_AMP_GRAPHICS_H

#include "amp_short_vectors.h"

#endif
