// libtiles engine: storages, as the typed shells, the C API and the algorithms see them. A storage
// is the bytes of an array of one element layout, laid out in three dimensions, kept coherent
// between host memory and one device copy per context, box by box: data moves only when a reader
// finds its part of a copy stale, and only that part. The class itself is defined in the library.
#pragma once

#include <array>
#include <cstddef>
#include <functional>
#include <memory>
#include <vector>

#include "tiles/completion_future.hpp"
#include "tiles/element_type.hpp"
#include "tiles/engine/context.hpp"

struct _cl_mem; // OpenCL's cl_mem is a pointer to it

namespace tiles::engine {

class storage;

enum class host_access { read, read_write };

// Dimensions in AMP order, padded to rank 3 with leading 1s: extent<2>(4, 6) is (1, 4, 6). A rank
// above 3 is folded into three dimensions, its leading ones multiplied into the first:
// extent<5>(2, 3, 4, 5, 6) is (24, 5, 6).
using dims3 = std::array<std::size_t, 3>;

// A sub-rectangle of a storage: origin and extent in AMP order, padded like dims3.
struct box {
    dims3 origin{};
    dims3 extent{};
    friend bool operator==(const box& a, const box& b) { return a.origin == b.origin && a.extent == b.extent; }
};

// Number of elements in a box.
std::size_t volume(const box& b);

// A view's elements as box `b` of the storage's bytes laid out row-major by `dims`: the storage's
// own dims for a section of it, rows of another length for a section of a reshaped view (a matrix
// whose rows are longer than the section, as a leading dimension makes them). All dims 0: the
// elements are exactly the box of the storage that the view covers.
struct folded_box {
    dims3 dims{};
    box b{};
    bool folded() const { return dims[2] != 0; }
    friend bool operator==(const folded_box& x, const folded_box& y) { return x.dims == y.dims && x.b == y.b; }
};

// The dims3 of an extent of any rank; out_of_memory where its elements cannot be counted.
dims3 dims_of(int rank, const int* extent);

// Storage over caller-owned host memory laid out row-major by `dims` (what an array_view wraps).
// The memory must outlive the storage; when the last reference goes, what launches wrote is
// copied back into it. host_read_only storage never writes into it (array_view<const T>).
std::shared_ptr<storage> storage_over_host(element_layout layout, const dims3& dims, void* host, bool host_read_only);

// Storage with no source (what array_view(extent) views): uninitialized data that takes memory only
// where it is used, on a context when a launch there uses it and on the host when the
// host reads it, without ever moving what no one wrote.
std::shared_ptr<storage> storage_without_source(element_layout layout, const dims3& dims);

// Storage that lives on one context (what an array owns); allocated there at once. On the CPU
// accelerator's context, C++ AMP's host array: a staging array associated with the default context.
std::shared_ptr<storage> storage_on_device(element_layout layout, const dims3& dims,
                                           const std::shared_ptr<context>& context);

// A staging array's storage (C++ AMP's array on the CPU accelerator's view, whose context is
// `cpu_context`): host data, as a view's, in memory the driver of `associated` pins, so that
// transfers to and from `associated` run at the bus's full speed. Where `cpu_context` is a
// device's, an array there, associated with `associated`.
std::shared_ptr<storage> staging_storage(element_layout layout, const dims3& dims,
                                         const std::shared_ptr<context>& cpu_context,
                                         const std::shared_ptr<context>& associated);
bool is_staging(const storage& s);

// Storage whose device copy on `context` is the caller's OpenCL buffer (retained, not copied,
// never freed by libtiles); refused if the buffer is on another OpenCL context or too small.
std::shared_ptr<storage> storage_over_buffer(element_layout layout, const dims3& dims,
                                             const std::shared_ptr<context>& context, _cl_mem* buffer);

// The whole device buffer on `context`, current there (borrowed). read_write: the caller may
// write it, so the other copies go stale. Refused for sections, which have no buffer of their own.
_cl_mem* device_buffer(storage& s, const box& b, const std::shared_ptr<context>& context, host_access access);
// The same for a view: `region` and `elements` are its boxes (view_boxes). A section of a reshaped
// view (`elements` folded) is refused: its elements are not the region's in order.
_cl_mem* device_buffer(storage& s, const box& region, const folded_box& elements,
                       const std::shared_ptr<context>& context, host_access access);

element_layout layout_of(const storage& s);
const dims3& dims_of(const storage& s);
// All of a storage, as a box, and the number of elements in it.
box whole_of(const storage& s);
std::size_t element_count(const storage& s);
// The context a device storage lives on (a staging array's CPU context); empty for storage over
// host memory.
std::shared_ptr<context> home_of(const storage& s);
// Where a storage's data comes from (C++ AMP's source of a view): a context (an array's, a staging
// array's CPU context: home_of), the caller's host memory, or nowhere (storage_without_source).
enum class data_source { context, host_memory, none };
data_source source_of(const storage& s);
// The context its data is meant for: a staging array's associated context, an array's (its home
// unless made with another), none for storage over host memory. Launches without one run there.
std::shared_ptr<context> associated_of(const storage& s);

// The host memory (all of it, row-major by dims_of), current within `b`: what launches changed
// there is downloaded first. read_write: the host may change `b`, so device copies of it go stale.
void* host_data(storage& s, const box& b, host_access access);
// Brings `b` home without blocking; host access waits for it where needed.
completion_future synchronize_async(storage& s, const box& b);
// Makes `b` current on `context` (uploads without blocking).
void synchronize_to(storage& s, const box& b, const std::shared_ptr<context>& context);
// The same on every one of `contexts` at once (their uploads enqueued together, the host feeding
// them side by side), blocking no longer than synchronize_to does on one.
void synchronize_to(storage& s, const box& b, const std::vector<std::shared_ptr<context>>& contexts);
// The contents of `b` need not be preserved: the next launch uploads nothing of it.
void discard_data(storage& s, const box& b);
// The same for a view's elements: none where they are a section of a reshaped view (`elements`
// folded), whose region holds other elements, which stay.
void discard_data(storage& s, const box& region, const folded_box& elements);
// The host memory of `b` was changed behind libtiles' back: device copies of it are stale.
void refresh(storage& s, const box& b);
// Checked mode's finding, as a checked launch on `context` would make it: whether the host memory
// behind a view was written since a checked launch last used it (or libtiles last wrote it),
// with no refresh(), while the copy of `b` on `context` is current, so that the launch would read
// that old copy. False where no checked launch has used the storage.
bool host_written_unseen(storage& s, const box& b, const std::shared_ptr<context>& context);

// Copies `b` to or from dense host memory (extent(b) row-major), one transfer per part at most.
void copy_out(storage& s, const box& b, void* destination);
void copy_in(storage& s, const box& b, const void* source);
// One matrix of a storage, as the algorithms and split matrices take their operands: `rows` x
// `columns` elements of `data`, row-major (a 1-D operand is one row).
struct matrix_operand {
    std::shared_ptr<storage> data;
    int rows = 0;
    int columns = 0;
};

// Copies box `from` of `source` into box `to` of `destination` (same extents): on the device
// when both are on one context, else through the host.
void copy(storage& source, const box& from, storage& destination, const box& to);

// The same without blocking. Device transfers are enqueued on the queue of the context
// that holds the data, after the work enqueued there before and before the work enqueued after
// (a launch on an array's context reads what copy_in_async wrote); host memory is copied at once.
// The future completes with the transfers, and so does the wait() of each context that runs one.
//
// copy_in_async: `source` must stay alive and unchanged until then; `keep_alive` (a staging
// buffer holding the source) is held until then.
completion_future copy_in_async(storage& s, const box& b, const void* source, std::shared_ptr<const void> keep_alive);
// copy_out_async: `destination` is written by then; `finish`, if given, runs on the host after the
// transfers (moving `destination` on to where the caller wants it), once, on the thread that first
// waits: the future's wait(), get() or is_ready(), or a context's wait(). `keep_alive` is held as
// long as the transfers or `finish` may use it.
completion_future copy_out_async(storage& s, const box& b, void* destination, std::shared_ptr<const void> keep_alive,
                                 std::function<void()> finish);
// The same two for the elements of a section of a reshaped view, which box `region` of the storage
// holds: through the host's copy of `region` (brought home or marked changed as host access
// does), done on return but for `finish`, which runs as above.
completion_future copy_in_async(storage& s, const box& region, const folded_box& elements, const void* source,
                                std::shared_ptr<const void> keep_alive);
completion_future copy_out_async(storage& s, const box& region, const folded_box& elements, void* destination,
                                 std::shared_ptr<const void> keep_alive, std::function<void()> finish);
// copy_async between containers: on the device when both are on one context (ordered on
// its queue); else the source is read now, the destination written in order on its own context.
completion_future copy_async(storage& source, const box& from, storage& destination, const box& to);

} // namespace tiles::engine
