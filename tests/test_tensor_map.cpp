// Tensor maps from libcuda (tiles/engine/tensor_map.hpp), on a machine without NVIDIA's driver: the
// program runs with a stand-in libcuda.so.1 (libcuda_stand_in.c) on its library path, which hands
// back the arguments libtiles gave cuTensorMapEncodeTiled, compared here with the values cuda.h
// documents; or with one older than CUDA 12, or refusing, where libtiles must say why. libcuda is
// loaded once a process, so each case is a ctest of its own (tests/CMakeLists.txt).
#include <catch2/catch.hpp>
#include <cstdint>
#include <cstring>

#include "cuda/tensor_map.hpp"
#include "fixture.hpp"
#include "libcuda_stand_in.hpp"

namespace {

// The words the stand-in writes into the map, in the order of cuTensorMapEncodeTiled's arguments.
std::array<std::uint64_t, 16> words_of(const tiles::cuda::tensor_map& map) {
    std::array<std::uint64_t, 16> words{};
    std::memcpy(words.data(), map.bytes.data(), sizeof words);
    return words;
}

} // namespace

TEST_CASE("a tensor map passes libcuda a matrix as cuda.h describes it", "[libcuda-stand-in]") {
    REQUIRE(tiles::cuda::tensor_maps_missing().empty());
    const std::uint64_t address = 0x7f0000001000;
    const auto words =
        words_of(tiles::cuda::make_tensor_map(address, tiles::element_type::float16, 300, 264, {64, 128, 128}));
    CHECK(words[0] == 6);       // CU_TENSOR_MAP_DATA_TYPE_FLOAT16
    CHECK(words[1] == 2);       // two dimensions
    CHECK(words[2] == address); // the global address as given
    CHECK(words[3] == 264);     // globalDim: the innermost (columns) first
    CHECK(words[4] == 300);
    CHECK(words[5] == 264 * 2); // globalStrides: bytes between rows, the outer dimension's alone
    CHECK(words[6] == 64);      // boxDim: columns, then rows
    CHECK(words[7] == 128);
    CHECK(words[8] == 1); // elementStrides: every element
    CHECK(words[9] == 1);
    CHECK(words[10] == 0); // CU_TENSOR_MAP_INTERLEAVE_NONE
    CHECK(words[11] == 3); // CU_TENSOR_MAP_SWIZZLE_128B
    CHECK(words[12] == 2); // CU_TENSOR_MAP_L2_PROMOTION_L2_128B
    CHECK(words[13] == 0); // CU_TENSOR_MAP_FLOAT_OOB_FILL_NONE: zeros outside
    const auto bfloat16 =
        words_of(tiles::cuda::make_tensor_map(address, tiles::element_type::bfloat16, 16, 8, {8, 16, 0}));
    CHECK(bfloat16[0] == 9);  // CU_TENSOR_MAP_DATA_TYPE_BFLOAT16
    CHECK(bfloat16[11] == 0); // CU_TENSOR_MAP_SWIZZLE_NONE
    // Floats, which the tf32 gemm reads as TF32: 4 bytes an element.
    const auto tf32 =
        words_of(tiles::cuda::make_tensor_map(address, tiles::element_type::float32, 40, 24, {8, 64, 64}));
    CHECK(tf32[0] == 11); // CU_TENSOR_MAP_DATA_TYPE_TFLOAT32
    CHECK(tf32[3] == 24);
    CHECK(tf32[5] == 24 * 4);
    CHECK(tf32[11] == 2); // CU_TENSOR_MAP_SWIZZLE_64B
}

TEST_CASE("a tensor map leaves the thread's own CUDA context current", "[libcuda-stand-in]") {
    // With a CUDA context of the caller's own current; the stand-in's encoder refuses in any
    // context but libtiles' (the first GPU's primary one).
    const auto current = stand_in_function<void* (*)()>("stand_in_current");
    int own_context = 0;
    void* after = nullptr;
    with_own_context_current(&own_context, [&] {
        tiles::cuda::make_tensor_map(0x7f0000001000, tiles::element_type::float16, 64, 64, {64, 64, 128});
        after = current();
    });
    CHECK(after == &own_context);
}

TEST_CASE("a tensor map of another element type or swizzle is refused before libcuda is asked", "[libcuda-stand-in]") {
    REQUIRE_THROWS_MENTIONING(tiles::cuda::make_tensor_map(0x1000, tiles::element_type::int32, 16, 16, {8, 8, 128}),
                              tiles::invalid_argument,
                              "tensor maps are made here for half, bfloat16 and float matrices, not int");
    REQUIRE_THROWS_MENTIONING(tiles::cuda::make_tensor_map(0x1000, tiles::element_type::float16, 16, 16, {8, 8, 96}),
                              tiles::invalid_argument, "a tensor map's swizzle is 0, 32, 64 or 128 bytes, not 96");
}

TEST_CASE("a tensor map libcuda refuses is refused naming the matrix, the box and libcuda's code",
          "[libcuda-refusing]") {
    REQUIRE_THROWS_MENTIONING(
        tiles::cuda::make_tensor_map(4096, tiles::element_type::float16, 300, 264, {64, 128, 128}),
        tiles::unsupported_feature, "cuTensorMapEncodeTiled refused a 300x264 matrix at 4096 in boxes of 128x64",
        "(CUresult 1)");
}

TEST_CASE("with a libcuda older than CUDA 12 tensor maps are refused, saying so", "[libcuda-older]") {
    CHECK(tiles::cuda::tensor_maps_missing() ==
          "libcuda.so.1 has no cuTensorMapEncodeTiled (a driver older than CUDA 12)");
    REQUIRE_THROWS_MENTIONING(tiles::cuda::make_tensor_map(4096, tiles::element_type::float16, 16, 16, {8, 8, 0}),
                              tiles::unsupported_feature, "libcuda.so.1 has no cuTensorMapEncodeTiled");
}
