// libtiles tests: a pipeline's own OpenCL objects, made with OpenCL's C API on the default
// device, and their reference counts, for the interop tests of the C++ and C APIs.
#pragma once

#include <catch2/catch.hpp>

#ifndef CL_TARGET_OPENCL_VERSION
#define CL_TARGET_OPENCL_VERSION 120
#endif
#include <CL/cl.h>

#include <chrono>
#include <future>
#include <string>
#include <thread>
#include <vector>

struct opencl_pipeline {
    cl_device_id device = nullptr;
    cl_context context = nullptr;
    cl_command_queue queue = nullptr;

    explicit opencl_pipeline(cl_command_queue_properties properties = 0) {
        cl_platform_id platform = nullptr;
        REQUIRE(clGetPlatformIDs(1, &platform, nullptr) == CL_SUCCESS);
        REQUIRE(clGetDeviceIDs(platform, CL_DEVICE_TYPE_ALL, 1, &device, nullptr) == CL_SUCCESS);
        cl_int status = CL_SUCCESS;
        context = clCreateContext(nullptr, 1, &device, nullptr, nullptr, &status);
        REQUIRE(status == CL_SUCCESS);
        queue = clCreateCommandQueue(context, device, properties, &status);
        REQUIRE(status == CL_SUCCESS);
    }
    ~opencl_pipeline() {
        if (queue) clReleaseCommandQueue(queue);
        if (context) clReleaseContext(context);
    }

    cl_mem buffer(std::size_t bytes) const {
        cl_int status = CL_SUCCESS;
        cl_mem b = clCreateBuffer(context, CL_MEM_READ_WRITE, bytes, nullptr, &status);
        REQUIRE(status == CL_SUCCESS);
        return b;
    }

    // The pipeline's own kernel `name` from `source`.
    cl_kernel kernel(const char* source, const char* name) const {
        cl_int status = CL_SUCCESS;
        cl_program program = clCreateProgramWithSource(context, 1, &source, nullptr, &status);
        REQUIRE(clBuildProgram(program, 1, &device, nullptr, nullptr, nullptr) == CL_SUCCESS);
        cl_kernel k = clCreateKernel(program, name, &status);
        REQUIRE(status == CL_SUCCESS);
        clReleaseProgram(program);
        return k;
    }

    std::vector<float> read(cl_mem b, std::size_t n) const {
        std::vector<float> out(n);
        REQUIRE(clEnqueueReadBuffer(queue, b, CL_TRUE, 0, n * sizeof(float), out.data(), 0, nullptr, nullptr) ==
                CL_SUCCESS);
        return out;
    }
};

// A pipeline whose queue the caller holds back: a buffer of `elements` 4-byte elements, and a gate
// (a user event) that only the test opens, for launches that wait for it.
struct gated_pipeline : opencl_pipeline {
    static constexpr std::size_t elements = 64;
    cl_mem data = buffer(elements * 4);
    cl_event gate = clCreateUserEvent(context, nullptr);

    gated_pipeline() { REQUIRE(gate != nullptr); }
    ~gated_pipeline() {
        if (gate) clReleaseEvent(gate);
        clReleaseMemObject(data);
    }

    // What `launch` returns, run on another thread while the gate is shut; checks that it returned
    // within 30 seconds. The gate is opened either way, so that a launch that waits for it ends,
    // and the queue finished.
    template <class Launch> std::string while_held_back(Launch launch) {
        auto launched = std::async(std::launch::async, launch);
        const bool returned = launched.wait_for(std::chrono::seconds(30)) == std::future_status::ready;
        clSetUserEventStatus(gate, CL_COMPLETE);
        const std::string result = launched.get();
        CHECK(returned);
        REQUIRE(clFinish(queue) == CL_SUCCESS);
        return result;
    }
};

inline cl_uint reference_count(cl_context c) {
    cl_uint n = 0;
    clGetContextInfo(c, CL_CONTEXT_REFERENCE_COUNT, sizeof n, &n, nullptr);
    return n;
}
inline cl_uint reference_count(cl_command_queue q) {
    cl_uint n = 0;
    clGetCommandQueueInfo(q, CL_QUEUE_REFERENCE_COUNT, sizeof n, &n, nullptr);
    return n;
}
inline cl_uint reference_count(cl_mem m) {
    cl_uint n = 0;
    clGetMemObjectInfo(m, CL_MEM_REFERENCE_COUNT, sizeof n, &n, nullptr);
    return n;
}
inline cl_uint reference_count(cl_event e) {
    cl_uint n = 0;
    clGetEventInfo(e, CL_EVENT_REFERENCE_COUNT, sizeof n, &n, nullptr);
    return n;
}

// Whether `count()` comes down to `expected` within two seconds. Drivers drop their own
// references (of finished commands' events, say) from threads of theirs, a little after the
// commands finished; a reference libtiles kept would never be dropped.
template <class Count> bool settles_to(Count count, cl_uint expected) {
    for (int tries = 0; tries < 200; ++tries) {
        if (count() == expected) return true;
        std::this_thread::sleep_for(std::chrono::milliseconds(10));
    }
    return count() == expected;
}

// The pipeline's kernels: a ramp, and adding one, each over a float buffer.
inline const char* pipeline_kernels() {
    return "__kernel void ramp(__global float* d) { d[get_global_id(0)] = get_global_id(0); }\n"
           "__kernel void add_one(__global float* d) { d[get_global_id(0)] += 1.0f; }\n";
}

// The libtiles kernel the tests drop in: doubles every element.
inline const char* tiles_double_kernel() {
    return "__kernel void twice(__global float* d) { tiled_index t = get_tiled_index(); d[t.global_id[0]] *= 2; }";
}
