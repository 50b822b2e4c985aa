// libtiles: array_view<T, N>, a coherent view of host memory (or of an array). Its data goes to
// the device only when a launch needs it and the device copy is stale, and comes back only
// when the host reads it (element access, data(), synchronize()) or the last view of it is
// destroyed, and only if a launch wrote it. array_view<const T, N> is never copied back.
#pragma once

#include <cstddef>
#include <iterator>
#include <memory>
#include <type_traits>

#include "tiles/array.hpp"
#include "tiles/detail/checks.hpp"
#include "tiles/detail/storage.hpp"
#include "tiles/extent.hpp"

namespace tiles {

template <class T, int N = 1> class array_view {
    using value_type_ = std::remove_const_t<T>;
    static constexpr detail::host_access element_access =
        std::is_const_v<T> ? detail::host_access::read : detail::host_access::read_write;

  public:
    static constexpr int rank = N;
    using value_type = value_type_;

    // A view of the e.size() elements at `host`, which must outlive every copy of the view.
    array_view(const tiles::extent<N>& e, T* host) : extent(e), storage_(over_host(e, host)) {}

    // A view of a container's elements (std::vector, std::array, a C array); the container
    // must hold at least e.size() elements and outlive the view.
    template <class Container, class = decltype(std::data(std::declval<Container&>()))>
    array_view(const tiles::extent<N>& e, Container& host)
        : array_view(e, checked_data(host, e.size())) {}

    // AMP's shorthand: array_view<int, 2> sample(4, 6, sampledata).
    array_view(int e0, T* host) : array_view(tiles::extent<N>(e0), host) { static_assert(N == 1); }
    array_view(int e0, int e1, T* host) : array_view(tiles::extent<N>(e0, e1), host) { static_assert(N == 2); }
    array_view(int e0, int e1, int e2, T* host) : array_view(tiles::extent<N>(e0, e1, e2), host) {
        static_assert(N == 3);
    }
    template <class Container, class = decltype(std::data(std::declval<Container&>()))>
    array_view(int e0, Container& host) : array_view(tiles::extent<N>(e0), host) {}
    template <class Container, class = decltype(std::data(std::declval<Container&>()))>
    array_view(int e0, int e1, Container& host) : array_view(tiles::extent<N>(e0, e1), host) {}
    template <class Container, class = decltype(std::data(std::declval<Container&>()))>
    array_view(int e0, int e1, int e2, Container& host) : array_view(tiles::extent<N>(e0, e1, e2), host) {}

    // A view of an array: no host memory until the host reads it.
    template <class U, class = std::enable_if_t<std::is_same_v<std::remove_const_t<T>, U>>>
    array_view(array<U, N>& a) : extent(a.extent), storage_(a.storage()) {}
    template <class U, class = std::enable_if_t<std::is_const_v<T> && std::is_same_v<std::remove_const_t<T>, U>>>
    array_view(const array<U, N>& a) : extent(a.extent), storage_(a.storage()) {}

    // A read-only view of the same data.
    template <class U, class = std::enable_if_t<std::is_const_v<T> && std::is_same_v<std::remove_const_t<T>, U>>>
    array_view(const array_view<U, N>& other) : extent(other.extent), storage_(other.storage()) {}

    // Host access: the element, brought home first if a launch changed it.
    T& operator[](const index<N>& i) const { return data()[linear(i)]; }
    T& operator()(const index<N>& i) const { return (*this)[i]; }
    template <class... Ints, class = std::enable_if_t<sizeof...(Ints) == N && (std::is_integral_v<Ints> && ...)>>
    T& operator()(Ints... i) const {
        return (*this)[index<N>(i...)];
    }

    // The elements in host memory, row-major, brought home first if a launch changed them.
    T* data() const { return static_cast<T*>(detail::host_data(*storage_, element_access)); }

    // Brings the data home now; afterwards host reads cost nothing.
    void synchronize() const { detail::host_data(*storage_, detail::host_access::read); }
    // The current contents need not reach the device: the next launch uploads nothing.
    void discard_data() const { detail::discard_data(*storage_); }
    // The host memory was changed directly: the next launch uploads it again.
    void refresh() const { detail::refresh(*storage_); }

    const tiles::extent<N>& get_extent() const { return extent; }

    // The engine object behind the view, for libtiles and the C API.
    const std::shared_ptr<detail::storage>& storage() const { return storage_; }

    tiles::extent<N> extent;

  private:
    static std::shared_ptr<detail::storage> over_host(const tiles::extent<N>& e, T* host) {
        detail::check_extent(N, e.components().data(), "an array_view");
        return detail::storage_over_host(element_layout::of<value_type_>(), e.size(),
                                         const_cast<value_type_*>(host), std::is_const_v<T>);
    }

    template <class Container> static T* checked_data(Container& host, std::size_t needed) {
        detail::check_host_range(std::size(host), needed, "the container of an array_view");
        return std::data(host);
    }

    std::size_t linear(const index<N>& i) const {
        std::size_t flat = 0;
        for (int d = 0; d < N; ++d) flat = flat * static_cast<std::size_t>(extent[d]) + static_cast<std::size_t>(i[d]);
        return flat;
    }

    std::shared_ptr<detail::storage> storage_;
};

} // namespace tiles
