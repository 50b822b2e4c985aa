// libtiles: array_view<T, N>, a coherent view of host memory (or of an array, or of data with no
// source at all, or of part of any of these). Its data goes to the device only when a launch
// needs it and the device copy is stale, and comes back only when the host reads it (element
// access, data(), synchronize()) or the last view of it is destroyed, and only the part a launch
// wrote. array_view<const T, N> is never copied back. Sections, projections (av[i]), view_as and
// reinterpret_as view the same data as they are in C++ AMP.
#pragma once

#include <array>
#include <cstddef>
#include <iterator>
#include <memory>
#include <type_traits>

#include "tiles/array.hpp"
#include "tiles/completion_future.hpp"
#include "tiles/engine/checks.hpp"
#include "tiles/engine/placement.hpp"
#include "tiles/engine/storage.hpp"
#include "tiles/exceptions.hpp"
#include "tiles/extent.hpp"

namespace tiles {

// C++ AMP's array_view<T, N>: a view of an array's elements or of host memory (or a rectangle of
// them), whose data moves to a device when a launch there uses it and home when the host reads it,
// and only then. array_view<const T, N> is read-only: launches do not write it, and it is never
// copied back. Copies of a view are views of the same data.
template <class T, int N = 1> class array_view {
    using element_ = std::remove_const_t<T>;
    static constexpr engine::host_access element_access =
        std::is_const_v<T> ? engine::host_access::read : engine::host_access::read_write;
    // The view of the same constness with other elements or another rank.
    template <class U, int M> using like = array_view<std::conditional_t<std::is_const_v<T>, const U, U>, M>;

  public:
    // The rank and the element type (without const), as C++ AMP names them.
    static constexpr int rank = N;
    using value_type = element_;

    // A view of the e.size() elements at `host`, row-major, which must outlive every copy of it.
    array_view(const tiles::extent<N>& e, T* host) : array_view(over_host(e, host), 0, e, dense(e), "a view") {}

    // A view of a container's elements (std::vector, std::array, a C array); the container
    // must hold at least e.size() elements and outlive the view.
    template <class Container, class = decltype(std::data(std::declval<Container&>()))>
    array_view(const tiles::extent<N>& e, Container& host) : array_view(e, checked_data(host, e.size())) {}

    // A rank-1 view of all of a container's elements.
    template <class Container, int M = N, class = std::enable_if_t<M == 1>,
              class = decltype(std::data(std::declval<Container&>())),
              class = decltype(std::size(std::declval<Container&>()))>
    explicit array_view(Container& host) : array_view(tiles::extent<1>(int(std::size(host))), std::data(host)) {}

    // Data with no source (C++ AMP's array_view(extent)): uninitialized elements that take memory
    // only where they are used, on the first accelerator view a launch uses them on (nothing is
    // uploaded), and on the host only when the host reads them (one download of what launches
    // wrote).
    template <class U = T, class = std::enable_if_t<!std::is_const_v<U>>>
    explicit array_view(const tiles::extent<N>& e) : array_view(without_source(e), 0, e, dense(e), "a view") {}

    // AMP's shorthands: array_view<int, 2> sample(4, 6, sampledata), array_view<float, 2> scratch(4, 6).
    array_view(int e0, T* host) : array_view(tiles::extent<N>(e0), host) {}
    array_view(int e0, int e1, T* host) : array_view(tiles::extent<N>(e0, e1), host) {}
    array_view(int e0, int e1, int e2, T* host) : array_view(tiles::extent<N>(e0, e1, e2), host) {}
    template <class Container, class = decltype(std::data(std::declval<Container&>()))>
    array_view(int e0, Container& host) : array_view(tiles::extent<N>(e0), host) {}
    template <class Container, class = decltype(std::data(std::declval<Container&>()))>
    array_view(int e0, int e1, Container& host) : array_view(tiles::extent<N>(e0, e1), host) {}
    template <class Container, class = decltype(std::data(std::declval<Container&>()))>
    array_view(int e0, int e1, int e2, Container& host) : array_view(tiles::extent<N>(e0, e1, e2), host) {}
    template <class U = T, class = std::enable_if_t<!std::is_const_v<U> && N == 1>>
    explicit array_view(int e0) : array_view(tiles::extent<N>(e0)) {}
    template <class U = T, class = std::enable_if_t<!std::is_const_v<U> && N == 2>>
    array_view(int e0, int e1) : array_view(tiles::extent<N>(e0, e1)) {}
    template <class U = T, class = std::enable_if_t<!std::is_const_v<U> && N == 3>>
    array_view(int e0, int e1, int e2) : array_view(tiles::extent<N>(e0, e1, e2)) {}

    // A view of an array: no host memory until the host reads it.
    template <class U, class = std::enable_if_t<std::is_same_v<element_, U>>>
    array_view(array<U, N>& a) : array_view(a.storage(), 0, a.extent, dense(a.extent), "a view") {}
    template <class U, class = std::enable_if_t<std::is_const_v<T> && std::is_same_v<element_, U>>>
    array_view(const array<U, N>& a) : array_view(a.storage(), 0, a.extent, dense(a.extent), "a view") {}
    // A view of a temporary array, as C++ AMP programs built by MSVC write it
    // (views.push_back(array<float, 2>(e, accelerator_view))): the view shares the array's data,
    // which lives on after the array.
    template <class U, class = std::enable_if_t<std::is_same_v<element_, U>>>
    array_view(array<U, N>&& a) : array_view(a.storage(), 0, a.extent, dense(a.extent), "a view") {}

    // A read-only view of the same data.
    template <class U, class = std::enable_if_t<std::is_const_v<T> && std::is_same_v<element_, U>>>
    array_view(const array_view<U, N>& other)
        : extent(other.extent), storage_(other.storage_), offset_(other.offset_), stride_(other.stride_),
          boxes_(other.boxes_) {}

    // Host access: the element, brought home first if a launch changed the view. get_ref is the
    // same (AMP leaves it unsynchronized; libtiles synchronizes it too).
    T& operator[](const index<N>& i) const { return *element_at(i.components().data()); }
    T& operator()(const index<N>& i) const { return (*this)[i]; }
    T& get_ref(const index<N>& i) const { return (*this)[i]; }
    template <class... Ints, class = std::enable_if_t<sizeof...(Ints) == N && (std::is_integral_v<Ints> && ...)>>
    T& operator()(Ints... i) const {
        return (*this)[index<N>(i...)];
    }
    // av[i]: the element of a rank-1 view; of a higher rank, the view of rank N - 1 at i along
    // dimension 0 (AMP's projection, so av[i][j] is av(i, j)).
    template <int M = N, class = std::enable_if_t<M == 1>> T& operator[](int i) const { return (*this)[index<1>(i)]; }
    template <int M = N, class = std::enable_if_t<(M >= 2)>> array_view<T, M - 1> operator[](int i) const {
        engine::check_projection(placement(), i);
        tiles::extent<N - 1> rest;
        std::array<std::size_t, N - 1> stride{};
        for (int d = 1; d < N; ++d) {
            rest[d - 1] = extent[d];
            stride[std::size_t(d - 1)] = stride_[std::size_t(d)];
        }
        return array_view<T, N - 1>(storage_, offset_ + std::size_t(i) * stride_[0], rest, stride, "a projection");
    }
    template <int M = N, class = std::enable_if_t<(M >= 2)>> array_view<T, M - 1> operator()(int i) const {
        return (*this)[i];
    }

    // The view's first element in host memory, brought home first if a launch changed the
    // view. Rows of a section lie as far apart as in the memory it is a section of.
    T* data() const { return element_at(index<N>().components().data()); }

    // Brings the view home now; afterwards host reads cost nothing until a launch writes it. As C++
    // AMP's, `type` says what the host will do: where it will write (access_type_write or
    // _read_write), the device's copies are stale from now on (access_type_write brings the data
    // home too: the host may write only part of it).
    void synchronize(access_type type = access_type_read) const {
        engine::host_data(*storage_, boxes_.region,
                          type & access_type_write ? engine::host_access::read_write : engine::host_access::read);
    }
    // The same without blocking; host access waits for the transfers where it needs to. Where the
    // host will write, it blocks as synchronize(type) does, and the future it gives is done.
    completion_future synchronize_async(access_type type = access_type_read) const {
        if (type & access_type_write) synchronize(type);
        return engine::synchronize_async(*storage_, boxes_.region);
    }
    // Makes the view current on `view` now (uploads without blocking); `type`, the access kernels
    // there will take, changes nothing: a launch writes only what it may.
    void synchronize_to(const accelerator_view& view, access_type type = access_type_read) const {
        static_cast<void>(type);
        engine::synchronize_to(*storage_, boxes_.region, view.context());
    }
    // The same, with a future that is done when the uploads are.
    completion_future synchronize_to_async(const accelerator_view& view, access_type type = access_type_read) const {
        synchronize_to(view, type);
        return view.create_marker();
    }
    // Where the view's data source lives, as C++ AMP says: an array's accelerator view (a staging
    // array's CPU view), the CPU accelerator's default view for host memory; runtime_exception for
    // a view with no source (array_view(extent)).
    accelerator_view get_source_accelerator_view() const {
        switch (engine::source_of(*storage_)) {
        case engine::data_source::context:
            return accelerator_view(engine::home_of(*storage_));
        case engine::data_source::host_memory:
            return accelerator(accelerator::cpu_accelerator).get_default_view();
        case engine::data_source::none:
            break;
        }
        throw runtime_exception("get_source_accelerator_view: the view has no data source (it was made from an "
                                "extent alone), as C++ AMP refuses it");
    }
    // The current contents need not be kept: the next launch uploads nothing of the view.
    void discard_data() const { engine::discard_data(*storage_, boxes_.region, boxes_.elements); }
    // The host memory was changed directly: the next launch uploads the view again.
    void refresh() const { engine::refresh(*storage_, boxes_.region); }

    // A view of the sub-rectangle at `origin` (relative to this view) of extent `e`; section(origin)
    // reaches to the view's end, section(e) starts at its origin; AMP's int forms for ranks 1 to 3.
    array_view section(const index<N>& origin, const tiles::extent<N>& e) const {
        engine::check_section(N, origin.components().data(), e.components().data(), extent.components().data());
        return array_view(storage_, engine::offset_of(placement(), origin.components().data()), e, stride_,
                          "a section");
    }
    array_view section(const index<N>& origin) const { return section(origin, extent - origin); }
    array_view section(const tiles::extent<N>& e) const { return section(index<N>(), e); }
    template <int M = N, class = std::enable_if_t<M == 1>> array_view section(int i0, int e0) const {
        return section(index<1>(i0), tiles::extent<1>(e0));
    }
    template <int M = N, class = std::enable_if_t<M == 2>> array_view section(int i0, int i1, int e0, int e1) const {
        return section(index<2>(i0, i1), tiles::extent<2>(e0, e1));
    }
    template <int M = N, class = std::enable_if_t<M == 3>>
    array_view section(int i0, int i1, int i2, int e0, int e1, int e2) const {
        return section(index<3>(i0, i1, i2), tiles::extent<3>(e0, e1, e2));
    }

    // The view's bytes as elements of U (rank 1 only, as in AMP: only a rank-1 view is sure to be
    // dense); sizeof(U) must divide them exactly.
    template <class U> like<U, 1> reinterpret_as() const {
        static_assert(N == 1, "reinterpret_as is for views of rank 1, as in C++ AMP (arrays allow any rank)");
        return reinterpreted<U>(*this);
    }
    // The view's first e.size() elements as a view of extent e (rank 1 only, as in AMP).
    template <int K> array_view<T, K> view_as(const tiles::extent<K>& e) const {
        static_assert(N == 1, "view_as is for views of rank 1, as in C++ AMP (arrays allow any rank)");
        return reshaped(*this, e);
    }

    // Copies the view's elements into `destination`, as copy(*this, destination) does.
    void copy_to(array<element_, N>& destination) const;
    void copy_to(const array_view<element_, N>& destination) const;

    // The view's extent (C++ AMP's get_extent(), and the `extent` member).
    const tiles::extent<N>& get_extent() const { return extent; }

    // The engine object behind the view and the box of it the view covers, for libtiles and the C API.
    const std::shared_ptr<engine::storage>& storage() const { return storage_; }
    const engine::box& region() const { return boxes_.region; }
    // A section of a reshaped view's own elements in region(), where they are not all of it.
    const engine::folded_box& elements() const { return boxes_.elements; }
    // Where the view's elements lie in the storage.
    engine::placement placement() const {
        return {offset_, N, extent.components().data(), stride_.data(), sizeof(element_)};
    }

    // The view's extent.
    tiles::extent<N> extent;

  private:
    template <class, int> friend class array;
    template <class, int> friend class array_view;
    using strides = std::array<std::size_t, N>;

    array_view(std::shared_ptr<engine::storage> s, std::size_t offset, const tiles::extent<N>& e, const strides& stride,
               const char* made_by)
        : extent(e), storage_(std::move(s)), offset_(offset), stride_(stride),
          boxes_(engine::boxes_of(*storage_, placement(), made_by)) {}

    static strides dense(const tiles::extent<N>& e) {
        strides s{};
        engine::dense_strides(N, e.components().data(), sizeof(element_), s.data());
        return s;
    }

    static std::shared_ptr<engine::storage> over_host(const tiles::extent<N>& e, T* host) {
        engine::check_extent(N, e.components().data(), "an array_view");
        return engine::storage_over_host(element_layout::of<element_>(), engine::dims_of(N, e.components().data()),
                                         const_cast<element_*>(host), std::is_const_v<T>);
    }

    static std::shared_ptr<engine::storage> without_source(const tiles::extent<N>& e) {
        engine::check_extent(N, e.components().data(), "an array_view");
        return engine::storage_without_source(element_layout::of<element_>(),
                                              engine::dims_of(N, e.components().data()));
    }

    template <class Container> static T* checked_data(Container& host, std::size_t needed) {
        engine::check_host_range(std::size(host), needed, "the container of an array_view");
        return std::data(host);
    }

    // The element at `at` (N components) in host memory, brought home first if a launch changed it.
    T* element_at(const int* at) const {
        auto* base = static_cast<unsigned char*>(engine::host_data(*storage_, boxes_.region, element_access));
        return reinterpret_cast<T*>(base + engine::offset_of(placement(), at));
    }

    // reinterpret_as and view_as of any view or array whose elements are dense, for both classes.
    template <class U, class Data> static like<U, 1> reinterpreted(const Data& data) {
        static_assert(std::is_trivially_copyable_v<U>, "elements are copied as bytes to the device");
        const engine::placement p = data.placement();
        engine::check_dense(p, "reinterpret_as");
        const tiles::extent<1> e(engine::reinterpreted_count(p, sizeof(U)));
        return like<U, 1>(data.storage(), p.offset, e, {sizeof(U)}, "reinterpret_as");
    }
    template <int K, class Data> static array_view<T, K> reshaped(const Data& data, const tiles::extent<K>& e) {
        const engine::placement p = data.placement();
        engine::check_dense(p, "view_as");
        engine::check_view_as(p, K, e.components().data());
        return array_view<T, K>(data.storage(), p.offset, e, array_view<T, K>::dense(e), "view_as");
    }

    std::shared_ptr<engine::storage> storage_;
    std::size_t offset_;       // bytes from the storage's first byte to the view's first element
    strides stride_;           // bytes between neighbours along each dimension
    engine::view_boxes boxes_; // the boxes of the storage holding the view's elements
};

template <class T, int N> array_view<T, N> array<T, N>::section(const index<N>& origin, const tiles::extent<N>& e) {
    return array_view<T, N>(*this).section(origin, e);
}

template <class T, int N>
array_view<const T, N> array<T, N>::section(const index<N>& origin, const tiles::extent<N>& e) const {
    return array_view<const T, N>(*this).section(origin, e);
}

template <class T, int N> template <int M, class> array_view<T, M - 1> array<T, N>::operator[](int i) {
    return array_view<T, N>(*this)[i];
}

template <class T, int N> template <int M, class> array_view<const T, M - 1> array<T, N>::operator[](int i) const {
    return array_view<const T, N>(*this)[i];
}

template <class T, int N> template <class U> array_view<U, 1> array<T, N>::reinterpret_as() {
    return array_view<T, 1>::template reinterpreted<U>(*this);
}

template <class T, int N> template <class U> array_view<const U, 1> array<T, N>::reinterpret_as() const {
    return array_view<const T, 1>::template reinterpreted<U>(*this);
}

template <class T, int N> template <int K> array_view<T, K> array<T, N>::view_as(const tiles::extent<K>& e) {
    return array_view<T, 1>::reshaped(*this, e);
}

template <class T, int N>
template <int K>
array_view<const T, K> array<T, N>::view_as(const tiles::extent<K>& e) const {
    return array_view<const T, 1>::reshaped(*this, e);
}

} // namespace tiles

#include "tiles/copy.hpp"
