// Where the wide wgmma gemm finds its matrices (wide_operands.hpp) and the scratch memory it stages
// them in (cuda_scratch), on a machine without NVIDIA's driver: part of cuda_memory_tests, whose
// test_cuda_memory.cpp stands in for OpenCL's import of memory libcuda allocates, the stand-in
// libcuda.so.1 (libcuda_stand_in.c) allocating it. The kernel itself is Hopper's and cannot run
// here; what comes before its launch can.
#include <catch2/catch.hpp>
#include <cstdint>
#include <memory>
#include <mutex>

#include "context/context.hpp"
#include "cuda/cuda_launch.hpp"
#include "cuda/wide_operands.hpp"
#include "fixture.hpp"
#include "libcuda_stand_in.hpp"
#include "tiles/engine/storage.hpp"

namespace {

using tiles::engine::matrix_operand;

// A new rows x columns float matrix on the context: of 2 MiB and more, memory libcuda allocates.
matrix_operand float_matrix(const std::shared_ptr<tiles::engine::context>& context, int rows, int columns) {
    return {tiles::engine::storage_on_device(tiles::element_layout::of<float>(),
                                             tiles::engine::dims3{1, std::size_t(rows), std::size_t(columns)}, context),
            rows, columns};
}

constexpr std::size_t mib = std::size_t(1) << 20;
constexpr std::size_t tail = 256; // what the launch keeps after the staged matrices (its tensor maps)

} // namespace

TEST_CASE("the wide gemm reads and writes its matrices in place in memory libcuda allocates, C over A's or B's "
          "buffer staged",
          "[libcuda-memory]") {
    using tiles::cuda::wide_operands;
    const tiles::accelerator_view view = tiles::accelerator().create_view();
    REQUIRE(tiles::cuda::cuda_launch_missing(*view.context()).empty()); // and libcuda loaded
    const std::shared_ptr<tiles::engine::context>& context = view.context();
    // A and B of 2 MiB, C of 4 MiB: each libcuda's.
    const matrix_operand a = float_matrix(context, 1024, 512), b = float_matrix(context, 512, 1024),
                         c = float_matrix(context, 1024, 1024);
    SECTION("each of its own buffer: all in place, nothing staged") {
        const wide_operands placed = tiles::cuda::wide_operands_of(context, a, b, c, tail);
        for (const tiles::cuda::wide_operand* operand : {&placed.a, &placed.b, &placed.c}) {
            CHECK_FALSE(operand->staged());
            CHECK(operand->address == 0x302000000); // the stand-in's
        }
        CHECK(placed.c.bytes == 4 * mib);
        CHECK(placed.tail_at == 0);
        CHECK(placed.scratch_bytes == tail);
    }
    // C over the buffer of the operand the kernel still reads: written in place, the kernel's
    // first blocks of C would overwrite what its later blocks read.
    for (const bool over_b : {false, true}) {
        DYNAMIC_SECTION("C over " << (over_b ? "B" : "A") << "'s buffer: C staged, A and B in place") {
            const matrix_operand& read = over_b ? b : a;
            wide_operands placed =
                tiles::cuda::wide_operands_of(context, a, b, matrix_operand{read.data, 2048, 256}, tail);
            CHECK_FALSE(placed.a.staged());
            CHECK_FALSE(placed.b.staged());
            REQUIRE(placed.c.staged());
            CHECK(placed.c.buffer() == (over_b ? placed.b : placed.a).buffer());
            CHECK(placed.c.staged_at == 0);
            CHECK(placed.c.bytes == 2 * mib);
            CHECK(placed.tail_at == 2 * mib);
            CHECK(placed.scratch_bytes == 2 * mib + tail);
            placed.placed_in(0x7000000);
            CHECK(placed.c.address == 0x7000000);
            CHECK(placed.a.address == 0x302000000);
        }
    }
    SECTION("matrices under 2 MiB, OpenCL's own: staged one after another, each at a whole KiB") {
        const matrix_operand small_a = float_matrix(context, 10, 100), small_b = float_matrix(context, 100, 10);
        wide_operands placed = tiles::cuda::wide_operands_of(context, small_a, small_b, c, tail);
        CHECK(placed.a.staged_at == 0);
        CHECK(placed.b.staged_at == 4096); // 4000 bytes, then B
        CHECK_FALSE(placed.c.staged());
        CHECK(placed.tail_at == 8192);
        CHECK(placed.scratch_bytes == 8192 + tail);
        placed.placed_in(0x7000000);
        CHECK(placed.b.address == 0x7000000 + 4096);
    }
}

