// libtiles: a hash that is the same on every machine, compiler and standard library (64-bit
// FNV-1a), for what is written to disk and read by other processes: cache file names and
// checksums. std::hash differs between standard libraries, and may between their versions.
#pragma once

#include <cstddef>
#include <cstdint>

namespace tiles::engine {

class stable_hash {
  public:
    stable_hash& add(const void* data, std::size_t size) {
        const auto* bytes = static_cast<const unsigned char*>(data);
        for (std::size_t i = 0; i < size; ++i) value_ = (value_ ^ bytes[i]) * 0x100000001b3ull;
        return *this;
    }
    std::uint64_t value() const { return value_; }

  private:
    std::uint64_t value_ = 0xcbf29ce484222325ull;
};

} // namespace tiles::engine
