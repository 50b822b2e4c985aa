// libtiles engine: OpenCL status names, and the mapping of OpenCL failures to libtiles exceptions.
#include "base/opencl.hpp"
#include "tiles/exceptions.hpp"

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

namespace tiles::engine {

void throw_cl_error(cl_int status, const std::string& what) {
    const std::string message = what + " failed: " + cl_status_name(status) + " (" + std::to_string(status) + ")";
    switch (status) {
    case CL_MEM_OBJECT_ALLOCATION_FAILURE:
    case CL_OUT_OF_HOST_MEMORY:
    case CL_OUT_OF_RESOURCES:
    case CL_INVALID_BUFFER_SIZE:
        throw out_of_memory(message, status);
    case CL_DEVICE_NOT_AVAILABLE: // the device is gone: AMP's removed view
        throw accelerator_view_removed(message, status);
    default:
        throw runtime_exception(message, status);
    }
}

} // namespace tiles::engine
