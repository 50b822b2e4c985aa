// libtiles: C++ AMP's <amp_short_vectors.h>. The host sees namespace concurrency::graphics, so
// that `using namespace concurrency::graphics;` builds; its short vector types (float_3, int_2,
// norm, unorm ...) are not provided yet, on the host or in kernels.
#pragma once

#include "amp.h"

namespace concurrency {
namespace graphics {}
} // namespace concurrency
