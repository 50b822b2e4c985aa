// libtiles: the index space of C++ AMP. index<N> and extent<N> (any rank N >= 1, component 0 the
// slowest-varying) with AMP's arithmetic; tiled_extent<N>, an extent split into equal rectangular
// tiles whose shape is chosen at run time (extent.tile(2, 3)), and tiled_index<N>, a work-item's
// place in it (ranks 1 to 3, as in AMP). AMP's own spelling, with the tile in the type, is
// tiles::amp::tiled_extent<D0, D1, D2> (what extent.tile<2, 3>() makes) and
// tiles::amp::tiled_index<D0, D1, D2>, each a tiled_extent<N> or tiled_index<N> of its rank, which
// <amp.h> names concurrency::tiled_extent and concurrency::tiled_index.
#pragma once

#include <array>
#include <cstddef>
#include <ostream>
#include <string>
#include <type_traits>

#include "tiles/engine/checks.hpp"

namespace tiles {

template <int N> class tiled_extent;
namespace amp {
template <int D0, int D1 = 0, int D2 = 0> class tiled_extent;
}

namespace detail {

// Shared body of index<N> and extent<N>: N ints in AMP order, with the arithmetic AMP gives both:
// + - * / % with an int on either side, the compound forms, ++ and -- on every component, and
// + - between two of a kind.
template <int N, class Derived> class int_vector {
    static_assert(N >= 1, "an index or extent has at least one dimension");

  public:
    static constexpr int rank = N;
    using value_type = int;

    constexpr int_vector() : v_{} {}
    template <class... Ints, class = std::enable_if_t<sizeof...(Ints) == N && (std::is_integral_v<Ints> && ...)>>
    constexpr explicit int_vector(Ints... components) : v_{static_cast<int>(components)...} {}
    // The N components at `components` (C++ AMP's `const int _Array[_Rank]`, which a pointer passes too).
    constexpr explicit int_vector(const int* components) : v_{} {
        for (int d = 0; d < N; ++d) v_[d] = components[d];
    }

    constexpr int operator[](int d) const { return v_[d]; }
    constexpr int& operator[](int d) { return v_[d]; }
    constexpr const std::array<int, N>& components() const { return v_; }

    constexpr Derived& operator+=(int value) {
        return apply([&](int& c) { c += value; });
    }
    constexpr Derived& operator-=(int value) {
        return apply([&](int& c) { c -= value; });
    }
    constexpr Derived& operator*=(int value) {
        return apply([&](int& c) { c *= value; });
    }
    constexpr Derived& operator/=(int value) {
        return apply([&](int& c) {
            engine::check_divisor(c, value, "/");
            c /= value;
        });
    }
    constexpr Derived& operator%=(int value) {
        return apply([&](int& c) {
            engine::check_divisor(c, value, "%");
            c %= value;
        });
    }
    constexpr Derived& operator+=(const Derived& other) {
        return pairwise(other, [](int& c, int o) { c += o; });
    }
    constexpr Derived& operator-=(const Derived& other) {
        return pairwise(other, [](int& c, int o) { c -= o; });
    }

    constexpr Derived& operator++() { return *this += 1; }
    constexpr Derived& operator--() { return *this -= 1; }
    constexpr Derived operator++(int) {
        Derived before = self();
        ++*this;
        return before;
    }
    constexpr Derived operator--(int) {
        Derived before = self();
        --*this;
        return before;
    }

    friend constexpr Derived operator+(Derived a, const Derived& b) { return a += b; }
    friend constexpr Derived operator-(Derived a, const Derived& b) { return a -= b; }
    friend constexpr Derived operator+(Derived a, int value) { return a += value; }
    friend constexpr Derived operator-(Derived a, int value) { return a -= value; }
    friend constexpr Derived operator*(Derived a, int value) { return a *= value; }
    friend constexpr Derived operator/(Derived a, int value) { return a /= value; }
    friend constexpr Derived operator%(Derived a, int value) { return a %= value; }
    // value op x is, per component, value op x[d]: 10 - index<2>(1, 2) is (9, 8).
    friend constexpr Derived operator+(int value, Derived a) { return a += value; }
    friend constexpr Derived operator-(int value, Derived a) {
        return a.apply([&](int& c) { c = value - c; });
    }
    friend constexpr Derived operator*(int value, Derived a) { return a *= value; }
    friend constexpr Derived operator/(int value, Derived a) {
        return a.apply([&](int& c) {
            engine::check_divisor(value, c, "/");
            c = value / c;
        });
    }
    friend constexpr Derived operator%(int value, Derived a) {
        return a.apply([&](int& c) {
            engine::check_divisor(value, c, "%");
            c = value % c;
        });
    }

    friend constexpr bool operator==(const Derived& a, const Derived& b) { return a.v_ == b.v_; }
    friend constexpr bool operator!=(const Derived& a, const Derived& b) { return !(a == b); }
    friend std::ostream& operator<<(std::ostream& os, const Derived& x) {
        os << '(';
        for (int d = 0; d < N; ++d) os << (d ? "," : "") << x.v_[d];
        return os << ')';
    }

  protected:
    constexpr Derived& self() { return static_cast<Derived&>(*this); }
    template <class F> constexpr Derived& apply(F f) {
        for (int& c : v_) f(c);
        return self();
    }
    template <class Other, class F> constexpr Derived& pairwise(const Other& other, F f) {
        for (int d = 0; d < N; ++d) f(v_[d], other[d]);
        return self();
    }

    std::array<int, N> v_;
};
} // namespace detail

// A point of the index space; AMP's index<N>.
template <int N> class index : public detail::int_vector<N, index<N>> {
  public:
    using detail::int_vector<N, index<N>>::int_vector;
};

// index(1, 2) is an index<2>: the rank from the number of components.
template <class... Ints> index(Ints...) -> index<sizeof...(Ints)>;

// The bounds of an index space with origin 0; AMP's extent<N>. Besides the arithmetic it shares
// with index<N>, an index moves an extent: extent + index, extent - index and their compound forms.
template <int N> class extent : public detail::int_vector<N, extent<N>> {
    using base = detail::int_vector<N, extent<N>>;

  public:
    using base::base;
    using base::operator+=;
    using base::operator-=;

    // Number of points, the product of the components (0 if any is not positive).
    constexpr std::size_t size() const {
        std::size_t n = 1;
        for (int d = 0; d < N; ++d) n *= static_cast<std::size_t>(this->v_[d] > 0 ? this->v_[d] : 0);
        return n;
    }

    // Whether `i` lies within the bounds: 0 <= i[d] < (*this)[d] for every d.
    constexpr bool contains(const index<N>& i) const {
        for (int d = 0; d < N; ++d)
            if (i[d] < 0 || i[d] >= this->v_[d]) return false;
        return true;
    }

    // The extent grown or shrunk by `i`, component by component.
    constexpr extent& operator+=(const index<N>& i) {
        return this->pairwise(i, [](int& c, int o) { c += o; });
    }
    constexpr extent& operator-=(const index<N>& i) {
        return this->pairwise(i, [](int& c, int o) { c -= o; });
    }
    constexpr extent operator+(const index<N>& i) const { return extent(*this) += i; }
    constexpr extent operator-(const index<N>& i) const { return extent(*this) -= i; }

    // Tiles chosen at run time: extent<2>(8, 9).tile(2, 3).
    template <class... Ints> tiled_extent<N> tile(Ints... tile_dims) const {
        static_assert(sizeof...(Ints) == N, "a tile has as many dimensions as the extent it tiles");
        return tiled_extent<N>(*this, extent<N>(tile_dims...));
    }

    // Tiles chosen at compile time, as in C++ AMP: extent<2>(8, 9).tile<2, 3>(), an
    // amp::tiled_extent<2, 3>, which is a tiled_extent<2>.
    // (auto, so that a tile of four dimensions meets the static_assert, not a failed substitution)
    template <int... TileDims> auto tile() const {
        static_assert(sizeof...(TileDims) >= 1 && sizeof...(TileDims) <= 3,
                      "tiles have 1, 2 or 3 dimensions, as in C++ AMP");
        static_assert(sizeof...(TileDims) == N, "a tile has as many dimensions as the extent it tiles");
        static_assert(((TileDims > 0) && ...), "tile dimensions must be positive");
        if constexpr (sizeof...(TileDims) >= 1 && sizeof...(TileDims) <= 3)
            return amp::tiled_extent<TileDims...>(*this);
    }
};

// extent(4, 6) is an extent<2>: the rank from the number of components.
template <class... Ints> extent(Ints...) -> extent<sizeof...(Ints)>;

// An extent divided into tiles of tile_extent(); AMP's tiled_extent<D0, D1, D2>, with the tile
// shape a run-time value. Launches over it require every extent component to be a multiple of
// the tile's; pad() and truncate() give the nearest such extents.
template <int N> class tiled_extent : public extent<N> {
    static_assert(N >= 1 && N <= 3, "tiles have 1, 2 or 3 dimensions, as in C++ AMP");

  public:
    // `whole` in tiles of `tile`; invalid_compute_domain for a tile component that is not positive.
    tiled_extent(const extent<N>& whole, const extent<N>& tile) : extent<N>(whole), tile_(tile) {
        engine::check_tile_shape(N, tile_.components().data());
    }

    // The tile's extent, and its component `d` (AMP's tile_dim0, tile_dim1, tile_dim2).
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
        for (int d = 0; d < N; ++d) e[d] = engine::padded_extent(d, e[d], tile_[d]);
        return tiled_extent(e, tile_);
    }

