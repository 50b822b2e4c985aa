// The short vectors by their short names, as the book's NBody brings them: included by the source
// first, then by scaled_pairs.hpp, whose second inclusion #pragma once skips.
#pragma once

#include <amp_short_vectors.h>

using namespace concurrency::graphics;
