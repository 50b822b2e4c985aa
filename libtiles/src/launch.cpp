// libtiles: parallel_for_each's engine. Everything that can be refused is checked before any
// data moves: the domain against AMP's rules and the device's limits, the arguments against
// the kernel's parameters. Then the data is brought to the view and the kernel enqueued, the
// tile shape reversed so that AMP's last dimension is OpenCL's dimension 0.
#include <algorithm>
#include <cmath>
#include <cstdint>
#include <cstring>
#include <functional>
#include <limits>
#include <mutex>
#include <numeric>
#include <optional>
#include <sstream>
#include <vector>

#include "checked_run.hpp"
#include "kernel_cache.hpp"
#include "storage.hpp"
#include "tiles/array.hpp"
#include "tiles/detail/checks.hpp"
#include "tiles/exceptions.hpp"

namespace tiles::detail {
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

void check_domain(const launch_domain& domain, const device_info& device) {
    if (domain.rank < 1 || (domain.rank > 3 && domain.extent_above_3.size() != std::size_t(domain.rank)))
        throw invalid_argument("a compute domain has rank 1 or more, not " + std::to_string(domain.rank));
    if (domain.rank > 3 && domain.tiled)
        throw invalid_compute_domain("a tiled compute domain has rank 1, 2 or 3, as in C++ AMP, not " +
                                     std::to_string(domain.rank));
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

void check_tile_fits_kernel(const launch_domain& domain, const compiled_kernel& k, const device_info& device,
                            std::size_t local_arg_bytes) {
    if (domain.tiled) {
        const std::size_t threads = tile_work_items(domain);
        const std::size_t limit = std::min(device.max_work_group_size, k.work_group_size);
        if (threads > limit) {
            std::ostringstream os;
            os << "a tile of " << threads << " threads (" << shape(domain.tile, domain.rank) << ") exceeds the "
               << limit << " threads '" << device.name << "' can run in one tile of kernel '" << k.name
               << "' (device limit " << device.max_work_group_size << ", kernel limit " << k.work_group_size << ")";
            throw invalid_compute_domain(os.str());
        }
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
bool type_matches(element_type type, const kernel_param& p) { return !p.builtin || p.element == type; }

template <class T> T scalar_value(const launch_arg& a) {
    T value;
    std::memcpy(&value, a.scalar_bytes.data(), sizeof value);
    return value;
}

template <class T> launch_arg scalar_of(T value) {
    launch_arg arg{launch_arg::kind::scalar, nullptr};
    arg.scalar_type = element_type_of<T>;
    arg.bytes = sizeof value;
    std::memcpy(arg.scalar_bytes.data(), &value, sizeof value);
    return arg;
}

// An integer as parameter type T, if it fits.
template <class T> std::optional<launch_arg> integer_as(std::int64_t v) {
    if constexpr (std::is_floating_point_v<T>)
        return scalar_of(T(v));
    else if (v < std::int64_t(std::numeric_limits<T>::min()) ||
             (v > 0 && std::uint64_t(v) > std::uint64_t(std::numeric_limits<T>::max())))
        return std::nullopt;
    else
        return scalar_of(T(v));
}

// A real number as a float, or nothing if it is finite but beyond float's range (inf and nan stay
// as they are): converting it would be undefined, and in practice an infinity the caller never gave.
std::optional<launch_arg> real_as_float(double v) {
    if (std::isfinite(v) && std::fabs(v) > double(std::numeric_limits<float>::max())) return std::nullopt;
    return scalar_of(float(v));
}

std::string describe_param(const compiled_kernel& k, std::size_t i) {
    const kernel_param& p = k.params[i];
    const char* space = p.address == CL_KERNEL_ARG_ADDRESS_GLOBAL     ? "__global "
                        : p.address == CL_KERNEL_ARG_ADDRESS_LOCAL    ? "__local "
                        : p.address == CL_KERNEL_ARG_ADDRESS_CONSTANT ? "__constant "
                                                                      : "";
    return "argument " + std::to_string(i) + " of kernel '" + k.name + "' ('" + p.name + "', a " + space +
           (p.points_to_const && p.address != CL_KERNEL_ARG_ADDRESS_CONSTANT ? "const " : "") + p.type_name + ")";
}

std::string describe_arg(const launch_arg& a) {
    switch (a.what) {
    case launch_arg::kind::memory: {
        const element_layout l = a.layout;
        const std::string element =
            l.type == element_type::opaque ? std::to_string(l.size) + "-byte elements" : element_description(l.type);
        return std::string("an ") + a.container + " of " + (a.read_only ? "const " : "") + element;
    }
    case launch_arg::kind::scalar:
        return "a scalar " + element_description(a.scalar_type);
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
    }
    return "";
}

[[noreturn]] void refuse(const compiled_kernel& k, std::size_t i, const launch_arg& a, const std::string& why) {
    throw invalid_argument(describe_param(k, i) + " was given " + describe_arg(a) + ": " + why);
}

// A number argument converted to the type of the scalar parameter it goes to.
launch_arg typed_number(const compiled_kernel& k, std::size_t i, const launch_arg& a) {
    const kernel_param& p = k.params[i];
    if (p.pointer || p.address != CL_KERNEL_ARG_ADDRESS_PRIVATE)
        refuse(k, i, a, "numbers go to parameters passed by value");
    const std::string& base = p.base;
    const bool integral = a.scalar_type == element_type::int64;
    const std::int64_t i64 = integral ? scalar_value<std::int64_t>(a) : 0;
    const double real = integral ? 0.0 : scalar_value<double>(a);
    std::optional<launch_arg> typed;
    if (base == "float")
        typed = integral ? scalar_of(float(i64)) : real_as_float(real);
    else if (base == "double")
        typed = integral ? scalar_of(double(i64)) : scalar_of(real);
    else if (!integral)
        refuse(k, i, a, "it is not an integer");
    else if (base == "char")
        typed = integer_as<std::int8_t>(i64);
    else if (base == "uchar")
        typed = integer_as<std::uint8_t>(i64);
    else if (base == "short")
        typed = integer_as<std::int16_t>(i64);
    else if (base == "ushort")
        typed = integer_as<std::uint16_t>(i64);
    else if (base == "int")
        typed = integer_as<std::int32_t>(i64);
    else if (base == "uint")
        typed = integer_as<std::uint32_t>(i64);
    else if (base == "long")
        typed = integer_as<std::int64_t>(i64);
    else if (base == "ulong")
        typed = integer_as<std::uint64_t>(i64);
    else
        refuse(k, i, a, "libtiles cannot convert a number to that type; pass a value of the parameter's type");
    if (!typed) refuse(k, i, a, "it does not fit in a " + base);
    return *typed;
}

// Checks every argument against its parameter; returns the bytes of local memory passed.
std::size_t check_args(const compiled_kernel& k, const launch_arg* args, std::size_t count) {
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
            if (!type_matches(a.layout.type, p)) refuse(k, i, a, "the element types differ");
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
            if (pointer || p.address != CL_KERNEL_ARG_ADDRESS_PRIVATE)
                refuse(k, i, a, "numbers go to parameters passed by value");
            if (p.builtin && p.element != a.scalar_type)
                refuse(k, i, a, "pass a value of exactly the parameter's type");
            break;
        case launch_arg::kind::number:
            break; // typed_number() converted it already
        }
    }
    return local_bytes;
}

// What a kernel's extent_of(p) reads (hidden_extents.hpp, the prelude's tiles_extent): the extent
// of the array or view passed for p, in AMP order, components past its rank 1; zeros for others.
struct hidden_extent {
    cl_int extent[3];
};

hidden_extent hidden_extent_of(const launch_arg& a) {
    hidden_extent e{{0, 0, 0}};
    if (a.what != launch_arg::kind::memory) return e;
    int rank = a.rank;
    if (rank > 3) // its region is folded onto three dimensions; extent_of has three components
        throw invalid_argument("extent_of gives three components, and a kernel parameter was given an " +
                               std::string(a.container) + " of rank " + std::to_string(rank) +
                               ": pass the extent of data of rank above 3 by hand");
    if (rank == 0)
        for (rank = 3; rank > 1 && a.region.extent[std::size_t(3 - rank)] == 1;) --rank;
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
// that launches sharing data cannot deadlock; released when this goes. They live in vectors this
// thread reuses, like the bindings below, so that a launch allocates nothing.
class data_locks {
  public:
    data_locks(const launch_arg* args, std::size_t count) {
        static thread_local std::vector<storage*> data;
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
    static thread_local std::vector<std::unique_lock<std::mutex>> locks_;
};

thread_local std::vector<std::unique_lock<std::mutex>> data_locks::locks_;

accelerator_view view_for(const launch_arg* args, std::size_t count) {
    for (std::size_t i = 0; i < count; ++i)
        if (args[i].what == launch_arg::kind::memory)
            if (auto home = associated_of(*args[i].memory)) return accelerator_view(home);
    return default_view();
}

} // namespace

std::string build(const accelerator_view& view, const launch_domain& domain, const kernel& k) {
    context_state& ctx = *view.state();
    const device_info& device = *ctx.device();
    ctx.check_runs_kernels("building a kernel");
    check_domain(domain, device);
    const std::shared_ptr<compiled_kernel> compiled = k.impl()->compiled_for(ctx, domain);
    check_tile_fits_kernel(domain, *compiled, device, 0);
    return compiled->build_log;
}

void launch(const accelerator_view* chosen, const launch_domain& domain, const kernel& k, const launch_arg* args,
            std::size_t count, const opencl_events& events) {
    const accelerator_view view = chosen != nullptr ? *chosen : view_for(args, count);
    context_state& ctx = *view.state();
    const device_info& device = *ctx.device();
    ctx.check_runs_kernels("a launch");
    check_domain(domain, device);
    const std::shared_ptr<compiled_kernel> compiled = k.impl()->compiled_for(ctx, domain);
    std::vector<launch_arg> typed; // a copy of the arguments, made only if numbers need types
    if (count == compiled->params.size())
        for (std::size_t i = 0; i < count; ++i)
            if (args[i].what == launch_arg::kind::number) {
                if (typed.empty()) typed.assign(args, args + count);
                typed[i] = typed_number(*compiled, i, args[i]);
            }
    if (!typed.empty()) args = typed.data();
    const std::size_t local_bytes = check_args(*compiled, args, count);
    check_tile_fits_kernel(domain, *compiled, device, local_bytes);

    std::lock_guard<std::mutex> lock(compiled->launch_mutex);
    const data_locks locked(args, count);
    // Everything this launch enqueues (uploads, section copies, the kernel) waits for the caller's
    // events: the queue is in order, and this barrier comes first.
    if (events.wait_count != 0)
        check(clEnqueueBarrierWithWaitList(ctx.queue()(), cl_uint(events.wait_count), events.wait_for, nullptr),
              "clEnqueueBarrierWithWaitList");
    cl_kernel kernel = compiled->kernel();
    // Reused from launch to launch of this thread, so that a launch allocates nothing.
    thread_local std::vector<launch_binding> bindings;
    bindings.assign(count, launch_binding{nullptr, false});
    for (std::size_t i = 0; i < count; ++i) {
        const launch_arg& a = args[i];
        const cl_uint index = cl_uint(i);
        switch (a.what) {
        case launch_arg::kind::memory: {
            const bool writes = !a.read_only && !compiled->params[i].points_to_const;
            bindings[i] = a.memory->begin_launch(view.state(), a.region, writes);
            check(clSetKernelArg(kernel, index, sizeof(cl_mem), &bindings[i].buffer), "clSetKernelArg");
            break;
        }
        case launch_arg::kind::scalar:
        case launch_arg::kind::number: // typed above
            check(clSetKernelArg(kernel, index, a.bytes, a.scalar_bytes.data()), "clSetKernelArg");
            break;
        case launch_arg::kind::local:
            check(clSetKernelArg(kernel, index, a.bytes, nullptr), "clSetKernelArg");
            break;
        }
    }
    // The hidden parameters of kernels that use extent_of: one clSetKernelArg of 12 bytes each.
    for (std::size_t h = 0; h < compiled->hidden_extents.size(); ++h) {
        const hidden_extent e = hidden_extent_of(args[compiled->hidden_extents[h]]);
        check(clSetKernelArg(kernel, cl_uint(count + h), sizeof e, &e), "clSetKernelArg");
    }
    const cl::NDRange global = ndrange(components(domain), domain.rank);
    const cl::NDRange local = domain.tiled ? ndrange(domain.tile.data(), domain.rank) : cl::NullRange;
    check(ctx.queue().enqueueNDRangeKernel(compiled->kernel, cl::NullRange, global, local), "clEnqueueNDRangeKernel");
    ctx.count_launch();
    for (std::size_t i = 0; i < count; ++i)
        if (args[i].what == launch_arg::kind::memory)
            args[i].memory->end_launch(view.state(), args[i].region, bindings[i]);
    // Work-items of a rank above 3 are reported by their folded three-dimensional index. A strict
    // checked view fails the launch here, with its kernel run and the queue finished.
    if (ctx.checked)
        ctx.checked->after_launch(ctx, std::min(domain.rank, 3), domain.tiled ? int(tile_work_items(domain)) : 0,
                                  k.source(), k.language() == kernel_language::cpp);
    // Completes when the kernel and the sections' copies back have. Made only once nothing can
    // fail the launch: a caller owns, and releases, the events of launches that succeeded.
    if (events.done != nullptr)
        check(clEnqueueMarkerWithWaitList(ctx.queue()(), 0, nullptr, events.done), "clEnqueueMarkerWithWaitList");
    ctx.enqueued();
}

} // namespace tiles::detail
