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

#include "tiles/accelerator.hpp"
#include "tiles/array.hpp"
#include "tiles/array_view.hpp"
#include "tiles/element_type.hpp"
#include "tiles/engine/launch.hpp"
#include "tiles/extent.hpp"
#include "tiles/kernel.hpp"

namespace tiles {

// A __local buffer of `bytes` for a kernel parameter declared `__local T*` (or `tile_static
// T*`): tile_static memory whose size is chosen at launch.
struct local_memory {
    // The buffer's size in bytes; of(count) makes one of `count` elements of T.
    std::size_t bytes;
    template <class T> static local_memory of(std::size_t count) { return {count * sizeof(T)}; }
};

namespace detail {

// The engine's launch argument for the elements, of type E and extent `e`, that an array or a view
// holds in `region` of `s`.
template <class E, int N>
engine::launch_arg memory_arg(const std::shared_ptr<engine::storage>& s, const engine::box& region, const extent<N>& e,
                              bool read_only, const char* container) {
    engine::launch_arg arg{engine::launch_arg::kind::memory, s, region, element_layout::of<E>(), read_only, container};
    engine::set_shape(arg, N, e.components().data());
    return arg;
}

// The engine's launch argument for each kind of argument parallel_for_each takes.
template <class T, int N> engine::launch_arg make_arg(const array_view<T, N>& v) {
    engine::launch_arg arg =
        memory_arg<std::remove_const_t<T>>(v.storage(), v.region(), v.extent, std::is_const_v<T>, "array_view");
    arg.elements = v.elements();
    return arg;
}
template <class T, int N> engine::launch_arg make_arg(array<T, N>& a) {
    return memory_arg<T>(a.storage(), a.region(), a.extent, false, "array");
}
template <class T, int N> engine::launch_arg make_arg(const array<T, N>& a) {
    return memory_arg<T>(a.storage(), a.region(), a.extent, true, "array");
}
inline engine::launch_arg make_arg(const local_memory& l) {
    engine::launch_arg arg{engine::launch_arg::kind::local, nullptr};
    arg.bytes = l.bytes;
    return arg;
}
template <class T, class = std::enable_if_t<std::is_arithmetic_v<T> && !std::is_same_v<T, bool>>>
engine::launch_arg make_arg(T value) {
    return engine::scalar_arg(value);
}

// The engine's compute domain of an extent or a tiled extent.
template <int N> engine::launch_domain domain_of(const extent<N>& e) {
    engine::launch_domain d;
    d.rank = N;
    if constexpr (N <= 3)
        for (int i = 0; i < N; ++i) d.extent[std::size_t(i)] = e[i];
    else
        d.extent_above_3.assign(e.components().begin(), e.components().end());
    return d;
}
template <int N> engine::launch_domain domain_of(const tiled_extent<N>& e) {
    engine::launch_domain d = domain_of(static_cast<const extent<N>&>(e));
    d.tiled = true;
    for (int i = 0; i < N; ++i) d.tile[i] = e.tile_dim(i);
    return d;
}

template <class Domain, class... Args>
void launch_typed(const std::shared_ptr<engine::context>& context, const Domain& domain, const kernel& k,
                  Args&&... args) {
    const std::array<engine::launch_arg, sizeof...(Args)> packed{make_arg(args)...};
    engine::launch(context, domain_of(domain), k, packed.data(), packed.size());
}

} // namespace detail

// Launches `k` over `domain` with `args` (arrays, array_views, local_memory and numbers) matched in
// order to its parameters, on `view` (without a view, or through the auto-selection view: where its
// first array argument lives, else the default view), and returns without waiting: the results
// come home as views are read. A tiled domain launches work-groups of its tile. Everything is
// checked first, and nothing runs if anything is refused: invalid_compute_domain (an extent the
// tile does not divide, a tile beyond the device's limits), invalid_argument (wrong number, kind or
// element type of arguments, a kernel name the source lacks), build_error (the message holds the
// compiler's log), out_of_memory.
template <int N, class... Args>
void parallel_for_each(const accelerator_view& view, const tiled_extent<N>& domain, const kernel& k, Args&&... args) {
    detail::launch_typed(view.launch_context(), domain, k, std::forward<Args>(args)...);
}

// parallel_for_each over an untiled domain on `view`.
template <int N, class... Args>
void parallel_for_each(const accelerator_view& view, const extent<N>& domain, const kernel& k, Args&&... args) {
    detail::launch_typed(view.launch_context(), domain, k, std::forward<Args>(args)...);
}

// parallel_for_each over a tiled domain where its first array argument lives, else on the default view.
template <int N, class... Args> void parallel_for_each(const tiled_extent<N>& domain, const kernel& k, Args&&... args) {
    detail::launch_typed(nullptr, domain, k, std::forward<Args>(args)...);
}

// parallel_for_each over an untiled domain where its first array argument lives, else on the default
// view.
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
    return engine::build(view.context(), detail::domain_of(domain), k);
}
template <int N> std::string build(const accelerator_view& view, const extent<N>& domain, const kernel& k) {
    return engine::build(view.context(), detail::domain_of(domain), k);
}

} // namespace tiles
