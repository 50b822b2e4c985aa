// libtiles C API: kernels, launches and events.
#include "capi_internal.hpp"

#include <cstring>
#include <optional>
#include <vector>

#include "tiles/marked_names.hpp"

using namespace tiles::capi;

namespace {

// A domain's ranks, as tiles_domain_init and each launch check them (Python's extent.tile through
// the former).
void check_ranks(int rank, int tile_rank) {
    if (rank < 1) throw tiles::invalid_argument("a compute domain has rank 1 or more, not " + std::to_string(rank));
    if (tile_rank < 0 || tile_rank > 3)
        throw tiles::invalid_compute_domain("a tile has rank 1, 2 or 3, as in C++ AMP, not " +
                                            std::to_string(tile_rank));
    if (tile_rank != 0 && tile_rank != rank)
        throw tiles::invalid_compute_domain("the tile has rank " + std::to_string(tile_rank) +
                                            " but the extent it tiles has rank " + std::to_string(rank));
}

tiles::engine::launch_domain check_domain(const tiles_domain* domain) {
    check_struct(domain, "domain");
    check_ranks(domain->rank, domain->tile_rank);
    const int* components = extent_components(domain, "a compute domain");
    tiles::engine::launch_domain d;
    d.rank = domain->rank;
    d.tiled = domain->tile_rank != 0;
    if (d.rank > 3) d.extent_above_3.assign(components, components + d.rank);
    for (int i = 0; i < d.rank && i < 3; ++i) {
        d.extent[std::size_t(i)] = components[i];
        if (d.tiled) d.tile[std::size_t(i)] = domain->tile[i];
    }
    if (d.tiled) tiles::engine::check_tile_shape(d.rank, d.tile.data());
    return d;
}

// The live handle of argument `position`; its message is made only when it is refused.
template <class H> object_of<H>& live_argument(H* h, std::size_t position) {
    using object = object_of<H>;
    if (h != nullptr)
        if (handle* found = find_handle(h, object::kind_tag)) return static_cast<object&>(*found);
    return live(h, ("argument " + std::to_string(position) + "'s " + object::type_name).c_str());
}

// Argument `i` of an array whose stride is its first element's struct_size (checked once, by
// launch): the caller's version of tiles_arg, which may be newer (larger) than this library's.
const tiles_arg& argument(const tiles_arg* args, std::size_t i) {
    const auto* a = reinterpret_cast<const tiles_arg*>(reinterpret_cast<const char*>(args) + i * args[0].struct_size);
    if (a->struct_size != args[0].struct_size)
        throw tiles::invalid_argument("argument " + std::to_string(i) + "'s struct_size (" +
                                      std::to_string(a->struct_size) + ") is not the first argument's (" +
                                      std::to_string(args[0].struct_size) + "); make every argument alike");
    return *a;
}

// An argument of `kind` for tiles_arg_init_*, written into the caller's struct.
template <class Fill> tiles_status init_argument(tiles_arg* out, tiles_arg_kind kind, Fill fill) {
    return guard([&] {
        tiles_arg a{};
        a.struct_size = sizeof a;
        a.kind = kind;
        fill(a);
        write_struct(out, a, "argument");
    });
}

tiles::engine::launch_arg convert(const tiles_arg& a, std::size_t position) {
    using kind = tiles::engine::launch_arg::kind;
    const auto what = [&] { return "argument " + std::to_string(position); };
    tiles::engine::launch_arg arg{kind::memory, nullptr};
    const int kind_value = as_int(a.kind);
    switch (kind_value) {
    case TILES_ARG_VIEW: {
        const view_object& v = live_argument(a.view, position);
        arg.memory = v.storage;
        arg.region = v.region;
        arg.elements = v.boxes.elements;
        arg.layout = v.layout;
        arg.read_only = v.read_only;
        arg.container = "array_view";
        tiles::engine::set_shape(arg, v.rank(), v.extent.data());
        return arg;
    }
    case TILES_ARG_ARRAY: {
        const array_object& array = live_argument(a.array, position);
        arg.memory = array.storage;
        arg.region = {{0, 0, 0}, tiles::engine::dims_of(*array.storage)};
        arg.layout = tiles::engine::layout_of(*array.storage);
        arg.container = "array";
        tiles::engine::set_shape(arg, int(array.extent.size()), array.extent.data());
        return arg;
    }
    case TILES_ARG_NUMBER:
        if (as_int(a.dtype) != TILES_INT64 && as_int(a.dtype) != TILES_FLOAT64)
            throw tiles::invalid_argument(what() + " is a number whose dtype is neither TILES_INT64 nor TILES_FLOAT64");
        arg.what = kind::number;
        arg.scalar_type = to_element_type(a.dtype);
        arg.bytes = 8;
        arg.value_bytes.assign(a.value, arg.bytes);
        return arg;
    case TILES_ARG_SCALAR: {
        arg.what = kind::scalar;
        arg.scalar_type = to_element_type(a.dtype);
        arg.bytes = tiles::element_size(arg.scalar_type);
        if (arg.bytes == 0) throw tiles::invalid_argument(what() + " is a scalar of TILES_OPAQUE type");
        arg.value_bytes.assign(a.value, arg.bytes);
        return arg;
    }
    case TILES_ARG_LOCAL:
        arg.what = kind::local;
        arg.bytes = a.bytes;
        return arg;
    }
    throw tiles::invalid_argument(what() + " has kind " + std::to_string(kind_value) +
                                  "; make arguments with the tiles_arg_* functions");
}

// The tiled extent of a C domain, of rank N.
template <int N> tiles::tiled_extent<N> tiled_extent_of(const tiles::engine::launch_domain& d) {
    tiles::extent<N> e, t;
    for (int i = 0; i < N; ++i) e[i] = d.extent[i], t[i] = d.tile[i];
    return tiles::tiled_extent<N>(e, t);
}

template <class Round> tiles_status rounded(tiles_domain* out, const tiles_domain* domain, Round round) {
    return guard([&] {
        check_out(out);
        const tiles::engine::launch_domain d = check_domain(domain);
        if (!d.tiled) throw tiles::invalid_argument("pad and truncate need a tiled domain (tile_rank is 0)");
        tiles_domain result = read_struct(domain);
        check_struct(out, "domain");
        const auto put = [&](const auto& rounded_extent) {
            for (int i = 0; i < d.rank; ++i) result.extent[i] = rounded_extent[i];
        };
        switch (d.rank) {
        case 1:
            put(round(tiled_extent_of<1>(d)));
            break;
        case 2:
            put(round(tiled_extent_of<2>(d)));
            break;
        default:
            put(round(tiled_extent_of<3>(d)));
            break;
        }
        write_struct(out, result, "domain");
    });
}

// The caller's kernel options, checked, with their language as the C++ API has it.
struct kernel_options {
    std::string build_options;
    tiles::kernel_language language = tiles::kernel_language::opencl_c;
};

kernel_options read_options(const tiles_kernel_options* options) {
    kernel_options read;
    if (options == nullptr) return read;
    check_struct(options, "kernel options");
    const tiles_kernel_options o = read_struct(options);
    if (o.build_options != nullptr) read.build_options = o.build_options;
    switch (const int value = as_int(o.language)) {
    case TILES_LANGUAGE_OPENCL_C:
        break;
    case TILES_LANGUAGE_CPP:
        read.language = tiles::kernel_language::cpp;
        break;
    default:
        throw tiles::invalid_argument("the kernel options' language (" + std::to_string(value) +
                                      ") is neither TILES_LANGUAGE_OPENCL_C (0) nor TILES_LANGUAGE_CPP (1)");
    }
    return read;
}

} // namespace