TEST_CASE("the wide gemm's scratch memory grows by releasing the smaller one before the larger one is allocated",
          "[libcuda-memory]") {
    const tiles::accelerator_view view = tiles::accelerator().create_view();
    REQUIRE(tiles::cuda::cuda_launch_missing(*view.context()).empty()); // and libcuda loaded
    view.context()->pool().set_limit(0);                                // no buffer of the pool's held meanwhile
    const auto created = stand_in_function<int (*)()>("stand_in_memory_created");
    const auto most_held = stand_in_function<int (*)()>("stand_in_most_held");
    const std::shared_ptr<tiles::cuda::cuda_scratch> scratch = tiles::cuda::cuda_scratch_of(*view.context());
    std::lock_guard<std::mutex> lock(scratch->mutex);
    // What earlier buffers left goes first, so that only the scratch is counted from here.
    tiles::cuda::release_dropped_cuda_memory();
    stand_in_function<void (*)()>("stand_in_reset_most_held")();
    const int held_before = most_held(), created_before = created();
    const tiles::cuda::cuda_memory* memory = &scratch->holding(view.context(), mib);
    CHECK(memory->bytes() >= mib);
    CHECK(memory->cuda_address() != 0);
    // As much or less: the same memory.
    CHECK(&scratch->holding(view.context(), mib) == memory);
    CHECK(created() == created_before + 1);
    // More: one larger allocation, the smaller one released before it, so never both held.
    memory = &scratch->holding(view.context(), 5 * mib);
    CHECK(memory->bytes() >= 5 * mib);
    CHECK(created() == created_before + 2);
    CHECK(most_held() == held_before + 1);
    CHECK(&scratch->holding(view.context(), 3 * mib) == memory);
    CHECK(created() == created_before + 2);
}

TEST_CASE("the wide gemm's matrices in memory libcuda allocates go back to the pool with their arrays, and serve the "
          "next product",
          "[libcuda-memory]") {
    const tiles::accelerator_view view = tiles::accelerator().create_view();
    REQUIRE(tiles::cuda::cuda_launch_missing(*view.context()).empty()); // and libcuda loaded
    tiles::engine::buffer_pool& pool = view.context()->pool();
    pool.set_limit(std::uint64_t(1) << 30);
    pool.free_all();
    const auto created = stand_in_function<int (*)()>("stand_in_memory_created");
    const int created_before = created();
    const std::uint64_t reused_before = view.context()->counters().buffers_reused;
    // Product after product on new arrays of the same shapes, as a loop of gemm calls makes them.
    for (int product = 0; product < 3; ++product) {
        const matrix_operand a = float_matrix(view.context(), 1024, 512), b = float_matrix(view.context(), 512, 1024),
                             c = float_matrix(view.context(), 1024, 1024);
        const tiles::cuda::wide_operands placed = tiles::cuda::wide_operands_of(view.context(), a, b, c, tail);
        CHECK_FALSE(placed.a.staged());
        CHECK_FALSE(placed.b.staged());
        CHECK_FALSE(placed.c.staged());
    }
    // The first product's three allocations serve the two after it.
    CHECK(created() == created_before + 3);
    CHECK(view.context()->counters().buffers_reused == reused_before + 6);
    CHECK(pool.held() == 8 * mib);
}
