// libtiles engine: launches. A launch's arguments and compute domain, untyped, as the typed
// parallel_for_each, the C API and the algorithms hand them over, and the calls that check them
// against the kernel and the device, bring the data to the context and enqueue the kernel.
#pragma once

#include <array>
#include <cstddef>
#include <initializer_list>
#include <memory>
#include <string>
#include <type_traits>
#include <vector>

#include "tiles/element_type.hpp"
#include "tiles/engine/context.hpp"
#include "tiles/engine/image.hpp"
#include "tiles/engine/storage.hpp"
#include "tiles/kernel.hpp"

struct _cl_event; // OpenCL's cl_event is a pointer to it

namespace tiles::engine {

// The bytes of a scalar or of a value a C++ kernel captures: inline up to 64 (a struct of a few
// numbers, an extent), so that such a launch allocates nothing, on the heap beyond.
class argument_bytes {
  public:
    void assign(const void* value, std::size_t size) {
        beyond_.resize(size > held_.size() ? size : 0);
        unsigned char* to = beyond_.empty() ? held_.data() : beyond_.data();
        // Byte by byte, without <cstring>: glibc's <string.h> declares ::index(), and C++ AMP's
        // `using namespace concurrency; index<2> i;` would find it beside tiles::index.
        const auto* from = static_cast<const unsigned char*>(value);
        for (std::size_t i = 0; i < size; ++i) to[i] = from[i];
    }
    const unsigned char* data() const { return beyond_.empty() ? held_.data() : beyond_.data(); }

