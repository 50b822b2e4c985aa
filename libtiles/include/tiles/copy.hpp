// libtiles: copy and copy_async between host ranges, arrays and array views (sections too), and the
// copy_to members. Between two containers of libtiles the copy stays on the device when both are
// on one accelerator view; otherwise it goes through the host, moving each part at most once.
// copy_async enqueues its transfers in order on the accelerator views' queues.
#pragma once

#include <algorithm>
#include <functional>
#include <iterator>
#include <memory>
#include <optional>
#include <type_traits>
#include <vector>

#include "tiles/array.hpp"
#include "tiles/array_view.hpp"
#include "tiles/completion_future.hpp"
#include "tiles/engine/checks.hpp"
#include "tiles/pinned.hpp"

namespace tiles {

namespace detail {

template <class C> struct is_container : std::false_type {};
template <class T, int N> struct is_container<array<T, N>> : std::true_type {};
template <class T, int N> struct is_container<array_view<T, N>> : std::true_type {};
template <class C>
inline constexpr bool is_container_v = is_container<std::remove_cv_t<std::remove_reference_t<C>>>::value;

// Checks that two containers can be copied into each other.
template <class Source, class Destination> void check_copy(const Source& source, const Destination& destination) {
    static_assert(std::is_same_v<typename Source::value_type, typename Destination::value_type>,
                  "copy needs the same element type on both sides");
    static_assert(Source::rank == Destination::rank, "copy needs the same rank on both sides");
    if (source.extent != destination.extent) {
        engine::check_same_size(source.extent.size(), destination.extent.size(), "copy");
        engine::throw_extents_differ("copy");
    }
}

// A section of a reshaped view's own elements, where `c` is one (rows longer than the section).
template <class C> const engine::folded_box* folded_elements(const C& c) {
    if constexpr (std::is_same_v<C, array_view<typename C::value_type, C::rank>> ||
                  std::is_same_v<C, array_view<const typename C::value_type, C::rank>>)
        if (c.elements().folded()) return &c.elements();
    return nullptr;
}

// The engine's copy into a container's elements from dense host memory; a section of a reshaped
// view's moves through the host's copy of its region, at once.
template <class Destination>
completion_future copy_in_elements(const Destination& d, const void* source, std::shared_ptr<const void> keep_alive) {
    if (const engine::folded_box* elements = folded_elements(d))
        return engine::copy_in_async(*d.storage(), d.region(), *elements, source, std::move(keep_alive));
    return engine::copy_in_async(*d.storage(), d.region(), source, std::move(keep_alive));
}

// The engine's copy of a container's elements out to dense host memory, as copy_in_elements.
template <class Source>
completion_future copy_out_elements(const Source& s, void* destination, std::shared_ptr<const void> keep_alive,
                                    std::function<void()> finish) {
    if (const engine::folded_box* elements = folded_elements(s))
        return engine::copy_out_async(*s.storage(), s.region(), *elements, destination, std::move(keep_alive),
                                      std::move(finish));
    return engine::copy_out_async(*s.storage(), s.region(), destination, std::move(keep_alive), std::move(finish));
}

// Container to container where either is a section of a reshaped view: through the host, read
// now; none where neither is.
template <class Source, class Destination>
std::optional<completion_future> copied_through_host(const Source& source, const Destination& destination) {
    if (!folded_elements(source) && !folded_elements(destination)) return std::nullopt;
    auto staged = std::make_shared<std::vector<typename Source::value_type>>(source.extent.size());
    copy_out_elements(source, staged->data(), nullptr, nullptr).get();
    return copy_in_elements(destination, staged->data(), staged);
}

// Whether `It` walks contiguous memory of T that the transfers can read or write directly: a
// pointer, or an iterator of a std::vector<T> or a pinned_vector<T> (const ones only where the
// memory is only read).
template <class It, class T>
inline constexpr bool is_contiguous_output_v =
    std::is_same_v<It, T*> || std::is_same_v<It, typename std::vector<T>::iterator> ||
    std::is_same_v<It, typename pinned_vector<T>::iterator>;
template <class It, class T>
inline constexpr bool is_contiguous_input_v = is_contiguous_output_v<It, T> || std::is_same_v<It, const T*> ||
                                              std::is_same_v<It, typename std::vector<T>::const_iterator> ||
                                              std::is_same_v<It, typename pinned_vector<T>::const_iterator>;

// Host range to container. A contiguous range is read by the transfer itself; any other is
// read now into a staging buffer that lives until the transfer completes.
template <class InputIt, class Destination>
completion_future copy_range_in(InputIt first, InputIt last, const Destination& destination) {
    using T = typename Destination::value_type;
    const std::size_t size = destination.extent.size();
    if constexpr (is_contiguous_input_v<InputIt, T>) {
        engine::check_same_size(std::size_t(std::distance(first, last)), size, "copy into a container of libtiles");
        return copy_in_elements(destination, size == 0 ? nullptr : &*first, nullptr);
    } else {
        auto staged = std::make_shared<const std::vector<T>>(first, last);
        engine::check_same_size(staged->size(), size, "copy into a container of libtiles");
        return copy_in_elements(destination, staged->data(), staged);
    }
}

// The same from `first` alone (C++ AMP's begin-only forms): the range must hold the destination's
// count of elements, which is all that is read.
template <class InputIt, class Destination>
completion_future copy_range_in(InputIt first, const Destination& destination) {
    using T = typename Destination::value_type;
    const std::size_t size = destination.extent.size();
    if constexpr (is_contiguous_input_v<InputIt, T>) {
        return copy_in_elements(destination, size == 0 ? nullptr : &*first, nullptr);
    } else {
        auto staged = std::make_shared<std::vector<T>>();
        staged->reserve(size);
        std::copy_n(first, size, std::back_inserter(*staged));
        return copy_in_elements(destination, staged->data(), staged);
    }
}

// Container to the host range at `out`. Contiguous memory is written by the transfer itself;
// any other output iterator gets the data from a staging buffer in a host step after it.
template <class Source, class OutputIt> completion_future copy_range_out(const Source& source, OutputIt out) {
    using T = typename Source::value_type;
    const std::size_t size = source.extent.size();
    if constexpr (is_contiguous_output_v<OutputIt, T>) {
        return copy_out_elements(source, size == 0 ? nullptr : &*out, nullptr, nullptr);
    } else {
        auto staged = std::make_shared<std::vector<T>>(size);
        return copy_out_elements(source, staged->data(), staged,
                                 [staged, out] { std::copy(staged->begin(), staged->end(), out); });
    }
}

// Container to container, checked: on the device where both are on one accelerator view.
template <class Source, class Destination> void copy_containers(const Source& source, const Destination& destination) {
    check_copy(source, destination);
    if (const auto through_host = copied_through_host(source, destination)) return through_host->get();
    engine::copy(*source.storage(), source.region(), *destination.storage(), destination.region());
}

} // namespace detail

// Container to container: array or array_view on either side, same element type and extent.
template <class Source, class Destination,
          class = std::enable_if_t<detail::is_container_v<Source> && detail::is_container_v<Destination>>>
void copy(const Source& source, const Destination& destination) {
    detail::copy_containers(source, destination);
}

// Host range to container: [first, last) must hold exactly as many elements. One overload per
// container, as C++ AMP has them: more specialized than std::copy(first, last, out), so that an
// unqualified copy(begin(v), end(v), a) under `using namespace std;` is this one.
template <class InputIt, class T, int N, class = typename std::iterator_traits<InputIt>::iterator_category>
void copy(InputIt first, InputIt last, const array<T, N>& destination) {
    detail::copy_range_in(first, last, destination).get();
}
template <class InputIt, class T, int N, class = typename std::iterator_traits<InputIt>::iterator_category>
void copy(InputIt first, InputIt last, const array_view<T, N>& destination) {
    detail::copy_range_in(first, last, destination).get();
}

// Host range from `first` to container: the range must hold the container's count of elements.
template <class InputIt, class Destination, class = std::enable_if_t<detail::is_container_v<Destination>>,
          class = typename std::iterator_traits<InputIt>::iterator_category>
void copy(InputIt first, const Destination& destination) {
    detail::copy_range_in(first, destination).get();
}

// Container to the host range starting at `destination`.
template <class Source, class OutputIt, class = std::enable_if_t<detail::is_container_v<Source>>,
          class = typename std::iterator_traits<OutputIt>::iterator_category>
void copy(const Source& source, OutputIt destination) {
    detail::copy_range_out(source, destination).get();
}

// The same three without blocking, checked now. Transfers to and from a device are enqueued on
// the queue of the accelerator view that holds the data, in order with the launches there: a
// launch enqueued after copy_async reads what it copied in. The copy is complete when the
// completion_future's wait() or get() returns, or that view's wait(); the future may be
// dropped without waiting. Until then the host memory must stay alive: the range a copy reads
// (unchanged, when it is a pointer or a std::vector's; any other input range is read at the
// call) and the range a copy writes. Writing to an output iterator that is not a pointer or a
// std::vector's happens on the thread that waits first.
template <class Source, class Destination,
          class = std::enable_if_t<detail::is_container_v<Source> && detail::is_container_v<Destination>>>
completion_future copy_async(const Source& source, const Destination& destination) {
    detail::check_copy(source, destination);
    if (auto through_host = detail::copied_through_host(source, destination)) return *through_host;
    return engine::copy_async(*source.storage(), source.region(), *destination.storage(), destination.region());
}

// copy_async from the host range [first, last), which must hold exactly the destination's elements.
template <class InputIt, class Destination, class = std::enable_if_t<detail::is_container_v<Destination>>,
          class = typename std::iterator_traits<InputIt>::iterator_category>
completion_future copy_async(InputIt first, InputIt last, const Destination& destination) {
    return detail::copy_range_in(first, last, destination);
}

// copy_async from the destination's count of elements at `first`.
template <class InputIt, class Destination, class = std::enable_if_t<detail::is_container_v<Destination>>,
          class = typename std::iterator_traits<InputIt>::iterator_category>
completion_future copy_async(InputIt first, const Destination& destination) {
    return detail::copy_range_in(first, destination);
}

// copy_async of the source's elements to the host at `destination`, which has room for them.
template <class Source, class OutputIt, class = std::enable_if_t<detail::is_container_v<Source>>,
          class = typename std::iterator_traits<OutputIt>::iterator_category>
completion_future copy_async(const Source& source, OutputIt destination) {
    return detail::copy_range_out(source, destination);
}

template <class T, int N> void array_view<T, N>::copy_to(array<element_, N>& destination) const {
    detail::copy_containers(*this, destination);
}

template <class T, int N> void array_view<T, N>::copy_to(const array_view<element_, N>& destination) const {
    detail::copy_containers(*this, destination);
}

} // namespace tiles
