// libtiles C API: what every C entry point shares. Each one is `return guard([&] { ... });`,
// so no exception crosses the boundary and every failure leaves its message for the thread;
// live() turns a handle into its object, refusing NULL, released and wrong kinds of handles.
#pragma once

#include <algorithm>
#include <atomic>
#include <cstddef>
#include <cstring>
#include <functional>
#include <memory>
#include <string>
#include <string_view>
#include <vector>

#include "tiles.h"
#include "tiles/engine/immortal.hpp"
#include "tiles/engine/placement.hpp"
#include "tiles/tiles.hpp"

namespace tiles::capi {

// Records `message` as this thread's last error and returns `status`; where there is no memory
// to copy the message, records a static "out of memory" message and returns
// TILES_ERROR_OUT_OF_MEMORY instead. Never throws.
tiles_status fail(tiles_status status, std::string_view message) noexcept;

// What the C API keeps for the calling thread: the message of its last failure, the texts it
// hands out (each valid until the thread's next call that replaces it), and the arguments of its
// launch under way. A release may run as the thread ends, from its thread_local objects'
// destructors or its POSIX thread-specific data's, after C++ has destroyed its thread_local
// objects: so this is no thread_local object but memory that a thread-specific key's destructor
// frees, after every thread_local destructor of the thread (thread_state.cpp).
struct thread_state {
    std::string last_error;
    std::string build_log;                              // tiles_kernel_build's, tiles_kernel_get_build_log's
    std::string kernel_names, source_log;               // tiles_program_build's
    std::vector<tiles::engine::launch_arg> launch_args; // tiles_launch's, empty between launches
};
// This thread's, made on its first use; throws std::bad_alloc where there is no memory for it.
thread_state& this_thread();

// Maps the exception being handled to a status and records its message. Call only in a catch.
tiles_status dispatch_exception();

template <class F> tiles_status guard(F&& body) noexcept {
    try {
        body();
        return TILES_SUCCESS;
    } catch (...) {
        return dispatch_exception();
    }
}

// Thrown for a handle that is NULL, released, or of another kind.
class invalid_handle : public runtime_exception {
  public:
    using runtime_exception::runtime_exception;
};

enum class handle_kind { device, context, array, view, kernel, event, report, split };

// Every handle begins with this; the registry knows which ones are alive.
struct handle {
    explicit handle(handle_kind k) : kind(k) {}
    virtual ~handle() = default;
    const handle_kind kind;
    std::atomic<int> references{1};
};

// The registry knows live handles by address, so that a caller's stale or foreign pointer is
// looked up without being converted to a handle, let alone read.
void register_handle(const void* address, handle_kind kind);
void unregister_handle(const void* address);
bool is_live(const void* address, handle_kind kind);

// The live handle `h` of kind H, or invalid_handle naming `what` ("view", "context").
template <class H> H& live(H* h, const char* what) {
    if (h == nullptr) throw invalid_handle(std::string("the ") + what + " is NULL");
    if (!is_live(h, H::kind_tag))
        throw invalid_handle(std::string("the ") + what + " is not a live tiles_" + H::type_name +
                             " handle (released already, or another kind of handle)");
    return *h;
}
template <class H> const H& live(const H* h, const char* what) { return live(const_cast<H*>(h), what); }

// Refuses a NULL output pointer.
template <class T> void check_out(T* out) {
    if (out == nullptr) throw invalid_argument("the output pointer 'out' is NULL");
}

// Makes a handle of kind H (registered, one reference for the caller).
template <class H, class... Args> H* make_handle(Args&&... args) {
    auto h = std::make_unique<H>(std::forward<Args>(args)...);
    register_handle(h.get(), h->kind);
    return h.release();
}

template <class H> tiles_status retain(H* h, const char* what) {
    return guard([&] { live(h, what).references++; });
}

template <class H> tiles_status release(H* h, const char* what) {
    if (h == nullptr) return TILES_SUCCESS;
    return guard([&] {
        if (--live(h, what).references == 0) {
            unregister_handle(h);
            delete h;
        }
    });
}

// Structs whose first field is their size. Later versions only add fields at the end, so a
// caller's struct_size may be larger than this header's (a newer header), or, for a struct that has
// grown since its first version, that first version's size (an older header), which
// first_version_size gives; any other size would cut a field in two, and is refused.
template <class S> inline constexpr std::size_t first_version_size = sizeof(S);
template <> inline constexpr std::size_t first_version_size<tiles_shape> = offsetof(tiles_shape, extents);
template <> inline constexpr std::size_t first_version_size<tiles_domain> = offsetof(tiles_domain, extents);
template <>
inline constexpr std::size_t first_version_size<tiles_device_info> = offsetof(tiles_device_info, device_path);
template <> inline constexpr std::size_t first_version_size<tiles_diagnostic> = offsetof(tiles_diagnostic, tile_count);
template <>
inline constexpr std::size_t first_version_size<tiles_counters> = offsetof(tiles_counters, staged_transfers);

template <class S> void check_struct(const S* s, const char* name) {
    if (s == nullptr) throw invalid_argument(std::string("the ") + name + " is NULL");
    if (s->struct_size < first_version_size<S>)
        throw invalid_argument(std::string("the ") + name + "'s struct_size (" + std::to_string(s->struct_size) +
                               ") is smaller than any version of it; initialize it with its _INIT macro");
    if (s->struct_size != first_version_size<S> && s->struct_size < sizeof(S))
        throw invalid_argument(std::string("the ") + name + "'s struct_size (" + std::to_string(s->struct_size) +
                               ") is the size of no version of it (" + std::to_string(first_version_size<S>) +
                               ", or at least " + std::to_string(sizeof(S)) + "); initialize it with its _INIT macro");
}

// Whether the caller's struct, of its own version, has the field that ends `end` bytes in.
template <class S> bool has_field(const S* s, std::size_t end) { return s->struct_size >= end; }

// The caller's struct as this header's version: the fields both know, the others zero.
template <class S> S read_struct(const S* s) {
    S value{};
    std::memcpy(&value, s, s->struct_size < sizeof(S) ? s->struct_size : sizeof(S));
    return value;
}

// Writes `value` into the caller's struct, the fields both versions know and no more.
template <class S> void write_struct(S* out, S value, const char* name) {
    check_struct(out, name);
    value.struct_size = out->struct_size;
    std::memcpy(out, &value, out->struct_size < sizeof(S) ? out->struct_size : sizeof(S));
}

// The `rank` components of a shape's or domain's extent: `extent` up to rank 3, `extents` (where
// the caller's version has it) above; invalid_argument naming `what` where they are missing.
template <class S> const int* extent_components(const S* s, const char* what) {
    if (s->rank <= 3) return s->extent;
    if (!has_field(s, offsetof(S, extents) + sizeof(s->extents)) || s->extents == nullptr)
        throw invalid_argument(std::string(what) + " of rank " + std::to_string(s->rank) +
                               " gives its components in `extents`, which is NULL (or beyond its struct_size)");
    return s->extents;
}

// The engine's layout and dimensions for a tiles_shape, refusing what cannot be made.
struct checked_shape {
    element_layout layout;
    engine::dims3 dims;
    std::vector<int> extent; // rank components
};
checked_shape check_shape(const tiles_shape* shape);

// The parts of tiles_launch and tiles_copy that their _with_events forms share.
void launch(tiles_context* context, const tiles_domain* domain, const tiles_kernel* kernel, const tiles_arg* args,
            size_t arg_count, const engine::opencl_events& events);
// Checks that `source` can be copied into `destination`; returns the copy as a task that
// shares both views' data.
std::function<void()> copy_task(const tiles_view* source, tiles_view* destination);

// The int a C caller passed where tiles.h declares an enum. C lets any int through, but C++ may
// not even load an enum holding a value outside its enumerators' range, so every enum that comes
// from a caller is read as the int it is (by reference, through its bytes) before it is checked.
template <class Enum> int as_int(const Enum& value) {
    static_assert(sizeof(Enum) == sizeof(int), "tiles.h's enums are ints");
    int v;
    std::memcpy(&v, &value, sizeof v);
    return v;
}

// The element type a caller's tiles_dtype names, or invalid_argument.
element_type to_element_type(const tiles_dtype& dtype);
tiles_dtype to_dtype(element_type type);
// The engine's host access for a caller's tiles_access, or invalid_argument.
engine::host_access to_host_access(const tiles_access& access);

} // namespace tiles::capi

