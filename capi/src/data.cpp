// libtiles C API: arrays, views of host memory and of arrays, sections, and copies. Both kinds
// of data are boxes of a storage engine object; an array is used through its view.
#include "capi_internal.hpp"

#include <sstream>

using namespace tiles::capi;
using tiles::detail::box;

namespace tiles::capi {

checked_shape check_shape(const tiles_shape* shape) {
    check_struct(shape, "tiles_shape");
    if (shape->rank < 1 || shape->rank > 3)
        throw tiles::invalid_argument("a shape has rank 1, 2 or 3, not " + std::to_string(shape->rank));
    const tiles::element_type type = to_element_type(shape->dtype);
    const std::size_t natural = tiles::element_size(type);
    if (type == tiles::element_type::opaque && shape->element_size == 0)
        throw tiles::invalid_argument("TILES_OPAQUE elements need their size in element_size");
    if (natural != 0 && shape->element_size != 0 && shape->element_size != natural)
        throw tiles::invalid_argument(std::string("element_size ") + std::to_string(shape->element_size) +
                                      " does not match " + tiles::opencl_name(type) + ", whose size is " +
                                      std::to_string(natural));
    tiles::detail::check_extent(shape->rank, shape->extent, "a shape");
    checked_shape s{{type, natural != 0 ? natural : shape->element_size}, {1, 1, 1}, shape->rank};
    for (int d = 0; d < shape->rank; ++d) s.dims[3 - shape->rank + d] = std::size_t(shape->extent[d]);
    return s;
}

tiles::detail::host_access to_host_access(const tiles_access& access) {
    switch (const int value = as_int(access)) {
    case TILES_ACCESS_READ:
        return tiles::detail::host_access::read;
    case TILES_ACCESS_READ_WRITE:
        return tiles::detail::host_access::read_write;
    default:
        throw tiles::invalid_argument("tiles_access " + std::to_string(value) + " is not an access mode");
    }
}

void check_writable(const tiles_view& v, const char* what) {
    if (v.read_only) throw tiles::invalid_argument(std::string(what) + ": the view is of const memory");
}

} // namespace tiles::capi

namespace {

box whole(const tiles::detail::dims3& dims) { return {{0, 0, 0}, dims}; }

// The element type of storage `s` and the extent of its `region`, of rank `rank`.
tiles_shape shape_of(const tiles::detail::storage& s, const box& region, int rank) {
    const tiles::element_layout l = tiles::detail::layout_of(s);
    tiles_shape shape = TILES_SHAPE_INIT;
    shape.dtype = to_dtype(l.type);
    shape.element_size = l.size;
    shape.rank = rank;
    for (int d = 0; d < rank; ++d) shape.extent[d] = int(region.extent[3 - rank + d]);
    return shape;
}

std::size_t bytes_of(const tiles_view& v) {
    return tiles::detail::volume(v.region) * tiles::detail::layout_of(*v.storage).size;
}

std::string describe(const tiles_view& v) {
    std::ostringstream os;
    os << "the view (";
    for (int d = 3 - v.rank; d < 3; ++d) os << (d > 3 - v.rank ? "x" : "") << v.region.extent[d];
    const tiles::element_layout l = tiles::detail::layout_of(*v.storage);
    os << " "
       << (l.type == tiles::element_type::opaque ? std::to_string(l.size) + "-byte elements"
                                                 : std::string(tiles::opencl_name(l.type)))
       << ", " << bytes_of(v) << " bytes)";
    return os.str();
}

tiles_view* new_view(std::shared_ptr<tiles::detail::storage> s, const box& b, int rank, bool read_only) {
    return make_handle<tiles_view>(std::move(s), b, rank, read_only);
}

} // namespace

