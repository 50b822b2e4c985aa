// libtiles C API: what every C entry point shares. Each one is `return guard([&] { ... });`,
// so no exception crosses the boundary and every failure leaves its message for the thread;
// live() turns a handle into its object, refusing NULL, released and wrong kinds of handles.
#pragma once

#include <atomic>
#include <memory>
#include <string>

#include "tiles.h"
#include "tiles/tiles.hpp"

namespace tiles::capi {

// Records `message` as this thread's last error and returns `status`.
tiles_status fail(tiles_status status, const std::string& message);

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

enum class handle_kind { device, context, array, view, kernel, event };

// Every handle begins with this; the registry knows which ones are alive.
struct handle {
    explicit handle(handle_kind k) : kind(k) {}
    virtual ~handle() = default;
    const handle_kind kind;
    std::atomic<int> references{1};
};

void register_handle(const handle* h);
void unregister_handle(const handle* h);
bool is_live(const handle* h, handle_kind kind);

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
    register_handle(h.get());
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

// Checks a struct whose first field is its size: at least as large as version 1 of it.
template <class S> void check_struct(const S* s, std::size_t minimum, const char* name) {
    if (s == nullptr) throw invalid_argument(std::string("the ") + name + " is NULL");
    if (s->struct_size < minimum)
        throw invalid_argument(std::string("the ") + name + "'s struct_size (" + std::to_string(s->struct_size) +
                               ") is smaller than any version of it; initialize it with its _INIT macro");
}

element_type to_element_type(tiles_dtype dtype);
tiles_dtype to_dtype(element_type type);

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
    tiles_array(std::shared_ptr<tiles::detail::storage> s, int r)
        : handle(kind_tag), storage(std::move(s)), rank(r) {}
    std::shared_ptr<tiles::detail::storage> storage;
    int rank;
};

// A view: a box of a storage (all of it, or a section), over host memory or an array.
struct tiles_view : tiles::capi::handle {
    static constexpr auto kind_tag = tiles::capi::handle_kind::view;
    static constexpr const char* type_name = "view";
    tiles_view(std::shared_ptr<tiles::detail::storage> s, tiles::detail::box b, int r, bool ro)
        : handle(kind_tag), storage(std::move(s)), region(b), rank(r), read_only(ro) {}
    std::shared_ptr<tiles::detail::storage> storage;
    tiles::detail::box region;
    int rank;
    bool read_only;
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
    explicit tiles_event(tiles::completion_future f) : handle(kind_tag), future(std::move(f)) {}
    tiles::completion_future future;
};
