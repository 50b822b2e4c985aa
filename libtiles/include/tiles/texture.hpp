// libtiles: C++ AMP's textures (concurrency::graphics::texture, texture_view and
// writeonly_texture_view) on OpenCL images. A texture<T, N> holds an extent<N> of texels of T
// (int, unsigned int, float, and their short vectors of 2 and 4 components) in an image of the
// engine (tiles/engine/image.hpp) on one accelerator_view; the host copies whole textures in and
// out. A C++ kernel captures a texture by reference and reads and writes it as C++ AMP does; the
// element access functions are the device's (kernels/amp_textures.clcpp) and are only declared here,
// so that tiles-amp's parse of a kernel resolves them.
#pragma once

#include <iterator>
#include <memory>
#include <string>
#include <type_traits>
#include <vector>

#include "tiles/accelerator.hpp"
#include "tiles/amp.hpp"
#include "tiles/cppamp/amp_short_vectors.h"
#include "tiles/engine/image.hpp"
#include "tiles/exceptions.hpp"
#include "tiles/extent.hpp"

namespace tiles::graphics {

namespace texture_detail {

// The image format of texels of T: its scalar type and its component count. A type that no OpenCL
// image holds is refused when the texture type is used, naming it.
template <class T> engine::image_format format_of() {
    using traits = concurrency::graphics::short_vector_traits<T>;
    using scalar = typename traits::value_type;
    static_assert(std::is_same_v<scalar, int> || std::is_same_v<scalar, unsigned int> || std::is_same_v<scalar, float>,
                  "a texture's elements are int, unsigned int or float, or their short vectors (int_2, uint_4, "
                  "float_2 ...): OpenCL's images hold no other channel type libtiles maps");
    static_assert(traits::size == 1 || traits::size == 2 || traits::size == 4,
                  "a texture's elements have 1, 2 or 4 components: OpenCL's images have no 3-channel format");
    return {element_type_of<scalar>, traits::size};
}

// The first `rank` of `components`, then 1s: an extent as the engine's image takes it.
inline std::array<int, 3> padded(const int* components, int rank) {
    std::array<int, 3> e{1, 1, 1};
    for (int d = 0; d < rank; ++d) e[std::size_t(d)] = components[d];
    return e;
}

} // namespace texture_detail

// C++ AMP's sampler modes: how texture_view<const T, N>::sample reads between texels (filter_mode)
// and past the edges (address_mode), with Direct3D's numbers, as C++ AMP's.
enum filter_mode { filter_point = 0, filter_linear = 1, filter_unknown = 0x7fffffff };
// Past the edges: repeated, mirrored, the edge's texel, or the border colour.
enum address_mode {
    address_wrap = 1,
    address_mirror = 2,
    address_clamp = 3,
    address_border = 4,
    address_unknown = 0x7fffffff
};

// C++ AMP's sampler, which a kernel captures by copy: a filter, an address mode and a border
// colour (for address_border; OpenCL's images have transparent black alone).
class sampler {
  public:
    // Linear filtering, clamped to the edges, as C++ AMP's default.
    sampler() = default;
    // The filter given, clamped to the edges.
    explicit sampler(filter_mode filter) : filter_(filter) {}
    // Linear filtering, with the address mode and border colour given.
    explicit sampler(address_mode address, concurrency::graphics::float_4 border = concurrency::graphics::float_4())
        : address_(address), border_(border) {}
    // The filter, address mode and border colour given.
    sampler(filter_mode filter, address_mode address,
            concurrency::graphics::float_4 border = concurrency::graphics::float_4())
        : filter_(filter), address_(address), border_(border) {}
    // The filter.
    filter_mode get_filter_mode() const { return filter_; }
    // The address mode.
    address_mode get_address_mode() const { return address_; }
    // The border colour.
    concurrency::graphics::float_4 get_border_color() const { return border_; }

