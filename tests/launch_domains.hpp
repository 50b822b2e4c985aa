// libtiles tests: the launch domains that white-box tests of the engine hand it, where they build
// or set up a kernel without running it over data.
#pragma once

#include "tiles/engine/launch.hpp"

// One work-item, untiled: a domain every device runs.
inline tiles::engine::launch_domain one_work_item() {
    tiles::engine::launch_domain domain;
    domain.rank = 1;
    domain.extent = {1, 0, 0};
    return domain;
}
