// libtiles engine: launches, parallel_for_each's engine. Everything that can be refused is checked
// before any data moves: the domain against AMP's rules and the device's limits, the arguments
// against the kernel's parameters. Then the data is brought to the context and the kernel
// enqueued, the tile shape reversed so that AMP's last dimension is OpenCL's dimension 0.
#include <algorithm>
#include <array>
#include <cmath>
#include <cstdint>
#include <cstring>
#include <functional>
#include <limits>
#include <mutex>
#include <numeric>
#include <optional>
#include <sstream>
#include <type_traits>
#include <utility>
#include <vector>

#include "checked/checked_run.hpp"
#include "checked/failure_record.hpp"
#include "launch/first_run.hpp"
#include "memory/storage.hpp"
#include "programs/kernel_cache.hpp"
#include "tiles/element_type_refusal.hpp"
#include "tiles/engine/checks.hpp"
#include "tiles/engine/kernel_limits.hpp"
#include "tiles/engine/launch.hpp"
#include "tiles/exceptions.hpp"
#include "tiles/marked_names.hpp"

namespace tiles::engine {
namespace {

std::string shape(const int* v, int rank) {
    std::ostringstream os;
    for (int d = 0; d < rank; ++d) os << (d ? "x" : "") << v[d];
    return os.str();
}
std::string shape(const std::array<int, 3>& v, int rank) { return shape(v.data(), rank); }

// The extent's components, of any rank.
const int* components(const launch_domain& domain) {
    return domain.rank > 3 ? domain.extent_above_3.data() : domain.extent.data();
}

// Tiled domains of rank above 3 do not get here: the typed shell's tiled extents have no more
// than 3 dimensions, and the C API refuses more.
void check_domain(const launch_domain& domain, const device_info& device) {
    if (domain.rank < 1 || (domain.rank > 3 && domain.extent_above_3.size() != std::size_t(domain.rank)))
        throw invalid_argument("a compute domain has rank 1 or more, not " + std::to_string(domain.rank));
    const std::string problem = extent_problem(domain.rank, components(domain), "the compute domain");
    if (!problem.empty()) throw invalid_compute_domain(problem);
    // As in C++ AMP, whose extent::size() is an unsigned int: drivers fail on larger domains
    // (PoCL aborts the process), and none could run them in reasonable time.
    // (Each factor is below 2^31, so the product is checked before it can overflow.)
    std::uint64_t work_items = 1;
    for (int d = 0; d < domain.rank; ++d) {
        work_items *= std::uint64_t(components(domain)[d]);
        if (work_items > std::numeric_limits<std::uint32_t>::max()) {
            throw invalid_compute_domain("the compute domain " + shape(components(domain), domain.rank) +
                                         " has more work-items than C++ AMP's limit of 4294967295 (2^32 - 1)");
        }
    }
    if (!domain.tiled) return;
    for (int d = 0; d < domain.rank; ++d) {
        if (domain.tile[d] <= 0 || domain.extent[d] % domain.tile[d] != 0) {
            std::ostringstream os;
            os << "the extent of dimension " << d << " of the compute domain (" << domain.extent[d]
               << ") cannot be evenly divided by the extent of dimension " << d << " of the tile (" << domain.tile[d]
               << "); pad() or truncate() the tiled extent, or choose a tile that divides it";
            throw invalid_compute_domain(os.str());
        }
        const std::size_t limit = device.max_work_item_sizes[domain.rank - 1 - d];
        if (std::size_t(domain.tile[d]) > limit) {
            std::ostringstream os;
            os << "the extent of dimension " << d << " of the tile (" << domain.tile[d] << ") exceeds the " << limit
               << " work-items '" << device.name << "' allows along that dimension";
            throw invalid_compute_domain(os.str());
        }
    }
}

// Work-items per tile of a tiled domain.
std::size_t tile_work_items(const launch_domain& domain) {
    return std::accumulate(domain.tile.begin(), domain.tile.begin() + domain.rank, std::size_t(1),
                           std::multiplies<std::size_t>());
}

// A kernel that declares reqd_work_group_size runs only in tiles of that shape; OpenCL's refusal
// of others (CL_INVALID_WORK_GROUP_SIZE) would not say which shape.
void check_required_tile(const launch_domain& domain, const compiled_kernel& k) {
    const std::array<std::size_t, 3>& required = k.required_tile;
    if (required == std::array<std::size_t, 3>{0, 0, 0}) return;
    // The launch's tile in OpenCL's order, as reqd_work_group_size gives it: AMP's last dimension first.
    std::array<std::size_t, 3> tile{1, 1, 1};
    if (domain.tiled)
        for (int d = 0; d < std::min(domain.rank, 3); ++d)
            tile[std::size_t(d)] = std::size_t(domain.tile[domain.rank - 1 - d]);
    if (domain.tiled && tile == required) return;
    std::ostringstream os;
    os << "kernel '" << k.name << "' declares __attribute__((reqd_work_group_size(" << required[0] << ", "
       << required[1] << ", " << required[2] << "))), so it runs only in tiles of ";
    const int required_rank = required[2] > 1 ? 3 : required[1] > 1 ? 2 : 1;
    const int rank = std::max(required_rank, domain.tiled ? std::min(domain.rank, 3) : 1);
    for (int d = 0; d < rank; ++d) os << (d ? " x " : "") << required[std::size_t(rank - 1 - d)];
    os << " work-items (AMP's order, the reverse of OpenCL's)";
    if (domain.tiled)
        os << ", not the launch's tile of " << shape(domain.tile, domain.rank);
    else
        os << ": launch it over an extent tiled so, not untiled";
    throw invalid_compute_domain(os.str());
}

void check_tile_fits_kernel(const launch_domain& domain, const compiled_kernel& k, const device_info& device,
                            std::size_t local_arg_bytes) {
    check_required_tile(domain, k);
    // The kernel's CL_KERNEL_WORK_GROUP_SIZE is not checked here: NVIDIA's driver reports 256 for
    // every kernel, the tile every kernel can run whatever its registers, and runs larger tiles
    // where the registers allow. The enqueue decides (enqueue_kernel).
    if (domain.tiled && tile_work_items(domain) > device.max_work_group_size) {
        std::ostringstream os;
        os << "a tile of " << tile_work_items(domain) << " threads (" << shape(domain.tile, domain.rank)
           << ") exceeds the " << device.max_work_group_size << " threads '" << device.name
           << "' can run in one tile (device limit " << device.max_work_group_size << ")";
        throw invalid_compute_domain(os.str());
    }
    const std::uint64_t needed = k.local_mem_size + local_arg_bytes;
    if (needed > device.local_mem_size) {
        std::ostringstream os;
        os << "kernel '" << k.name << "' needs " << needed << " bytes of tile_static memory (" << k.local_mem_size
           << " declared in the kernel, " << local_arg_bytes << " passed as local_memory), more than the "
           << device.local_mem_size << " bytes '" << device.name << "' has";
        throw out_of_memory(os.str(), CL_OUT_OF_RESOURCES);
    }
}

// Whether data of `type` may be passed for pointer parameter `p`. Structs and typedefs are opaque
// to libtiles: any data of their size may go there (check_args compares the sizes), and opaque
// data only there.
bool type_matches(element_type type, const kernel_param& p) {
    return !p.builtin || p.element == type || p.complex_element == type;
}

template <class T> T scalar_value(const launch_arg& a) {
    T value;
    std::memcpy(&value, a.value_bytes.data(), sizeof value);
    return value;
}

// An integer as parameter type T, if it fits.
template <class T> std::optional<launch_arg> integer_as(std::int64_t v) {
    if (v < std::int64_t(std::numeric_limits<T>::min()) ||
        (v > 0 && std::uint64_t(v) > std::uint64_t(std::numeric_limits<T>::max())))
        return std::nullopt;
    return scalar_arg(T(v));
}

// A real number as parameter type T (float or double), or nothing if it is finite but beyond T's
// range (inf and nan stay as they are): converting it would be undefined, and in practice an
// infinity the caller never gave.
template <class T> std::optional<launch_arg> real_as(double v) {
    if (std::isfinite(v) && std::fabs(v) > double(std::numeric_limits<T>::max())) return std::nullopt;
    return scalar_arg(T(v));
}

// Calls f with a value of the C++ type of `type` (cpp_type_of).
template <class F, std::size_t... Types> void visit_type(element_type type, F&& f, std::index_sequence<Types...>) {
    ((std::size_t(type) == Types ? f(cpp_type_of<element_type(Types)>{}) : void()), ...);
}
template <class F> void visit_type(element_type type, F&& f) {
    visit_type(type, std::forward<F>(f), std::make_index_sequence<std::size_t(element_type_count)>());
}

std::string describe_param(const compiled_kernel& k, std::size_t i) {
    const kernel_param& p = k.params[i];
    const char* space = p.address == CL_KERNEL_ARG_ADDRESS_GLOBAL     ? "__global "
                        : p.address == CL_KERNEL_ARG_ADDRESS_LOCAL    ? "__local "
                        : p.address == CL_KERNEL_ARG_ADDRESS_CONSTANT ? "__constant "
                                                                      : "";
    return "argument " + std::to_string(i) + " of kernel '" + k.name + "' ('" + p.name + "', " +
           with_article(space +
                        std::string(p.points_to_const && p.address != CL_KERNEL_ARG_ADDRESS_CONSTANT ? "const " : "") +
                        p.type_name) +
           ")";
}

std::string describe_arg(const launch_arg& a) {
    switch (a.what) {
    case launch_arg::kind::memory: {
        const element_layout l = a.layout;
        const std::string element =
            l.type == element_type::opaque ? std::to_string(l.size) + "-byte elements" : marked_element(l.type);
        return std::string("an ") + a.container + " of " + (a.read_only ? "const " : "") + element;
    }
    case launch_arg::kind::scalar:
        return "a scalar " + marked_element(a.scalar_type);
    case launch_arg::kind::number: {
        std::ostringstream os;
        if (a.scalar_type == element_type::int64)
            os << "the integer " << scalar_value<std::int64_t>(a);
        else
            os << "the number " << scalar_value<double>(a);
        return os.str();
    }
    case launch_arg::kind::local:
        return "local_memory of " + std::to_string(a.bytes) + " bytes";
    case launch_arg::kind::value:
        return "a value of " + std::to_string(a.bytes) + " bytes";
    case launch_arg::kind::image:
        return "a texture of rank " + std::to_string(a.rank);
    }
    return "";
}

std::string refusal(const compiled_kernel& k, std::size_t i, const launch_arg& a, const std::string& why) {
    return describe_param(k, i) + " was given " + describe_arg(a) + ": " + why;
}

[[noreturn]] void refuse(const compiled_kernel& k, std::size_t i, const launch_arg& a, const std::string& why) {
    throw names_marked<invalid_argument>(refusal(k, i, a, why));
}

// A number argument converted to the type of the scalar parameter it goes to: an integer to any of
// OpenCL's integers that holds it, or to float or double; a real number to float or double.
launch_arg typed_number(const compiled_kernel& k, std::size_t i, const launch_arg& a) {
    const kernel_param& p = k.params[i];
    if (p.pointer || p.address != CL_KERNEL_ARG_ADDRESS_PRIVATE || p.by_value)
        refuse(k, i, a, "numbers go to parameters passed by value");
    const bool integral = a.scalar_type == element_type::int64;
    const std::int64_t i64 = integral ? scalar_value<std::int64_t>(a) : 0;
    const double real = integral ? 0.0 : scalar_value<double>(a);
    bool converts = false, takes_reals = false;
    std::optional<launch_arg> typed;
    if (p.element)
        visit_type(*p.element, [&](auto zero) {
            using T = decltype(zero);
            if constexpr (std::is_arithmetic_v<T>) {
                converts = true;
                takes_reals = std::is_floating_point_v<T>;
                if constexpr (std::is_floating_point_v<T>)
                    typed = integral ? scalar_arg(T(i64)) : real_as<T>(real);
                else
                    typed = integral ? integer_as<T>(i64) : std::nullopt;
            }
        });
    if (!integral && !takes_reals) refuse(k, i, a, "it is not an integer");
    if (!converts)
        refuse(k, i, a, "libtiles cannot convert a number to that type; pass a value of the parameter's type");
    if (!typed) refuse(k, i, a, "it does not fit in a " + p.base);
    return *typed;
}

// Checks every argument against its parameter; where numbers are among them, `typed` receives a
// copy of the arguments with the numbers converted to their parameters' types. Returns the bytes
// of local memory passed.
std::size_t check_args(const compiled_kernel& k, const launch_arg* args, std::size_t count,
                       std::vector<launch_arg>& typed) {
    if (count != k.params.size())
        throw invalid_argument("kernel '" + k.name + "' takes " + std::to_string(k.params.size()) + " arguments, " +
                               std::to_string(count) + (count == 1 ? " was" : " were") + " given");
    std::size_t local_bytes = 0;
    for (std::size_t i = 0; i < count; ++i) {
        const kernel_param& p = k.params[i];
        const launch_arg& a = args[i];
        const bool pointer = p.pointer;
        switch (a.what) {
        case launch_arg::kind::memory:
            if (!pointer || (p.address != CL_KERNEL_ARG_ADDRESS_GLOBAL && p.address != CL_KERNEL_ARG_ADDRESS_CONSTANT))
                refuse(k, i, a, "arrays and views go to __global or __constant pointer parameters");
            if (!type_matches(a.layout.type, p))
                throw refused_element_type<invalid_argument>(refusal(k, i, a, "the element types differ"),
                                                             {refusal_kind::parameter, a.layout.type, p.element, ""});
            if (p.rank != 0 && a.rank != 0 && a.rank != p.rank)
                refuse(k, i, a,
                       "it has rank " + std::to_string(a.rank) + ", the kernel's has rank " + std::to_string(p.rank));
            if (p.pointee_size != 0 && a.layout.size != p.pointee_size)
                refuse(k, i, a,
                       "its elements are " + std::to_string(a.layout.size) + " bytes, but a " + p.base + " is " +
                           std::to_string(p.pointee_size) + " bytes on the device");
            if (a.read_only && !p.points_to_const)
                refuse(k, i, a, "the kernel may write through this parameter; declare it const");
            break;
        case launch_arg::kind::local:
            if (!pointer || p.address != CL_KERNEL_ARG_ADDRESS_LOCAL)
                refuse(k, i, a, "local_memory goes to __local (tile_static) pointer parameters");
            if (a.bytes == 0) refuse(k, i, a, "local memory must have at least one byte");
            local_bytes += a.bytes;
            break;
        case launch_arg::kind::scalar:
            if (pointer || p.address != CL_KERNEL_ARG_ADDRESS_PRIVATE || p.by_value)
                refuse(k, i, a, "numbers go to parameters passed by value");
            if (p.builtin && p.element != a.scalar_type)
                refuse(k, i, a, "pass a value of exactly the parameter's type");
            break;
        case launch_arg::kind::value:
            if (!p.by_value) refuse(k, i, a, "values go to a C++ kernel's captures of their type");
            if (p.pointee_size != 0 && a.bytes != p.pointee_size)
                refuse(k, i, a,
                       with_article(p.type_name) + " is " + std::to_string(p.pointee_size) +
                           " bytes on the device: the host's and the device's definitions differ");
            break;
        case launch_arg::kind::image:
            if (p.type_name.rfind("image" + std::to_string(a.rank) + "d", 0) != 0)
                refuse(k, i, a, "textures go to image parameters of their rank");
            break;
        case launch_arg::kind::number:
            if (typed.empty()) typed.assign(args, args + count);
            typed[i] = typed_number(k, i, a);
            break;
        }
    }
    return local_bytes;
}

// What a kernel's extent_of(p) reads (hidden_extents.hpp, the prelude's tiles_extent): the extent
// of the array or view passed for p, in AMP order, components past its rank 1; zeros for others.
// A view's own extent, not its region's shape: the rows of a view through view_as need not be
// those of the storage beneath it, and a kernel that indexed the region's rows would write
// outside the view. A C++ kernel's array or view of rank above 3 is given all its components.
struct hidden_extent {
    cl_int extent[max_memory_rank];
    std::size_t components = 3;
};

// `declared_rank`: the rank of the C++ kernel's array or view parameter, 0 for OpenCL C's pointers.
hidden_extent hidden_extent_of(const launch_arg& a, int declared_rank) {
    hidden_extent e{{0, 0, 0}};
    if (a.what == launch_arg::kind::image)
        for (int d = 0; d < 3; ++d) e.extent[d] = d < a.rank ? cl_int(a.texture->extent()[std::size_t(d)]) : 1;
    if (a.what != launch_arg::kind::memory) return e;
    if (a.rank > 3 && declared_rank == a.rank && a.rank <= max_memory_rank) {
        for (int d = 0; d < a.rank; ++d) e.extent[d] = cl_int(a.extent[std::size_t(d)]);
        e.components = std::size_t(a.rank);
        return e;
    }
    if (a.rank > 3) // its region is folded onto three dimensions; extent_of has three components
        throw invalid_argument("extent_of gives three components, and a kernel parameter was given an " +
                               std::string(a.container) + " of rank " + std::to_string(a.rank) +
                               ": pass the extent of data of rank above 3 by hand");
    if (a.rank > 0) {
        for (int d = 0; d < 3; ++d) e.extent[d] = d < a.rank ? cl_int(a.extent[std::size_t(d)]) : 1;
        return e;
    }
    // A whole storage of no stated rank (the algorithms' operands): the region's shape.
    int rank = 3;
    while (rank > 1 && a.region.extent[std::size_t(3 - rank)] == 1) --rank;
    for (int d = 0; d < 3; ++d) e.extent[d] = d < rank ? cl_int(a.region.extent[std::size_t(3 - rank + d)]) : 1;
    return e;
}

cl::NDRange ndrange(const int* amp_order, int rank) {
    switch (rank) {
    case 1:
        return cl::NDRange(amp_order[0]);
    case 2:
        return cl::NDRange(amp_order[1], amp_order[0]);
    case 3:
        return cl::NDRange(amp_order[2], amp_order[1], amp_order[0]);
    default: {
        // Dimensions 0 .. rank - 3 folded into OpenCL's dimension 2 (the prelude unfolds them).
        std::size_t folded = 1;
        for (int d = 0; d <= rank - 3; ++d) folded *= std::size_t(amp_order[d]);
        return cl::NDRange(std::size_t(amp_order[rank - 1]), std::size_t(amp_order[rank - 2]), folded);
    }
    }
}

// The locks of the arguments' storages, each taken once and all in one order (by address), so
// that launches sharing data cannot deadlock; released when this goes. They live in the kernel's
// launch scratch.
class data_locks {
  public:
    data_locks(launch_scratch& scratch, const launch_arg* args, std::size_t count) : locks_(scratch.locks) {
        std::vector<storage*>& data = scratch.data;
        data.clear();
        for (std::size_t i = 0; i < count; ++i)
            if (args[i].what == launch_arg::kind::memory) data.push_back(args[i].memory.get());
        std::sort(data.begin(), data.end(), std::less<storage*>());
        data.erase(std::unique(data.begin(), data.end()), data.end());
        try {
            for (storage* s : data) locks_.push_back(s->lock_for_launch());
        } catch (...) {
            locks_.clear();
            throw;
        }
    }
    ~data_locks() { locks_.clear(); }
    data_locks(const data_locks&) = delete;
    data_locks& operator=(const data_locks&) = delete;