extern "C" {

tiles_status tiles_array_create(tiles_array** out, tiles_context* context, const tiles_shape* shape,
                                const void* initial) {
    return guard([&] {
        check_out(out);
        const checked_shape s = check_shape(shape);
        const tiles::accelerator_view view =
            context == nullptr ? tiles::detail::default_view() : live(context, "context").view;
        auto storage = tiles::detail::storage_on_device(s.layout, s.dims, view);
        if (initial != nullptr) tiles::detail::copy_in(*storage, whole(s.dims), initial);
        *out = make_handle<tiles_array>(std::move(storage), s.rank);
    });
}

tiles_status tiles_array_get_view(tiles_view** out, tiles_array* array) {
    return guard([&] {
        check_out(out);
        const tiles_array& a = live(array, "array");
        *out = new_view(a.storage, whole(tiles::detail::dims_of(*a.storage)), a.rank, false);
    });
}

tiles_status tiles_array_get_shape(tiles_shape* out, const tiles_array* array) {
    return guard([&] {
        const tiles_array& a = live(array, "array");
        write_struct(out, shape_of(*a.storage, whole(tiles::detail::dims_of(*a.storage)), a.rank), "tiles_shape");
    });
}

tiles_status tiles_array_get_context(tiles_context** out, const tiles_array* array) {
    return guard([&] {
        check_out(out);
        *out =
            make_handle<tiles_context>(tiles::accelerator_view(tiles::detail::home_of(*live(array, "array").storage)));
    });
}

tiles_status tiles_array_retain(tiles_array* array) { return retain(array, "array"); }
tiles_status tiles_array_release(tiles_array* array) { return release(array, "array"); }

tiles_status tiles_view_create(tiles_view** out, const tiles_shape* shape, void* host) {
    return guard([&] {
        check_out(out);
        const checked_shape s = check_shape(shape);
        if (host == nullptr) throw tiles::invalid_argument("the host memory of a view is NULL");
        *out = new_view(tiles::detail::storage_over_host(s.layout, s.dims, host, false), whole(s.dims), s.rank, false);
    });
}

tiles_status tiles_view_create_const(tiles_view** out, const tiles_shape* shape, const void* host) {
    return guard([&] {
        check_out(out);
        const checked_shape s = check_shape(shape);
        if (host == nullptr) throw tiles::invalid_argument("the host memory of a view is NULL");
        *out = new_view(tiles::detail::storage_over_host(s.layout, s.dims, const_cast<void*>(host), true),
                        whole(s.dims), s.rank, true);
    });
}

tiles_status tiles_view_section(tiles_view** out, const tiles_view* view, const int* origin, const int* extent) {
    return guard([&] {
        check_out(out);
        const tiles_view& v = live(view, "view");
        if (origin == nullptr || extent == nullptr)
            throw tiles::invalid_argument("a section's origin or extent is NULL");
        int whole_extent[3];
        for (int d = 0; d < v.rank; ++d) whole_extent[d] = int(v.region.extent[3 - v.rank + d]);
        tiles::detail::check_section(v.rank, origin, extent, whole_extent);
        box part = v.region;
        for (int d = 0; d < v.rank; ++d) {
            part.origin[3 - v.rank + d] += std::size_t(origin[d]);
            part.extent[3 - v.rank + d] = std::size_t(extent[d]);
        }
        *out = new_view(v.storage, part, v.rank, v.read_only);
    });
}

tiles_status tiles_view_get_shape(tiles_shape* out, const tiles_view* view) {
    return guard([&] {
        const tiles_view& v = live(view, "view");
        write_struct(out, shape_of(*v.storage, v.region, v.rank), "tiles_shape");
    });
}

tiles_status tiles_view_is_const(int* out, const tiles_view* view) {
    return guard([&] {
        check_out(out);
        *out = live(view, "view").read_only ? 1 : 0;
    });
}

tiles_status tiles_view_get_context(tiles_context** out, const tiles_view* view) {
    return guard([&] {
        check_out(out);
        const tiles_view& v = live(view, "view");
        std::shared_ptr<tiles::detail::context_state> home = tiles::detail::home_of(*v.storage); // none: host memory
        *out = home ? make_handle<tiles_context>(tiles::accelerator_view(std::move(home))) : nullptr;
    });
}

tiles_status tiles_view_data(void** out, tiles_view* view, tiles_access access) {
    return guard([&] {
        check_out(out);
        tiles_view& v = live(view, "view");
        const tiles::detail::host_access mode = to_host_access(access);
        if (mode == tiles::detail::host_access::read_write)
            check_writable(v, "tiles_view_data with TILES_ACCESS_READ_WRITE");
        auto* base = static_cast<unsigned char*>(tiles::detail::host_data(*v.storage, v.region, mode));
        const tiles::detail::dims3& dims = tiles::detail::dims_of(*v.storage);
        const std::size_t first = (v.region.origin[0] * dims[1] + v.region.origin[1]) * dims[2] + v.region.origin[2];
        *out = base + first * tiles::detail::layout_of(*v.storage).size;
    });
}

tiles_status tiles_view_synchronize(tiles_view* view) {
    return guard([&] {
        tiles_view& v = live(view, "view");
        tiles::detail::host_data(*v.storage, v.region, tiles::detail::host_access::read);
    });
}

tiles_status tiles_view_synchronize_async(tiles_event** out, tiles_view* view) {
    return guard([&] {
        check_out(out);
        tiles_view& v = live(view, "view");
        *out = make_handle<tiles_event>(tiles::detail::synchronize_async(*v.storage, v.region));
    });
}

tiles_status tiles_view_synchronize_to(tiles_view* view, tiles_context* context) {
    return guard([&] {
        tiles_view& v = live(view, "view");
        tiles::detail::synchronize_to(*v.storage, v.region, live(context, "context").view);
    });
}

tiles_status tiles_view_discard(tiles_view* view) {
    return guard([&] {
        tiles_view& v = live(view, "view");
        tiles::detail::discard_data(*v.storage, v.region);
    });
}

tiles_status tiles_view_refresh(tiles_view* view) {
    return guard([&] {
        tiles_view& v = live(view, "view");
        tiles::detail::refresh(*v.storage, v.region);
    });
}

tiles_status tiles_view_read(const tiles_view* view, void* destination, size_t bytes) {
    return guard([&] {
        const tiles_view& v = live(view, "view");
        if (destination == nullptr) throw tiles::invalid_argument("the destination is NULL");
        if (bytes != bytes_of(v))
            throw tiles::invalid_argument("tiles_view_read of " + std::to_string(bytes) + " bytes from " + describe(v));
        tiles::detail::copy_out(*v.storage, v.region, destination);
    });
}

tiles_status tiles_view_write(tiles_view* view, const void* source, size_t bytes) {
    return guard([&] {
        tiles_view& v = live(view, "view");
        check_writable(v, "tiles_view_write");
        if (source == nullptr) throw tiles::invalid_argument("the source is NULL");
        if (bytes != bytes_of(v))
            throw tiles::invalid_argument("tiles_view_write of " + std::to_string(bytes) + " bytes to " + describe(v));
        tiles::detail::copy_in(*v.storage, v.region, source);
    });
}

} // extern "C"

