// Images and samplers on the clang-ptx route: the PTX of kernels that read, sample and write images
// has the shapes of NVIDIA's own OpenCL compiler's (its PTX of the same kernels, printed by a probe
// on an H200): images as .texref or .surfref parameters, samplers as .samplerref, reads by tex,
// writes by sust.p, sizes by txq, and no call left to an image built-in that nothing defines.
#include <regex>
#include <string>

#include "fixture.hpp"
#include "programs/amp_program.hpp"
#include "routes/route_registry.hpp"

namespace {

// The PTX of clang-ptx for an NVIDIA device of compute capability 9.0.
std::string ptx_of(const std::string& program, const std::string& options, const std::string& built_for) {
    tiles::engine::device_info d;
    d.name = "NVIDIA H200";
    d.vendor = "NVIDIA Corporation";
    d.compute_capability = 90;
    const auto made = tiles::engine::compile_with_clang("clang-ptx", d, program, options, built_for);
    return std::string(made.binary.begin(), made.binary.end() - 1);
}

bool has(const std::string& ptx, const std::string& pattern) { return std::regex_search(ptx, std::regex(pattern)); }

// The kernels of NVIDIA's probe (a read at integer coordinates, one through a sampler parameter,
// one through a constant sampler with the image's width, a write, a 1-D read of integers).
const char* const probe_kernels = R"(
__constant sampler_t s = CLK_NORMALIZED_COORDS_FALSE | CLK_ADDRESS_CLAMP_TO_EDGE | CLK_FILTER_NEAREST;
__kernel void r2(__read_only image2d_t im, __global float4* out) {
  int x = get_global_id(0); out[x] = read_imagef(im, (int2)(x, 1)); }
__kernel void r2s(__read_only image2d_t im, sampler_t sm, __global float4* out) {
  int x = get_global_id(0); out[x] = read_imagef(im, sm, (float2)(x + 0.5f, 1.5f)); }
__kernel void r2c(__read_only image2d_t im, __global float4* out) {
  int x = get_global_id(0); out[x] = read_imagef(im, s, (float2)(x + 0.5f, 1.5f)) + (float4)(get_image_width(im)); }
__kernel void w2(__write_only image2d_t im, __global const float4* in) {
  int x = get_global_id(0); write_imagef(im, (int2)(x, 1), in[x]); }
__kernel void r1i(__read_only image1d_t im, __global int4* out) {
  int x = get_global_id(0); out[x] = read_imagei(im, x); }
)";

} // namespace

TEST_CASE("in PTX, the kernels of NVIDIA's image probe have the shapes its own compiler gives them", "[amp]") {
    const std::string ptx = ptx_of(probe_kernels, "", "the image probe's kernels");
    CHECK(has(ptx, "\\.target sm_86, texmode_independent"));
    // Parameters: images as .texref (read only) and .surfref (write only), a sampler as .samplerref.
    for (const char* p : {"r2_param_0", "r2s_param_0", "r2c_param_0", "r1i_param_0"})
        CHECK(has(ptx, std::string("\\.param \\.texref ") + p));
    CHECK(has(ptx, "\\.param \\.samplerref r2s_param_1"));
    CHECK(has(ptx, "\\.param \\.surfref w2_param_0"));
    // The constant sampler, and the one of a read that names none, as NVIDIA's compiler writes them.
    CHECK(has(ptx, "\\.global \\.samplerref \\w+ = \\{ addr_mode_0 = clamp_to_edge, addr_mode_1 = clamp_to_edge, "
                   "addr_mode_2 = clamp_to_edge, filter_mode = nearest, force_unnormalized_coords = 1 \\};"));
    CHECK(has(ptx, "\\.global \\.samplerref (\\w+) = \\{ addr_mode_0 = wrap, addr_mode_1 = wrap, addr_mode_2 = wrap, "
                   "filter_mode = nearest, force_unnormalized_coords = 1 \\};"));
    // Reads, sizes and writes.
    CHECK(has(ptx, "tex\\.2d\\.v4\\.f32\\.s32\\s+\\{%f\\d+, %f\\d+, %f\\d+, %f\\d+\\}, \\[r2_param_0, \\w+, \\{%r\\d+, "
                   "%r\\d+\\}\\];"));
    CHECK(has(ptx, "tex\\.2d\\.v4\\.f32\\.f32\\s+\\{[^}]*\\}, \\[r2s_param_0, r2s_param_1, \\{%f\\d+, %f\\d+\\}\\];"));
    CHECK(has(ptx, "tex\\.2d\\.v4\\.f32\\.f32\\s+\\{[^}]*\\}, \\[r2c_param_0, \\w+, \\{%f\\d+, %f\\d+\\}\\];"));
    CHECK(has(ptx, "txq\\.width\\.b32\\s+%r\\d+, \\[r2c_param_0\\];"));
    CHECK(has(ptx,
              "sust\\.p\\.2d\\.v4\\.b32\\.trap\\s+\\[w2_param_0, \\{%r\\d+, %r\\d+\\}\\], \\{%r\\d+, %r\\d+, %r\\d+, "
              "%r\\d+\\};"));
    // A 1-D image's integer coordinate as a float, as NVIDIA's compiler reads it.
    CHECK(has(ptx, "cvt\\.rn\\.f32\\.s32\\s+(%f\\d+), %r\\d+;\\s+tex\\.1d\\.v4\\.s32\\.f32\\s+\\{[^}]*\\}, "
                   "\\[r1i_param_0, \\w+, \\{\\1\\}\\];"));
    // Nothing left for ptxas to find undefined ("Unresolved extern function").
    CHECK_FALSE(has(ptx, "\\.extern|read_image|write_image|get_image_width"));
}

