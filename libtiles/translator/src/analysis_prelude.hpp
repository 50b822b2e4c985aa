// tiles-amp: what the translator's parse includes ahead of a C++ AMP source, never the host's
// build. C++ AMP's restrict(...) and tile_static are kept as annotations that clang records on the
// function, lambda or variable they mark (tiles-amp defines them); a parallel_for_each that takes
// any kernel, so that a call with a lambda or functor is a call clang resolves; and a template
// named tile, so that MSVC's `in.extent.tile<256>()` in a template (no `template` keyword) parses
// instead of dropping the statement.
#pragma once

// libtiles' headers come first, read before restrict and tile_static are defined.
#include "tiles/amp.hpp"
#include "tiles/amp_accelerator.hpp"
#include "tiles/tiles.hpp"

namespace tiles {
template <class Domain, class Kernel> void parallel_for_each(const Domain&, const Kernel&);
template <class View, class Domain, class Kernel> void parallel_for_each(const View&, const Domain&, const Kernel&);
} // namespace tiles

// A source with a `tile` of its own (C++ AMP's samples have `static const int tile = 16;`) is
// parsed again without it (main.cpp).
#ifndef TILES_AMP_SOURCE_NAMES_TILE
template <int...> class tile;
#endif

// C++ AMP's device-only free functions, declared as the device's prelude declares them, so that a
// template's kernel that calls one (a reduction's tile_static_memory_fence) instantiates in the
// parse instead of losing its body to an error, which would leave it uncompiled at build time.
namespace concurrency {
void all_memory_fence(const tiles::tile_barrier&);
void global_memory_fence(const tiles::tile_barrier&);
void tile_static_memory_fence(const tiles::tile_barrier&);
template <class P> auto atomic_fetch_add(P dest, decltype(+*dest) value) -> decltype(+*dest);
template <class P> auto atomic_fetch_sub(P dest, decltype(+*dest) value) -> decltype(+*dest);
template <class P> auto atomic_fetch_max(P dest, decltype(+*dest) value) -> decltype(+*dest);
template <class P> auto atomic_fetch_min(P dest, decltype(+*dest) value) -> decltype(+*dest);
template <class P> auto atomic_fetch_and(P dest, decltype(+*dest) value) -> decltype(+*dest);
template <class P> auto atomic_fetch_or(P dest, decltype(+*dest) value) -> decltype(+*dest);
template <class P> auto atomic_fetch_xor(P dest, decltype(+*dest) value) -> decltype(+*dest);
template <class P> auto atomic_exchange(P dest, decltype(+*dest) value) -> decltype(+*dest);
template <class P> auto atomic_fetch_inc(P dest) -> decltype(+*dest);
template <class P> auto atomic_fetch_dec(P dest) -> decltype(+*dest);
template <class P, class E> bool atomic_compare_exchange(P dest, E expected_value, decltype(+*dest) value);
} // namespace concurrency

// restrict(amp) alone also makes a function of its own, as C++ AMP's overloading on restriction
// has it: clang takes an enable_if as part of a function's signature, so `int f() restrict(amp)`
// and `int f()` are two functions, and device code calls the first (the one with more enable_ifs).
// The host's text keeps the second alone; the device's has the first alone. HCC takes `auto` beside
// amp or cpu (restrict(amp,auto)), which infers as restrict(auto) alone does. Empty entries are
// none (`restrict(,amp)` is restrict(amp), `restrict(,)` no restriction).
#define restrict(...) __attribute__((annotate("tiles_amp_restrict:" #__VA_ARGS__))) TILES_AMP_SOLE(__VA_ARGS__, , )
#define TILES_AMP_SOLE(first, second, ...) TILES_AMP_SOLE_##first##second
#define TILES_AMP_SOLE_amp __attribute__((enable_if(1, "restrict(amp)")))
#define TILES_AMP_SOLE_cpu
#define TILES_AMP_SOLE_ampcpu
#define TILES_AMP_SOLE_cpuamp
#define TILES_AMP_SOLE_
#define TILES_AMP_SOLE_auto
#define TILES_AMP_SOLE_ampauto
#define TILES_AMP_SOLE_autoamp
#define TILES_AMP_SOLE_cpuauto
#define TILES_AMP_SOLE_autocpu
#define TILES_AMP_SOLE_direct3d
#define tile_static __attribute__((annotate("tiles_amp_tile_static")))
