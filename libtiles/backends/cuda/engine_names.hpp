// libtiles' CUDA backend: the engine's names it uses as its own, as the algorithms' support.hpp
// does. The backend lives in namespace tiles::cuda, beside the engine, not in it.
#pragma once

#include "base/log.hpp"
#include "base/opencl.hpp"
#include "base/step_clock.hpp"
#include "context/host_waits.hpp"
#include "devices/device_info.hpp"
#include "programs/kernel_program.hpp"
#include "routes/compile_route.hpp"
#include "seam/backend.hpp"
#include "tiles/engine/context.hpp"
#include "tiles/engine/immortal.hpp"
#include "tiles/engine/launch.hpp"

namespace tiles::cuda {

using engine::algorithm_provider;
using engine::backend;
using engine::backend_verdict;
using engine::built_program;
using engine::check;
using engine::compile_route;
using engine::context;
using engine::device_info;
using engine::driver_log;
using engine::finish;
using engine::immortal;
using engine::kernel_program;
using engine::kernel_program_of;
using engine::launch_domain;
using engine::log;
using engine::logging;
using engine::route_named;
using engine::step_clock;

} // namespace tiles::cuda