TEST_CASE("in PTX, integer coordinates of 3-D images are read as floats, as those of 1-D images", "[amp]") {
    const char* volume = "__kernel void volume(__read_only image3d_t im, __global uint4* out) {\n"
                         "  out[0] = read_imageui(im, (int4)((int)get_global_id(0), 2, 3, 0)); }\n";
    const std::string ptx = ptx_of(volume, "", "kernel 'volume'");
    CHECK(has(
        ptx,
        "tex\\.3d\\.v4\\.u32\\.f32\\s+\\{[^}]*\\}, \\[volume_param_0, \\w+, \\{%f\\d+, %f\\d+, %f\\d+, %f\\d+\\}\\];"));
}

TEST_CASE("in PTX, a C++ AMP kernel's textures are read by tex, sampled, read in place by suld and written by sust",
          "[amp]") {
    const char* source = R"(
void smooth(graphics::texture_view<const float, 2> in, graphics::writeonly_texture_view<float, 2> out,
            graphics::texture<int, 2>& counts, index<2> idx) restrict(amp) {
    const graphics::float_2 at((idx[1] + 0.5f) / in.extent[1], (idx[0] + 0.5f) / in.extent[0]);
    out.set(idx, in(idx) + in.sample<graphics::filter_linear, graphics::address_wrap>(at) + float(counts(idx)));
    counts.set(idx, counts(idx) + 1);
}
)";
    const std::string program = tiles::engine::amp_source(source, "", "kernel").program_for("smooth");
    const std::string ptx = ptx_of(program, " -DTILES_RANK=2 -DTILES_TILED=0", "kernel 'smooth'");
    CHECK(has(ptx, "\\.param \\.texref smooth_param_\\d+"));
    CHECK(has(ptx, "\\.param \\.surfref smooth_param_\\d+,[\\s\\S]*\\.param \\.surfref smooth_param_\\d+"));
    // A linear sampler that wraps, at normalized coordinates.
    CHECK(has(ptx, "\\.global \\.samplerref \\w+ = \\{ addr_mode_0 = wrap, addr_mode_1 = wrap, addr_mode_2 = wrap, "
                   "filter_mode = linear \\};"));
    CHECK(has(ptx, "tex\\.2d\\.v4\\.f32\\.s32\\s+\\{[^}]*\\}, \\[smooth_param_\\d+, \\w+, \\{%r\\d+, %r\\d+\\}\\];"));
    CHECK(has(ptx, "tex\\.2d\\.v4\\.f32\\.f32\\s+\\{[^}]*\\}, \\[smooth_param_\\d+, \\w+, \\{%f\\d+, %f\\d+\\}\\];"));
    // The texture of ints is read and written in place: a surface, read by its channels' bytes.
    CHECK(has(ptx, "suld\\.b\\.2d\\.b32\\.trap \\{%r\\d+\\}, \\[smooth_param_\\d+, \\{%r\\d+, %r\\d+\\}\\];"));
    CHECK(has(ptx, "sust\\.p\\.2d\\.v4\\.b32\\.trap\\s+\\[smooth_param_\\d+, \\{%r\\d+, %r\\d+\\}\\]"));
    CHECK_FALSE(has(ptx, "\\.extern|read_image|write_image"));
}

TEST_CASE("in PTX, an image built-in the route has no NVIDIA form of is refused, named", "[amp]") {
    const char* arrays = "__kernel void layers(__read_only image2d_array_t im, __global float4* out) {\n"
                         "  out[0] = read_imagef(im, (int4)(0, 0, 1, 0)); }\n";
    REQUIRE_THROWS_MENTIONING(ptx_of(arrays, "", "kernel 'layers'"), tiles::build_error,
                              "kernel 'layers' could not be built for 'NVIDIA H200'",
                              "no NVIDIA form of the image built-ins _Z11read_imagef20ocl_image2d_array_roDv4_i",
                              "get_image_dim of 1-, 2- and 3-dimensional images");
}

TEST_CASE("in PTX, a sampler chosen at run time is refused, saying how to name one per read", "[amp]") {
    // clang merges the two reads into one through a sampler of bits chosen at run time, which PTX
    // cannot name: each tex names its sampler.
    const char* chosen = R"(
__constant sampler_t wraps = CLK_NORMALIZED_COORDS_TRUE | CLK_FILTER_NEAREST | CLK_ADDRESS_REPEAT;
__constant sampler_t clamps = CLK_NORMALIZED_COORDS_TRUE | CLK_FILTER_LINEAR | CLK_ADDRESS_CLAMP;
float4 sampled(__read_only image2d_t im, sampler_t s) { return read_imagef(im, s, (float2)(0.5f, 0.5f)); }
__kernel void either(__read_only image2d_t im, __global float4* out, int wrap) {
  out[0] = wrap ? sampled(im, wraps) : sampled(im, clamps); }
)";
    REQUIRE_THROWS_MENTIONING(ptx_of(chosen, "", "kernel 'either'"), tiles::build_error,
                              "kernel 'either' could not be built for 'NVIDIA H200': it chooses a sampler at run time",
                              "`__attribute__((noinline))`, for each sampler");
}
