// libtiles: array<T, N>, data that lives on one accelerator view. Copied in from host ranges at
// construction or by copy(), out by copy() or conversion to std::vector (AMP's
// `outputData = averages;`); section() views part of it.
#pragma once

#include <iterator>
#include <memory>
#include <vector>

#include "tiles/accelerator.hpp"
#include "tiles/detail/checks.hpp"
#include "tiles/detail/storage.hpp"
#include "tiles/extent.hpp"

namespace tiles {

template <class T, int N> class array_view;

namespace detail {
// The view launches and arrays use when none is named: the default accelerator's.
accelerator_view default_view();
} // namespace detail

template <class T, int N = 1> class array {
    static_assert(!std::is_const_v<T>, "an array owns its elements; view it as array_view<const T>");

  public:
    static constexpr int rank = N;
    using value_type = T;

    // Uninitialized elements on `view`.
    explicit array(const tiles::extent<N>& e, const accelerator_view& view = detail::default_view())
        : extent(e), storage_(make_storage(e, view)) {}

    // Elements copied from [first, last), which must hold at least e.size() values.
    template <class InputIt, class = typename std::iterator_traits<InputIt>::iterator_category>
    array(const tiles::extent<N>& e, InputIt first, InputIt last, const accelerator_view& view = detail::default_view())
        : array(e, view) {
        const std::vector<T> staged(first, last);
        detail::check_host_range(staged.size(), e.size(), "the source range of an array");
        detail::copy_in(*storage_, region(), staged.data());
    }

    // Elements copied from a container with data() and size().
    template <class Container, class = decltype(std::data(std::declval<const Container&>()))>
    array(const tiles::extent<N>& e, const Container& source, const accelerator_view& view = detail::default_view())
        : array(e, std::begin(source), std::end(source), view) {}

    // An array over storage made by libtiles itself (interop::make_array, say).
    array(std::shared_ptr<detail::storage> storage, const tiles::extent<N>& e)
        : extent(e), storage_(std::move(storage)) {}

    array(const array&) = delete;
    array& operator=(const array&) = delete;
    array(array&&) noexcept = default;
    array& operator=(array&&) noexcept = default;

    // Copies the elements to the host (one download).
    operator std::vector<T>() const {
        std::vector<T> out(extent.size());
        detail::copy_out(*storage_, region(), out.data());
        return out;
    }

    // A view of the sub-rectangle at `origin` of extent `e`; only it moves when it is used.
    array_view<T, N> section(const index<N>& origin, const tiles::extent<N>& e);
    array_view<const T, N> section(const index<N>& origin, const tiles::extent<N>& e) const;

    accelerator_view get_accelerator_view() const { return accelerator_view(detail::home_of(*storage_)); }
    const tiles::extent<N>& get_extent() const { return extent; }

    // The engine object behind the array and the box it covers, for libtiles and the C API.
    const std::shared_ptr<detail::storage>& storage() const { return storage_; }
    detail::box region() const { return detail::box_of(index<N>(), extent); }

    tiles::extent<N> extent;

  private:
    static std::shared_ptr<detail::storage> make_storage(const tiles::extent<N>& e, const accelerator_view& view) {
        detail::check_extent(N, e.components().data(), "an array");
        return detail::storage_on_device(element_layout::of<T>(), detail::dims_of(e), view);
    }

    std::shared_ptr<detail::storage> storage_;
};

} // namespace tiles

#include "tiles/array_view.hpp"
