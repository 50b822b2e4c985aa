// libtiles C API: arrays, views of host memory, of arrays and of no source; sections, projections,
// reshaped and reinterpreted views; copies. Both kinds of data are storage engine objects; an
// array is used through its view, and a view is placed in its storage as tiles::array_view is.
#include "capi_internal.hpp"

#include <sstream>

#include "tiles/engine/pinned.hpp"
#include "tiles/marked_names.hpp"

using namespace tiles::capi;
using tiles::marked_element;
using tiles::marked_function;
using tiles::names_marked;

namespace tiles::capi {

namespace {

// The layout of elements of `dtype` whose size the caller gave as `element_size` (0: the type's
// own), which must be the type's where it has one and is needed for TILES_OPAQUE. `dtype` is
// taken by reference: it is the caller's int until to_element_type has checked it.
tiles::element_layout element_layout_of(const tiles_dtype& dtype, std::size_t element_size) {
    const tiles::element_type type = to_element_type(dtype);
    const std::size_t natural = tiles::element_size(type);
    if (type == tiles::element_type::opaque && element_size == 0)
        throw tiles::invalid_argument("TILES_OPAQUE elements need their size in element_size");
    if (natural != 0 && element_size != 0 && element_size != natural)
        throw names_marked<tiles::invalid_argument>("element_size " + std::to_string(element_size) +
                                                    " does not match " + marked_element(type) + ", whose size is " +
                                                    std::to_string(natural));
    return {type, natural != 0 ? natural : element_size};
}

} // namespace

checked_shape check_shape(const tiles_shape* shape) {
    check_struct(shape, "tiles_shape");
    if (shape->rank < 1)
        throw tiles::invalid_argument("a shape has rank 1 or more, not " + std::to_string(shape->rank));
    const int* components = extent_components(shape, "a shape");
    const tiles::element_layout layout = element_layout_of(shape->dtype, shape->element_size);
    tiles::engine::check_extent(shape->rank, components, "a shape");
    return {layout, tiles::engine::dims_of(shape->rank, components),
            std::vector<int>(components, components + shape->rank)};
}

tiles::engine::host_access to_host_access(const tiles_access& access) {
    switch (const int value = as_int(access)) {
    case TILES_ACCESS_READ:
        return tiles::engine::host_access::read;
    case TILES_ACCESS_READ_WRITE:
        return tiles::engine::host_access::read_write;
    default:
        throw tiles::invalid_argument("tiles_access " + std::to_string(value) + " is not an access mode");
    }
}

void check_writable(const view_object& v, const std::string& what) {
    if (v.read_only) throw names_marked<tiles::invalid_argument>(what + ": the view is of const memory");
}

} // namespace tiles::capi

