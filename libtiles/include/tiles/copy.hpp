// libtiles: copy and copy_async between host ranges, arrays and array views (sections too).
// Between two containers of libtiles the copy stays on the device when both are on one
// accelerator view; otherwise it goes through the host, moving each part at most once.
// copy_async returns at once; the host ranges and containers must live until it completes.
#pragma once

#include <algorithm>
#include <functional>
#include <iterator>
#include <type_traits>
#include <vector>

#include "tiles/array.hpp"
#include "tiles/array_view.hpp"
#include "tiles/completion_future.hpp"
#include "tiles/detail/checks.hpp"

namespace tiles {

namespace detail {

template <class C> struct is_container : std::false_type {};
template <class T, int N> struct is_container<array<T, N>> : std::true_type {};
template <class T, int N> struct is_container<array_view<T, N>> : std::true_type {};
template <class C>
inline constexpr bool is_container_v = is_container<std::remove_cv_t<std::remove_reference_t<C>>>::value;

// Checks that two containers can be copied into each other; returns the engine's copy as a
// task that shares their data, so it outlives the containers themselves.
template <class Source, class Destination>
std::function<void()> copy_task(const Source& source, const Destination& destination) {
    static_assert(std::is_same_v<typename Source::value_type, typename Destination::value_type>,
                  "copy needs the same element type on both sides");
    static_assert(Source::rank == Destination::rank, "copy needs the same rank on both sides");
    if (source.extent != destination.extent) {
        check_same_size(source.extent.size(), destination.extent.size(), "copy");
        throw_extents_differ("copy");
    }
    return [from = source.storage(), from_box = source.region(), to = destination.storage(),
            to_box = destination.region()] { copy(*from, from_box, *to, to_box); };
}

template <class Destination, class InputIt>
std::function<void()> copy_in_task(InputIt first, InputIt last, const Destination& destination) {
    using T = typename Destination::value_type;
    return [first, last, to = destination.storage(), to_box = destination.region(), size = destination.extent.size()] {
        const std::vector<T> staged(first, last);
        check_same_size(staged.size(), size, "copy into a container of libtiles");
        copy_in(*to, to_box, staged.data());
    };
}

template <class Source, class OutputIt> std::function<void()> copy_out_task(const Source& source, OutputIt out) {
    using T = typename Source::value_type;
    return [out, from = source.storage(), from_box = source.region(), size = source.extent.size()] {
        std::vector<T> staged(size);
        copy_out(*from, from_box, staged.data());
        std::copy(staged.begin(), staged.end(), out);
    };
}

// Runs `work` on another thread; its completion_future rethrows what it threw.
completion_future run_async(std::function<void()> work);

} // namespace detail

// Container to container: array or array_view on either side, same element type and extent.
template <class Source, class Destination,
          class = std::enable_if_t<detail::is_container_v<Source> && detail::is_container_v<Destination>>>
void copy(const Source& source, const Destination& destination) {
    detail::copy_task(source, destination)();
}

// Host range to container: [first, last) must hold exactly as many elements.
template <class InputIt, class Destination, class = std::enable_if_t<detail::is_container_v<Destination>>,
          class = typename std::iterator_traits<InputIt>::iterator_category>
void copy(InputIt first, InputIt last, const Destination& destination) {
    detail::copy_in_task(first, last, destination)();
}

// Container to the host range starting at `destination`.
template <class Source, class OutputIt, class = std::enable_if_t<detail::is_container_v<Source>>,
          class = typename std::iterator_traits<OutputIt>::iterator_category>
void copy(const Source& source, OutputIt destination) {
    detail::copy_out_task(source, destination)();
}

// The same three without blocking: they are checked now and run on another thread. The tasks
// share the containers' data; host ranges must live until the copy completes.
template <class Source, class Destination,
          class = std::enable_if_t<detail::is_container_v<Source> && detail::is_container_v<Destination>>>
completion_future copy_async(const Source& source, const Destination& destination) {
    return detail::run_async(detail::copy_task(source, destination));
}

template <class InputIt, class Destination, class = std::enable_if_t<detail::is_container_v<Destination>>,
          class = typename std::iterator_traits<InputIt>::iterator_category>
completion_future copy_async(InputIt first, InputIt last, const Destination& destination) {
    return detail::run_async(detail::copy_in_task(first, last, destination));
}

template <class Source, class OutputIt, class = std::enable_if_t<detail::is_container_v<Source>>,
          class = typename std::iterator_traits<OutputIt>::iterator_category>
completion_future copy_async(const Source& source, OutputIt destination) {
    return detail::run_async(detail::copy_out_task(source, destination));
}

} // namespace tiles
