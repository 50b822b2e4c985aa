// libtiles' fuzz target: the fuzz input read as a stream of small numbers, and the handles a run
// has made, kept after they are released so that later operations use them again.
#pragma once

#include <cstddef>
#include <cstdint>
#include <cstring>
#include <memory>
#include <vector>

#include "tiles.h"

namespace fuzz {

// The input as numbers; past its end every number is 0, so every input is a whole program.
class input {
  public:
    input(const std::uint8_t* data, std::size_t size) : data_(data), size_(size) {}

    bool done() const { return at_ >= size_; }
    unsigned byte() { return at_ < size_ ? data_[at_++] : 0; }
    // A number in [0, n).
    unsigned below(unsigned n) { return byte() % n; }
    // True one time in n.
    bool one_in(unsigned n) { return below(n) == 0; }
    // The next `size` bytes (zeros past the end).
    void bytes(void* to, std::size_t size) {
        auto* out = static_cast<unsigned char*>(to);
        for (std::size_t i = 0; i < size; ++i) out[i] = static_cast<unsigned char>(byte());
    }
    template <class T> T value() {
        T v;
        bytes(&v, sizeof v);
        return v;
    }

  private:
    const std::uint8_t* data_;
    std::size_t size_;
    std::size_t at_ = 0;
};

// Every handle a run has made. Released ones stay, so that the run can use or release them again.
struct handles {
    std::vector<tiles_device*> devices;
    std::vector<tiles_context*> contexts;
    std::vector<tiles_array*> arrays;
    std::vector<tiles_view*> views;
    std::vector<tiles_kernel*> kernels;
    std::vector<tiles_event*> events;
    std::vector<tiles_report*> reports;
    // The events of async copies, which the run never releases itself: a copy may still write a
    // view's host memory after the views are released (tiles.h: the copy keeps them alive), so
    // the run waits for every copy before it frees that memory.
    std::vector<tiles_event*> copies;
    // The host memory of views, freed only once every handle is released.
    std::vector<std::unique_ptr<unsigned char[]>> host;
    // Whether the run has tried to make its one checked context: Oclgrind runs a kernel a thousand
    // times slower than PoCL, so one per run, with small launches, keeps a run to milliseconds.
    bool made_checked = false;
};

// One of `from`, or NULL now and then (and always when there is none).
template <class H> H* pick(const std::vector<H*>& from, input& in) {
    const unsigned choice = in.byte();
    return from.empty() || choice == 255 ? nullptr : from[choice % from.size()];
}

} // namespace fuzz
