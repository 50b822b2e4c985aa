/* A stand-in for NVIDIA's libcuda.so.1, with the entry points libtiles' tensor maps load (cuda.h's
 * signatures; CUresult is int, 0 for success). Its cuTensorMapEncodeTiled writes the arguments it
 * was given into the map's 128 bytes, so that a test can compare them with what CUDA documents; the
 * environment variable STAND_IN_ENCODE_STATUS makes it refuse with that CUresult instead. Built
 * with -DOLDER_THAN_CUDA_12, it lacks cuTensorMapEncodeTiled, as drivers before CUDA 12 do. */
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

int cuInit(unsigned flags) { return flags == 0 ? 0 : 1; }
int cuDeviceGet(int* device, int ordinal) {
    *device = ordinal;
    return 0;
}
int cuDevicePrimaryCtxRetain(void** context, int device) {
    static int primary;
    *context = device == 0 ? &primary : NULL;
    return device == 0 ? 0 : 101;
}
int cuCtxSetCurrent(void* context) { return context != NULL ? 0 : 201; }

#ifndef OLDER_THAN_CUDA_12
int cuTensorMapEncodeTiled(void* map, int data_type, unsigned rank, void* address, const uint64_t* dims,
                           const uint64_t* strides, const unsigned* box, const unsigned* element_strides,
                           int interleave, int swizzle, int l2_promotion, int fill) {
    const char* status = getenv("STAND_IN_ENCODE_STATUS");
    if (status != NULL) return atoi(status);
    const uint64_t words[16] = {(uint64_t)data_type,
                                rank,
                                (uint64_t)(uintptr_t)address,
                                dims[0],
                                dims[1],
                                strides[0],
                                box[0],
                                box[1],
                                element_strides[0],
                                element_strides[1],
                                (uint64_t)interleave,
                                (uint64_t)swizzle,
                                (uint64_t)l2_promotion,
                                (uint64_t)fill,
                                0,
                                0};
    memcpy(map, words, sizeof words);
    return 0;
}
#endif