    // The extent rounded down to whole tiles; the remainder is left to the caller.
    tiled_extent truncate() const {
        extent<N> e(*this);
        for (int d = 0; d < N; ++d) e[d] = e[d] / tile_[d] * tile_[d];
        return tiled_extent(e, tile_);
    }

    // Whether two tiled extents have the same extent and the same tile.
    friend bool operator==(const tiled_extent& a, const tiled_extent& b) {
        return static_cast<const extent<N>&>(a) == b && a.tile_ == b.tile_;
    }
    friend bool operator!=(const tiled_extent& a, const tiled_extent& b) { return !(a == b); }

  private:
    extent<N> tile_;
};

// C++ AMP's tile_barrier on the host, so that a kernel's `t_idx.barrier.wait()` type-checks where
// the host's compiler reads it (tiles-amp's parse of a template's kernel). Its functions are
// restrict(amp) in AMP: declared here, never defined, so that a host call fails to link.
class tile_barrier {
  public:
    // Waits for the tile's work-items, fencing tile_static and global memory (kernels only).
    void wait() const;
    // As wait(): fences every kind of memory (kernels only).
    void wait_with_all_memory_fence() const;
    // Waits for the tile's work-items, fencing global memory only (kernels only).
    void wait_with_global_memory_fence() const;
    // Waits for the tile's work-items, fencing tile_static memory only (kernels only).
    void wait_with_tile_static_memory_fence() const;
};