  private:
    filter_mode filter_ = filter_linear;
    address_mode address_ = address_clamp;
    concurrency::graphics::float_4 border_{};
};

namespace texture_detail {

// The element access a kernel has to a texture or a view of one (kernels/amp_textures.clcpp),
// declared for tiles-amp's parse: reads, writes, and a texture_view<const T, N>'s samples.
template <class T, int N> class device_access {
  public:
    // Where a sample reads: normalized coordinates, x the fastest-varying dimension.
    using coordinates_type = typename concurrency::graphics::short_vector<float, N>::type;

    // The texel at an index, or at its components.
    T operator[](const tiles::index<N>& i) const;
    // The texel at index (i0) of a rank-1 texture.
    T operator[](int i0) const;
    // The texel at an index.
    T operator()(const tiles::index<N>& i) const;
    // The texel at (i0), (i0, i1) or (i0, i1, i2).
    T operator()(int i0) const;
    // The texel at (i0, i1).
    T operator()(int i0, int i1) const;
    // The texel at (i0, i1, i2).
    T operator()(int i0, int i1, int i2) const;
    // The texel at an index.
    T get(const tiles::index<N>& i) const;
    // Writes the texel at an index.
    void set(const tiles::index<N>& i, const T& value) const;
    // The texture sampled at `coordinates` by `s`.
    T sample(const sampler& s, const coordinates_type& coordinates) const;
    // The red components of the four texels a linear sample at `coordinates` reads (rank 2).
    concurrency::graphics::float_4 gather_red(const sampler& s, const coordinates_type& coordinates) const;
    // Their green components.
    concurrency::graphics::float_4 gather_green(const sampler& s, const coordinates_type& coordinates) const;
    // Their blue components.
    concurrency::graphics::float_4 gather_blue(const sampler& s, const coordinates_type& coordinates) const;
    // Their alpha components.
    concurrency::graphics::float_4 gather_alpha(const sampler& s, const coordinates_type& coordinates) const;
    // The texture sampled at `coordinates` with the filter and address mode given.
    template <filter_mode Filter = filter_linear, address_mode Address = address_clamp>
    T sample(const coordinates_type& coordinates) const;
};

} // namespace texture_detail

// C++ AMP's texture<T, N>: an extent<N> of texels of T in an OpenCL image on one accelerator_view.
template <class T, int N> class texture : public texture_detail::device_access<T, N> {
    static_assert(N >= 1 && N <= 3, "a texture has rank 1, 2 or 3");

  public:
    // The rank and the element type, as C++ AMP names them.
    static constexpr int rank = N;
    // The element type.
    using value_type = T;

    // Uninitialized texels on `view`.
    explicit texture(const tiles::extent<N>& e,
                     const tiles::accelerator_view& view = tiles::accelerator_view(engine::default_context()))
        : extent(e), accelerator_view(view),
          image_(std::make_shared<engine::image>(view.context(), N, texture_detail::padded(e.components().data(), N),
                                                 texture_detail::format_of<T>())) {}
    template <int M = N, class = std::enable_if_t<M == 1>>
    explicit texture(int e0, const tiles::accelerator_view& view = tiles::accelerator_view(engine::default_context()))
        : texture(tiles::extent<1>(e0), view) {}
    template <int M = N, class = std::enable_if_t<M == 2>>
    texture(int e0, int e1, const tiles::accelerator_view& view = tiles::accelerator_view(engine::default_context()))
        : texture(tiles::extent<2>(e0, e1), view) {}
    template <int M = N, class = std::enable_if_t<M == 3>>
    texture(int e0, int e1, int e2,
            const tiles::accelerator_view& view = tiles::accelerator_view(engine::default_context()))
        : texture(tiles::extent<3>(e0, e1, e2), view) {}

    // Texels copied from the host range [first, last), which holds the extent's number of them.
    template <class InputIt, class = typename std::iterator_traits<InputIt>::iterator_category>
    texture(const tiles::extent<N>& e, InputIt first, InputIt last,
            const tiles::accelerator_view& view = tiles::accelerator_view(engine::default_context()))
        : texture(e, view) {
        assign(first, last);
    }
    template <class InputIt, int M = N, class = std::enable_if_t<M == 1>,
              class = typename std::iterator_traits<InputIt>::iterator_category>
    texture(int e0, InputIt first, InputIt last) : texture(tiles::extent<1>(e0), first, last) {}
    template <class InputIt, int M = N, class = std::enable_if_t<M == 2>,
              class = typename std::iterator_traits<InputIt>::iterator_category>
    texture(int e0, int e1, InputIt first, InputIt last) : texture(tiles::extent<2>(e0, e1), first, last) {}
    template <class InputIt, int M = N, class = std::enable_if_t<M == 3>,
              class = typename std::iterator_traits<InputIt>::iterator_category>
    texture(int e0, int e1, int e2, InputIt first, InputIt last) : texture(tiles::extent<3>(e0, e1, e2), first, last) {}

    // A deep copy, as C++ AMP's: a texture of its own with the same texels, on the same view.
    texture(const texture& other)
        : extent(other.extent), accelerator_view(other.accelerator_view), image_(other.image_->copy()) {}

    // The extent, and the accelerator_view the texture lives on.
    tiles::extent<N> get_extent() const { return extent; }
    // The accelerator_view the texture lives on.
    tiles::accelerator_view get_accelerator_view() const { return accelerator_view; }
    // Bits of each component: 32, the only width libtiles' textures have.
    unsigned int get_bits_per_scalar_element() const { return 32; }
    // The texture's size in bytes.
    unsigned int get_data_length() const { return static_cast<unsigned int>(image_->bytes()); }

    // The texels, host range in, host range out (the extent's number of them, rows in AMP order).
    template <class InputIt> void assign(InputIt first, InputIt last) {
        const std::vector<T> texels(first, last);
        check_count(texels.size());
        image_->write(texels.data());
    }
    template <class OutputIt> void copy_to(OutputIt out) const {
        std::vector<T> texels(std::size_t(extent.size()));
        image_->read(texels.data());
        std::copy(texels.begin(), texels.end(), out);
    }
    // The same as bytes, C++ AMP's copy(texture, void*, size) and copy(const void*, size, texture).
    void write_bytes(const void* data, std::size_t bytes) {
        check_bytes(bytes);
        image_->write(data);
    }
    void read_bytes(void* data, std::size_t bytes) const {
        check_bytes(bytes);
        image_->read(data);
    }

    // The engine's image beneath the texture, which launches pass to kernels.
    const std::shared_ptr<engine::image>& image() const { return image_; }

    // C++ AMP's properties: the extent, and the accelerator_view the texture lives on.
    const tiles::extent<N> extent;
    // The accelerator_view the texture lives on.
    const tiles::accelerator_view accelerator_view;

  private:
    void check_count(std::size_t count) const {
        if (count != std::size_t(extent.size()))
            throw invalid_argument("a texture of " + std::to_string(extent.size()) + " texels was given " +
                                   std::to_string(count));
    }
    void check_bytes(std::size_t bytes) const {
        if (bytes < image_->bytes())
            throw invalid_argument("a texture of " + std::to_string(image_->bytes()) + " bytes was given a buffer of " +
                                   std::to_string(bytes));
    }

    std::shared_ptr<engine::image> image_;
};

// C++ AMP's texture_view<T, N> of a texture: read only (and sampled) where T is const, read and
// written otherwise.
template <class T, int N> class texture_view : public texture_detail::device_access<std::remove_const_t<T>, N> {
    using element = std::remove_const_t<T>;
    using viewed = std::conditional_t<std::is_const_v<T>, const texture<element, N>, texture<element, N>>;

  public:
    // The rank and the element type, as C++ AMP names them.
    static constexpr int rank = N;
    // The element type.
    using value_type = element;

    // A view of `t`.
    texture_view(viewed& t) : extent(t.extent), image_(t.image()) {}
    // A read-only view of a view.
    template <class U, class = std::enable_if_t<std::is_const_v<T> && std::is_same_v<U, element>>>
    texture_view(const texture_view<U, N>& v) : extent(v.extent), image_(v.image()) {}

    // The extent.
    tiles::extent<N> get_extent() const { return extent; }
    // The engine's image beneath the view.
    const std::shared_ptr<engine::image>& image() const { return image_; }

    // The extent, as C++ AMP's property.
    const tiles::extent<N> extent;

  private:
    std::shared_ptr<engine::image> image_;
};

// C++ AMP's writeonly_texture_view<T, N> of a texture: written, not read.
template <class T, int N> class writeonly_texture_view : public texture_detail::device_access<T, N> {
  public:
    // The rank and the element type, as C++ AMP names them.
    static constexpr int rank = N;
    // The element type.
    using value_type = T;

    // A view of `t`.
    writeonly_texture_view(texture<T, N>& t) : extent(t.extent), image_(t.image()) {}

    // The extent.
    tiles::extent<N> get_extent() const { return extent; }
    // The engine's image beneath the view.
    const std::shared_ptr<engine::image>& image() const { return image_; }

    // The extent, as C++ AMP's property.
    const tiles::extent<N> extent;

  private:
    std::shared_ptr<engine::image> image_;
};

// C++ AMP's copies between textures and the host.
template <class T, int N, class OutputIt> void copy(const texture<T, N>& src, OutputIt dst) { src.copy_to(dst); }
template <class T, int N, class InputIt> void copy(InputIt first, InputIt last, texture<T, N>& dst) {
    dst.assign(first, last);
}
template <class T, int N> void copy(const texture<T, N>& src, void* dst, unsigned int dst_byte_size) {
    src.read_bytes(dst, dst_byte_size);
}
template <class T, int N> void copy(const void* src, unsigned int src_byte_size, texture<T, N>& dst) {
    dst.write_bytes(src, src_byte_size);
}

} // namespace tiles::graphics