  private:
    std::array<unsigned char, 64> held_{};
    std::vector<unsigned char> beyond_{};
};

// The highest rank of an array or view whose extent a kernel is given (C++ AMP's kernels take any
// rank; the prelude's tiles_extent_4 .. tiles_extent_8 carry them).
inline constexpr int max_memory_rank = 8;

// One launch argument, untyped: what the engine needs to set and check a kernel parameter.
// A `number` has no type of its own (a Python int or float, say): it is converted to its
// parameter's type at launch, if the value fits there exactly enough.
struct launch_arg {
    enum class kind { memory, scalar, number, local, value, image } what;
    std::shared_ptr<storage> memory; // kind::memory
    box region{};                    // kind::memory: the part of it passed (a section, or all)
    element_layout layout{};         // kind::memory: the elements as the view sees them (reinterpret_as)
    bool read_only = false;          // kind::memory: a view of const elements
    const char* container = "";      // kind::memory: "array" or "array_view", for messages
    int rank = 0;                    // kind::memory: its rank, for extent_of (0: the region's, less leading 1s)
    std::array<int, max_memory_rank> extent{}; // kind::memory: its extent in AMP order, for extent_of
    element_type scalar_type{};                // kind::scalar; kind::number: int64 or float64
    std::size_t bytes = 0;            // kind::scalar and kind::value: size of the value; kind::local: size asked
    argument_bytes value_bytes{};     // kind::scalar; kind::value: a trivially copyable value (a struct, extent, index)
    std::shared_ptr<image> texture{}; // kind::image: a texture, for an image parameter of its rank
    folded_box elements{};            // kind::memory: a section of a reshaped view's own elements in region
};

// A texture's image, for a C++ kernel's image parameter.
inline launch_arg image_arg(std::shared_ptr<image> texture) {
    launch_arg arg{launch_arg::kind::image, nullptr};
    arg.rank = texture->rank();
    arg.texture = std::move(texture);
    return arg;
}

// Sets the rank and the extent (`rank` components, AMP order) of the array or view `arg` passes,
// which the kernel's extent_of gives: a view's own, since the box of the storage it covers may lie
// in rows of another length (view_as and reinterpret_as keep the bytes and change the shape).
inline void set_shape(launch_arg& arg, int rank, const int* extent) {
    arg.rank = rank;
    for (int d = 0; d < rank && d < max_memory_rank; ++d) arg.extent[std::size_t(d)] = extent[d];
}

// The compute domain, untyped: rank, extent and (for tiled launches) tile, in AMP order. A rank
// above 3 (untiled launches only) keeps its extent in extent_above_3, the three-component arrays
// unused; the launch folds it onto OpenCL's three dimensions.
struct launch_domain {
    int rank = 0;
    std::array<int, 3> extent{};
    std::array<int, 3> tile{};
    bool tiled = false;
    std::vector<int> extent_above_3{};
};

// OpenCL events (cl_event) a launch or copy waits for, and where it puts the event of what it
// enqueued (owned by the caller), for pipelines that order their own OpenCL work around it.
struct opencl_events {
    _cl_event* const* wait_for = nullptr;
    std::size_t wait_count = 0;
    _cl_event** done = nullptr;
};

// The one rule for where work runs (a launch, an algorithm, on every face): `given` where it is
// not null; else, as C++ AMP's automatic selection, where the first of `operands` that is meant
// for a context lives (associated_of: an array's, a view of one's, a staging array's associated
// context); else the default context. Storage over host memory is meant for none; null operands
// are passed over.
std::shared_ptr<context> context_for(const std::shared_ptr<context>& given, const storage* const* operands,
                                     std::size_t count);
inline std::shared_ptr<context> context_for(const std::shared_ptr<context>& given,
                                            std::initializer_list<const storage*> operands) {
    return context_for(given, operands.begin(), operands.size());
}

// An operand as the faces that hold data of no elements (the C API's callers, Python) give it to
// context_for: its storage; or, for data of no elements, which has none (an OpenCL buffer holds a
// byte at least), the context that data is meant for (an array's), null where it is meant for none
// (a view of host memory).
struct operand_place {
    const storage* data = nullptr;
    std::shared_ptr<context> empty_on{};
};
// The same rule over such operands: data of no elements counts where it stands in the list, as
// any array or view does.
std::shared_ptr<context> context_for(const std::shared_ptr<context>& given, const operand_place* operands,
                                     std::size_t count);

// Checks the domain and the arguments against the kernel and the device, brings the
// arguments' data to the context, and enqueues the kernel, on the context context_for picks of
// the arguments' data.
void launch(const std::shared_ptr<context>& context, const launch_domain& domain, const kernel& k,
            const launch_arg* args, std::size_t count, const opencl_events& events = {});

// Builds the kernel for the context and the domain's rank and tile shape; returns its warnings.
std::string build(const std::shared_ptr<context>& context, const launch_domain& domain, const kernel& k);

// What build_optional found of a kernel its caller can do without: why it does not build for the
// context's device ("" where it does), and whether this call is the one that tried it (the first
// on the device), so that the caller says once what it does instead.
struct optional_build {
    std::string refusal;
    bool tried_now = false;
};
// Builds `k` as build() does, once a device for each program (text and options) it makes: what it
// found is kept in the device's description (device_info::tried), so that a later call, on any
// context of the device that shares it, builds nothing where the program was refused (checked
// contexts, and those over queues of devices libtiles did not list, describe their device anew and
// try again; where it built, launches still build it on their own context, from the program
// caches). A refusal is the route's unsupported_feature or the compiler's build_error; other errors
// are thrown.
optional_build build_optional(const std::shared_ptr<context>& context, const launch_domain& domain, const kernel& k);

// What building a whole source found: the names of its kernels, and the compiler's warnings.
struct source_build {
    std::vector<std::string> kernel_names;
    std::string build_log;
};

// Builds `source` with `options` for the context once, as a launch of any of its kernels over a
// domain of `domain`'s rank and tile shape would (an untiled rank-1 one where it is null), so that
// such launches of every kernel of the source compile nothing; for callers that check a source of
// several kernels before launching them (the C API's tiles_program_build). Throws build_error as a
// launch would. A C++ source is so too where every kernel's index is that domain's; where one's is
// not (or without a domain) it is built whole with no index checked, and launches build their kernels.
source_build build_source(const std::shared_ptr<context>& context, const std::string& source,
                          const std::string& options, kernel_language language = kernel_language::opencl_c,
                          const launch_domain* domain = nullptr);

// A scalar argument: the value, of exactly the parameter's type.
template <class T, class = std::enable_if_t<std::is_arithmetic_v<T> && !std::is_same_v<T, bool>>>
launch_arg scalar_arg(T value) {
    launch_arg arg{launch_arg::kind::scalar, nullptr};
    arg.scalar_type = element_type_of<T>;
    arg.bytes = sizeof(T);
    arg.value_bytes.assign(&value, sizeof(T));
    return arg;
}

// A value passed by its bytes (value_arg): a trivially copyable struct, extent or index that a C++
// kernel captures, for a parameter of that type, whose size on the device the launch checks.
inline launch_arg value_arg(const void* value, std::size_t size) {
    launch_arg arg{launch_arg::kind::value, nullptr};
    arg.bytes = size;
    arg.value_bytes.assign(value, size);
    return arg;
}

} // namespace tiles::engine