namespace tiles::capi {
void convert_args(std::vector<tiles::engine::launch_arg>& into, const tiles_arg* args, size_t count) {
    if (args == nullptr && count != 0) throw tiles::invalid_argument("args is NULL but arg_count is not 0");
    if (count != 0) check_struct(&args[0], "first argument");
    for (std::size_t i = 0; i < count; ++i) into.push_back(convert(argument(args, i), i));
}

void launch(tiles_context* context, const tiles_domain* domain, const tiles_kernel* kernel, const tiles_arg* args,
            size_t arg_count, const tiles::engine::opencl_events& events) {
    const tiles::engine::launch_domain d = check_domain(domain);
    const tiles::kernel& k = live(kernel, "kernel").kernel;
    // Reused from launch to launch of this thread, so that a launch allocates nothing; emptied
    // after it, also when an argument is refused, so that it keeps no storage alive (a view's
    // storage kept here would write back into memory its caller has freed).
    std::vector<tiles::engine::launch_arg>& converted = this_thread().launch_args;
    struct emptied_after {
        std::vector<tiles::engine::launch_arg>& args;
        ~emptied_after() { args.clear(); }
    } emptied{converted};
    converted.clear();
    convert_args(converted, args, arg_count);
    const std::shared_ptr<tiles::engine::context> on =
        context == nullptr ? nullptr : live(context, "context").view.context();
    tiles::engine::launch(on, d, k, converted.data(), converted.size(), events);
}
} // namespace tiles::capi

