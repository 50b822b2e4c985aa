// libtiles' fuzz target over the C API (libFuzzer). An input is a program of up to max_operations
// operations on handles of every kind: arrays and views of random shapes and element types,
// sections, a few fixed kernels launched over random domains with random (often wrong) arguments,
// copies, synchronization, discard, refresh, retain and release (twice, and use after release);
// and, in fuzz_algorithms.cpp and fuzz_devices.cpp, the tiled algorithms on right and wrong
// operands, devices by index and by selector, and a checked context now and then.
// Every call must return a status, with a message when it fails and every out-parameter as the
// target set it; the target releases what calls hand out only after a success, as a caller does.
// ASan, UBSan and LeakSanitizer watch that nothing crashes or leaks. See README's "Reliability"
// for running it.
#include "any_int_enums.h"
#include "fuzz_calls.hpp"
#include "fuzz_input.hpp"
#include "tiles.h"
#include "tiles_opencl.h"

namespace {

using fuzz::checked;
using fuzz::component;
using fuzz::dtype_size;
using fuzz::handles;
using fuzz::input;
using fuzz::make;
using fuzz::pick;
using fuzz::query;
using fuzz::random_dtype;

constexpr int max_operations = 64;

// The kernels a run launches. Each touches only the first element of its __global arguments and
// tile-sized tile_static memory, so any domain and any argument libtiles accepts is safe to run.
const char* const kernel_sources[] = {
    // 0: any float array or view, any domain.
    "__kernel void bump(__global float* x) {\n"
    "    thread_index i = get_thread_index();\n"
    "    if (i.global_id[0] + i.global_id[1] + i.global_id[2] == 0) x[0] += 1.0f;\n"
    "}\n",
    // 1: a const parameter and a written one.
    "__kernel void first(__global const int* in, __global int* out) {\n"
    "    if (get_global_id(0) + get_global_id(1) + get_global_id(2) == 0) out[0] = in[0];\n"
    "}\n",
    // 2: scalars of several widths, integer and real.
    "__kernel void scalars(__global long* out, char c, ushort us, int i, ulong ul, double d) {\n"
    "    if (get_global_id(0) + get_global_id(1) + get_global_id(2) == 0) out[0] = c + us + i + (long)ul + (long)d;\n"
    "}\n",
    // 3: tile_static memory, a barrier and a __local parameter; builds for tiled launches only.
    "__kernel void tile_sum(__global uint* out, __local uchar* scratch) {\n"
    "    tiled_index t = get_tiled_index();\n"
    "    tile_static uint partial[TILE_DIM0];\n"
    "    const bool first_of_row = t.local_id[1] == 0 && t.local_id[2] == 0;\n"
    "    if (first_of_row) partial[t.local_id[0]] = t.local_id[0];\n"
    "    tile_barrier_wait();\n"
    "    if (first_of_row && t.local_id[0] == 0) {\n"
    "        uint sum = 0;\n"
    "        for (int k = 0; k < TILE_DIM0; k++) sum += partial[k];\n"
    "        scratch[0] = 1;\n"
    "        if (t.global_id[0] + t.global_id[1] + t.global_id[2] == 0) out[0] = sum + scratch[0];\n"
    "    }\n"
    "}\n",
    // 4: does not compile.
    "__kernel void broken(__global float* x) { x[0] = undeclared; }\n",
};
const char* const kernel_names[] = {"bump", "first", "scalars", "tile_sum", "broken", "no_such_kernel"};
const char* const kernel_options[] = {nullptr, "", "-DUNUSED=1", "-cl-fast-relaxed-math", "-no-such-option"};

// A shape, and the bytes of its data as libtiles reads them where it accepts it (0 where it
// refuses it).
struct data_shape {
    tiles_shape shape;
    std::size_t bytes;
};

data_shape random_shape(input& in) {
    tiles_shape shape = TILES_SHAPE_INIT;
    const int dtype = random_dtype(in);
    fuzz_set_dtype(&shape.dtype, dtype);
    shape.element_size = in.one_in(4) ? in.below(17) : dtype == TILES_OPAQUE ? 1 + in.below(16) : 0;
    shape.rank = in.one_in(16) ? int(in.below(5)) : 1 + int(in.below(3));
    for (int& e : shape.extent) e = component(in);
    if (in.one_in(32)) shape.struct_size = in.below(sizeof shape);
    if (in.one_in(32)) { // more bytes than a size_t counts: refused for arrays and views alike
        shape.rank = 3;
        for (int& e : shape.extent) e = 1 << 30;
    }
    // A rank above 3 has its components in `extents`, now and then missing.
    static const int four_components[4] = {2, 1, 3, 2};
    if (shape.rank == 4 && !in.one_in(4)) shape.extents = four_components;
    const int* components = shape.rank <= 3 ? shape.extent : shape.extents;
    std::size_t bytes = dtype_size(dtype) != 0 ? dtype_size(dtype) : shape.element_size;
    for (int d = 0; components != nullptr && d < shape.rank; ++d)
        bytes *= components[d] > 0 && components[d] <= 8 ? std::size_t(components[d]) : 0;
    return {shape, shape.rank >= 1 && components != nullptr ? bytes : 0};
}

// Host memory for data of `shape`, kept until every handle is released.
unsigned char* host_memory(handles& h, const data_shape& shape, input& in) {
    h.host.push_back(std::make_unique<unsigned char[]>(shape.bytes == 0 ? 1 : shape.bytes));
    in.bytes(h.host.back().get(), shape.bytes < 16 ? shape.bytes : 16);
    return h.host.back().get();
}

tiles_domain random_domain(input& in) {
    tiles_domain d;
    // Now and then a struct_size of no version, which must be refused.
    d.struct_size = in.one_in(32) ? in.below(sizeof d) : sizeof d;
    d.rank = in.one_in(16) ? int(in.below(5)) : 1 + int(in.below(3));
    static const int four_components[4] = {1, 2, 2, 3};
    d.extents = d.rank == 4 && !in.one_in(4) ? four_components : nullptr;
    d.tile_rank = in.one_in(3) ? 0 : in.one_in(16) ? int(in.below(4)) : d.rank;
    const int tiles[] = {1, 2, 4, 1, 2, 4, 0, 5000};
    for (int k = 0; k < 3; ++k) {
        d.tile[k] = tiles[in.below(8)];
        d.extent[k] = in.one_in(16)                     ? component(in)
                      : d.tile[k] > 0 && d.tile[k] <= 4 ? d.tile[k] * (1 + int(in.below(3)))
                                                        : 4;
    }
    return d;
}

tiles_arg random_arg(handles& h, input& in) {
    switch (in.below(7)) {
    case 0:
    case 1:
        return tiles_arg_view(pick(h.views, in));
    case 2:
        return tiles_arg_array(pick(h.arrays, in));
    case 3: {
        tiles_arg a = tiles_arg_long(0);
        fuzz_set_dtype(&a.dtype, random_dtype(in));
        in.bytes(a.value, sizeof a.value);
        return a;
    }
    case 4:
        return in.one_in(2) ? tiles_arg_integer(in.value<std::int64_t>()) : tiles_arg_real(in.value<double>());
    case 5:
        return tiles_arg_local(in.one_in(8) ? in.value<std::uint32_t>() : in.below(64));
    default: {
        tiles_arg a = tiles_arg_view(pick(h.views, in));
        fuzz_set_arg_kind(&a.kind, int(in.below(8)));
        return a;
    }
    }
}

void launch(handles& h, input& in) {
    tiles_context* context = pick(h.contexts, in);
    const tiles_domain domain = random_domain(in);
    tiles_kernel* kernel = pick(h.kernels, in);
    tiles_arg args[6];
    const std::size_t count = in.below(7);
    for (std::size_t i = 0; i < count; ++i) args[i] = random_arg(h, in);
    const tiles_arg* passed = in.one_in(32) ? nullptr : args;
    if (in.one_in(4)) {
        // The event is the caller's, to release once the launch has succeeded (a launch on a strict
        // checked context fails after its kernel ran), and is written only then.
        cl_event done = fuzz::sentinel<cl_event>();
        if (query(done, [&](cl_event* out) {
                return tiles_launch_with_events(context, &domain, kernel, passed, count, nullptr, 0, out);
            }) == TILES_SUCCESS) {
            if (done == nullptr || done == fuzz::sentinel<cl_event>()) __builtin_trap();
            clReleaseEvent(done);
        }
    } else {
        checked(tiles_launch(context, in.one_in(32) ? nullptr : &domain, kernel, passed, count));
    }
}

// tiles_copy_with_events, its event released as a caller would: once the copy has succeeded.
void copy_with_events(const tiles_view* source, tiles_view* destination) {
    cl_event done = fuzz::sentinel<cl_event>();
    if (query(done, [&](cl_event* out) { return tiles_copy_with_events(source, destination, nullptr, 0, out); }) ==
        TILES_SUCCESS) {
        if (done == nullptr || done == fuzz::sentinel<cl_event>()) __builtin_trap();
        clReleaseEvent(done);
    }
}

// Reads, writes or accesses a view on the host: with its own size, or a wrong one.
void host_access(handles& h, input& in) {
    tiles_view* view = pick(h.views, in);
    tiles_shape shape = TILES_SHAPE_INIT;
    const std::size_t bytes = tiles_view_get_shape(&shape, view) == TILES_SUCCESS
                                  ? shape.element_size * shape.extent[0] * (shape.rank > 1 ? shape.extent[1] : 1) *
                                        (shape.rank > 2 ? shape.extent[2] : 1)
                                  : 0;
    const std::size_t asked = in.one_in(4) ? in.below(64) : bytes;
    std::vector<unsigned char> buffer(asked + 1);
    switch (in.below(3)) {
    case 0:
        checked(tiles_view_read(view, buffer.data(), asked));
        break;
    case 1:
        in.bytes(buffer.data(), asked < 16 ? asked : 16);
        checked(tiles_view_write(view, buffer.data(), asked));
        break;
    default: {
        void* data = fuzz::sentinel<void*>();
        const int access = int(in.below(3));
        if (query(data, [&](void** out) { return fuzz_view_data(out, view, access); }) == TILES_SUCCESS) {
            volatile unsigned char* first = static_cast<unsigned char*>(data);
            const unsigned char value = *first;
            if (access == TILES_ACCESS_READ_WRITE) *first = static_cast<unsigned char>(value + 1);
        }
    }
    }
}

// A section of a view of any rank the run makes (at most 4, whose fourth component is fixed, so
// that inputs kept from before views of rank 4 still read the same bytes).
void section(handles& h, input& in) {
    tiles_view* view = pick(h.views, in);
    int origin[4] = {0, 0, 0, 0}, extent[4] = {1, 1, 1, 1};
    for (int d = 0; d < 3; ++d) {
        origin[d] = in.one_in(8) ? component(in) : int(in.below(4));
        extent[d] = component(in);
    }
    make(h.views, [&](tiles_view** out) { return tiles_view_section(out, view, origin, extent); });
}

// Releases a handle of any kind once: a live one, or one released already.
void release(handles& h, input& in) {
    switch (in.below(6)) {
    case 0:
        checked(tiles_view_release(pick(h.views, in)));
        break;
    case 1:
        checked(tiles_array_release(pick(h.arrays, in)));
        break;
    case 2:
        checked(tiles_kernel_release(pick(h.kernels, in)));
        break;
    case 3:
        checked(tiles_event_release(pick(h.events, in)));
        break;
    case 4:
        checked(tiles_context_release(pick(h.contexts, in)));
        break;
    default:
        checked(tiles_device_release(pick(h.devices, in)));
        break;
    }
}

void retain(handles& h, input& in) {
    switch (in.below(6)) {
    case 0:
        checked(tiles_view_retain(pick(h.views, in)));
        break;
    case 1:
        checked(tiles_array_retain(pick(h.arrays, in)));
        break;
    case 2:
        checked(tiles_kernel_retain(pick(h.kernels, in)));
        break;
    case 3:
        checked(tiles_event_retain(pick(h.events, in)));
        break;
    case 4:
        checked(tiles_context_retain(pick(h.contexts, in)));
        break;
    default:
        checked(tiles_device_retain(pick(h.devices, in)));
        break;
    }
}

// One operation. A byte below 240 picks one of those on arrays, views, kernels and launches
// above; one of 240 or more, one of the other parts' (algorithms, devices, checked contexts), so
// that the regression inputs kept from before those parts came, which use no such byte, still
// replay what they once crashed on.
void operation(handles& h, input& in) {
    const unsigned op = in.byte();
    if (op >= 240) {
        const unsigned later = op - 240;
        if (later < 3)
            fuzz::matrix(h, in);
        else if (later < 9)
            fuzz::algorithm(h, in);
        else if (later < 13)
            fuzz::device_operation(h, in);
        else
            fuzz::checked_operation(h, in);
        return;
    }
    switch (op % 24) {
    case 0:
        if (h.contexts.size() < 2)
            make(h.contexts, [&](tiles_context** out) { return tiles_context_create(out, pick(h.devices, in)); });
        break;
    case 1:
        make(h.contexts, [&](tiles_context** out) { return tiles_context_default(out, pick(h.devices, in)); });
        break;
    case 2:
        make(h.devices, [&](tiles_device** out) { return tiles_device_get(out, in.below(3)); });
        break;
    case 3: {
        const data_shape shape = random_shape(in);
        const void* initial = in.one_in(2) && shape.bytes != 0 ? host_memory(h, shape, in) : nullptr;
        tiles_context* context = pick(h.contexts, in);
        make(h.arrays, [&](tiles_array** out) { return tiles_array_create(out, context, &shape.shape, initial); });
        break;
    }
    case 4:
        make(h.views, [&](tiles_view** out) { return tiles_array_get_view(out, pick(h.arrays, in)); });
        break;
    case 5:
    case 6: {
        const data_shape shape = random_shape(in);
        unsigned char* memory = host_memory(h, shape, in);
        const bool read_only = in.one_in(3);
        make(h.views, [&](tiles_view** out) {
            return read_only ? tiles_view_create_const(out, &shape.shape, memory)
                             : tiles_view_create(out, &shape.shape, memory);
        });
        break;
    }
    case 7:
        section(h, in);
        break;
    case 8: {
        const unsigned k = in.below(6);
        const char* source = kernel_sources[k < 5 ? k : 0];
        const char* options = kernel_options[in.below(5)];
        make(h.kernels, [&](tiles_kernel** out) { return tiles_kernel_create(out, source, kernel_names[k], options); });
        break;
    }
    case 9:
    case 10:
    case 11:
        launch(h, in);
        break;
    case 12:
        checked(tiles_view_synchronize(pick(h.views, in)));
        break;
    case 13: {
        tiles_view* view = pick(h.views, in);
        make(h.events, [&](tiles_event** out) { return tiles_view_synchronize_async(out, view); });
        break;
    }
    case 14: {
        tiles_view* view = pick(h.views, in);
        checked(tiles_view_synchronize_to(view, pick(h.contexts, in)));
        break;
    }
    case 15:
        checked(in.one_in(2) ? tiles_view_discard(pick(h.views, in)) : tiles_view_refresh(pick(h.views, in)));
        break;
    case 16:
        host_access(h, in);
        break;
    case 17: {
        tiles_view* source = pick(h.views, in);
        tiles_view* destination = pick(h.views, in);
        // One byte: even copies, as it did before copies with events came, so that kept inputs
        // replay as they did; odd copies asynchronously or with events.
        const unsigned how = in.below(4);
        if (how % 2 == 0)
            checked(tiles_copy(source, destination));
        else if (how == 1)
            make(h.copies, [&](tiles_event** out) { return tiles_copy_async(out, source, destination); });
        else
            copy_with_events(source, destination);
        break;
    }
    case 18: {
        int ready = 7;
        std::vector<tiles_event*> all = h.events;
        all.insert(all.end(), h.copies.begin(), h.copies.end());
        tiles_event* event = pick(all, in);
        if (in.one_in(2))
            checked(tiles_event_wait(event));
        else
            query(ready, [&](int* out) { return tiles_event_is_ready(out, event); });
        break;
    }
    case 19: {
        tiles_view* view = pick(h.views, in);
        tiles_context* context = pick(h.contexts, in);
        cl_mem buffer = fuzz::sentinel<cl_mem>();
        const int access = int(in.below(3));
        query(buffer, [&](cl_mem* out) { return fuzz_view_get_opencl_buffer(out, view, context, access); });
        break;
    }
    case 20: {
        tiles_counters counters = TILES_COUNTERS_INIT;
        tiles_context* context = pick(h.contexts, in);
        if (in.one_in(2))
            query(counters, [&](tiles_counters* out) { return tiles_context_get_counters(out, context); });
        else
            checked(tiles_context_wait(context));
        break;
    }
    case 21: {
        tiles_domain rounded = TILES_DOMAIN_INIT;
        const tiles_domain domain = random_domain(in);
        const bool pad = in.one_in(2);
        query(rounded, [&](tiles_domain* out) {
            return pad ? tiles_domain_pad(out, &domain) : tiles_domain_truncate(out, &domain);
        });
        break;
    }
    case 22:
        retain(h, in);
        break;
    default:
        release(h, in);
        break;
    }
}

// Releases every handle the run made, as many times as it is still held; events first, so that
// asynchronous copies finish before their views go.
template <class H> void release_all(const std::vector<H*>& all, tiles_status (*release)(H*)) {
    for (H* handle : all)
        while (release(handle) == TILES_SUCCESS) {
        }
}

} // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
    input in(data, size);
    handles h;
    for (int i = 0; i < max_operations && !in.done(); ++i) operation(h, in);
    for (tiles_event* copy : h.copies) tiles_event_wait(copy);
    release_all(h.copies, tiles_event_release);
    release_all(h.events, tiles_event_release);
    release_all(h.reports, tiles_report_release);
    release_all(h.views, tiles_view_release);
    release_all(h.arrays, tiles_array_release);
    release_all(h.kernels, tiles_kernel_release);
    release_all(h.contexts, tiles_context_release);
    release_all(h.devices, tiles_device_release);
    tiles_take_writeback_error();
    return 0;
}
