// libtiles: the index space of C++ AMP. index<N> and extent<N> (N = 1..3, component 0 the
// slowest-varying) and tiled_extent<N>, an extent split into equal rectangular tiles whose
// shape is chosen at run time (extent.tile(2, 3)) or at compile time (extent.tile<2, 3>()).
#pragma once

#include <array>
#include <cstddef>
#include <ostream>
#include <string>
#include <type_traits>

namespace tiles {

template <int N> class tiled_extent;

namespace detail {
// Shared body of index<N> and extent<N>: N ints in AMP order.
template <int N, class Derived> class int_vector {
    static_assert(N >= 1 && N <= 3, "libtiles supports ranks 1, 2 and 3");

  public:
    static constexpr int rank = N;

    constexpr int_vector() : v_{} {}
    template <class... Ints, class = std::enable_if_t<sizeof...(Ints) == N && (std::is_integral_v<Ints> && ...)>>
    constexpr explicit int_vector(Ints... components) : v_{static_cast<int>(components)...} {}
    constexpr explicit int_vector(const int (&components)[N]) : v_{} {
        for (int d = 0; d < N; ++d) v_[d] = components[d];
    }

    constexpr int operator[](int d) const { return v_[d]; }
    constexpr int& operator[](int d) { return v_[d]; }
    constexpr const std::array<int, N>& components() const { return v_; }

    friend constexpr bool operator==(const Derived& a, const Derived& b) { return a.v_ == b.v_; }
    friend constexpr bool operator!=(const Derived& a, const Derived& b) { return !(a == b); }
    friend std::ostream& operator<<(std::ostream& os, const Derived& x) {
        os << '(';
        for (int d = 0; d < N; ++d) os << (d ? "," : "") << x.v_[d];
        return os << ')';
    }

  protected:
    std::array<int, N> v_;
};
} // namespace detail

// A point of the index space; AMP's index<N>.
template <int N> class index : public detail::int_vector<N, index<N>> {
  public:
    using detail::int_vector<N, index<N>>::int_vector;
};

template <class... Ints> index(Ints...) -> index<sizeof...(Ints)>;

// The bounds of an index space with origin 0; AMP's extent<N>.
template <int N> class extent : public detail::int_vector<N, extent<N>> {
  public:
    using detail::int_vector<N, extent<N>>::int_vector;

    // Number of points, the product of the components.
    constexpr std::size_t size() const {
        std::size_t n = 1;
        for (int d = 0; d < N; ++d) n *= static_cast<std::size_t>(this->v_[d] > 0 ? this->v_[d] : 0);
        return n;
    }

    constexpr bool contains(const index<N>& i) const {
        for (int d = 0; d < N; ++d)
            if (i[d] < 0 || i[d] >= this->v_[d]) return false;
        return true;
    }

    // Tiles chosen at run time: extent<2>(8, 9).tile(2, 3).
    template <class... Ints> tiled_extent<N> tile(Ints... tile_dims) const {
        static_assert(sizeof...(Ints) == N, "a tile has as many dimensions as the extent it tiles");
        return tiled_extent<N>(*this, extent<N>(tile_dims...));
    }

    // Tiles chosen at compile time, as in C++ AMP: extent<2>(8, 9).tile<2, 3>().
    template <int... TileDims> tiled_extent<N> tile() const {
        static_assert(sizeof...(TileDims) == N, "a tile has as many dimensions as the extent it tiles");
        static_assert(((TileDims > 0) && ...), "tile dimensions must be positive");
        return tiled_extent<N>(*this, extent<N>(TileDims...));
    }
};

template <class... Ints> extent(Ints...) -> extent<sizeof...(Ints)>;

namespace detail {
// Checks a tile shape when a tiled_extent is made; throws invalid_compute_domain naming the
// dimension. Defined in the library so that this header needs no exception types.
void check_tile_shape(int rank, const int* tile_dims);
// `extent` (of dimension d) rounded up to a multiple of `tile`; throws invalid_compute_domain,
// naming the numbers, where that is beyond an int.
int padded_extent(int d, int extent, int tile);
} // namespace detail

// An extent divided into tiles of tile_extent(); AMP's tiled_extent<D0, D1, D2>, with the tile
// shape a run-time value. Launches over it require every extent component to be a multiple of
// the tile's; pad() and truncate() give the nearest such extents.
template <int N> class tiled_extent : public extent<N> {
  public:
    tiled_extent(const extent<N>& whole, const extent<N>& tile) : extent<N>(whole), tile_(tile) {
        detail::check_tile_shape(N, tile_.components().data());
    }

    const extent<N>& tile_extent() const { return tile_; }
    const extent<N>& get_tile_extent() const { return tile_; }
    int tile_dim(int d) const { return tile_[d]; }

    // Number of tiles along each dimension (whole tiles only).
    extent<N> tile_count() const {
        extent<N> n;
        for (int d = 0; d < N; ++d) n[d] = (*this)[d] / tile_[d];
        return n;
    }

    // The extent rounded up to whole tiles; the extra threads must be masked by the kernel.
    // invalid_compute_domain where that is beyond an int.
    tiled_extent pad() const {
        extent<N> e(*this);
        for (int d = 0; d < N; ++d) e[d] = detail::padded_extent(d, e[d], tile_[d]);
        return tiled_extent(e, tile_);
    }

    // The extent rounded down to whole tiles; the remainder is left to the caller.
    tiled_extent truncate() const {
        extent<N> e(*this);
        for (int d = 0; d < N; ++d) e[d] = e[d] / tile_[d] * tile_[d];
        return tiled_extent(e, tile_);
    }

    friend bool operator==(const tiled_extent& a, const tiled_extent& b) {
        return static_cast<const extent<N>&>(a) == b && a.tile_ == b.tile_;
    }
    friend bool operator!=(const tiled_extent& a, const tiled_extent& b) { return !(a == b); }

  private:
    extent<N> tile_;
};

} // namespace tiles
