// libtiles' CUDA backend: where the wide wgmma kernel, launched through libcuda (cuda_launch.hpp),
// reads A and B and writes C: in place where their buffers are memory libcuda allocates, else
// staged one after another in the context's scratch memory, where the launch puts its tensor maps
// after them.
#pragma once

#include <cstddef>
#include <cstdint>
#include <memory>

#include "base/opencl.hpp"
#include "tiles/engine/context.hpp"
#include "tiles/engine/storage.hpp"

namespace tiles::cuda {

// A matrix the wide kernel reads or writes: its buffer on the context, its bytes, and libcuda's
// address of it: its own where the buffer is memory libcuda allocated (cuda_address_of) at an
// address the tensor maps take (16-byte aligned, as wgmma_gemm_suits holds the rows), else the
// place in the scratch memory where it is staged (`staged_at`), the address set once that memory
// is known (placed_in).
struct wide_operand {
    cl::Buffer buffer;
    std::size_t bytes, staged_at;
    std::uint64_t address;
    bool staged() const { return staged_at != npos; }
    static constexpr std::size_t npos = std::size_t(-1);
};

// A, B and C of one wide product, and the scratch bytes they take: the staged ones, then
// `tail_bytes` at `tail_at`.
struct wide_operands {
    wide_operand a, b, c;
    std::size_t tail_at, scratch_bytes;
    // The staged ones' addresses in scratch memory at libcuda's `scratch_address`.
    void placed_in(std::uint64_t scratch_address);
};

// Where the wide kernel finds A and B (what it reads, for float the matrices made from them) and
// C on `context`, its buffers there current (C's to be written), with `tail_bytes` after the
// staged ones. C over A's or B's buffer (two arrays over one cl_mem, which check_not_aliased
// cannot see) is staged: written in place, it would overwrite what the kernel still reads. The
// buffers are the storages' own, used in place: they go back to the context's pool with them.
wide_operands wide_operands_of(const std::shared_ptr<engine::context>& context, const engine::matrix_operand& a,
                               const engine::matrix_operand& b, const engine::matrix_operand& c,
                               std::size_t tail_bytes);

} // namespace tiles::cuda
