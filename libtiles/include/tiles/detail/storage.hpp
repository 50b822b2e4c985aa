// libtiles: the untyped storage engine as the typed shells see it. A storage is bytes of one
// element layout, kept coherent between host memory and one device copy per accelerator view:
// data moves only when a reader finds its copy stale. The class is defined in the library.
#pragma once

#include <cstddef>
#include <memory>

#include "tiles/accelerator.hpp"
#include "tiles/element_type.hpp"

namespace tiles::detail {

class storage;

enum class host_access { read, read_write };

// Storage over caller-owned host memory (what an array_view wraps). The memory must outlive
// the storage; it is written back when the last reference goes, if a launch wrote it.
// host_read_only storage never writes into the host memory (array_view<const T>).
std::shared_ptr<storage> storage_over_host(element_layout layout, std::size_t count, void* host,
                                           bool host_read_only);

// Storage that lives on one accelerator view (what an array owns); allocated there at once.
std::shared_ptr<storage> storage_on_device(element_layout layout, std::size_t count,
                                           const accelerator_view& view);

element_layout layout_of(const storage& s);
std::size_t element_count(const storage& s);
// The view a device storage lives on; empty for storage over host memory.
std::shared_ptr<context_state> home_of(const storage& s);

// Host memory holding the current contents, downloading them first if a launch changed them.
// read_write marks every device copy stale, as the host may now change the data.
void* host_data(storage& s, host_access access);
// Copies the current contents out, or replaces them, without touching the host copy's state
// more than needed: one transfer at most each.
void copy_to_host(storage& s, void* destination);
void copy_from_host(storage& s, const void* source);
// The contents need not be preserved: the next launch uploads nothing.
void discard_data(storage& s);
// The host memory was changed behind libtiles' back: device copies are stale.
void refresh(storage& s);

} // namespace tiles::detail
