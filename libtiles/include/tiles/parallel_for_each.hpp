// libtiles: parallel_for_each, launching a kernel over an extent of any rank (one work-item per
// point) or a tiled_extent of rank 1 to 3 (tiles become OpenCL work-groups). Arguments are matched, in order, to the
// kernel's parameters: arrays and array_views to __global pointers, local_memory to __local
// pointers, numbers to scalar parameters of exactly their type. The launch is enqueued and
// returns without waiting; the host waits only when it touches the data.
#pragma once

#include <array>
#include <cstddef>
#include <memory>
#include <string>
#include <type_traits>
#include <vector>

#include "tiles/accelerator.hpp"
#include "tiles/array.hpp"
#include "tiles/array_view.hpp"
#include "tiles/element_type.hpp"
#include "tiles/extent.hpp"
#include "tiles/kernel.hpp"

struct _cl_event; // OpenCL's cl_event is a pointer to it

namespace tiles {

// A __local buffer of `bytes` for a kernel parameter declared `__local T*` (or `tile_static
// T*`): tile_static memory whose size is chosen at launch.
struct local_memory {
    std::size_t bytes;
    template <class T> static local_memory of(std::size_t count) { return {count * sizeof(T)}; }
};

namespace detail {

// One launch argument, untyped: what the engine needs to set and check a kernel parameter.
// A `number` has no type of its own (a Python int or float, say): it is converted to its
// parameter's type at launch, if the value fits there exactly enough.
struct launch_arg {
    enum class kind { memory, scalar, number, local } what;
    std::shared_ptr<storage> memory; // kind::memory
    box region{};                    // kind::memory: the part of it passed (a section, or all)
    element_layout layout{};         // kind::memory: the elements as the view sees them (reinterpret_as)
    bool read_only = false;          // kind::memory: a view of const elements
    const char* container = "";      // kind::memory: "array" or "array_view", for messages
    int rank = 0;                    // kind::memory: its rank, for extent_of (0: the region's, less leading 1s)
    element_type scalar_type{};      // kind::scalar; kind::number: int64 or float64
    std::array<unsigned char, 8> scalar_bytes{};
    std::size_t bytes = 0; // kind::scalar: size of the value; kind::local: size asked
};

// The compute domain, untyped: rank, extent and (for tiled launches) tile, in AMP order. A rank
// above 3 (untiled launches only) keeps its extent in extent_above_3, the three-component arrays
// unused; the launch folds it onto OpenCL's three dimensions.
struct launch_domain {
    int rank = 0;
    std::array<int, 3> extent{};
    std::array<int, 3> tile{};
    bool tiled = false;
    std::vector<int> extent_above_3{};
};

// OpenCL events (cl_event) a launch or copy waits for, and where it puts the event of what it
// enqueued (owned by the caller), for pipelines that order their own OpenCL work around it.
struct opencl_events {
    _cl_event* const* wait_for = nullptr;
    std::size_t wait_count = 0;
    _cl_event** done = nullptr;
};

// Checks the domain and the arguments against the kernel and the device, brings the
// arguments' data to the view, and enqueues the kernel. Without a view (nullptr) it runs, as
// C++ AMP does, where its first array lives, else on the default view. Defined in the library.
void launch(const accelerator_view* view, const launch_domain& domain, const kernel& k, const launch_arg* args,
            std::size_t count, const opencl_events& events = {});

// Builds the kernel for the view and the domain's rank and tile shape; returns its warnings.
std::string build(const accelerator_view& view, const launch_domain& domain, const kernel& k);

// What building a whole source found: the names of its kernels, and the compiler's warnings.
struct source_build {
    std::vector<std::string> kernel_names;
    std::string build_log;
};

// Builds `source` with `options` for the view as an untiled rank-1 launch of any of its kernels
// would (such launches then compile nothing), for callers that check a source of several kernels
// before launching them (the C API's tiles_program_build). Throws build_error as a launch would.
// A C++ source is built whole with no kernel's index checked against that domain; its launches
// build each kernel for its own.
source_build build_source(const accelerator_view& view, const std::string& source, const std::string& options,
                          kernel_language language = kernel_language::opencl_c);

template <class T, int N> launch_arg make_arg(const array_view<T, N>& v) {
    return {launch_arg::kind::memory, v.storage(),  v.region(), element_layout::of<std::remove_const_t<T>>(),
            std::is_const_v<T>,       "array_view", N};
}
template <class T, int N> launch_arg make_arg(array<T, N>& a) {
    return {launch_arg::kind::memory, a.storage(), a.region(), element_layout::of<T>(), false, "array", N};
}
template <class T, int N> launch_arg make_arg(const array<T, N>& a) {
    return {launch_arg::kind::memory, a.storage(), a.region(), element_layout::of<T>(), true, "array", N};
}
inline launch_arg make_arg(const local_memory& l) {
    launch_arg arg{launch_arg::kind::local, nullptr};
    arg.bytes = l.bytes;
    return arg;
}
template <class T, class = std::enable_if_t<std::is_arithmetic_v<T> && !std::is_same_v<T, bool>>>
launch_arg make_arg(T value) {
    launch_arg arg{launch_arg::kind::scalar, nullptr};
    arg.scalar_type = element_type_of<T>;
    arg.bytes = sizeof(T);
    // Byte by byte, without <cstring>: glibc's <string.h> declares ::index(), and C++ AMP's
    // `using namespace concurrency; index<2> i;` would find it beside tiles::index.
    const auto* bytes = reinterpret_cast<const unsigned char*>(&value);
    for (std::size_t i = 0; i < sizeof(T); ++i) arg.scalar_bytes[i] = bytes[i];
    return arg;
}

template <int N> launch_domain domain_of(const extent<N>& e) {
    launch_domain d;
    d.rank = N;
    if constexpr (N <= 3)
        for (int i = 0; i < N; ++i) d.extent[std::size_t(i)] = e[i];
    else
        d.extent_above_3.assign(e.components().begin(), e.components().end());
    return d;
}
template <int N> launch_domain domain_of(const tiled_extent<N>& e) {
    launch_domain d = domain_of(static_cast<const extent<N>&>(e));
    d.tiled = true;
    for (int i = 0; i < N; ++i) d.tile[i] = e.tile_dim(i);
    return d;
}

template <class Domain, class... Args>
void launch_typed(const accelerator_view* view, const Domain& domain, const kernel& k, Args&&... args) {
    const std::array<launch_arg, sizeof...(Args)> packed{make_arg(args)...};
    launch(view, domain_of(domain), k, packed.data(), packed.size());
}

} // namespace detail

template <int N, class... Args>
void parallel_for_each(const accelerator_view& view, const tiled_extent<N>& domain, const kernel& k, Args&&... args) {
    detail::launch_typed(&view, domain, k, std::forward<Args>(args)...);
}

template <int N, class... Args>
void parallel_for_each(const accelerator_view& view, const extent<N>& domain, const kernel& k, Args&&... args) {
    detail::launch_typed(&view, domain, k, std::forward<Args>(args)...);
}

template <int N, class... Args> void parallel_for_each(const tiled_extent<N>& domain, const kernel& k, Args&&... args) {
    detail::launch_typed(nullptr, domain, k, std::forward<Args>(args)...);
}

template <int N, class... Args> void parallel_for_each(const extent<N>& domain, const kernel& k, Args&&... args) {
    detail::launch_typed(nullptr, domain, k, std::forward<Args>(args)...);
}

// Builds `k` now, as its first launch over a domain of this rank and tile shape on `view` would
// (the extent's size does not matter), so that such launches compile nothing and a compile error
// comes before any data moves. Returns the compiler's warnings, "" if it gave none; a kernel
// from the program cache returns those of the build that stored it. Throws build_error with the
// compiler's log when the source does not compile, and invalid_compute_domain for a tile the
// device or the kernel cannot run.
template <int N> std::string build(const accelerator_view& view, const tiled_extent<N>& domain, const kernel& k) {
    return detail::build(view, detail::domain_of(domain), k);
}
template <int N> std::string build(const accelerator_view& view, const extent<N>& domain, const kernel& k) {
    return detail::build(view, detail::domain_of(domain), k);
}

} // namespace tiles
