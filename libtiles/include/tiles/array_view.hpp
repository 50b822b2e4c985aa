// libtiles: array_view<T, N>, a coherent view of host memory (or of an array, or a section of
// either). Its data goes to the device only when a launch needs it and the device copy is
// stale, and comes back only when the host reads it (element access, data(), synchronize()) or
// the last view of it is destroyed, and only the part a launch wrote. array_view<const T, N> is
// never copied back.
#pragma once

#include <cstddef>
#include <iterator>
#include <memory>
#include <type_traits>

#include "tiles/array.hpp"
#include "tiles/completion_future.hpp"
#include "tiles/detail/checks.hpp"
#include "tiles/detail/storage.hpp"
#include "tiles/extent.hpp"

namespace tiles {

template <class T, int N = 1> class array_view {
    using element_ = std::remove_const_t<T>;
    static constexpr detail::host_access element_access =
        std::is_const_v<T> ? detail::host_access::read : detail::host_access::read_write;

  public:
    static constexpr int rank = N;
    using value_type = element_;

    // A view of the e.size() elements at `host`, row-major, which must outlive every copy of it.
    array_view(const tiles::extent<N>& e, T* host) : array_view(over_host(e, host), index<N>(), e) {}

    // A view of a container's elements (std::vector, std::array, a C array); the container
    // must hold at least e.size() elements and outlive the view.
    template <class Container, class = decltype(std::data(std::declval<Container&>()))>
    array_view(const tiles::extent<N>& e, Container& host) : array_view(e, checked_data(host, e.size())) {}

    // AMP's shorthands: array_view<int, 2> sample(4, 6, sampledata).
    array_view(int e0, T* host) : array_view(tiles::extent<N>(e0), host) {}
    array_view(int e0, int e1, T* host) : array_view(tiles::extent<N>(e0, e1), host) {}
    array_view(int e0, int e1, int e2, T* host) : array_view(tiles::extent<N>(e0, e1, e2), host) {}
    template <class Container, class = decltype(std::data(std::declval<Container&>()))>
    array_view(int e0, Container& host) : array_view(tiles::extent<N>(e0), host) {}
    template <class Container, class = decltype(std::data(std::declval<Container&>()))>
    array_view(int e0, int e1, Container& host) : array_view(tiles::extent<N>(e0, e1), host) {}
    template <class Container, class = decltype(std::data(std::declval<Container&>()))>
    array_view(int e0, int e1, int e2, Container& host) : array_view(tiles::extent<N>(e0, e1, e2), host) {}

    // A view of an array: no host memory until the host reads it.
    template <class U, class = std::enable_if_t<std::is_same_v<element_, U>>>
    array_view(array<U, N>& a) : array_view(a.storage(), index<N>(), a.extent) {}
    template <class U, class = std::enable_if_t<std::is_const_v<T> && std::is_same_v<element_, U>>>
    array_view(const array<U, N>& a) : array_view(a.storage(), index<N>(), a.extent) {}

    // A read-only view of the same data.
    template <class U, class = std::enable_if_t<std::is_const_v<T> && std::is_same_v<element_, U>>>
    array_view(const array_view<U, N>& other) : array_view(other.storage(), other.origin(), other.extent) {}

    // Host access: the element, brought home first if a launch changed the view.
    T& operator[](const index<N>& i) const { return host_base(element_access)[offset(i)]; }
    T& operator()(const index<N>& i) const { return (*this)[i]; }
    template <class... Ints, class = std::enable_if_t<sizeof...(Ints) == N && (std::is_integral_v<Ints> && ...)>>
    T& operator()(Ints... i) const {
        return (*this)[index<N>(i...)];
    }

    // The view's first element in host memory, brought home first if a launch changed the
    // view. Rows of a section lie as far apart as in the memory it is a section of.
    T* data() const { return host_base(element_access) + offset(index<N>()); }

    // Brings the view home now; afterwards host reads cost nothing until a launch writes it.
    void synchronize() const { detail::host_data(*storage_, region(), detail::host_access::read); }
    // The same without blocking; host access waits for the transfers where it needs to.
    completion_future synchronize_async() const { return detail::synchronize_async(*storage_, region()); }
    // Makes the view current on `view` now (uploads without blocking).
    void synchronize_to(const accelerator_view& view) const { detail::synchronize_to(*storage_, region(), view); }
    // The current contents need not be kept: the next launch uploads nothing of the view.
    void discard_data() const { detail::discard_data(*storage_, region()); }
    // The host memory was changed directly: the next launch uploads the view again.
    void refresh() const { detail::refresh(*storage_, region()); }

    // A view of the sub-rectangle at `origin` (relative to this view) of extent `e`.
    array_view section(const index<N>& origin, const tiles::extent<N>& e) const {
        detail::check_section(N, origin.components().data(), e.components().data(), extent.components().data());
        index<N> absolute = origin_;
        for (int d = 0; d < N; ++d) absolute[d] += origin[d];
        return array_view(storage_, absolute, e);
    }
    array_view section(const index<N>& origin) const {
        tiles::extent<N> rest = extent;
        for (int d = 0; d < N; ++d) rest[d] -= origin[d];
        return section(origin, rest);
    }
    array_view section(const tiles::extent<N>& e) const { return section(index<N>(), e); }

    const tiles::extent<N>& get_extent() const { return extent; }
    // Where the view starts in the data it views.
    const index<N>& origin() const { return origin_; }

    // The engine object behind the view and the box it covers, for libtiles and the C API.
    const std::shared_ptr<detail::storage>& storage() const { return storage_; }
    detail::box region() const { return detail::box_of(origin_, extent); }

    tiles::extent<N> extent;

  private:
    template <class, int> friend class array;
    template <class, int> friend class array_view;

    array_view(std::shared_ptr<detail::storage> s, const index<N>& origin, const tiles::extent<N>& e)
        : extent(e), storage_(std::move(s)), origin_(origin) {}

    static std::shared_ptr<detail::storage> over_host(const tiles::extent<N>& e, T* host) {
        detail::check_extent(N, e.components().data(), "an array_view");
        return detail::storage_over_host(element_layout::of<element_>(), detail::dims_of(e),
                                         const_cast<element_*>(host), std::is_const_v<T>);
    }

    template <class Container> static T* checked_data(Container& host, std::size_t needed) {
        detail::check_host_range(std::size(host), needed, "the container of an array_view");
        return std::data(host);
    }

    T* host_base(detail::host_access access) const {
        return static_cast<T*>(detail::host_data(*storage_, region(), access));
    }

    // Position of element i of this view in the row-major memory it views.
    std::size_t offset(const index<N>& i) const {
        const detail::dims3& dims = detail::dims_of(*storage_);
        std::size_t flat = 0;
        for (int d = 0; d < N; ++d) flat = flat * dims[3 - N + d] + std::size_t(origin_[d] + i[d]);
        return flat;
    }

    std::shared_ptr<detail::storage> storage_;
    index<N> origin_;
};

template <class T, int N> array_view<T, N> array<T, N>::section(const index<N>& origin, const tiles::extent<N>& e) {
    return array_view<T, N>(*this).section(origin, e);
}

template <class T, int N>
array_view<const T, N> array<T, N>::section(const index<N>& origin, const tiles::extent<N>& e) const {
    return array_view<const T, N>(*this).section(origin, e);
}

} // namespace tiles