namespace {

// The shape of `extent`'s elements of `layout`; `extents` points at the caller's handle's own copy.
tiles_shape shape_of(const std::vector<int>& extent, tiles::element_layout layout) {
    tiles_shape shape = TILES_SHAPE_INIT;
    shape.dtype = to_dtype(layout.type);
    shape.element_size = layout.size;
    shape.rank = int(extent.size());
    for (int d = 0; d < shape.rank && shape.rank <= 3; ++d) shape.extent[d] = extent[std::size_t(d)];
    shape.extents = extent.data();
    return shape;
}

std::size_t element_count(const std::vector<int>& extent) {
    std::size_t n = 1;
    for (const int e : extent) n *= std::size_t(e);
    return n;
}

std::size_t bytes_of(const view_object& v) { return element_count(v.extent) * v.layout.size; }

// A view's elements to or from dense host memory; a section of a reshaped view's through the
// host's copy of its region.
void read_elements(tiles::engine::storage& s, const tiles::engine::view_boxes& b, void* destination) {
    if (b.elements.folded())
        tiles::engine::copy_out_async(s, b.region, b.elements, destination, nullptr, nullptr).get();
    else
        tiles::engine::copy_out(s, b.region, destination);
}
// Without blocking: `source` must stay as it is until the future completes, `keep_alive` held
// until then.
tiles::completion_future write_elements(tiles::engine::storage& s, const tiles::engine::view_boxes& b,
                                        const void* source, std::shared_ptr<const void> keep_alive) {
    if (b.elements.folded())
        return tiles::engine::copy_in_async(s, b.region, b.elements, source, std::move(keep_alive));
    return tiles::engine::copy_in_async(s, b.region, source, std::move(keep_alive));
}

// `v` as a names_marked message describes it, its element type marked: "the view (4x4 int (int32), 64 bytes)".
std::string describe(const view_object& v) {
    std::ostringstream os;
    os << "the view (";
    for (std::size_t d = 0; d < v.extent.size(); ++d) os << (d ? "x" : "") << v.extent[d];
    os << " "
       << (v.layout.type == tiles::element_type::opaque ? std::to_string(v.layout.size) + "-byte elements"
                                                        : marked_element(v.layout.type))
       << ", " << bytes_of(v) << " bytes)";
    return os.str();
}

std::vector<std::size_t> dense_strides(const std::vector<int>& extent, std::size_t element_size) {
    std::vector<std::size_t> strides(extent.size());
    tiles::engine::dense_strides(int(extent.size()), extent.data(), element_size, strides.data());
    return strides;
}

// A view of all of storage `s`, of `extent`.
tiles_view* view_of_all(std::shared_ptr<tiles::engine::storage> s, const std::vector<int>& extent, bool read_only) {
    const tiles::element_layout layout = tiles::engine::layout_of(*s);
    return make_handle<tiles_view>(std::move(s), 0, extent, dense_strides(extent, layout.size), layout, read_only,
                                   "a view");
}

// A view of part of `v`'s elements (same storage and constness).
tiles_view* part_of(const view_object& v, std::size_t offset, std::vector<int> extent, std::vector<std::size_t> strides,
                    tiles::element_layout layout, const char* made_by) {
    return make_handle<tiles_view>(v.storage, offset, std::move(extent), std::move(strides), layout, v.read_only,
                                   made_by);
}

// tiles_array_create and _staging: the array of the storage `storage_for` makes for the checked
// shape, with `initial` (where not NULL) copied in.
template <class MakeStorage>
void create_array(tiles_array** out, const tiles_shape* shape, const void* initial, MakeStorage storage_for) {
    check_out(out);
    const checked_shape s = check_shape(shape);
    std::shared_ptr<tiles::engine::storage> storage = storage_for(s);
    if (initial != nullptr) tiles::engine::copy_in(*storage, tiles::engine::whole_of(*storage), initial);
    *out = make_handle<tiles_array>(std::move(storage), s.extent);
}

} // namespace

