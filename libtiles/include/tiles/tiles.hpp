// libtiles: C++ AMP's tiling model on OpenCL. Include this one header for the whole C++ API.
#pragma once

#include "tiles/accelerator.hpp"
#include "tiles/algorithms.hpp"
#include "tiles/array.hpp"
#include "tiles/array_view.hpp"
#include "tiles/checked.hpp"
#include "tiles/completion_future.hpp"
#include "tiles/copy.hpp"
#include "tiles/diagnostics.hpp"
#include "tiles/element_type.hpp"
#include "tiles/exceptions.hpp"
#include "tiles/extent.hpp"
#include "tiles/kernel.hpp"
#include "tiles/log.hpp"
#include "tiles/parallel_for_each.hpp"
#include "tiles/parameters.hpp"
#include "tiles/version.hpp"