// A work-item's place in a tiled launch, on the host; AMP's tiled_index<D0, D1, D2> with the tile
// shape a run-time value (in kernels the prelude's tiled_index names its members global_id and
// local_id, `global` and `local` being OpenCL C keywords). For host code that mirrors a kernel, a
// CPU reference say; its barrier only type-checks (tile_barrier).
template <int N> class tiled_index {
    static_assert(N >= 1 && N <= 3, "tiles have 1, 2 or 3 dimensions, as in C++ AMP");

  public:
    // The rank of the indices.
    static constexpr int rank = N;

    // AMP's member-wise constructor: the identities below are then the caller's to keep.
    tiled_index(const index<N>& global_index, const index<N>& local_index, const index<N>& tile_index,
                const index<N>& origin_of_tile, const extent<N>& tile_shape)
        : global(global_index), local(local_index), tile(tile_index), tile_origin(origin_of_tile),
          tile_extent(tile_shape) {}

    // The work-item at `global` in tiles of `tile_extent`, by AMP's identities: local = global %
    // tile_extent, tile = global / tile_extent, tile_origin = global - local.
    tiled_index(const index<N>& global_index, const extent<N>& tile_shape)
        : tiled_index(global_index, remainder(global_index, tile_shape), quotient(global_index, tile_shape),
                      global_index - remainder(global_index, tile_shape), tile_shape) {}

    // The work-item's global index, its index within its tile, its tile's index, the global index of
    // its tile's first work-item, and the tile's extent.
    const index<N> global;
    const index<N> local;
    const index<N> tile;
    const index<N> tile_origin;
    const extent<N> tile_extent;
    // AMP's barrier of the tile, which waits only in kernels.
    const tile_barrier barrier{};

    // The tile's extent (C++ AMP's get_tile_extent()).
    extent<N> get_tile_extent() const { return tile_extent; }
    // As an index, a tiled_index is its global index (AMP's av[t_idx]).
    operator index<N>() const { return global; }

  private:
    static index<N> remainder(index<N> i, const extent<N>& e) {
        for (int d = 0; d < N; ++d) {
            engine::check_divisor(i[d], e[d], "%");
            i[d] %= e[d];
        }
        return i;
    }
    static index<N> quotient(index<N> i, const extent<N>& e) {
        for (int d = 0; d < N; ++d) {
            engine::check_divisor(i[d], e[d], "/");
            i[d] /= e[d];
        }
        return i;
    }
};