extern "C" {

tiles_status tiles_array_create(tiles_array** out, tiles_context* context, const tiles_shape* shape,
                                const void* initial) {
    return guard([&] {
        create_array(out, shape, initial, [&](const checked_shape& s) {
            return tiles::engine::storage_on_device(s.layout, s.dims, context_of(context));
        });
    });
}

tiles_status tiles_array_create_staging(tiles_array** out, tiles_context* context, const tiles_shape* shape,
                                        const void* initial) {
    return guard([&] {
        create_array(out, shape, initial, [&](const checked_shape& s) {
            return tiles::engine::staging_storage(
                s.layout, s.dims, tiles::accelerator(tiles::accelerator::cpu_accelerator).get_default_view().context(),
                context_of(context));
        });
    });
}

tiles_status tiles_host_alloc(void** out, tiles_context* context, size_t bytes) {
    return guard([&] {
        check_out(out);
        *out = tiles::engine::allocate_pinned(context_of(context), bytes);
    });
}

tiles_status tiles_host_free(void* memory) {
    return guard([&] { tiles::engine::free_pinned(memory); });
}

tiles_status tiles_array_is_staging(int* out, const tiles_array* array) {
    return guard([&] {
        check_out(out);
        *out = tiles::engine::is_staging(*live(array, "array").storage) ? 1 : 0;
    });
}

tiles_status tiles_array_get_view(tiles_view** out, tiles_array* array) {
    return guard([&] {
        check_out(out);
        const array_object& a = live(array, "array");
        *out = view_of_all(a.storage, a.extent, false);
    });
}

tiles_status tiles_array_get_shape(tiles_shape* out, const tiles_array* array) {
    return guard([&] {
        const array_object& a = live(array, "array");
        write_struct(out, shape_of(a.extent, tiles::engine::layout_of(*a.storage)), "tiles_shape");
    });
}

tiles_status tiles_array_get_context(tiles_context** out, const tiles_array* array) {
    return guard([&] {
        check_out(out);
        *out = make_handle<tiles_context>(
            tiles::accelerator_view(tiles::engine::associated_of(*live(array, "array").storage)));
    });
}

tiles_status tiles_array_retain(tiles_array* array) { return retain(array, "array"); }
tiles_status tiles_array_release(tiles_array* array) { return release(array, "array"); }

tiles_status tiles_view_create(tiles_view** out, const tiles_shape* shape, void* host) {
    return guard([&] {
        check_out(out);
        const checked_shape s = check_shape(shape);
        if (host == nullptr) throw tiles::invalid_argument("the host memory of a view is NULL");
        *out = view_of_all(tiles::engine::storage_over_host(s.layout, s.dims, host, false), s.extent, false);
    });
}

tiles_status tiles_view_create_const(tiles_view** out, const tiles_shape* shape, const void* host) {
    return guard([&] {
        check_out(out);
        const checked_shape s = check_shape(shape);
        if (host == nullptr) throw tiles::invalid_argument("the host memory of a view is NULL");
        *out = view_of_all(tiles::engine::storage_over_host(s.layout, s.dims, const_cast<void*>(host), true), s.extent,
                           true);
    });
}

tiles_status tiles_view_create_without_source(tiles_view** out, const tiles_shape* shape) {
    return guard([&] {
        check_out(out);
        const checked_shape s = check_shape(shape);
        *out = view_of_all(tiles::engine::storage_without_source(s.layout, s.dims), s.extent, false);
    });
}

tiles_status tiles_view_section(tiles_view** out, const tiles_view* view, const int* origin, const int* extent) {
    return guard([&] {
        check_out(out);
        const view_object& v = live(view, "view");
        if (origin == nullptr || extent == nullptr)
            throw tiles::invalid_argument("a section's origin or extent is NULL");
        tiles::engine::check_section(v.rank(), origin, extent, v.extent.data());
        *out = part_of(v, tiles::engine::offset_of(v.placement(), origin), std::vector<int>(extent, extent + v.rank()),
                       v.stride, v.layout, "a section");
    });
}

tiles_status tiles_view_project(tiles_view** out, const tiles_view* view, int index) {
    return guard([&] {
        check_out(out);
        const view_object& v = live(view, "view");
        if (v.rank() < 2)
            throw tiles::invalid_argument("a projection takes a view of rank 2 or more; this one has rank 1: read its "
                                          "element, or take a section");
        tiles::engine::check_projection(v.placement(), index);
        *out = part_of(v, v.offset + std::size_t(index) * v.stride[0],
                       std::vector<int>(v.extent.begin() + 1, v.extent.end()),
                       std::vector<std::size_t>(v.stride.begin() + 1, v.stride.end()), v.layout, "a projection");
    });
}

tiles_status tiles_view_reshape(tiles_view** out, const tiles_view* view, int rank, const int* extent) {
    return guard([&] {
        check_out(out);
        const view_object& v = live(view, "view");
        if (rank < 1 || extent == nullptr)
            throw names_marked<tiles::invalid_argument>(marked_function("tiles_view_reshape") +
                                                        " takes a rank of 1 or more and its extent, not rank " +
                                                        std::to_string(rank) + (extent == nullptr ? " and NULL" : ""));
        tiles::engine::check_dense(v.placement(), "view_as (" + marked_function("tiles_view_reshape") + ")");
        tiles::engine::check_view_as(v.placement(), rank, extent);
        std::vector<int> shape(extent, extent + rank);
        std::vector<std::size_t> strides = dense_strides(shape, v.layout.size);
        *out = part_of(v, v.offset, std::move(shape), std::move(strides), v.layout, "view_as");
    });
}

tiles_status tiles_view_reinterpret(tiles_view** out, const tiles_view* view, tiles_dtype dtype, size_t element_size) {
    return guard([&] {
        check_out(out);
        const view_object& v = live(view, "view");
        const tiles::element_layout layout = element_layout_of(dtype, element_size);
        tiles::engine::check_dense(v.placement(), "reinterpret_as (" + marked_function("tiles_view_reinterpret") + ")");
        const int count = tiles::engine::reinterpreted_count(v.placement(), layout.size);
        *out = part_of(v, v.offset, {count}, {layout.size}, layout, "reinterpret_as");
    });
}

tiles_status tiles_view_get_strides(size_t* out, size_t count, const tiles_view* view) {
    return guard([&] {
        check_out(out);
        const view_object& v = live(view, "view");
        if (count != v.stride.size())
            throw names_marked<tiles::invalid_argument>(marked_function("tiles_view_get_strides") +
                                                        " of a view of rank " + std::to_string(v.rank()) +
                                                        " into room for " + std::to_string(count));
        std::copy(v.stride.begin(), v.stride.end(), out);
    });
}

tiles_status tiles_view_get_shape(tiles_shape* out, const tiles_view* view) {
    return guard([&] {
        const view_object& v = live(view, "view");
        write_struct(out, shape_of(v.extent, v.layout), "tiles_shape");
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
        const view_object& v = live(view, "view");
        std::shared_ptr<tiles::engine::context> home = tiles::engine::associated_of(*v.storage); // none: host memory
        *out = home ? make_handle<tiles_context>(tiles::accelerator_view(std::move(home))) : nullptr;
    });
}

tiles_status tiles_view_data(void** out, tiles_view* view, tiles_access access) {
    return guard([&] {
        check_out(out);
        view_object& v = live(view, "view");
        const tiles::engine::host_access mode = to_host_access(access);
        if (mode == tiles::engine::host_access::read_write)
            check_writable(v, marked_function("tiles_view_data with TILES_ACCESS_READ_WRITE"));
        auto* base = static_cast<unsigned char*>(tiles::engine::host_data(*v.storage, v.region, mode));
        *out = base + v.offset;
    });
}

tiles_status tiles_view_synchronize(tiles_view* view) {
    return guard([&] {
        view_object& v = live(view, "view");
        tiles::engine::host_data(*v.storage, v.region, tiles::engine::host_access::read);
    });
}

tiles_status tiles_view_synchronize_async(tiles_event** out, tiles_view* view) {
    return guard([&] {
        check_out(out);
        view_object& v = live(view, "view");
        *out = make_handle<tiles_event>(tiles::engine::synchronize_async(*v.storage, v.region));
    });
}

tiles_status tiles_view_synchronize_to(tiles_view* view, tiles_context* context) {
    return guard([&] {
        view_object& v = live(view, "view");
        tiles::engine::synchronize_to(*v.storage, v.region, live(context, "context").view.context());
    });
}

tiles_status tiles_view_discard(tiles_view* view) {
    return guard([&] {
        view_object& v = live(view, "view");
        tiles::engine::discard_data(*v.storage, v.region, v.boxes.elements);
    });
}

tiles_status tiles_view_refresh(tiles_view* view) {
    return guard([&] {
        view_object& v = live(view, "view");
        tiles::engine::refresh(*v.storage, v.region);
    });
}

tiles_status tiles_view_get_host_written(int* out, const tiles_view* view, const tiles_context* context) {
    return guard([&] {
        check_out(out);
        const view_object& v = live(view, "view");
        const std::shared_ptr<tiles::engine::context> on =
            context == nullptr ? tiles::engine::default_context() : live(context, "context").view.context();
        *out = tiles::engine::host_written_unseen(*v.storage, v.region, on) ? 1 : 0;
    });
}

tiles_status tiles_view_read(const tiles_view* view, void* destination, size_t bytes) {
    return guard([&] {
        const view_object& v = live(view, "view");
        if (destination == nullptr) throw tiles::invalid_argument("the destination is NULL");
        if (bytes != bytes_of(v))
            throw names_marked<tiles::invalid_argument>(marked_function("tiles_view_read") + " of " +
                                                        std::to_string(bytes) + " bytes from " + describe(v));
        read_elements(*v.storage, v.boxes, destination);
    });
}

tiles_status tiles_view_write(tiles_view* view, const void* source, size_t bytes) {
    return guard([&] {
        view_object& v = live(view, "view");
        check_writable(v, marked_function("tiles_view_write"));
        if (source == nullptr) throw tiles::invalid_argument("the source is NULL");
        if (bytes != bytes_of(v))
            throw names_marked<tiles::invalid_argument>(marked_function("tiles_view_write") + " of " +
                                                        std::to_string(bytes) + " bytes to " + describe(v));
        write_elements(*v.storage, v.boxes, source, nullptr).get();
    });
}

} // extern "C"

