// libtiles tests: what the staged-transfer tests share: staging forced on a device whose own table
// stages nothing (PoCL's CPUs), and a kernel that doubles a view, with the host's doubled values to
// check it against.
#pragma once

#include <utility>
#include <vector>

#include "tiles/tiles.hpp"

// While it lives, every copy of 1 KiB or more between host memory and `accelerator` is staged,
// in chunks of at most `chunk_kib` KiB, by `threads` threads.
class forced_staging {
  public:
    forced_staging(tiles::accelerator accelerator, int chunk_kib, int threads) : accelerator_(std::move(accelerator)) {
        tiles::set_parameters(accelerator_, "staging",
                              {{"FROM_KIB", 1}, {"CHUNK_KIB", chunk_kib}, {"THREADS", threads}});
    }
    ~forced_staging() { tiles::reset_parameters(accelerator_, "staging"); }
    forced_staging(const forced_staging&) = delete;
    forced_staging& operator=(const forced_staging&) = delete;

  private:
    tiles::accelerator accelerator_;
};

// twice(v): doubles each element of a view of floats.
inline const char* const doubling = R"(
__kernel void twice(__global float* v) {
    thread_index idx = get_thread_index();
    v[linear_index(idx.global_id, idx.extent)] *= 2.0f;
}
)";

inline std::vector<float> doubled(std::vector<float> v) {
    for (float& x : v) x *= 2;
    return v;
}
