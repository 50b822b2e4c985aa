// libtiles: array<T, N>, data that lives on one accelerator view, with C++ AMP's value semantics:
// copying an array copies its elements (on the device), moving it moves them. Copied in from host
// ranges or views at construction or by copy(), out by copy() or conversion to std::vector
// (AMP's `outputData = averages;`); section(), projections, view_as and reinterpret_as view it.
#pragma once

#include <array>
#include <iterator>
#include <memory>
#include <type_traits>
#include <vector>

#include "tiles/accelerator.hpp"
#include "tiles/access_type.hpp"
#include "tiles/completion_future.hpp"
#include "tiles/engine/checks.hpp"
#include "tiles/engine/placement.hpp"
#include "tiles/engine/storage.hpp"
#include "tiles/extent.hpp"

namespace tiles {

template <class T, int N> class array_view;
template <class T, int N> class array;

namespace detail {
// Copies between host ranges and containers, defined in tiles/copy.hpp: [first, last), which must
// hold exactly the destination's elements, or the destination's count of elements from first.
template <class InputIt, class Destination>
completion_future copy_range_in(InputIt first, InputIt last, const Destination& destination);
template <class InputIt, class Destination>
completion_future copy_range_in(InputIt first, const Destination& destination);
template <class Source, class Destination> void copy_containers(const Source& source, const Destination& destination);
} // namespace detail

// C++ AMP's array<T, N>: N-dimensional data of T that lives on one accelerator view's device, made
// there at construction and freed with the array. Copies are deep; views of it (array_view) share
// its elements.
template <class T, int N = 1> class array {
    static_assert(!std::is_const_v<T>, "an array owns its elements; view it as array_view<const T>");

    template <class It> using iterator_t = typename std::iterator_traits<It>::iterator_category;

  public:
    // The rank and the element type, as C++ AMP names them.
    static constexpr int rank = N;
    using value_type = T;

    // Uninitialized elements on `view`.
    explicit array(const tiles::extent<N>& e,
                   const tiles::accelerator_view& view = tiles::accelerator_view(engine::default_context()),
                   access_type cpu_access_type = access_type_auto)
        : extent(e), accelerator_view(view), storage_(make_storage(e, view)),
          cpu_access_type_(cpu_access_for(view, cpu_access_type)) {}
    template <int M = N, class = std::enable_if_t<M == 1>>
    explicit array(int e0, const tiles::accelerator_view& view = tiles::accelerator_view(engine::default_context()),
                   access_type cpu_access_type = access_type_auto)
        : array(tiles::extent<1>(e0), view, cpu_access_type) {}
    template <int M = N, class = std::enable_if_t<M == 2>>
    array(int e0, int e1, const tiles::accelerator_view& view = tiles::accelerator_view(engine::default_context()),
          access_type cpu_access_type = access_type_auto)
        : array(tiles::extent<2>(e0, e1), view, cpu_access_type) {}
    template <int M = N, class = std::enable_if_t<M == 3>>
    array(int e0, int e1, int e2,
          const tiles::accelerator_view& view = tiles::accelerator_view(engine::default_context()),
          access_type cpu_access_type = access_type_auto)
        : array(tiles::extent<3>(e0, e1, e2), view, cpu_access_type) {}

    // Elements copied from [first, last), which must hold exactly e.size() values (one upload).
    template <class InputIt, class = typename std::iterator_traits<InputIt>::iterator_category>
    array(const tiles::extent<N>& e, InputIt first, InputIt last,
          const tiles::accelerator_view& view = tiles::accelerator_view(engine::default_context()),
          access_type cpu_access_type = access_type_auto)
        : array(e, view, cpu_access_type) {
        detail::copy_range_in(first, last, *this).get();
    }

    // C++ AMP's staging array: on the CPU accelerator's view `cpu_view`
    // (accelerator(accelerator::cpu_accelerator)), for transfers to and from `associated` at the
    // bus's full speed. Its elements are in host memory the driver of `associated` pins
    // (CL_MEM_ALLOC_HOST_PTR), which data() gives the host; copies between it and an array on
    // `associated` move data straight between that memory and the device. Where `cpu_view` is
    // a device's, an array there like any other, associated with `associated`.
    array(const tiles::extent<N>& e, const tiles::accelerator_view& cpu_view, const tiles::accelerator_view& associated)
        : extent(e), accelerator_view(cpu_view), storage_(make_staging(e, cpu_view, associated)),
          cpu_access_type_(access_type_read_write) {}
    template <class InputIt, class = typename std::iterator_traits<InputIt>::iterator_category>
    array(const tiles::extent<N>& e, InputIt first, InputIt last, const tiles::accelerator_view& cpu_view,
          const tiles::accelerator_view& associated)
        : array(e, cpu_view, associated) {
        detail::copy_range_in(first, last, *this).get();
    }

    // The e.size() elements from `first` (AMP's begin-only form: the range must hold that many).
    template <class InputIt, class = typename std::iterator_traits<InputIt>::iterator_category>
    array(const tiles::extent<N>& e, InputIt first,
          const tiles::accelerator_view& view = tiles::accelerator_view(engine::default_context()),
          access_type cpu_access_type = access_type_auto)
        : array(e, view, cpu_access_type) {
        detail::copy_range_in(first, *this).get();
    }

    // The staging form of the begin-only constructor.
    template <class InputIt, class = typename std::iterator_traits<InputIt>::iterator_category>
    array(const tiles::extent<N>& e, InputIt first, const tiles::accelerator_view& cpu_view,
          const tiles::accelerator_view& associated)
        : array(e, cpu_view, associated) {
        detail::copy_range_in(first, *this).get();
    }

    // C++ AMP's forms of the constructors above with the extent as ints (ranks 1 to 3), which the
    // C++ AMP book's samples use: array<float, 2> a(rows, cols, v.begin(), v.end()).
    template <class It, int M = N, class = std::enable_if_t<M == 1>, class = iterator_t<It>>
    array(int e0, It first, It last,
          const tiles::accelerator_view& view = tiles::accelerator_view(engine::default_context()),
          access_type cpu_access_type = access_type_auto)
        : array(tiles::extent<1>(e0), first, last, view, cpu_access_type) {}
    template <class It, int M = N, class = std::enable_if_t<M == 2>, class = iterator_t<It>>
    array(int e0, int e1, It first, It last,
          const tiles::accelerator_view& view = tiles::accelerator_view(engine::default_context()),
          access_type cpu_access_type = access_type_auto)
        : array(tiles::extent<2>(e0, e1), first, last, view, cpu_access_type) {}
    template <class It, int M = N, class = std::enable_if_t<M == 3>, class = iterator_t<It>>
    array(int e0, int e1, int e2, It first, It last,
          const tiles::accelerator_view& view = tiles::accelerator_view(engine::default_context()),
          access_type cpu_access_type = access_type_auto)
        : array(tiles::extent<3>(e0, e1, e2), first, last, view, cpu_access_type) {}
    template <class It, int M = N, class = std::enable_if_t<M == 1>, class = iterator_t<It>>
    array(int e0, It first, const tiles::accelerator_view& view = tiles::accelerator_view(engine::default_context()),
          access_type cpu_access_type = access_type_auto)
        : array(tiles::extent<1>(e0), first, view, cpu_access_type) {}
    template <class It, int M = N, class = std::enable_if_t<M == 2>, class = iterator_t<It>>
    array(int e0, int e1, It first,
          const tiles::accelerator_view& view = tiles::accelerator_view(engine::default_context()),
          access_type cpu_access_type = access_type_auto)
        : array(tiles::extent<2>(e0, e1), first, view, cpu_access_type) {}
    template <class It, int M = N, class = std::enable_if_t<M == 3>, class = iterator_t<It>>
    array(int e0, int e1, int e2, It first,
          const tiles::accelerator_view& view = tiles::accelerator_view(engine::default_context()),
          access_type cpu_access_type = access_type_auto)
        : array(tiles::extent<3>(e0, e1, e2), first, view, cpu_access_type) {}
    template <int M = N, class = std::enable_if_t<M == 1>>
    array(int e0, const tiles::accelerator_view& cpu_view, const tiles::accelerator_view& associated)
        : array(tiles::extent<1>(e0), cpu_view, associated) {}
    template <int M = N, class = std::enable_if_t<M == 2>>
    array(int e0, int e1, const tiles::accelerator_view& cpu_view, const tiles::accelerator_view& associated)
        : array(tiles::extent<2>(e0, e1), cpu_view, associated) {}
    template <int M = N, class = std::enable_if_t<M == 3>>
    array(int e0, int e1, int e2, const tiles::accelerator_view& cpu_view, const tiles::accelerator_view& associated)
        : array(tiles::extent<3>(e0, e1, e2), cpu_view, associated) {}
    template <class It, int M = N, class = std::enable_if_t<M == 1>, class = iterator_t<It>>
    array(int e0, It first, It last, const tiles::accelerator_view& cpu_view, const tiles::accelerator_view& associated)
        : array(tiles::extent<1>(e0), first, last, cpu_view, associated) {}
    template <class It, int M = N, class = std::enable_if_t<M == 2>, class = iterator_t<It>>
    array(int e0, int e1, It first, It last, const tiles::accelerator_view& cpu_view,
          const tiles::accelerator_view& associated)
        : array(tiles::extent<2>(e0, e1), first, last, cpu_view, associated) {}
    template <class It, int M = N, class = std::enable_if_t<M == 3>, class = iterator_t<It>>
    array(int e0, int e1, int e2, It first, It last, const tiles::accelerator_view& cpu_view,
          const tiles::accelerator_view& associated)
        : array(tiles::extent<3>(e0, e1, e2), first, last, cpu_view, associated) {}
    template <class It, int M = N, class = std::enable_if_t<M == 1>, class = iterator_t<It>>
    array(int e0, It first, const tiles::accelerator_view& cpu_view, const tiles::accelerator_view& associated)
        : array(tiles::extent<1>(e0), first, cpu_view, associated) {}
    template <class It, int M = N, class = std::enable_if_t<M == 2>, class = iterator_t<It>>
    array(int e0, int e1, It first, const tiles::accelerator_view& cpu_view, const tiles::accelerator_view& associated)
        : array(tiles::extent<2>(e0, e1), first, cpu_view, associated) {}
    template <class It, int M = N, class = std::enable_if_t<M == 3>, class = iterator_t<It>>
    array(int e0, int e1, int e2, It first, const tiles::accelerator_view& cpu_view,
          const tiles::accelerator_view& associated)
        : array(tiles::extent<3>(e0, e1, e2), first, cpu_view, associated) {}

    // Elements copied from a container with data() and size(), which must hold at least e.size().
    template <class Container, class = decltype(std::data(std::declval<const Container&>()))>
    array(const tiles::extent<N>& e, const Container& source,
          const tiles::accelerator_view& view = tiles::accelerator_view(engine::default_context()),
          access_type cpu_access_type = access_type_auto)
        : array(e, view, cpu_access_type) {
        engine::check_host_range(std::size(source), e.size(), "the source range of an array");
        detail::copy_range_in(std::data(source), *this).get();
    }

    // A copy of a view's elements (or of another array's, on another accelerator view), on `view`.
    explicit array(const array_view<const T, N>& source,
                   const tiles::accelerator_view& view = tiles::accelerator_view(engine::default_context()),
                   access_type cpu_access_type = access_type_auto)
        : array(source.extent, view, cpu_access_type) {
        detail::copy_containers(source, *this);
    }

    // A copy of `other` on its accelerator view: one copy on the device.
    array(const array& other) : array(other.extent, other.get_accelerator_view(), other.cpu_access_type_) {
        detail::copy_containers(other, *this);
    }

    // An array over storage made by libtiles itself (interop::make_array, say).
    array(std::shared_ptr<engine::storage> storage, const tiles::extent<N>& e)
        : extent(e), accelerator_view(engine::home_of(*storage)), storage_(std::move(storage)) {}

    // A moved-from array may only be assigned to or destroyed.
    array(array&&) noexcept = default;
    array& operator=(array&&) noexcept = default;

    // Copies other's elements in (on the device where both live on one accelerator view). Views of
    // this array see them. Where the extents differ, the array is first made anew with other's
    // extent on its own accelerator view (other's, if it was moved from); its old views then keep
    // the old elements.
    array& operator=(const array& other) {
        if (this == &other) return *this;
        if (!storage_ || extent != other.extent)
            *this = storage_ ? array(other.extent, get_accelerator_view(), cpu_access_type_)
                             : array(other.extent, other.get_accelerator_view(), other.cpu_access_type_);
        detail::copy_containers(other, *this);
        return *this;
    }

    // Copies a view's elements in, as copy(source, *this) does: the extents must be equal.
    array& operator=(const array_view<const T, N>& source) {
        detail::copy_containers(source, *this);
        return *this;
    }

    // Copies the elements to the host (one download).
    operator std::vector<T>() const {
        std::vector<T> out(extent.size());
        engine::copy_out(*storage_, region(), out.data());
        return out;
    }

    // Copies the elements into `destination`, as copy(*this, destination) does.
    void copy_to(array& destination) const { detail::copy_containers(*this, destination); }
    void copy_to(const array_view<T, N>& destination) const { detail::copy_containers(*this, destination); }

    // Host access, as through an array_view of the array: the element, brought to the host first
    // if a launch or a copy changed it there (C++ AMP throws unless the array is in CPU memory).
    T& operator[](const index<N>& i) { return element(i, engine::host_access::read_write); }
    const T& operator[](const index<N>& i) const { return element(i, engine::host_access::read); }
    T& operator()(const index<N>& i) { return (*this)[i]; }
    const T& operator()(const index<N>& i) const { return (*this)[i]; }
    template <class... Ints, class = std::enable_if_t<sizeof...(Ints) == N && (std::is_integral_v<Ints> && ...)>>
    T& operator()(Ints... i) {
        return (*this)[index<N>(i...)];
    }
    template <class... Ints, class = std::enable_if_t<sizeof...(Ints) == N && (std::is_integral_v<Ints> && ...)>>
    const T& operator()(Ints... i) const {
        return (*this)[index<N>(i...)];
    }
    template <int M = N, class = std::enable_if_t<M == 1>> T& operator[](int i) { return (*this)[index<1>(i)]; }
    template <int M = N, class = std::enable_if_t<M == 1>> const T& operator[](int i) const {
        return (*this)[index<1>(i)];
    }
    // a[i] of rank 2 or more: the view of rank N - 1 at i along dimension 0 (a[i][j] is a(i, j)).
    template <int M = N, class = std::enable_if_t<(M >= 2)>> array_view<T, M - 1> operator[](int i);
    template <int M = N, class = std::enable_if_t<(M >= 2)>> array_view<const T, M - 1> operator[](int i) const;
    template <int M = N, class = std::enable_if_t<(M >= 2)>> array_view<T, M - 1> operator()(int i) {
        return (*this)[i];
    }
    template <int M = N, class = std::enable_if_t<(M >= 2)>> array_view<const T, M - 1> operator()(int i) const {
        return (*this)[i];
    }

    // The first element in host memory, brought there first (AMP's data()); valid until a launch
    // or a copy uses the array. A staging array's host memory is its own pinned memory, which
    // stays its home: the non-const form lets the host write it, and the next use on a device
    // uploads it again (do not use it while a copy_async to or from the array is under way).
    T* data() { return &element(index<N>(), engine::host_access::read_write); }
    const T* data() const { return &element(index<N>(), engine::host_access::read); }

    // A view of the sub-rectangle at `origin` of extent `e`; only it moves when it is used. The
    // other forms as array_view's.
    array_view<T, N> section(const index<N>& origin, const tiles::extent<N>& e);
    array_view<const T, N> section(const index<N>& origin, const tiles::extent<N>& e) const;
    array_view<T, N> section(const index<N>& origin) { return section(origin, extent - origin); }
    array_view<const T, N> section(const index<N>& origin) const { return section(origin, extent - origin); }
    array_view<T, N> section(const tiles::extent<N>& e) { return section(index<N>(), e); }
    array_view<const T, N> section(const tiles::extent<N>& e) const { return section(index<N>(), e); }
    template <int M = N, class = std::enable_if_t<M == 1>> array_view<T, 1> section(int i0, int e0) {
        return section(index<1>(i0), tiles::extent<1>(e0));
    }
    template <int M = N, class = std::enable_if_t<M == 2>> array_view<T, 2> section(int i0, int i1, int e0, int e1) {
        return section(index<2>(i0, i1), tiles::extent<2>(e0, e1));
    }
    template <int M = N, class = std::enable_if_t<M == 3>>
    array_view<T, 3> section(int i0, int i1, int i2, int e0, int e1, int e2) {
        return section(index<3>(i0, i1, i2), tiles::extent<3>(e0, e1, e2));
    }

    // All the elements' bytes as a rank-1 view of U, of any rank N (sizeof(U) must divide them),
    // and the first e.size() elements as a view of extent e, as in C++ AMP.
    template <class U> array_view<U, 1> reinterpret_as();
    template <class U> array_view<const U, 1> reinterpret_as() const;
    template <int K> array_view<T, K> view_as(const tiles::extent<K>& e);
    template <int K> array_view<const T, K> view_as(const tiles::extent<K>& e) const;

    // The accelerator view the array lives on.
    tiles::accelerator_view get_accelerator_view() const { return tiles::accelerator_view(engine::home_of(*storage_)); }
    // The host's access to the array that its constructor asked for (C++ AMP's cpu_access_type;
    // access_type_auto there: the accelerator's default_cpu_access_type). libtiles reaches an
    // array's elements from the host whatever it is, through copies where the device has memory of
    // its own.
    access_type get_cpu_access_type() const { return cpu_access_type_; }
    // The view the array's data is meant for: a staging array's associated view, else its own.
    tiles::accelerator_view get_associated_accelerator_view() const {
        return tiles::accelerator_view(engine::associated_of(*storage_));
    }

    // The array's extent (C++ AMP's get_extent(), and the `extent` member).
    const tiles::extent<N>& get_extent() const { return extent; }

    // The engine object behind the array and the box it covers, for libtiles and the C API.
    const std::shared_ptr<engine::storage>& storage() const { return storage_; }
    engine::box region() const { return engine::whole_of(*storage_); }
    // Where the elements lie in the storage: all of it, dense.
    engine::placement placement() const { return {0, N, extent.components().data(), stride_.data(), sizeof(T)}; }

    // The array's extent.
    tiles::extent<N> extent;
    // The accelerator view the array lives on: C++ AMP's property `a.accelerator_view`, as
    // get_accelerator_view() gives it.
    tiles::accelerator_view accelerator_view;

  private:
    static std::shared_ptr<engine::storage> make_storage(const tiles::extent<N>& e,
                                                         const tiles::accelerator_view& view) {
        engine::check_extent(N, e.components().data(), "an array");
        return engine::storage_on_device(element_layout::of<T>(), engine::dims_of(N, e.components().data()),
                                         view.context());
    }
    static std::shared_ptr<engine::storage> make_staging(const tiles::extent<N>& e,
                                                         const tiles::accelerator_view& cpu_view,
                                                         const tiles::accelerator_view& associated) {
        engine::check_extent(N, e.components().data(), "an array");
        return engine::staging_storage(element_layout::of<T>(), engine::dims_of(N, e.components().data()),
                                       cpu_view.context(), associated.context());
    }

    static std::array<std::size_t, N> dense_strides(const tiles::extent<N>& e) {
        std::array<std::size_t, N> strides{};
        engine::dense_strides(N, e.components().data(), sizeof(T), strides.data());
        return strides;
    }

    T& element(const index<N>& i, engine::host_access access) const {
        std::size_t flat = 0;
        for (int d = 0; d < N; ++d) flat = flat * std::size_t(extent[d]) + std::size_t(i[d]);
        return static_cast<T*>(engine::host_data(*storage_, region(), access))[flat];
    }

    // C++ AMP's rule for an array's CPU access: `asked`, or where it is auto the accelerator's
    // default; any access but none needs memory the CPU shares with the device.
    static access_type cpu_access_for(const tiles::accelerator_view& view, access_type asked) {
        return detail::cpu_access_for(view.get_accelerator(), asked);
    }

    std::shared_ptr<engine::storage> storage_;
    access_type cpu_access_type_ = access_type_none;            // one over libtiles' storage (interop::make_array)
    std::array<std::size_t, N> stride_ = dense_strides(extent); // bytes between neighbours, for placement()
};

} // namespace tiles

#include "tiles/array_view.hpp"