// The handles, defined here so that every part of the C API sees their insides.

struct tiles_device : tiles::capi::handle {
    static constexpr auto kind_tag = tiles::capi::handle_kind::device;
    static constexpr const char* type_name = "device";
    explicit tiles_device(tiles::accelerator a) : handle(kind_tag), accelerator(std::move(a)) {}
    tiles::accelerator accelerator;
};

struct tiles_context : tiles::capi::handle {
    static constexpr auto kind_tag = tiles::capi::handle_kind::context;
    static constexpr const char* type_name = "context";
    explicit tiles_context(tiles::accelerator_view v) : handle(kind_tag), view(std::move(v)) {}
    tiles::accelerator_view view;
};

// An array owns its storage on one context; the rest of the C API reaches it through a view.
struct tiles_array : tiles::capi::handle {
    static constexpr auto kind_tag = tiles::capi::handle_kind::array;
    static constexpr const char* type_name = "array";
    tiles_array(std::shared_ptr<tiles::engine::storage> s, std::vector<int> e)
        : handle(kind_tag), storage(std::move(s)), extent(std::move(e)) {}
    std::shared_ptr<tiles::engine::storage> storage;
    std::vector<int> extent;
};

// A view: elements of a storage over host memory, an array or no source, placed in it as a
// tiles::array_view's are (by byte offset and byte strides), and the box of it they fill.
struct tiles_view : tiles::capi::handle {
    static constexpr auto kind_tag = tiles::capi::handle_kind::view;
    static constexpr const char* type_name = "view";
    tiles_view(std::shared_ptr<tiles::engine::storage> s, std::size_t byte_offset, std::vector<int> e,
               std::vector<std::size_t> byte_strides, tiles::element_layout l, bool ro, const char* made_by)
        : handle(kind_tag), storage(std::move(s)), offset(byte_offset), extent(std::move(e)),
          stride(std::move(byte_strides)), layout(l), read_only(ro),
          region(tiles::engine::box_of(*storage, placement(), made_by)) {}
    int rank() const { return int(extent.size()); }
    tiles::engine::placement placement() const { return {offset, rank(), extent.data(), stride.data(), layout.size}; }
    std::shared_ptr<tiles::engine::storage> storage;
    std::size_t offset;
    std::vector<int> extent;
    std::vector<std::size_t> stride;
    tiles::element_layout layout;
    bool read_only;
    tiles::engine::box region;
};

