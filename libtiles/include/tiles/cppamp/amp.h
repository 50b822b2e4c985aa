// libtiles: C++ AMP's <amp.h>. A C++ AMP program's host code builds with it as written: namespace
// concurrency (and Concurrency) holds libtiles' classes and functions under AMP's names, and AMP's
// own spellings where libtiles' differ: tiled_extent<D0, D1, D2> and tiled_index<D0, D1, D2> with
// the tile in the type (tiles::tiled_extent<N> is the rank's, the tile a run-time value), and the
// accelerator and accelerator_view whose properties read as AMP reads them (acc.default_view,
// acc.is_emulated ...), and the functions of concurrency::direct3d (tiles/detail/amp_direct3d.h,
// the device's too). Linking the CMake target tiles::core (or pkg-config's tiles-core) puts this
// folder on the include path. docs/guides/from-cpp-amp.md.
#pragma once

// The standard headers C++ AMP's <amp.h> brings, which programs count on: those Microsoft's amp.h,
// amprt.h and amprt_exceptions.h include, and those HCC's adds through its hc_defines.h (<cassert>,
// for assert, among them). Not HCC's <cstring>: its ::index() makes `index<2>` ambiguous.
#include <algorithm>
#include <cassert>
#include <chrono>
#include <cstdlib>
#include <exception>
#include <functional>
#include <future>
#include <initializer_list>
#include <iterator>
#include <map>
#include <memory>
#include <set>
#include <string>
#include <thread>
#include <type_traits>
#include <unordered_map>
#include <unordered_set>
#include <utility>
#include <vector>

#include "tiles/amp_accelerator.hpp"
#include "tiles/detail/amp_direct3d.h"
#include "tiles/tiles.hpp"

namespace concurrency {

using tiles::access_type;
using tiles::access_type_auto;
using tiles::access_type_none;
using tiles::access_type_read;
using tiles::access_type_read_write;
using tiles::access_type_write;
using tiles::array;
using tiles::array_view;
using tiles::completion_future;
using tiles::copy;
using tiles::copy_async;
using tiles::extent;
using tiles::index;
using tiles::parallel_for_each;
using tiles::tile_barrier;

using tiles::queuing_mode;
using tiles::queuing_mode_automatic;
using tiles::queuing_mode_immediate;

using tiles::accelerator_view_removed;
using tiles::invalid_compute_domain;
using tiles::out_of_memory;
using tiles::runtime_exception;
using tiles::unsupported_feature;

using tiles::amp::accelerator;
using tiles::amp::accelerator_view;
using tiles::amp::tiled_extent;
using tiles::amp::tiled_index;

} // namespace concurrency

namespace Concurrency = concurrency;
