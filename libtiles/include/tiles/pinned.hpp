// libtiles: pinned host memory for data the program keeps on the host and moves to and from
// devices: memory an accelerator view's driver pins, which copies and launches move straight at
// the bus's full rate, without the staging buffers that copies of other host memory go through.
//
//     tiles::pinned_vector<float> host(n);             // pinned by the default view's driver
//     tiles::array_view<float, 1> view(n, host);        // launches move it at the bus's rate
//     tiles::copy(device_array, host.begin());          // so do copies
#pragma once

#include <cstddef>
#include <limits>
#include <new>
#include <type_traits>
#include <vector>

#include "tiles/accelerator.hpp"

namespace tiles {

namespace detail {
// `bytes` (at least 1) pinned by `view`'s driver; out_of_memory naming the numbers where it
// cannot, invalid_argument for the CPU accelerator's view.
void* allocate_pinned(const accelerator_view& view, std::size_t bytes);
// Frees what allocate_pinned gave (nullptr: nothing).
void free_pinned(void* memory) noexcept;
} // namespace detail

// A standard allocator of pinned host memory, for std::vector and the like. Every instance frees
// what any other allocated; the view only chooses the driver that pins it (that of the device the
// data moves to and from).
template <class T> class pinned_allocator {
  public:
    // std::allocator_traits' members: the element type, and allocators that are all equal and move with
    // their containers.
    using value_type = T;
    using is_always_equal = std::true_type;
    using propagate_on_container_move_assignment = std::true_type;

    // Memory the default view's driver pins.
    pinned_allocator() : view_(accelerator_view(engine::default_context())) {}
    explicit pinned_allocator(accelerator_view view) : view_(std::move(view)) {}
    template <class U> pinned_allocator(const pinned_allocator<U>& other) noexcept : view_(other.view()) {}

    // Room for n elements; out_of_memory where the driver cannot pin so much.
    T* allocate(std::size_t n) {
        if (n > std::numeric_limits<std::size_t>::max() / sizeof(T)) throw std::bad_array_new_length();
        return n == 0 ? nullptr : static_cast<T*>(detail::allocate_pinned(view_, n * sizeof(T)));
    }
    // Gives back memory allocate() gave.
    void deallocate(T* memory, std::size_t) noexcept { detail::free_pinned(memory); }

    // The view whose driver pins the memory.
    const accelerator_view& view() const noexcept { return view_; }

    // Any two allocators free each other's memory: they compare equal.
    friend bool operator==(const pinned_allocator&, const pinned_allocator&) noexcept { return true; }
    friend bool operator!=(const pinned_allocator&, const pinned_allocator&) noexcept { return false; }

  private:
    accelerator_view view_;
};

// A std::vector in pinned host memory.
template <class T> using pinned_vector = std::vector<T, pinned_allocator<T>>;

} // namespace tiles
