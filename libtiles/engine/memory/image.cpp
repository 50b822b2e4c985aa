// libtiles engine: images (tiles/engine/image.hpp) on clCreateImage, filled and read whole on the
// context's queue, so that they come in order with its launches. Texels of two channels go to an
// image of four where the device has no two-channel format of their type (PoCL has none): the
// host's copies widen and narrow them, and kernels read and write the first two.
#include "tiles/engine/image.hpp"

#include <string>
#include <vector>

#include "base/opencl.hpp"
#include "context/context.hpp"
#include "devices/device_info.hpp"
#include "tiles/marked_names.hpp"

namespace tiles::engine {

struct image::held {
    cl::Memory memory;
    int stored_channels; // on the device: format.channels, or 4 for 2 where the device has no 2
};

namespace {

cl::ImageFormat opencl_format(const image_format& f, int channels) {
    static const cl_channel_order orders[] = {0, CL_R, CL_RG, 0, CL_RGBA};
    if (f.channels != 1 && f.channels != 2 && f.channels != 4)
        throw invalid_argument("a texture's elements have 1, 2 or 4 components, not " + std::to_string(f.channels));
    const cl_channel_type type = f.scalar == element_type::int32    ? CL_SIGNED_INT32
                                 : f.scalar == element_type::uint32 ? CL_UNSIGNED_INT32
                                 : f.scalar == element_type::float32
                                     ? CL_FLOAT
                                     : throw invalid_argument("a texture holds int, unsigned int or float components, "
                                                              "not " +
                                                              marked_element(f.scalar));
    return cl::ImageFormat(orders[channels], type);
}

// An extent in AMP order as OpenCL's width, height and depth (1 past the rank).
std::array<std::size_t, 3> region_of(int rank, const std::array<int, 3>& extent) {
    std::array<std::size_t, 3> region{1, 1, 1};
    for (int d = 0; d < rank; ++d) region[std::size_t(d)] = std::size_t(extent[std::size_t(rank - 1 - d)]);
    return region;
}

std::string extent_text(int rank, const std::array<int, 3>& extent) {
    std::string text;
    for (int d = 0; d < rank; ++d) text += (d ? "x" : "") + std::to_string(extent[std::size_t(d)]);
    return text;
}

// The device's largest image of `rank`, in OpenCL's order (width first).
std::array<std::size_t, 3> largest(const cl::Device& device, int rank) {
    if (rank == 1) return {device.getInfo<CL_DEVICE_IMAGE2D_MAX_WIDTH>(), 1, 1};
    if (rank == 2)
        return {device.getInfo<CL_DEVICE_IMAGE2D_MAX_WIDTH>(), device.getInfo<CL_DEVICE_IMAGE2D_MAX_HEIGHT>(), 1};
    return {device.getInfo<CL_DEVICE_IMAGE3D_MAX_WIDTH>(), device.getInfo<CL_DEVICE_IMAGE3D_MAX_HEIGHT>(),
            device.getInfo<CL_DEVICE_IMAGE3D_MAX_DEPTH>()};
}

// Whether the context's device holds images of `format` and `type` that kernels read and write.
bool supported(const context& ctx, cl_mem_object_type type, const cl::ImageFormat& format) {
    std::vector<cl::ImageFormat> formats;
    check(ctx.opencl_context().getSupportedImageFormats(CL_MEM_READ_WRITE, type, &formats),
          "clGetSupportedImageFormats");
    for (const cl::ImageFormat& f : formats)
        if (f.image_channel_order == format.image_channel_order &&
            f.image_channel_data_type == format.image_channel_data_type)
            return true;
    return false;
}

// The format the device stores `f` in: its own, or four channels for two.
cl::ImageFormat stored_format(const context& ctx, int rank, const image_format& f) {
    static const cl_mem_object_type types[] = {0, CL_MEM_OBJECT_IMAGE1D, CL_MEM_OBJECT_IMAGE2D, CL_MEM_OBJECT_IMAGE3D};
    const cl::ImageFormat own = opencl_format(f, f.channels);
    if (supported(ctx, types[rank], own)) return own;
    if (f.channels == 2 && supported(ctx, types[rank], opencl_format(f, 4))) return opencl_format(f, 4);
    throw unsupported_feature("'" + ctx.device()->name + "' has no images of rank " + std::to_string(rank) + " of " +
                              std::to_string(f.channels) + " " + marked_element(f.scalar) + " components");
}

cl::Memory make_image(const context& ctx, int rank, const std::array<std::size_t, 3>& size,
                      const cl::ImageFormat& format) {
    cl_int status = CL_SUCCESS;
    cl::Memory made;
    if (rank == 1)
        made = cl::Image1D(ctx.opencl_context(), CL_MEM_READ_WRITE, format, size[0], nullptr, &status);
    else if (rank == 2)
        made = cl::Image2D(ctx.opencl_context(), CL_MEM_READ_WRITE, format, size[0], size[1], 0, nullptr, &status);
    else
        made = cl::Image3D(ctx.opencl_context(), CL_MEM_READ_WRITE, format, size[0], size[1], size[2], 0, 0, nullptr,
                           &status);
    check(status, "clCreateImage");
    return made;
}

// Copies `count` texels of `from_bytes` each into slots of `to_bytes` (the rest left as it is).
void restride(const unsigned char* from, std::size_t from_bytes, unsigned char* to, std::size_t to_bytes,
              std::size_t count) {
    const std::size_t kept = from_bytes < to_bytes ? from_bytes : to_bytes;
    for (std::size_t t = 0; t < count; ++t)
        for (std::size_t b = 0; b < kept; ++b) to[t * to_bytes + b] = from[t * from_bytes + b];
}

} // namespace

image::image(const std::shared_ptr<context>& on, int rank, const std::array<int, 3>& extent, const image_format& format)
    : context_(on ? on : default_context()), rank_(rank), extent_(extent), format_(format) {
    context_->check_runs_kernels("a texture");
    if (rank < 1 || rank > 3) throw invalid_argument("a texture has rank 1, 2 or 3, not " + std::to_string(rank));
    const cl::Device& device = context_->device()->device;
    if (!device.getInfo<CL_DEVICE_IMAGE_SUPPORT>())
        throw unsupported_feature("'" + context_->device()->name + "' has no images, which textures need");
    const std::array<std::size_t, 3> most = largest(device, rank);
    const std::array<std::size_t, 3> size = region_of(rank, extent);
    for (int d = 0; d < rank; ++d)
        if (extent[std::size_t(rank - 1 - d)] < 1 || size[std::size_t(d)] > most[std::size_t(d)])
            throw invalid_argument("a texture of extent " + extent_text(rank, extent) + ": '" +
                                   context_->device()->name + "' holds images of 1 to " +
                                   std::to_string(most[std::size_t(d)]) + " texels in dimension " +
                                   std::to_string(rank - 1 - d));
    const cl::ImageFormat stored = stored_format(*context_, rank, format);
    const int stored_channels = stored.image_channel_order == CL_RGBA ? 4 : format.channels;
    held_ = std::make_unique<held>(held{make_image(*context_, rank, size, stored), stored_channels});
}

image::~image() = default;

_cl_mem* image::mem() const { return held_->memory(); }

std::size_t image::bytes() const {
    std::size_t texels = 1;
    for (int d = 0; d < rank_; ++d) texels *= std::size_t(extent_[std::size_t(d)]);
    return texels * format_.texel_bytes();
}

void image::write(const void* texels) {
    const std::array<std::size_t, 3> origin{0, 0, 0}, region = region_of(rank_, extent_);
    const std::size_t stored_bytes = std::size_t(held_->stored_channels) * 4, count = bytes() / format_.texel_bytes();
    std::vector<unsigned char> widened(stored_bytes == format_.texel_bytes() ? 0 : count * stored_bytes);
    if (!widened.empty())
        restride(static_cast<const unsigned char*>(texels), format_.texel_bytes(), widened.data(), stored_bytes, count);
    check(clEnqueueWriteImage(context_->queue()(), mem(), CL_TRUE, origin.data(), region.data(), 0, 0,
                              widened.empty() ? texels : widened.data(), 0, nullptr, nullptr),
          "clEnqueueWriteImage");
    context_->count_upload(bytes());
}

void image::read(void* texels) const {
    const std::array<std::size_t, 3> origin{0, 0, 0}, region = region_of(rank_, extent_);
    const std::size_t stored_bytes = std::size_t(held_->stored_channels) * 4, count = bytes() / format_.texel_bytes();
    std::vector<unsigned char> wide(stored_bytes == format_.texel_bytes() ? 0 : count * stored_bytes);
    check(clEnqueueReadImage(context_->queue()(), mem(), CL_TRUE, origin.data(), region.data(), 0, 0,
                             wide.empty() ? texels : wide.data(), 0, nullptr, nullptr),
          "clEnqueueReadImage");
    if (!wide.empty())
        restride(wide.data(), stored_bytes, static_cast<unsigned char*>(texels), format_.texel_bytes(), count);
    context_->count_download(bytes());
}

std::shared_ptr<image> image::copy() const {
    auto made = std::make_shared<image>(context_, rank_, extent_, format_);
    const std::array<std::size_t, 3> origin{0, 0, 0}, region = region_of(rank_, extent_);
    check(clEnqueueCopyImage(context_->queue()(), mem(), made->mem(), origin.data(), origin.data(), region.data(), 0,
                             nullptr, nullptr),
          "clEnqueueCopyImage");
    context_->count_device_copy(bytes());
    context_->enqueued();
    return made;
}

} // namespace tiles::engine
