// libtiles: C++ AMP's accelerator and accelerator_view with their properties (tiles/amp_accelerator.hpp).
#include "tiles/amp_accelerator.hpp"

namespace tiles::amp {

default_view_member::operator accelerator_view() const { return owner_.get_default_view(); }

accelerator::accelerator(const tiles::accelerator& device)
    : tiles::accelerator(device), device_path(device.get_device_path()), description(device.get_description()),
      version(device.get_version()), dedicated_memory(device.get_dedicated_memory()), is_debug(device.get_is_debug()),
      is_emulated(device.get_is_emulated()), has_display(device.get_has_display()),
      supports_double_precision(device.get_supports_double_precision()),
      supports_limited_double_precision(device.get_supports_limited_double_precision()),
      supports_cpu_shared_memory(device.get_supports_cpu_shared_memory()),
      default_cpu_access_type(device.get_default_cpu_access_type()), default_view(device) {}

std::vector<accelerator> accelerator::get_all() {
    const std::vector<tiles::accelerator> all = tiles::accelerator::get_all();
    return std::vector<accelerator>(all.begin(), all.end());
}

accelerator_view accelerator::get_default_view() const { return tiles::accelerator::get_default_view(); }

accelerator_view accelerator::create_view(queuing_mode mode) const { return tiles::accelerator::create_view(mode); }

accelerator_view accelerator::get_auto_selection_view() { return tiles::accelerator::get_auto_selection_view(); }

accelerator_view::accelerator_view(const tiles::accelerator_view& view)
    : tiles::accelerator_view(view), accelerator(view.tiles::accelerator_view::get_accelerator()),
      is_debug(view.get_is_debug()), version(view.get_version()), queuing_mode(view.get_queuing_mode()),
      is_auto_selection(view.get_is_auto_selection()) {}

} // namespace tiles::amp