namespace tiles::amp_detail {

// A texture, by reference: the kernel's image parameter, read and written where the texture is
// not const (C++ AMP's texture& capture), read only where it is.
template <class T, int N> struct capture_of<graphics::texture<T, N>> {
    static std::string type(bool read_only) {
        return std::string(read_only ? "const " : "") + "concurrency::graphics::texture<" + device_type_name<T>() +
               ", " + std::to_string(N) + ">&";
    }
    static engine::launch_arg argument(const graphics::texture<T, N>& t) { return engine::image_arg(t.image()); }
};

// A texture_view or writeonly_texture_view, by copy: an image parameter as the view's type says.
template <class T, int N> struct capture_of<graphics::texture_view<T, N>> {
    static std::string type(bool) {
        return "const concurrency::graphics::texture_view<" + device_type_name<T>() + ", " + std::to_string(N) + ">";
    }
    static engine::launch_arg argument(const graphics::texture_view<T, N>& v) { return engine::image_arg(v.image()); }
};
template <class T, int N> struct capture_of<graphics::writeonly_texture_view<T, N>> {
    static std::string type(bool) {
        return "const concurrency::graphics::writeonly_texture_view<" + device_type_name<T>() + ", " +
               std::to_string(N) + ">";
    }
    static engine::launch_arg argument(const graphics::writeonly_texture_view<T, N>& v) {
        return engine::image_arg(v.image());
    }
};

// A sampler, by its bytes, whose modes are checked here: OpenCL's images have no border colour but
// transparent black.
template <> struct capture_of<graphics::sampler> {
    static std::string type(bool) { return "const concurrency::graphics::sampler"; }
    static engine::launch_arg argument(const graphics::sampler& s) {
        const concurrency::graphics::float_4 b = s.get_border_color();
        if (s.get_filter_mode() != graphics::filter_point && s.get_filter_mode() != graphics::filter_linear)
            throw invalid_argument("a sampler's filter_mode is filter_point or filter_linear, not " +
                                   std::to_string(int(s.get_filter_mode())));
        if (s.get_address_mode() < graphics::address_wrap || s.get_address_mode() > graphics::address_border)
            throw invalid_argument("a sampler's address_mode is address_wrap, _mirror, _clamp or _border, not " +
                                   std::to_string(int(s.get_address_mode())));
        if (s.get_address_mode() == graphics::address_border && (b.x != 0 || b.y != 0 || b.z != 0 || b.w != 0))
            throw unsupported_feature("a sampler's border colour is (" + std::to_string(b.x) + ", " +
                                      std::to_string(b.y) + ", " + std::to_string(b.z) + ", " + std::to_string(b.w) +
                                      "): OpenCL's images give (0, 0, 0, 0) past the border, and libtiles no other");
        return engine::value_arg(&s, sizeof s);
    }
};

} // namespace tiles::amp_detail