extern "C" {

tiles_status tiles_domain_init(tiles_domain* out, int rank, const int* extent, int tile_rank, const int* tile) {
    return guard([&] {
        if (extent == nullptr) throw tiles::invalid_argument("the extent is NULL");
        if (tile == nullptr && tile_rank != 0) throw tiles::invalid_argument("the tile is NULL but tile_rank is not 0");
        check_ranks(rank, tile_rank);
        check_struct(out, "domain");
        if (rank > 3 && !has_field(out, offsetof(tiles_domain, extents) + sizeof(out->extents)))
            throw tiles::invalid_argument("a domain of rank " + std::to_string(rank) +
                                          " needs `extents`, which the caller's tiles_domain (struct_size " +
                                          std::to_string(out->struct_size) + ") predates");
        tiles_domain d{};
        d.struct_size = sizeof d;
        d.rank = rank;
        d.tile_rank = tile_rank;
        for (int i = 0; i < rank && i < 3; ++i) {
            d.extent[i] = rank <= 3 ? extent[i] : 0;
            if (tile_rank != 0) d.tile[i] = tile[i];
        }
        d.extents = rank > 3 ? extent : nullptr;
        write_struct(out, d, "domain");
    });
}

tiles_status tiles_arg_init_view(tiles_arg* out, tiles_view* view) {
    return init_argument(out, TILES_ARG_VIEW, [&](tiles_arg& a) { a.view = view; });
}

tiles_status tiles_arg_init_array(tiles_arg* out, tiles_array* array) {
    return init_argument(out, TILES_ARG_ARRAY, [&](tiles_arg& a) { a.array = array; });
}

tiles_status tiles_arg_init_scalar(tiles_arg* out, tiles_dtype dtype, const void* value) {
    return init_argument(out, TILES_ARG_SCALAR, [&](tiles_arg& a) {
        const std::size_t size = tiles::element_size(to_element_type(dtype));
        if (size == 0) throw tiles::invalid_argument("a scalar argument cannot be of TILES_OPAQUE type");
        if (value == nullptr) throw tiles::invalid_argument("the scalar's value is NULL");
        a.dtype = dtype;
        std::memcpy(a.value, value, size);
    });
}

tiles_status tiles_arg_init_local(tiles_arg* out, size_t bytes) {
    return init_argument(out, TILES_ARG_LOCAL, [&](tiles_arg& a) { a.bytes = bytes; });
}

tiles_status tiles_arg_init_integer(tiles_arg* out, int64_t value) {
    return init_argument(out, TILES_ARG_NUMBER, [&](tiles_arg& a) {
        a.dtype = TILES_INT64;
        std::memcpy(a.value, &value, sizeof value);
    });
}

tiles_status tiles_arg_init_real(tiles_arg* out, double value) {
    return init_argument(out, TILES_ARG_NUMBER, [&](tiles_arg& a) {
        a.dtype = TILES_FLOAT64;
        std::memcpy(a.value, &value, sizeof value);
    });
}

tiles_status tiles_domain_pad(tiles_domain* out, const tiles_domain* domain) {
    return rounded(out, domain, [](const auto& t) { return t.pad(); });
}

tiles_status tiles_domain_truncate(tiles_domain* out, const tiles_domain* domain) {
    return rounded(out, domain, [](const auto& t) { return t.truncate(); });
}

tiles_status tiles_kernel_create(tiles_kernel** out, const char* source, const char* name, const char* options) {
    tiles_kernel_options o = TILES_KERNEL_OPTIONS_INIT;
    o.build_options = options;
    return tiles_kernel_create_with_options(out, source, name, &o);
}

tiles_status tiles_kernel_create_with_options(tiles_kernel** out, const char* source, const char* name,
                                              const tiles_kernel_options* options) {
    return guard([&] {
        check_out(out);
        if (source == nullptr || name == nullptr) throw tiles::invalid_argument("the kernel's source or name is NULL");
        const kernel_options o = read_options(options);
        *out = make_handle<tiles_kernel>(tiles::kernel(source, name, o.build_options, o.language));
    });
}

tiles_status tiles_kernel_retain(tiles_kernel* kernel) { return retain(kernel, "kernel"); }
tiles_status tiles_kernel_release(tiles_kernel* kernel) { return release(kernel, "kernel"); }

tiles_status tiles_kernel_build(const char** log, const tiles_kernel* kernel, tiles_context* context,
                                const tiles_domain* domain) {
    return guard([&] {
        const tiles::kernel& k = live(kernel, "kernel").kernel;
        const tiles::engine::launch_domain d = check_domain(domain);
        std::string built = tiles::engine::build(context_of(context), d, k);
        if (log != nullptr) *log = (this_thread().build_log = std::move(built)).c_str();
    });
}

tiles_status tiles_kernel_get_build_log(const char** out, const tiles_kernel* kernel) {
    return guard([&] {
        check_out(out);
        std::string& handed_out = this_thread().build_log;
        handed_out = live(kernel, "kernel").kernel.build_log();
        *out = handed_out.c_str();
    });
}

tiles_status tiles_program_build(const char** kernel_names, const char** log, tiles_context* context,
                                 const char* source, const char* options) {
    tiles_kernel_options o = TILES_KERNEL_OPTIONS_INIT;
    o.build_options = options;
    return tiles_program_build_with_options(kernel_names, log, context, source, &o, nullptr);
}

tiles_status tiles_program_build_with_options(const char** kernel_names, const char** log, tiles_context* context,
                                              const char* source, const tiles_kernel_options* options,
                                              const tiles_domain* domain) {
    return guard([&] {
        if (source == nullptr) throw tiles::invalid_argument("the source is NULL");
        const kernel_options o = read_options(options);
        std::optional<tiles::engine::launch_domain> d;
        if (domain != nullptr) d = check_domain(domain);
        tiles::engine::source_build built =
            tiles::engine::build_source(context_of(context), source, o.build_options, o.language, d ? &*d : nullptr);
        std::string& handed_out_kernel_names = this_thread().kernel_names;
        std::string& handed_out_source_log = this_thread().source_log;
        handed_out_kernel_names.clear();
        for (const std::string& name : built.kernel_names)
            handed_out_kernel_names += (handed_out_kernel_names.empty() ? "" : ";") + name;
        handed_out_source_log = std::move(built.build_log);
        if (kernel_names != nullptr) *kernel_names = handed_out_kernel_names.c_str();
        if (log != nullptr) *log = handed_out_source_log.c_str();
    });
}

namespace {
// engine::context_for's choice among `places`, as a handle the caller owns.
tiles_context* context_handle_for(const std::vector<tiles::engine::operand_place>& places) {
    return make_handle<tiles_context>(
        tiles::accelerator_view(tiles::engine::context_for(nullptr, places.data(), places.size())));
}
} // namespace

tiles_status tiles_context_for(tiles_context** out, const tiles_view* const* views, size_t count) {
    return guard([&] {
        check_out(out);
        if (views == nullptr && count > 0)
            throw tiles::names_marked<tiles::invalid_argument>(tiles::marked_function("tiles_context_for") +
                                                               ": the views are NULL");
        std::vector<tiles::engine::operand_place> places(count);
        for (size_t i = 0; i < count; ++i) {
            const std::string what = "view " + std::to_string(i) + " of the list";
            if (views[i] != nullptr) places[i].data = live(views[i], what.c_str()).storage.get();
        }
        *out = context_handle_for(places);
    });
}

tiles_status tiles_context_for_operands(tiles_context** out, const tiles_operand* operands, size_t count) {
    return guard([&] {
        check_out(out);
        if (operands == nullptr && count > 0)
            throw tiles::names_marked<tiles::invalid_argument>(tiles::marked_function("tiles_context_for_operands") +
                                                               ": the operands are NULL");
        std::vector<tiles::engine::operand_place> places(count);
        for (size_t i = 0; i < count; ++i) {
            const std::string what = "operand " + std::to_string(i) + " of the list";
            if (operands[i].view != nullptr && operands[i].empty_on != nullptr)
                throw tiles::invalid_argument(what + " has both a view and empty_on, the context of data of no "
                                                     "elements: it is one or the other");
            if (operands[i].view != nullptr) places[i].data = live(operands[i].view, what.c_str()).storage.get();
            if (operands[i].empty_on != nullptr)
                places[i].empty_on = live(operands[i].empty_on, what.c_str()).view.context();
        }
        *out = context_handle_for(places);
    });
}

tiles_status tiles_launch(tiles_context* context, const tiles_domain* domain, const tiles_kernel* kernel,
                          const tiles_arg* args, size_t arg_count) {
    return guard([&] { launch(context, domain, kernel, args, arg_count, {}); });
}

tiles_status tiles_event_wait(tiles_event* event) {
    return guard([&] { live(event, "event").future.get(); });
}

tiles_status tiles_event_is_ready(int* out, const tiles_event* event) {
    return guard([&] {
        check_out(out);
        *out = live(event, "event").future.is_ready();
    });
}

tiles_status tiles_event_get_profile(tiles_event_profile* out, tiles_event* event) {
    return guard([&] {
        check_struct(out, "event profile");
        const tiles::event_profile p = live(event, "event").future.profile();
        out->queued = p.queued;
        out->submitted = p.submitted;
        out->started = p.started;
        out->ended = p.ended;
    });
}

tiles_status tiles_event_retain(tiles_event* event) { return retain(event, "event"); }
tiles_status tiles_event_release(tiles_event* event) { return release(event, "event"); }

} // extern "C"
