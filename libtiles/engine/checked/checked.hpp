// libtiles engine: checked mode as the layers above the engine use it: checked contexts on
// Oclgrind's simulated device, what their launches found, and the device whose parameters the
// algorithms run with there. What a checked context keeps is the engine's own (checked_run.hpp).
#pragma once

#include <memory>
#include <string>

#include "devices/device_info.hpp"
#include "tiles/check_report.hpp"

namespace tiles::engine {

class context;

// A context and queue on Oclgrind's simulated device, with a checked_run of its own.
std::shared_ptr<context> new_checked_context(bool strict);

// Oclgrind's simulated device, read once: C++ AMP's reference device (accelerator::direct3d_ref).
// unsupported_feature, saying how to install it, where Oclgrind is missing.
std::shared_ptr<const device_info> simulator_device();

// What a checked context's launches found so far (empty for other contexts), and forgetting it.
check_report report_of(const context& context);
void clear_report(const context& context);

// The device TILES_CHECKED_AS named when a checked context was made, whose parameters the
// library's algorithms run with on it; "" on the simulator's own and on unchecked contexts.
const std::string& checked_as(const context& context);

} // namespace tiles::engine