namespace amp {

// The rank of AMP's tiled_extent<D0, D1, D2> and tiled_index<D0, D1, D2>: a dimension of 0 is one
// the tile does not have.
template <int D0, int D1, int D2> constexpr int tile_rank() {
    static_assert(D0 > 0 && D1 >= 0 && D2 >= 0, "tile dimensions must be positive");
    static_assert(D1 > 0 || D2 == 0, "a tile of rank 3 has three positive dimensions");
    return D2 > 0 ? 3 : D1 > 0 ? 2 : 1;
}

// The tile (D0, D1, D2) of rank N as an extent.
template <int N, int D0, int D1, int D2> constexpr extent<N> tile_shape() {
    if constexpr (N == 1)
        return extent<N>(D0);
    else if constexpr (N == 2)
        return extent<N>(D0, D1);
    else
        return extent<N>(D0, D1, D2);
}

// A tile's extent that reads both ways: `te.tile_extent`, AMP's property, and
// `te.tile_extent()`, the member function of tiled_extent<N>.
template <int N> struct tile_extent_member : extent<N> {
    // The tile's extent, read as a property.
    constexpr explicit tile_extent_member(const extent<N>& tile) : extent<N>(tile) {}
    // The same, read as tiled_extent<N>::tile_extent() reads it.
    constexpr const extent<N>& operator()() const { return *this; }
};

// C++ AMP's tiled_extent<D0[, D1[, D2]]>: an extent in tiles whose shape is in the type, with
// AMP's static tile_dim0..2 and tile_extent, and pad() and truncate() of the same type. It is a
// tiled_extent<N> of its rank, which launches take.
template <int D0, int D1, int D2> class tiled_extent : public tiles::tiled_extent<tile_rank<D0, D1, D2>()> {
  public:
    // The rank, the tile's dimensions (0 past the rank) and the tile's extent, as AMP has them.
    static constexpr int rank = tile_rank<D0, D1, D2>();
    static constexpr int tile_dim0 = D0;
    static constexpr int tile_dim1 = D1;
    static constexpr int tile_dim2 = D2;
    static constexpr tile_extent_member<rank> tile_extent{tile_shape<rank, D0, D1, D2>()};

    // An extent of zeros, as AMP's default constructor makes.
    tiled_extent() : tiled_extent(extent<rank>()) {}
    // Any extent of the rank, tiled (implicit, as in AMP).
    tiled_extent(const extent<rank>& whole) : tiles::tiled_extent<rank>(whole, tile_extent) {}

    // The extent rounded up (pad) or down (truncate) to whole tiles, of this same type.
    tiled_extent pad() const { return tiled_extent(tiles::tiled_extent<rank>::pad()); }
    tiled_extent truncate() const { return tiled_extent(tiles::tiled_extent<rank>::truncate()); }
};

// C++ AMP's tiled_index<D0[, D1[, D2]]> on the host: a tiled_index<N> of its rank whose tile is
// (D0, D1, D2), with AMP's static tile_dim0..2 (tile_extent, get_tile_extent(), global, local,
// tile and tile_origin are tiled_index<N>'s).
template <int D0, int D1 = 0, int D2 = 0> class tiled_index : public tiles::tiled_index<tile_rank<D0, D1, D2>()> {
  public:
    // The rank and the tile's dimensions (0 past the rank), as AMP has them.
    static constexpr int rank = tile_rank<D0, D1, D2>();
    static constexpr int tile_dim0 = D0;
    static constexpr int tile_dim1 = D1;
    static constexpr int tile_dim2 = D2;

    // The work-item at `global`, by AMP's identities (local = global % tile ...).
    explicit tiled_index(const index<rank>& global_index)
        : tiles::tiled_index<rank>(global_index, tile_shape<rank, D0, D1, D2>()) {}
    // AMP's member-wise constructor, less the barrier, which waits only in kernels.
    tiled_index(const index<rank>& global_index, const index<rank>& local_index, const index<rank>& tile_index,
                const index<rank>& origin_of_tile)
        : tiles::tiled_index<rank>(global_index, local_index, tile_index, origin_of_tile,
                                   tile_shape<rank, D0, D1, D2>()) {}
};

} // namespace amp

} // namespace tiles
