// libtiles: OpenCL's images and samplers in the clang-ptx route's LLVM IR, made into what NVIDIA's
// driver takes (its own compiler's PTX: `.target ..., texmode_independent`, images as `.param
// .texref` or `.surfref`, samplers as `.samplerref`). libclc has no image built-ins for PTX, so
// this rewrite defines those the program calls in LLVM IR, through the NVVM intrinsics that LLVM's
// NVPTX back end turns into tex, suld, sust, txq and suq.
#pragma once

#include <string>

namespace tiles::engine {

// Whether clang's LLVM IR of a program (nvptx64-nvidia-nvcl) uses images or samplers.
bool uses_images(const std::string& ir);

// That IR with every image built-in it calls defined, its constant samplers as `.samplerref`
// globals, its kernels' image and sampler parameters marked in `!nvvm.annotations` ("rdoimage",
// "wroimage", "rdwrimage", "sampler"), and every function it defines inlined where it is called
// (`alwaysinline`: an image reaches tex as its kernel's parameter, never through a call).
// Throws build_error, starting with `cannot`, for an image built-in it has no form of and for an
// image or sampler chosen at run time (a phi or select of them, or a sampler's bits).
std::string with_nvidia_images(const std::string& ir, const std::string& cannot);

} // namespace tiles::engine
