// libtiles: OpenCL status names, the mapping of OpenCL failures to libtiles exceptions, and
// the argument checks the typed shells share.
#include <limits>
#include <sstream>

#include "opencl.hpp"
#include "tiles/detail/checks.hpp"
#include "tiles/exceptions.hpp"
#include "tiles/extent.hpp"

namespace tiles {

const char* cl_status_name(int status) {
    switch (status) {
#define TILES_CL_STATUS(name)                                                                                          \
    case name:                                                                                                         \
        return #name;
        TILES_CL_STATUS(CL_DEVICE_NOT_FOUND)
        TILES_CL_STATUS(CL_DEVICE_NOT_AVAILABLE)
        TILES_CL_STATUS(CL_COMPILER_NOT_AVAILABLE)
        TILES_CL_STATUS(CL_MEM_OBJECT_ALLOCATION_FAILURE)
        TILES_CL_STATUS(CL_OUT_OF_RESOURCES)
        TILES_CL_STATUS(CL_OUT_OF_HOST_MEMORY)
        TILES_CL_STATUS(CL_PROFILING_INFO_NOT_AVAILABLE)
        TILES_CL_STATUS(CL_MEM_COPY_OVERLAP)
        TILES_CL_STATUS(CL_BUILD_PROGRAM_FAILURE)
        TILES_CL_STATUS(CL_MAP_FAILURE)
        TILES_CL_STATUS(CL_MISALIGNED_SUB_BUFFER_OFFSET)
        TILES_CL_STATUS(CL_EXEC_STATUS_ERROR_FOR_EVENTS_IN_WAIT_LIST)
        TILES_CL_STATUS(CL_COMPILE_PROGRAM_FAILURE)
        TILES_CL_STATUS(CL_LINK_PROGRAM_FAILURE)
        TILES_CL_STATUS(CL_KERNEL_ARG_INFO_NOT_AVAILABLE)
        TILES_CL_STATUS(CL_INVALID_VALUE)
        TILES_CL_STATUS(CL_INVALID_DEVICE_TYPE)
        TILES_CL_STATUS(CL_INVALID_PLATFORM)
        TILES_CL_STATUS(CL_INVALID_DEVICE)
        TILES_CL_STATUS(CL_INVALID_CONTEXT)
        TILES_CL_STATUS(CL_INVALID_QUEUE_PROPERTIES)
        TILES_CL_STATUS(CL_INVALID_COMMAND_QUEUE)
        TILES_CL_STATUS(CL_INVALID_HOST_PTR)
        TILES_CL_STATUS(CL_INVALID_MEM_OBJECT)
        TILES_CL_STATUS(CL_INVALID_BINARY)
        TILES_CL_STATUS(CL_INVALID_BUILD_OPTIONS)
        TILES_CL_STATUS(CL_INVALID_PROGRAM)
        TILES_CL_STATUS(CL_INVALID_PROGRAM_EXECUTABLE)
        TILES_CL_STATUS(CL_INVALID_KERNEL_NAME)
        TILES_CL_STATUS(CL_INVALID_KERNEL_DEFINITION)
        TILES_CL_STATUS(CL_INVALID_KERNEL)
        TILES_CL_STATUS(CL_INVALID_ARG_INDEX)
        TILES_CL_STATUS(CL_INVALID_ARG_VALUE)
        TILES_CL_STATUS(CL_INVALID_ARG_SIZE)
        TILES_CL_STATUS(CL_INVALID_KERNEL_ARGS)
        TILES_CL_STATUS(CL_INVALID_WORK_DIMENSION)
        TILES_CL_STATUS(CL_INVALID_WORK_GROUP_SIZE)
        TILES_CL_STATUS(CL_INVALID_WORK_ITEM_SIZE)
        TILES_CL_STATUS(CL_INVALID_GLOBAL_OFFSET)
        TILES_CL_STATUS(CL_INVALID_EVENT_WAIT_LIST)
        TILES_CL_STATUS(CL_INVALID_EVENT)
        TILES_CL_STATUS(CL_INVALID_OPERATION)
        TILES_CL_STATUS(CL_INVALID_BUFFER_SIZE)
        TILES_CL_STATUS(CL_INVALID_GLOBAL_WORK_SIZE)
        TILES_CL_STATUS(CL_INVALID_PROPERTY)
        TILES_CL_STATUS(CL_PLATFORM_NOT_FOUND_KHR)
#undef TILES_CL_STATUS
    default:
        return "CL_UNKNOWN_STATUS";
    }
}

} // namespace tiles

