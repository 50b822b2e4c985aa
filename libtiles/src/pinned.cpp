// libtiles: pinned host memory for the C++ API, the engine's.
#include "tiles/pinned.hpp"

#include "tiles/engine/pinned.hpp"

namespace tiles::detail {

void* allocate_pinned(const accelerator_view& view, std::size_t bytes) {
    return engine::allocate_pinned(view.context(), bytes);
}

// Only ever given memory allocate_pinned gave, which free_pinned takes without failing.
void free_pinned(void* memory) noexcept {
    try {
        engine::free_pinned(memory);
    } catch (...) {
    }
}

} // namespace tiles::detail