struct tiles_kernel : tiles::capi::handle {
    static constexpr auto kind_tag = tiles::capi::handle_kind::kernel;
    static constexpr const char* type_name = "kernel";
    explicit tiles_kernel(tiles::kernel k) : handle(kind_tag), kernel(std::move(k)) {}
    tiles::kernel kernel;
};

struct tiles_event : tiles::capi::handle {
    static constexpr auto kind_tag = tiles::capi::handle_kind::event;
    static constexpr const char* type_name = "event";
    explicit tiles_event(tiles::completion_future f, _cl_event* e = nullptr)
        : handle(kind_tag), future(std::move(f)), opencl(e) {}
    tiles::completion_future future;
    _cl_event* opencl; // the OpenCL event (cl_event) it was made from, owned by `future`; else none
};

namespace tiles::capi {
// Throws invalid_argument unless the view may be written (`what` names the call).
void check_writable(const tiles_view& v, const char* what);

// The algorithms' operand for `view`: all of its storage, rows x columns, a rank-1 view one row.
// The engine reads and writes whole storages in their own element type, so a section would
// silently stand for all of it, and a reinterpreted view for elements of another type: both are
// refused, as views of rank 3 or more are. `function` and `role` name the view in messages.
engine::matrix_operand matrix_operand_of(const tiles_view* view, const char* function, const char* role);
// The same for an output, which must be writable.
engine::matrix_operand output_operand_of(tiles_view* view, const char* function, const char* role);
// The engine's contexts of `count` live context handles.
std::vector<std::shared_ptr<engine::context>> contexts_of(tiles_context* const* contexts, size_t count,
                                                          const char* function);

// The engine's context of a live context handle, or the default context for NULL.
inline std::shared_ptr<engine::context> context_of(tiles_context* context) {
    return context == nullptr ? engine::default_context() : live(context, "context").view.context();
}
} // namespace tiles::capi

// A report, with the derived text of each diagnostic and its work-items as flat ints.
struct tiles_report : tiles::capi::handle {
    static constexpr auto kind_tag = tiles::capi::handle_kind::report;
    static constexpr const char* type_name = "report";
    explicit tiles_report(tiles::check_report r);
    tiles::check_report report;
    std::vector<std::string> texts;
    std::vector<std::vector<int>> work_items; // each diagnostic's, 3 ints each
    std::vector<std::vector<int>> tiles;      // the same for its tiles
};

// A matrix split over contexts, with an array handle's worth of each band's local rows.
struct tiles_split : tiles::capi::handle {
    static constexpr auto kind_tag = tiles::capi::handle_kind::split;
    static constexpr const char* type_name = "split";
    explicit tiles_split(std::shared_ptr<tiles::engine::split_matrix> m) : handle(kind_tag), matrix(std::move(m)) {}
    std::shared_ptr<tiles::engine::split_matrix> matrix;
};
