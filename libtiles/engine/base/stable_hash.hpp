// libtiles: a hash that is the same on every machine, compiler and standard library (xxHash's
// XXH3, 64 bits, whose output is fixed from xxHash 0.8 on), for what is written to disk and read by
// other processes, cache file names and checksums, and for checked launches' checksums of every
// host buffer. std::hash differs between standard libraries, and may between their versions.
// xxHash is compiled in (XXH_INLINE_ALL): libtiles links no libxxhash.
#pragma once

#include <cstddef>
#include <cstdint>

#define XXH_INLINE_ALL
#include <xxhash.h>

namespace tiles::engine {

class stable_hash {
  public:
    stable_hash() { XXH3_64bits_reset(&state_); }
    stable_hash& add(const void* data, std::size_t size) {
        XXH3_64bits_update(&state_, data, size);
        return *this;
    }
    std::uint64_t value() const { return XXH3_64bits_digest(&state_); }

  private:
    XXH3_state_t state_;
};

} // namespace tiles::engine