namespace tiles::capi {

namespace {
// Checks that `source` can be copied into `destination`.
void check_copy(const view_object& from, const view_object& to) {
    check_writable(to, marked_function("tiles_copy"));
    if (from.layout.type != to.layout.type || from.layout.size != to.layout.size || from.extent != to.extent)
        throw names_marked<tiles::invalid_argument>(marked_function("tiles_copy") + " from " + describe(from) + " to " +
                                                    describe(to) + ": the element types or extents differ");
}
} // namespace

std::function<void()> copy_task(const tiles_view* source, tiles_view* destination) {
    const view_object& from = live(source, "source view");
    const view_object& to = live(destination, "destination view");
    check_copy(from, to);
    if (from.boxes.elements.folded() || to.boxes.elements.folded()) // a section of a reshaped view: through the host
        return [s = from.storage, sb = from.boxes, d = to.storage, db = to.boxes, bytes = bytes_of(from)] {
            std::vector<unsigned char> staged(bytes);
            read_elements(*s, sb, staged.data());
            write_elements(*d, db, staged.data(), nullptr).get();
        };
    return
        [s = from.storage, sb = from.region, d = to.storage, db = to.region] { tiles::engine::copy(*s, sb, *d, db); };
}

} // namespace tiles::capi

extern "C" {

tiles_status tiles_copy(const tiles_view* source, tiles_view* destination) {
    return guard([&] { copy_task(source, destination)(); });
}

tiles_status tiles_copy_async(tiles_event** out, const tiles_view* source, tiles_view* destination) {
    return guard([&] {
        check_out(out);
        const view_object& from = live(source, "source view");
        const view_object& to = live(destination, "destination view");
        check_copy(from, to);
        if (from.boxes.elements.folded() || to.boxes.elements.folded()) { // through the host, read now
            auto staged = std::make_shared<std::vector<unsigned char>>(bytes_of(from));
            read_elements(*from.storage, from.boxes, staged->data());
            *out = make_handle<tiles_event>(write_elements(*to.storage, to.boxes, staged->data(), staged));
            return;
        }
        *out = make_handle<tiles_event>(tiles::engine::copy_async(*from.storage, from.region, *to.storage, to.region));
    });
}

tiles_status tiles_view_retain(tiles_view* view) { return retain(view, "view"); }
tiles_status tiles_view_release(tiles_view* view) { return release(view, "view"); }

} // extern "C"