namespace tiles::capi {

namespace {
// Checks that `source` can be copied into `destination`.
void check_copy(const tiles_view& from, const tiles_view& to) {
    check_writable(to, "tiles_copy");
    const tiles::element_layout a = tiles::detail::layout_of(*from.storage), b = tiles::detail::layout_of(*to.storage);
    if (a.type != b.type || a.size != b.size || from.region.extent != to.region.extent)
        throw tiles::invalid_argument("tiles_copy from " + describe(from) + " to " + describe(to) +
                                      ": the element types or extents differ");
}
} // namespace

std::function<void()> copy_task(const tiles_view* source, tiles_view* destination) {
    const tiles_view& from = live(source, "source view");
    const tiles_view& to = live(destination, "destination view");
    check_copy(from, to);
    return
        [s = from.storage, sb = from.region, d = to.storage, db = to.region] { tiles::detail::copy(*s, sb, *d, db); };
}

} // namespace tiles::capi

extern "C" {

tiles_status tiles_copy(const tiles_view* source, tiles_view* destination) {
    return guard([&] { copy_task(source, destination)(); });
}

tiles_status tiles_copy_async(tiles_event** out, const tiles_view* source, tiles_view* destination) {
    return guard([&] {
        check_out(out);
        const tiles_view& from = live(source, "source view");
        const tiles_view& to = live(destination, "destination view");
        check_copy(from, to);
        *out = make_handle<tiles_event>(tiles::detail::copy_async(*from.storage, from.region, *to.storage, to.region));
    });
}

tiles_status tiles_view_retain(tiles_view* view) { return retain(view, "view"); }
tiles_status tiles_view_release(tiles_view* view) { return release(view, "view"); }

} // extern "C"
