// libtiles: checked views, accelerator views of the engine's checked contexts (tiles/checked.hpp).
#include "tiles/checked.hpp"

#include "checked/checked.hpp"
#include "context/context.hpp"
#include "tiles/accelerator.hpp"

namespace tiles {

accelerator_view create_checked_view(bool strict) { return accelerator_view(engine::new_checked_context(strict)); }

bool is_checked(const accelerator_view& view) { return view.context()->checked != nullptr; }

check_report get_check_report(const accelerator_view& view) { return engine::report_of(*view.context()); }

void clear_check_report(const accelerator_view& view) { engine::clear_report(*view.context()); }

} // namespace tiles
