// libtiles C API: what every C entry point shares. Each one is `return guard([&] { ... });`,
// so no exception crosses the boundary and every failure leaves its message for the thread;
// live() turns a handle into its object, refusing NULL, released and wrong kinds of handles.
#pragma once

#include <algorithm>
#include <atomic>
#include <cstddef>
#include <cstdint>
#include <cstring>
#include <functional>
#include <memory>
#include <mutex>
#include <optional>
#include <string>
#include <string_view>
#include <type_traits>
#include <vector>

#include "tiles.h"
#include "tiles/algorithms/elementwise.hpp"
#include "tiles/algorithms/user_kernels.hpp"
#include "tiles/element_type_refusal.hpp"
#include "tiles/engine/backend_verdict.hpp"
#include "tiles/engine/immortal.hpp"
#include "tiles/engine/placement.hpp"
#include "tiles/tiles.hpp"

namespace tiles::capi {

// Records `message` as this thread's last error, as it is (no marks are read in it), and returns
// `status`; where there is no memory to copy the message, records a static "out of memory"
// message and returns TILES_ERROR_OUT_OF_MEMORY instead. Never throws.
tiles_status fail(tiles_status status, std::string_view message) noexcept;

// What the C API keeps for the calling thread: the message of its last failure, the texts it
// hands out (each valid until the thread's next call that replaces it), and the arguments of its
// launch under way. A release may run as the thread ends, from its thread_local objects'
// destructors or its POSIX thread-specific data's, after C++ has destroyed its thread_local
// objects: so this is no thread_local object but memory that a thread-specific key's destructor
// frees, after every thread_local destructor of the thread (thread_state.cpp).
struct thread_state {
    std::string last_error;                                  // as C says it
    std::optional<std::string> last_marked;                  // the same with its names marked, where it marks them
    std::optional<tiles::element_type_refusal> last_refusal; // the last failure's, where it refused an element type
    std::string build_log;                                   // tiles_kernel_build's, tiles_kernel_get_build_log's
    std::string kernel_names, source_log;                    // tiles_program_build's
    std::vector<tiles::engine::launch_arg> launch_args;      // tiles_launch's, empty between launches
};
// This thread's, made on its first use; throws std::bad_alloc where there is no memory for it.
thread_state& this_thread();

// Maps the exception being handled to a status and records its message, and the parts of the
// element type it refuses where it refuses one. Call only in a catch.
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

enum class handle_kind { device, context, array, view, kernel, event, report, split, reduction_kernel };

// Every handle's object begins with this.
struct handle {
    explicit handle(handle_kind k) : kind(k) {}
    virtual ~handle() = default;
    const handle_kind kind;
    std::atomic<int> references{1};
};

// The registry gives each object a value of its own for the caller's handle, and finds the object
// of a value while its handle lives: a caller's stale or foreign handle is looked up, never read,
// and a handle kept past its release stays refused when another object takes its address.
std::uintptr_t register_handle(handle* object);
void unregister_handle(const void* value);
// The live object of kind `kind` that `value` names, or nullptr.
handle* find_handle(const void* value, handle_kind kind);

// The object behind each type of handle (object_of<tiles_view> is view_object), defined below:
// the handle types themselves stay incomplete, so that no handle is ever taken for its object.
template <class Handle> struct object_of_handle;
template <class Handle> using object_of = typename object_of_handle<std::remove_const_t<Handle>>::type;

// The object of the live handle `h`, or invalid_handle naming `what` ("view", "context").
template <class H> object_of<H>& live(H* h, const char* what) {
    using object = object_of<H>;
    if (h == nullptr) throw invalid_handle(std::string("the ") + what + " is NULL");
    handle* found = find_handle(h, object::kind_tag);
    if (found == nullptr)
        throw invalid_handle(std::string("the ") + what + " is not a live tiles_" + object::type_name +
                             " handle (released already, or another kind of handle)");
    return static_cast<object&>(*found);
}
template <class H> const object_of<H>& live(const H* h, const char* what) { return live(const_cast<H*>(h), what); }

// Refuses a NULL output pointer.
template <class T> void check_out(T* out) {
    if (out == nullptr) throw invalid_argument("the output pointer 'out' is NULL");
}

// Makes the object of a handle of type H and returns the handle (registered, one reference for
// the caller).
template <class H, class... Args> H* make_handle(Args&&... args) {
    auto object = std::make_unique<object_of<H>>(std::forward<Args>(args)...);
    const std::uintptr_t value = register_handle(object.get());
    object.release();
    return reinterpret_cast<H*>(value);
}

template <class H> tiles_status retain(H* h, const char* what) {
    return guard([&] { live(h, what).references++; });
}

template <class H> tiles_status release(H* h, const char* what) {
    if (h == nullptr) return TILES_SUCCESS;
    return guard([&] {
        object_of<H>& object = live(h, what);
        if (--object.references == 0) {
            unregister_handle(h);
            delete &object;
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
template <>
inline constexpr std::size_t first_version_size<tiles_error_parts> = offsetof(tiles_error_parts, marked_message);
template <>
inline constexpr std::size_t first_version_size<tiles_reduction_options> = offsetof(tiles_reduction_options, where);

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

// Appends the engine's form of the `count` arguments `args` to `into`, checking each.
void convert_args(std::vector<engine::launch_arg>& into, const tiles_arg* args, size_t count);
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

// Whether `value` is a tiles_dtype's.
bool is_dtype(int value);
// The element type a caller's tiles_dtype names, or invalid_argument.
element_type to_element_type(const tiles_dtype& dtype);
tiles_dtype to_dtype(element_type type);
// The engine's host access for a caller's tiles_access, or invalid_argument.
engine::host_access to_host_access(const tiles_access& access);

// The objects behind the handles, defined here so that every part of the C API sees their insides.

// The backends' verdicts on a device as tiles_backend_verdict hands them out: the lines of each
// as C strings.
struct device_verdicts {
    std::vector<tiles::engine::backend_verdict> verdicts;
    std::vector<std::vector<const char*>> probed, refused; // each verdict's
};

struct device_object : handle {
    static constexpr auto kind_tag = handle_kind::device;
    static constexpr const char* type_name = "device";
    explicit device_object(tiles::accelerator a) : handle(kind_tag), accelerator(std::move(a)) {}
    tiles::accelerator accelerator;
    // The backends' verdicts, asked once a handle (asking may load a driver), then kept for the
    // strings handed out.
    const device_verdicts& verdicts() const;

  private:
    mutable std::once_flag verdicts_asked_;
    mutable device_verdicts verdicts_;
};

struct context_object : handle {
    static constexpr auto kind_tag = handle_kind::context;
    static constexpr const char* type_name = "context";
    explicit context_object(tiles::accelerator_view v) : handle(kind_tag), view(std::move(v)) {}
    tiles::accelerator_view view;
};

// An array owns its storage on one context; the rest of the C API reaches it through a view.
struct array_object : handle {
    static constexpr auto kind_tag = handle_kind::array;
    static constexpr const char* type_name = "array";
    array_object(std::shared_ptr<tiles::engine::storage> s, std::vector<int> e)
        : handle(kind_tag), storage(std::move(s)), extent(std::move(e)) {}
    std::shared_ptr<tiles::engine::storage> storage;
    std::vector<int> extent;
};

// A view: elements of a storage over host memory, an array or no source, placed in it as a
// tiles::array_view's are (by byte offset and byte strides), and the box of it they fill.
struct view_object : handle {
    static constexpr auto kind_tag = handle_kind::view;
    static constexpr const char* type_name = "view";
    view_object(std::shared_ptr<tiles::engine::storage> s, std::size_t byte_offset, std::vector<int> e,
                std::vector<std::size_t> byte_strides, tiles::element_layout l, bool ro, const char* made_by)
        : handle(kind_tag), storage(std::move(s)), offset(byte_offset), extent(std::move(e)),
          stride(std::move(byte_strides)), layout(l), read_only(ro),
          boxes(tiles::engine::boxes_of(*storage, placement(), made_by)), region(boxes.region) {}
    int rank() const { return int(extent.size()); }
    tiles::engine::placement placement() const { return {offset, rank(), extent.data(), stride.data(), layout.size}; }
    std::shared_ptr<tiles::engine::storage> storage;
    std::size_t offset;
    std::vector<int> extent;
    std::vector<std::size_t> stride;
    tiles::element_layout layout;
    bool read_only;
    tiles::engine::view_boxes boxes; // where elements are folded, a section of a reshaped view
    tiles::engine::box region;       // boxes.region
};

struct kernel_object : handle {
    static constexpr auto kind_tag = handle_kind::kernel;
    static constexpr const char* type_name = "kernel";
    explicit kernel_object(tiles::kernel k) : handle(kind_tag), kernel(std::move(k)) {}
    tiles::kernel kernel;
};

struct event_object : handle {
    static constexpr auto kind_tag = handle_kind::event;
    static constexpr const char* type_name = "event";
    explicit event_object(tiles::completion_future f, _cl_event* e = nullptr)
        : handle(kind_tag), future(std::move(f)), opencl(e) {}
    tiles::completion_future future;
    _cl_event* opencl; // the OpenCL event (cl_event) it was made from, owned by `future`; else none
};

// A report, with the derived text of each diagnostic and its work-items as flat ints.
struct report_object : handle {
    static constexpr auto kind_tag = handle_kind::report;
    static constexpr const char* type_name = "report";
    explicit report_object(tiles::check_report r);
    tiles::check_report report;
    std::vector<std::string> texts;
    std::vector<std::vector<int>> work_items; // each diagnostic's, 3 ints each
    std::vector<std::vector<int>> tiles;      // the same for its tiles
};

// A matrix split over contexts, with an array handle's worth of each band's local rows.
struct split_object : handle {
    static constexpr auto kind_tag = handle_kind::split;
    static constexpr const char* type_name = "split";
    explicit split_object(std::shared_ptr<tiles::engine::split_matrix> m) : handle(kind_tag), matrix(std::move(m)) {}
    std::shared_ptr<tiles::engine::split_matrix> matrix;
};

// A user's reduction, as tiles_reduction_kernel_create made it.
struct reduction_kernel_object : handle {
    static constexpr auto kind_tag = handle_kind::reduction_kernel;
    static constexpr const char* type_name = "reduction_kernel";
    explicit reduction_kernel_object(tiles::algorithms::reduction_kernel k) : handle(kind_tag), kernel(std::move(k)) {}
    tiles::algorithms::reduction_kernel kernel;
};

template <> struct object_of_handle<tiles_device> { using type = device_object; };
template <> struct object_of_handle<tiles_context> { using type = context_object; };
template <> struct object_of_handle<tiles_array> { using type = array_object; };
template <> struct object_of_handle<tiles_view> { using type = view_object; };
template <> struct object_of_handle<tiles_kernel> { using type = kernel_object; };
template <> struct object_of_handle<tiles_event> { using type = event_object; };
template <> struct object_of_handle<tiles_report> { using type = report_object; };
template <> struct object_of_handle<tiles_split> { using type = split_object; };
template <> struct object_of_handle<tiles_reduction_kernel> { using type = reduction_kernel_object; };

// Throws invalid_argument unless the view may be written (`what` names the call, its function
// marked: marked_function("tiles_copy")).
void check_writable(const view_object& v, const std::string& what);

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

// What the elementwise and reduction calls share (elementwise.cpp): the engine's operand of a C
// elementwise operand (`role` names it in messages), and the context that operations on `operands`
// and `output` (nullptr: a new array) run on: `context`, or if it is NULL where their data lives.
tiles::algorithms::elementwise_operand operand_of(const tiles_elementwise_operand& o, const char* role);
// `operand` seen at `place` in its view's elements (numpy's view of them); unchanged for NULL.
void place(tiles::algorithms::elementwise_operand& operand, const tiles_elementwise_place* place, const char* role);
using tiles::algorithms::held_extent;
using tiles::algorithms::new_output;
std::shared_ptr<engine::context>
context_of_operands(tiles_context* context, const std::vector<tiles::algorithms::elementwise_operand>& operands,
                    const tiles::algorithms::elementwise_operand* output);

} // namespace tiles::capi