  private:
    std::vector<std::unique_lock<std::mutex>>& locks_;
};

// Checked mode: the views whose host memory was written behind libtiles' back, with no refresh(),
// while the launch's context holds an old copy, which the kernel would read. Reported before
// anything is enqueued: a strict context refuses the launch. Outside checked mode, nothing.
void check_host_writes(context& ctx, const std::shared_ptr<context>& context, const kernel& k, const launch_arg* args,
                       std::size_t count) {
    if (!ctx.checked) return;
    std::vector<diagnostic> found;
    for (std::size_t i = 0; i < count; ++i) {
        if (args[i].what != launch_arg::kind::memory || !args[i].memory->host_written_unseen(context, args[i].region))
            continue;
        diagnostic d;
        d.kind = diagnostic_kind::host_write;
        d.space = memory_space::global;
        d.kernel = k.name();
        d.message = "argument " + std::to_string(i) + " (an " + args[i].container +
                    ") views host memory that was written after the view was last used, without refresh(): "
                    "the launch reads the device's old copy of those elements. Call refresh() on the view "
                    "(tiles_view_refresh) after writing its host memory, or write through the view";
        found.push_back(std::move(d));
    }
    ctx.checked->report_found(std::move(found));
}

// Enqueues the kernel. A tile larger than the CL_KERNEL_WORK_GROUP_SIZE the driver reported for it
// may still run (NVIDIA's drivers report 256 for every kernel and run up to 1024 threads where the
// kernel's registers fit a block's); where the driver refuses it, the refusal names the numbers.
void enqueue_kernel(const context& ctx, const compiled_kernel& k, const launch_domain& domain,
                    const cl::NDRange& global, const cl::NDRange& local, cl::Event* done) {
    const cl_int status = ctx.queue().enqueueNDRangeKernel(k.kernel, cl::NullRange, global, local, nullptr, done);
    const std::size_t threads = domain.tiled ? tile_work_items(domain) : 0;
    if ((status == CL_INVALID_WORK_GROUP_SIZE || status == CL_OUT_OF_RESOURCES) && threads > k.work_group_size) {
        std::ostringstream os;
        os << "a tile of " << threads << " threads (" << shape(domain.tile, domain.rank) << ") is more than '"
           << ctx.device()->name << "' can run in one tile of kernel '" << k.name
           << "': its driver refused the launch (" << cl_status_name(status) << "); it promises " << k.work_group_size
           << " threads for this kernel (CL_KERNEL_WORK_GROUP_SIZE; device limit " << ctx.device()->max_work_group_size
           << "), and a larger tile runs only where the kernel's registers and private memory per thread allow";
        throw invalid_compute_domain(os.str());
    }
    check(status, "clEnqueueNDRangeKernel");
}

// The kernel compiled for a launch on `ctx`, once the domain is one the device can run.
std::shared_ptr<compiled_kernel> compiled_for_launch(context& ctx, const launch_domain& domain, const kernel& k) {
    ctx.check_runs_kernels("a launch");
    check_domain(domain, *ctx.device());
    return k.impl()->compiled_for(ctx, domain);
}

// Such a kernel's failure is known only once the launch has waited for its end, and a launch that
// may wait for work only the caller releases (a user event, say) must never wait. The record is the
// whole source's (amp_program.cpp), so the kernel named may not call them itself.
void check_failure_record_waits(context& ctx, const compiled_kernel& compiled, const opencl_events& events) {
    if (compiled.reports_failure && (ctx.may_wait_for_callers() || events.wait_count != 0))
        throw invalid_argument(
            "kernel '" + compiled.name +
            "' is of a source that calls direct3d_errorf, direct3d_abort or view_as, whose kernels' launches wait "
            "for the kernel's end to report a failure; on an adopted context or after the caller's events that "
            "could be for ever, so they are launched only on a view of libtiles' own without wait_for events");
}

// The arguments checked against the kernel's parameters, and its tile against what the kernel can
// run with their local memory: `args`, or `typed` where numbers needed their parameters' types.
const launch_arg* checked_args(const launch_domain& domain, const compiled_kernel& compiled, const device_info& device,
                               const launch_arg* args, std::size_t count, std::vector<launch_arg>& typed) {
    const std::size_t local_bytes = check_args(compiled, args, count, typed);
    check_tile_fits_kernel(domain, compiled, device, local_bytes);
    return typed.empty() ? args : typed.data();
}

// Everything this launch enqueues (uploads, section copies, the kernel) waits for the caller's
// events: the queue is in order, and this barrier comes first.
void wait_for_callers_events(context& ctx, const opencl_events& events) {
    if (events.wait_count == 0) return;
    ctx.note_callers_events();
    check(clEnqueueBarrierWithWaitList(ctx.queue()(), cl_uint(events.wait_count), events.wait_for, nullptr),
          "clEnqueueBarrierWithWaitList");
}

// Brings each memory argument to the context and sets the kernel's arguments: the launch's, then
// the hidden extents of kernels that use extent_of (one clSetKernelArg of 12 bytes each, more above rank 3), then the
// failure record of kernels that can fail. Returns the memory arguments' bindings, to end with the
// launch.
std::vector<launch_binding>& bind_args(context& ctx, const std::shared_ptr<context>& context, compiled_kernel& compiled,
                                       const launch_arg* args, std::size_t count) {
    cl_kernel kernel = compiled.kernel();
    std::vector<launch_binding>& bindings = compiled.scratch.bindings;
    bindings.assign(count, launch_binding{nullptr, false, false});
    for (std::size_t i = 0; i < count; ++i) {
        const launch_arg& a = args[i];
        const cl_uint index = cl_uint(i);
        if (a.what == launch_arg::kind::memory) {
            const bool writes = !a.read_only && !compiled.params[i].points_to_const;
            bindings[i] = a.memory->begin_launch(context, a.region, a.elements, writes);
            check(clSetKernelArg(kernel, index, sizeof(cl_mem), &bindings[i].buffer), "clSetKernelArg");
        } else if (a.what == launch_arg::kind::image) {
            if (a.texture->on() != context)
                throw invalid_argument("argument " + std::to_string(i) + " of kernel '" + compiled.name +
                                       "' is a texture of another accelerator_view than the launch's, on '" +
                                       a.texture->on()->device()->name + "'");
            cl_mem texture = a.texture->mem();
            check(clSetKernelArg(kernel, index, sizeof(cl_mem), &texture), "clSetKernelArg");
        } else { // a scalar (numbers are typed as scalars by now), a value, or local memory, which has none
            const void* value = a.what == launch_arg::kind::local ? nullptr : a.value_bytes.data();
            check(clSetKernelArg(kernel, index, a.bytes, value), "clSetKernelArg");
        }
    }
    for (std::size_t h = 0; h < compiled.hidden_extents.size(); ++h) {
        const std::size_t p = compiled.hidden_extents[h];
        const hidden_extent e = hidden_extent_of(args[p], compiled.params[p].rank);
        check(clSetKernelArg(kernel, cl_uint(count + h), e.components * sizeof(cl_int), e.extent), "clSetKernelArg");
    }
    if (compiled.reports_failure) bind_failure_record(ctx, compiled, cl_uint(count + compiled.hidden_extents.size()));
    return bindings;
}

// Enqueues the kernel over the domain, timing its first run where that is logged.
void run_kernel(context& ctx, compiled_kernel& compiled, const launch_domain& domain) {
    const cl::NDRange global = ndrange(components(domain), domain.rank);
    const cl::NDRange local = domain.tiled ? ndrange(domain.tile.data(), domain.rank) : cl::NullRange;
    const bool timed = time_first_run(compiled.first_run_timed, ctx.may_wait_for_callers());
    cl::Event run;
    const double enqueued_at_ms = timed ? steady_now_ms() : 0;
    enqueue_kernel(ctx, compiled, domain, global, local, timed ? &run : nullptr);
    if (timed) {
        compiled.first_run_timed = true;
        log_first_run(run, enqueued_at_ms, "kernel '" + compiled.name + "'", ctx.device()->name);
    }
    ctx.count_launch();
}

// The failure of a kernel that can fail (direct3d_errorf, direct3d_abort), or "" for none. Such a
// kernel is waited for here, the only launches that wait, and its record read and cleared before
// anything after it can throw.
std::string recorded_failure(context& ctx, compiled_kernel& compiled) {
    return compiled.reports_failure ? take_recorded_failure(ctx, compiled) : std::string();
}

// Ends each memory argument's part in the launch that bind_args began: a section's copy back, and
// every other copy of what the kernel may write made stale.
void end_memory_launches(const std::shared_ptr<context>& context, const launch_arg* args, std::size_t count,
                         const std::vector<launch_binding>& bindings) {
    for (std::size_t i = 0; i < count; ++i)
        if (args[i].what == launch_arg::kind::memory)
            args[i].memory->end_launch(context, args[i].region, args[i].elements, bindings[i]);
}

// Checked mode: what the launch found. Work-items of a rank above 3 are reported by their folded
// three-dimensional index. A strict checked context fails the launch here, with its kernel run and
// the queue finished; where the kernel failed too, the message says that first, and the findings
// stay in the view's report.
void report_checked_findings(context& ctx, const launch_domain& domain, const kernel& k, const launch_arg* args,
                             std::size_t count, const std::string& failure) {
    if (!ctx.checked) return;
    for (std::size_t i = 0; i < count; ++i)
        if (args[i].what == launch_arg::kind::memory) args[i].memory->record_host();
    try {
        ctx.checked->after_launch(ctx, std::min(domain.rank, 3), domain.tiled ? int(tile_work_items(domain)) : 0,
                                  k.source(), k.language() == kernel_language::cpp);
    } catch (const runtime_exception& found) {
        if (failure.empty()) throw;
        throw runtime_exception(failure + "; and " + found.what());
    }
}

// A kernel's recorded failure fails its launch, once the arguments' launches have ended.
void throw_kernel_failure(const std::string& failure) {
    if (!failure.empty()) throw runtime_exception(failure);
}

// Completes when the kernel and the sections' copies back have. Made only once nothing can fail the
// launch: a caller owns, and releases, the events of launches that succeeded.
void signal_done(context& ctx, const opencl_events& events) {
    if (events.done != nullptr)
        check(clEnqueueMarkerWithWaitList(ctx.queue()(), 0, nullptr, events.done), "clEnqueueMarkerWithWaitList");
    ctx.enqueued();
}

// The rule of context_for (launch.hpp) over the contexts meant_for(i) says the operands i < count
// are meant for (null for none), so that a launch reads its arguments in place rather than
// gathering them.
template <class MeantFor>
std::shared_ptr<context> context_by_rule(const std::shared_ptr<context>& given, std::size_t count, MeantFor meant_for) {
    if (given != nullptr) return given;
    for (std::size_t i = 0; i < count; ++i)
        if (std::shared_ptr<context> home = meant_for(i)) return home;
    return default_context();
}

std::shared_ptr<context> meant_for(const storage* operand) {
    return operand != nullptr ? associated_of(*operand) : nullptr;
}

} // namespace

std::shared_ptr<context> context_for(const std::shared_ptr<context>& given, const storage* const* operands,
                                     std::size_t count) {
    return context_by_rule(given, count, [operands](std::size_t i) { return meant_for(operands[i]); });
}

std::shared_ptr<context> context_for(const std::shared_ptr<context>& given, const operand_place* operands,
                                     std::size_t count) {
    return context_by_rule(given, count, [operands](std::size_t i) {
        return operands[i].data != nullptr ? meant_for(operands[i].data) : operands[i].empty_on;
    });
}

std::string build(const std::shared_ptr<context>& context, const launch_domain& domain, const kernel& k) {
    engine::context& ctx = *context;
    const device_info& device = *ctx.device();
    ctx.check_runs_kernels("building a kernel");
    check_domain(domain, device);
    const std::shared_ptr<compiled_kernel> compiled = k.impl()->compiled_for(ctx, domain);
    check_tile_fits_kernel(domain, *compiled, device, 0);
    return compiled->build_log;
}

std::size_t kernel_work_group_size(const std::shared_ptr<context>& context, const launch_domain& domain,
                                   const kernel& k) {
    engine::context& ctx = *context;
    ctx.check_runs_kernels("building a kernel");
    check_domain(domain, *ctx.device());
    return k.impl()->compiled_for(ctx, domain)->work_group_size;
}

optional_build build_optional(const std::shared_ptr<context>& context, const launch_domain& domain, const kernel& k) {
    device_info::tried_programs& tried = context->device()->tried;
    std::pair<std::string, std::string> program{k.impl()->launch_text(),
                                                k.impl()->launch_options_for(*context->device(), domain)};
    {
        std::lock_guard<std::mutex> lock(tried.mutex);
        if (auto found = tried.refusals.find(program); found != tried.refusals.end()) return {found->second, false};
    }
    std::string refusal;
    try {
        build(context, domain, k);
    } catch (const unsupported_feature& refused) { // the route's, on the device or the text
        refusal = refused.what();
    } catch (const build_error& refused) { // the compiler's
        refusal = refused.what();
    }
    // Where two threads tried it at once, one of them tells.
    std::lock_guard<std::mutex> lock(tried.mutex);
    return {refusal, tried.refusals.emplace(std::move(program), refusal).second};
}

void launch(const std::shared_ptr<context>& chosen, const launch_domain& domain, const kernel& k,
            const launch_arg* args, std::size_t count, const opencl_events& events) {
    const std::shared_ptr<context> context = context_by_rule(chosen, count, [args](std::size_t i) {
        if (args[i].what == launch_arg::kind::image) return args[i].texture->on();
        return meant_for(args[i].what == launch_arg::kind::memory ? args[i].memory.get() : nullptr);
    });
    engine::context& ctx = *context;
    const std::shared_ptr<compiled_kernel> compiled = compiled_for_launch(ctx, domain, k);
    check_failure_record_waits(ctx, *compiled, events);
    std::vector<launch_arg> typed; // allocated only where numbers need types
    args = checked_args(domain, *compiled, *ctx.device(), args, count, typed);

    const std::unique_lock<std::recursive_mutex> simulated = checked_run::simulator_turn(ctx);
    std::lock_guard<std::mutex> lock(compiled->launch_mutex);
    const data_locks locked(compiled->scratch, args, count);
    check_host_writes(ctx, context, k, args, count);
    wait_for_callers_events(ctx, events);
    const std::vector<launch_binding>& bindings = bind_args(ctx, context, *compiled, args, count);
    run_kernel(ctx, *compiled, domain);
    const std::string failure = recorded_failure(ctx, *compiled);
    end_memory_launches(context, args, count, bindings);
    report_checked_findings(ctx, domain, k, args, count, failure);
    throw_kernel_failure(failure);
    signal_done(ctx, events);
}

} // namespace tiles::engine
