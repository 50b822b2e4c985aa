// libtiles: C++ AMP's <amp_math.h>. Its functions are device code, which libtiles compiles with
// the kernels (the prelude's concurrency::fast_math and concurrency::precise_math); the host sees
// the namespaces, so that a program's `using namespace concurrency::fast_math;` builds as written.
#pragma once

#include "amp.h"

namespace concurrency {
namespace fast_math {}
namespace precise_math {}
} // namespace concurrency