namespace tiles::detail {

void throw_cl_error(cl_int status, const std::string& what) {
    const std::string message = what + " failed: " + cl_status_name(status) + " (" + std::to_string(status) + ")";
    switch (status) {
    case CL_MEM_OBJECT_ALLOCATION_FAILURE:
    case CL_OUT_OF_HOST_MEMORY:
    case CL_OUT_OF_RESOURCES:
    case CL_INVALID_BUFFER_SIZE:
        throw out_of_memory(message, status);
    default:
        throw runtime_exception(message, status);
    }
}

void check_tile_shape(int rank, const int* tile_dims) {
    for (int d = 0; d < rank; ++d)
        if (tile_dims[d] <= 0) {
            std::ostringstream os;
            os << "the extent of dimension " << d << " of the tile (" << tile_dims[d]
               << ") is not positive; tile dimensions must be at least 1";
            throw invalid_compute_domain(os.str());
        }
}

void check_divisor(int dividend, int divisor, const char* operation) {
    if (divisor == 0 || (divisor == -1 && dividend == std::numeric_limits<int>::min())) {
        std::ostringstream os;
        os << "index or extent arithmetic: " << dividend << ' ' << operation << ' ' << divisor << " in a component "
           << (divisor == 0 ? "divides by zero" : "is beyond an int");
        throw invalid_argument(os.str());
    }
}

int padded_extent(int d, int extent, int tile) {
    const long long padded = (static_cast<long long>(extent) + tile - 1) / tile * tile;
    if (padded > std::numeric_limits<int>::max()) {
        std::ostringstream os;
        os << "pad(): the extent of dimension " << d << " (" << extent << ") rounded up to whole tiles of " << tile
           << " is " << padded << ", beyond the largest extent, " << std::numeric_limits<int>::max();
        throw invalid_compute_domain(os.str());
    }
    return int(padded);
}

std::string extent_problem(int rank, const int* components, const char* what) {
    for (int d = 0; d < rank; ++d)
        if (components[d] <= 0) {
            std::ostringstream os;
            os << "the extent of dimension " << d << " of " << what << " (" << components[d]
               << ") is not positive; every dimension must be at least 1";
            return os.str();
        }
    return {};
}

void check_extent(int rank, const int* components, const char* what) {
    const std::string problem = extent_problem(rank, components, what);
    if (!problem.empty()) throw invalid_argument(problem);
}

void check_host_range(std::size_t available, std::size_t needed, const char* what) {
    if (available < needed) {
        std::ostringstream os;
        os << what << " holds " << available << " elements, but its extent needs " << needed;
        throw invalid_argument(os.str());
    }
}

void check_section(int rank, const int* origin, const int* e, const int* whole) {
    const std::string problem = extent_problem(rank, e, "a section");
    if (!problem.empty()) throw invalid_argument(problem);
    for (int d = 0; d < rank; ++d)
        // Compared as whole - origin, which cannot overflow an int where origin + e can.
        if (origin[d] < 0 || e[d] > whole[d] - origin[d]) {
            std::ostringstream os;
            os << "a section of dimension " << d << " from " << origin[d] << " to "
               << static_cast<long long>(origin[d]) + e[d] << " does not lie within the view's extent (" << whole[d]
               << ") there";
            throw invalid_argument(os.str());
        }
}

void throw_extents_differ(const char* what) {
    throw invalid_argument(std::string(what) + ": the source and destination have the same number of elements "
                                               "but different extents");
}

void check_same_size(std::size_t source, std::size_t destination, const char* what) {
    if (source != destination) {
        std::ostringstream os;
        os << what << ": the source has " << source << " elements, the destination " << destination;
        throw invalid_argument(os.str());
    }
}

} // namespace tiles::detail
