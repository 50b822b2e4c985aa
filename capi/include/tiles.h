/* libtiles: the C API, the one public C header. Valid C99 and C++.
 *
 * libtiles brings C++ AMP's tiling model to OpenCL: kernels in OpenCL C (with a prelude giving
 * tiled_index, tile_static and tile barriers) launched over tiled extents, on arrays that live
 * on a device and on views of the caller's memory that move data only when they must.
 *
 * Conventions, everywhere:
 * - Every function that can fail returns a tiles_status: TILES_SUCCESS (0) or a negative code.
 *   After a failure, tiles_last_error_message() says what went wrong on the calling thread,
 *   with the numbers involved. No function aborts, exits or lets an exception out.
 * - Results are written through out-parameters: the pointer named `out`, the first parameter,
 *   and those named for what they receive (out_event, log, out_rows ...). They are written only
 *   when the call succeeds: after a failure each holds what the caller put there, and nothing it
 *   would own (a handle, an OpenCL event) was made. So release what a call hands out only after
 *   TILES_SUCCESS. (tiles_opencl.h follows the same rule.)
 * - Handles are reference counted. A function that makes a handle (create, get, section...)
 *   gives the caller one reference, which it gives back with the matching release. Releasing
 *   NULL does nothing. A NULL, released or wrong kind of handle is refused with
 *   TILES_ERROR_INVALID_HANDLE where it can be detected: a handle is a value libtiles does not
 *   give again (with 64-bit pointers), not its object's address, so a released one stays refused
 *   when new objects take its object's memory. A handle keeps what it depends on alive: a view
 *   its data, an array its context.
 * - Strings returned are owned by libtiles: static, or valid as long as the handle they came
 *   from, as each function says.
 * - Thread safety: functions may be called from several threads at once, with the same handles or
 *   different ones. Each call is one step for the data it touches: a launch brings its arguments
 *   to the device and enqueues its kernel with no other thread's call on that data in between.
 *   Threads may release their own references to one handle at once, but must not use a handle
 *   through a reference another thread releases. Checked contexts are the exception: use them
 *   from one thread, the one that made them (the Oclgrind simulator is not thread-safe).
 * - Extents, indices and tiles are in C++ AMP order: component 0 is the slowest-varying (the
 *   row); data is row-major. */
#ifndef TILES_H
#define TILES_H

#include <stddef.h>
#include <stdint.h>
#include <string.h>

/* Marks the functions libtiles exports: visible where the library is built, nothing to its users. */
#if defined(TILES_BUILDING_LIBRARY) && defined(__GNUC__)
#define TILES_API __attribute__((visibility("default")))
#else
#define TILES_API
#endif

#ifdef __cplusplus
extern "C" {
#endif

/* ---- Version ---------------------------------------------------------------------------- */

/* The version of this header: major, minor and patch, and all three in one number. */
#define TILES_VERSION_MAJOR 0
/* The version's minor number: new functions and struct fields, compatible with older callers. */
#define TILES_VERSION_MINOR 4
/* The version's patch number: fixes only. */
#define TILES_VERSION_PATCH 0
/* The major number * 10000 + the minor * 100 + the patch, as tiles_version_number gives the loaded library's. */
#define TILES_VERSION_NUMBER (TILES_VERSION_MAJOR * 10000 + TILES_VERSION_MINOR * 100 + TILES_VERSION_PATCH)

/* The version of the loaded library as TILES_VERSION_NUMBER computes it; compare it with the
 * macro to detect a header/library mismatch. Thread-safe. */
TILES_API unsigned tiles_version_number(void);

/* The version of the loaded library as "major.minor.patch"; a static string. Thread-safe. */
TILES_API const char* tiles_version_string(void);

/* ---- Statuses and errors ---------------------------------------------------------------- */

/* 0 is success. OpenCL's own codes (-1 .. -72, -1000 .. -1142) pass through unchanged when an
 * OpenCL call failed; libtiles' own codes lie from -2000 down. */
typedef enum tiles_status {
    TILES_SUCCESS = 0,
    TILES_ERROR_INVALID_ARGUMENT = -2000,       /* a NULL pointer, a bad value, a type mismatch */
    TILES_ERROR_INVALID_COMPUTE_DOMAIN = -2001, /* a bad extent or tile for a launch */
    TILES_ERROR_OUT_OF_MEMORY = -2002,          /* the device or host is out of memory */
    TILES_ERROR_BUILD = -2003,                  /* a kernel did not compile; the message is its log */
    TILES_ERROR_UNSUPPORTED = -2004,            /* the device lacks a feature the call needs */
    TILES_ERROR_INVALID_HANDLE = -2005,         /* a NULL, released or wrong kind of handle */
    TILES_ERROR_CHECK_FAILED = -2006,           /* a strict checked context found problems (the message lists them) */
    TILES_ERROR_INTERNAL = -2099                /* a failure libtiles has no better name for */
} tiles_status;

/* A constant English name of a status ("TILES_ERROR_BUILD", "CL_OUT_OF_RESOURCES"). Never NULL;
 * thread-safe. */
TILES_API const char* tiles_status_string(tiles_status status);

/* What went wrong in the last failed call on this thread, naming the values involved; "" if no
 * call failed. Owned by libtiles, valid until the next failing call on this thread. Never NULL.
 * tiles_last_error_parts gives the element types a refusal names, apart from the sentence. */
TILES_API const char* tiles_last_error_message(void);

/* Whether a write-back failed when the last reference to a view of written data was released (a
 * release cannot report it): TILES_ERROR_INTERNAL, with that failure's message as this thread's
 * last error message, and the failure is cleared; TILES_SUCCESS if none did. Call
 * tiles_view_synchronize before releasing to get such failures with their own status.
 * Thread-safe. */
TILES_API tiles_status tiles_take_writeback_error(void);

/* ---- The log ---------------------------------------------------------------------------- */

/* What libtiles is doing. At TILES_LOG_WARNING, the default, what checked contexts find; at
 * TILES_LOG_INFO also each kernel build (a line before it starts, another with its time and
 * compiler warnings), disk-cache hits and misses, tuning and its progress; at TILES_LOG_DEBUG also
 * every transfer. The environment variable TILES_LOG (off, warning, info or debug) sets the level
 * the process starts with; messages go to stderr. TILES_LOG_WARNING comes last so that the others
 * keep their numbers; the order is OFF < WARNING < INFO < DEBUG. */
typedef enum tiles_log_level {
    TILES_LOG_OFF = 0,
    TILES_LOG_INFO = 1,
    TILES_LOG_DEBUG = 2,
    TILES_LOG_WARNING = 3
} tiles_log_level;

/* Receives one message (NUL-terminated, without a final newline, valid during the call) on the
 * thread that did the work, which may hold locks of libtiles then: it must not call libtiles. */
typedef void (*tiles_log_callback)(tiles_log_level level, const char* message, void* user_data);

/* Sends messages up to `level` to `callback` (with `user_data`) from now on; a NULL callback
 * sends them to stderr. TILES_ERROR_INVALID_ARGUMENT for a level out of range. Thread-safe. */
TILES_API tiles_status tiles_set_log_callback(tiles_log_level level, tiles_log_callback callback, void* user_data);

/* The name of `level` ("off", "info", "debug", "warning"), as TILES_LOG and the bindings take it;
 * "" for a value out of range, so that a caller may list them all by asking for 0, 1, ... until it
 * gets that. A static string. */
TILES_API const char* tiles_log_level_name(tiles_log_level level);

/* ---- Element types ---------------------------------------------------------------------- */

/* The element types of arrays, views and kernel arguments: OpenCL C's scalar types, complex
 * numbers, and bytes of any struct (TILES_OPAQUE). */
typedef enum tiles_dtype {
    TILES_INT8 = 0,
    TILES_UINT8 = 1,
    TILES_INT16 = 2,
    TILES_UINT16 = 3,
    TILES_INT32 = 4,
    TILES_UINT32 = 5,
    TILES_INT64 = 6,
    TILES_UINT64 = 7,
    TILES_FLOAT32 = 8,
    TILES_FLOAT64 = 9,
    TILES_OPAQUE = 10,    /* a struct or other bytes; its size is given separately */
    TILES_FLOAT16 = 11,   /* IEEE half: `half` in kernels, read and written with vload_half/vstore_half */
    TILES_BFLOAT16 = 12,  /* float's upper 16 bits: the prelude's `bfloat16`, bfloat16_to_float ... */
    TILES_COMPLEX64 = 13, /* the real part, then the imaginary, as C's float _Complex: `float2` in kernels */
    TILES_COMPLEX128 = 14 /* ... of doubles, as double _Complex: `double2` in kernels */
} tiles_dtype;

/* Size in bytes of one element of `dtype`; 0 for TILES_OPAQUE or a value out of range. */
TILES_API size_t tiles_dtype_size(tiles_dtype dtype);

/* The OpenCL C name of `dtype` ("int", "float", ...); "struct" for TILES_OPAQUE, "" for a value
 * out of range. A static string. */
TILES_API const char* tiles_dtype_name(tiles_dtype dtype);

/* What libtiles knows of an element type: its row of the table libtiles keeps of them, from
 * which the bindings make their maps of other libraries' types. Set struct_size
 * (TILES_DTYPE_INFO_INIT does) before calling tiles_dtype_describe; fields may be added at the
 * end in later versions. */
typedef struct tiles_dtype_info {
    /* Set to sizeof(tiles_dtype_info), which tells libtiles the caller's version of the struct. */
    size_t struct_size;
    /* The element type described. */
    tiles_dtype dtype;
    size_t size;             /* bytes of one element; 0 for TILES_OPAQUE, whose size is given apart */
    const char* opencl_name; /* OpenCL C's ("int", "half"), as tiles_dtype_name; "struct" for TILES_OPAQUE */
    const char* numpy_name;  /* numpy's dtype name ("int32", "float16"; "bfloat16", ml_dtypes');
                                "" for TILES_OPAQUE */
    int dlpack_code;         /* DLPack's DLDataTypeCode (kDLInt, kDLUInt, kDLFloat, kDLBfloat, kDLComplex); -1 for
                                TILES_OPAQUE */
    int dlpack_bits;         /* DLPack's bits of one element; 0 for TILES_OPAQUE */
    tiles_dtype computed_as; /* what the algorithms compute its elements in, and give their sums, products and
                                reductions in: TILES_FLOAT32 for the 16-bit floats, else `dtype` */
} tiles_dtype_info;
/* A tiles_dtype_info with struct_size set, to pass to tiles_dtype_describe. */
#define TILES_DTYPE_INFO_INIT                                                                                          \
    { sizeof(tiles_dtype_info), TILES_OPAQUE, 0, NULL, NULL, 0, 0, TILES_OPAQUE }

/* Fills `out`, whose struct_size must be set, with what libtiles knows of `dtype`.
 * TILES_ERROR_INVALID_ARGUMENT for a value that is no tiles_dtype: the dtypes are numbered from 0
 * on, so that a caller may list them all by asking for 0, 1, ... until it gets that. */
TILES_API tiles_status tiles_dtype_describe(tiles_dtype_info* out, tiles_dtype dtype);

/* ---- Refused element types: the last failure's parts ------------------------------------ */

/* Why the last failure on a thread refused an element type (tiles_error_parts' refusal). */
typedef enum tiles_refusal {
    TILES_REFUSAL_NONE = 0,               /* the failure refused no element type */
    TILES_REFUSAL_PARAMETER = 1,          /* a kernel's pointer parameter of `wanted` was given data of `given` */
    TILES_REFUSAL_OPERANDS_DIFFER = 2,    /* an algorithm's operand `role` has `given` elements, not `wanted` */
    TILES_REFUSAL_NO_DOUBLE_PRECISION = 3 /* an algorithm was given `given` elements, which need double precision */
} tiles_refusal;

/* The last failure on this thread in parts, for a caller that says it in words of its own (the
 * conversion that makes data of the element type wanted, its own names for C's functions and
 * element types) instead of reading the message's sentence. Set struct_size
 * (TILES_ERROR_PARTS_INIT does) before calling tiles_last_error_parts; fields may be added at the
 * end in later versions. */
typedef struct tiles_error_parts {
    /* Set to sizeof(tiles_error_parts), which tells libtiles the caller's version of the struct. */
    size_t struct_size;
    tiles_refusal refusal;      /* why an element type was refused; TILES_REFUSAL_NONE for any other failure */
    tiles_dtype given;          /* the element type refused; TILES_OPAQUE where none was */
    int wanted;                 /* the tiles_dtype that would do, or -1: none, or the parameter's type is none (bool) */
    const char* role;           /* the operand refused as the message names it ("the mask", "B"), else "";
                                   owned by libtiles, valid until the next failing call on this thread */
    const char* marked_message; /* the message with the C functions and element types it names marked
                                   (tiles_last_error_parts says how), for a caller that names them its
                                   own way; NULL where it names none (the message is then all there is
                                   to say, whatever bytes it holds); owned as role is; not written where
                                   struct_size ends before */
} tiles_error_parts;
/* A tiles_error_parts with struct_size set, to pass to tiles_last_error_parts. */
#define TILES_ERROR_PARTS_INIT                                                                                         \
    { sizeof(tiles_error_parts), TILES_REFUSAL_NONE, TILES_OPAQUE, -1, NULL, NULL }

/* Fills `out`, whose struct_size must be set, with the parts of the last failure on this thread,
 * the failure tiles_last_error_message() says; TILES_REFUSAL_NONE where no call failed. A failure
 * of this call itself (a NULL `out`, a struct_size of no version) replaces them. Thread-safe.
 * In marked_message, each name that the message gives as C says it is "\x1e" kind "\x1f" key
 * "\x1f" text "\x1e": kind 'f' a function, its key the name the message gives it (a C function's,
 * "tiles_reduce"; with how it was called where that is named too: "tiles_view_data with
 * TILES_ACCESS_READ_WRITE"; or libtiles' own that a C function reached: "split_matrix::scatter"); kind 'e'
 * an element type, its key tiles_dtype_info's numpy_name ("int64", "" for TILES_OPAQUE); kind 'a'
 * the same with its article; text the name as the message says it ("tiles_reduce", "long (int64)",
 * "a long (int64)"). Outside the marks it is the message, which then holds no "\x1e" or "\x1f" of
 * its own; a message that quotes a caller's text that may hold them (a build log, a name looked
 * for) marks nothing. */
TILES_API tiles_status tiles_last_error_parts(tiles_error_parts* out);

/* ---- Devices ---------------------------------------------------------------------------- */

/* An OpenCL device of one of the platforms OpenCL's ICD loader lists (C++ AMP's accelerator). */
typedef struct tiles_device tiles_device;

/* What libtiles knows of a device. Set struct_size (TILES_DEVICE_INFO_INIT does) before
 * calling tiles_device_get_info; fields may be added at the end in later versions. */
typedef struct tiles_device_info {
    /* Set to sizeof(tiles_device_info), which tells libtiles the caller's version of the struct. */
    size_t struct_size;
    const char* name; /* strings: valid as long as the device handle */
    /* CL_DEVICE_VENDOR. */
    const char* vendor;
    /* CL_PLATFORM_NAME of the device's platform. */
    const char* platform_name;
    /* CL_DRIVER_VERSION. */
    const char* driver_version;
    /* CL_DEVICE_VERSION ("OpenCL 3.0 ..."). */
    const char* device_version;
    /* 1 for a GPU (CL_DEVICE_TYPE_GPU), else 0. */
    int is_gpu;
    /* 1 for a CPU (CL_DEVICE_TYPE_CPU), else 0. */
    int is_cpu;
    int platform_index;        /* position in the list tiles_device_get indexes: platform, */
    int device_index;          /* then device within it */
    size_t max_tile_size;      /* threads in one tile (CL_DEVICE_MAX_WORK_GROUP_SIZE) */
    size_t max_tile_extent[3]; /* per dimension of a rank-3 tile, AMP order */
    size_t tile_static_memory; /* bytes of __local memory */
    uint64_t global_memory;    /* bytes */
    uint64_t max_allocation;   /* bytes in one array */
    /* 1 where kernels and arrays may use double, else 0. */
    int supports_fp64;
    /* C++ AMP's properties, filled where struct_size covers them (structs of libtiles 0.3 end
     * before them, and get the fields above only). */
    const char* device_path;        /* "P:D" indices, which tiles_device_select takes back; "" for a device
                                       libtiles did not enumerate (Oclgrind's, an adopted sub-device) */
    unsigned version;               /* CL_DEVICE_VERSION's OpenCL version, major << 16 | minor */
    int is_debug;                   /* Oclgrind's simulator, where checked contexts run */
    int is_emulated;                /* a CPU device, or the simulator */
    int has_display;                /* a display's watchdog limits kernels (NVIDIA's drivers say; else 0) */
    int supports_limited_fp64;      /* as supports_fp64: OpenCL has no partial double precision */
    int supports_cpu_shared_memory; /* CL_DEVICE_HOST_UNIFIED_MEMORY */
} tiles_device_info;
/* A tiles_device_info with struct_size set, to pass to tiles_device_get_info. */
#define TILES_DEVICE_INFO_INIT                                                                                         \
    {                                                                                                                  \
        sizeof(tiles_device_info), NULL, NULL, NULL, NULL, NULL, 0, 0, 0, 0, 0, {0, 0, 0}, 0, 0, 0, 0, NULL, 0, 0, 0,  \
            0, 0, 0                                                                                                    \
    }

/* The number of OpenCL devices of all platforms. CL_DEVICE_NOT_FOUND, with a message saying what
 * to install, if there is none; another OpenCL status if the platforms cannot be read. */
TILES_API tiles_status tiles_device_count(size_t* out);

/* The device at `index` in platform-then-device order; TILES_ERROR_INVALID_ARGUMENT if index is
 * not below tiles_device_count. The caller owns a reference. */
TILES_API tiles_status tiles_device_get(tiles_device** out, size_t index);

/* The default device: the one the TILES_DEVICE environment variable names ("gpu", "cpu",
 * "P:D" indices, or part of a platform or device name), else the first GPU, else the first
 * device; under TILES_CHECKED=1 (or strict), the Oclgrind simulator, where launches without a
 * context then run. CL_DEVICE_NOT_FOUND if there is no OpenCL device at all. The caller owns a
 * reference. */
TILES_API tiles_status tiles_device_default(tiles_device** out);

/* One sentence saying why the default device is the one it is. A static string. */
TILES_API tiles_status tiles_device_default_reason(const char** out);

/* The device a TILES_DEVICE-style `selector` names; TILES_ERROR_INVALID_ARGUMENT, listing the
 * devices, if none matches. The caller owns a reference. */
TILES_API tiles_status tiles_device_select(tiles_device** out, const char* selector);

/* Fills `out`, whose struct_size must be set, with what libtiles knows of `device`. */
TILES_API tiles_status tiles_device_get_info(tiles_device_info* out, const tiles_device* device);

/* Makes the device `selector` names (as tiles_device_select takes it, or "default") the default
 * device, as C++ AMP's accelerator::set_default does: *out = 1. Once the default has been used
 * (by tiles_device_default, a context, array or launch without one, tiles_device_default_reason)
 * or set, *out = 0 and nothing changes. It wins over TILES_DEVICE. TILES_ERROR_INVALID_ARGUMENT
 * for a selector that names no device. Thread-safe. */
TILES_API tiles_status tiles_device_set_default(int* out, const char* selector);

/* A backend's verdict on a device. Backends are vendor paths beside OpenCL (the CUDA backend:
 * libcuda on Hopper); where none serves a device, the plain OpenCL path runs. Set struct_size
 * (TILES_BACKEND_VERDICT_INIT does) before calling tiles_device_backend_verdict; fields may be
 * added at the end in later versions. Strings are valid as long as the device handle. */
typedef struct tiles_backend_verdict {
    /* Set to sizeof(tiles_backend_verdict), which tells libtiles the caller's version of the struct. */
    size_t struct_size;
    const char* name;           /* the backend's name: "cuda" */
    int serves;                 /* 1 where it provides anything on the device, else 0 */
    size_t probed_count;        /* the lines of `probed` */
    const char* const* probed;  /* what it found, one fact a line: "libcuda.so.1 loaded" */
    size_t refused_count;       /* the lines of `refused` */
    const char* const* refused; /* what it will not do on the device, each with why */
} tiles_backend_verdict;
/* A tiles_backend_verdict with struct_size set, to pass to tiles_device_backend_verdict. */
#define TILES_BACKEND_VERDICT_INIT                                                                                     \
    { sizeof(tiles_backend_verdict), NULL, 0, 0, NULL, 0, NULL }

/* The number of backends this build links, each of which gives a verdict on every device; 0 in a
 * build without them. */
TILES_API tiles_status tiles_device_backend_count(size_t* out, const tiles_device* device);

/* Fills `out`, whose struct_size must be set, with backend `index`'s verdict on `device`: what it
 * probed, and what it refuses there and why. TILES_ERROR_INVALID_ARGUMENT, naming the count, for an
 * index not below tiles_device_backend_count. A backend asks its driver (libcuda) only of devices
 * that may be its own, once a device handle. Thread-safe. */
TILES_API tiles_status tiles_device_backend_verdict(tiles_backend_verdict* out, const tiles_device* device,
                                                    size_t index);

/* Adds a reference to `device`, which the caller gives back with tiles_device_release. */
TILES_API tiles_status tiles_device_retain(tiles_device* device);
/* Gives back a reference to `device`; NULL does nothing. */
TILES_API tiles_status tiles_device_release(tiles_device* device);

/* ---- Contexts: an OpenCL context and in-order queue on one device (C++ AMP's
 *      accelerator_view) --------------------------------------------------------------- */

/* An OpenCL context with one in-order queue on one device, where arrays live and kernels are
 * built and launched. */
typedef struct tiles_context tiles_context;

/* A new context and queue on `device` (NULL: the default device). Kernels built for it are
 * cached with it. The caller owns a reference. */
TILES_API tiles_status tiles_context_create(tiles_context** out, const tiles_device* device);

/* The one default context of `device` (NULL: the default device); the default device's is where
 * launches run that name no context and have no array argument. The caller owns a reference. */
TILES_API tiles_status tiles_context_default(tiles_context** out, const tiles_device* device);

/* The device of `context`. The caller owns a reference. */
TILES_API tiles_status tiles_context_get_device(tiles_device** out, const tiles_context* context);

/* C++ AMP's queuing modes. OpenCL's queues hold commands until the driver submits them to the
 * device; in immediate mode libtiles submits each command it enqueues at once (clFlush), in
 * automatic mode it leaves that to the driver, and to blocking calls and tiles_context_flush. */
typedef enum tiles_queuing_mode { TILES_QUEUING_IMMEDIATE = 0, TILES_QUEUING_AUTOMATIC = 1 } tiles_queuing_mode;

/* tiles_context_create with a queuing mode (tiles_context_create's is TILES_QUEUING_AUTOMATIC).
 * TILES_ERROR_INVALID_ARGUMENT for a mode out of range. The caller owns a reference. */
TILES_API tiles_status tiles_context_create_with_queuing_mode(tiles_context** out, const tiles_device* device,
                                                              tiles_queuing_mode mode);

/* The queuing mode of `context` (default, adopted and checked contexts: TILES_QUEUING_AUTOMATIC). */
TILES_API tiles_status tiles_context_get_queuing_mode(tiles_queuing_mode* out, const tiles_context* context);

/* Submits everything enqueued on `context` to the device without waiting for it (clFlush). */
TILES_API tiles_status tiles_context_flush(tiles_context* context);

/* Blocks until everything enqueued on `context` has finished. */
TILES_API tiles_status tiles_context_wait(tiles_context* context);

/* What a context (or the whole process) has moved and done. Each transfer is one rectangle. */
typedef struct tiles_counters {
    /* Set to sizeof(tiles_counters), which tells libtiles the caller's version of the struct. */
    size_t struct_size;
    uint64_t uploads, downloads, bytes_uploaded, bytes_downloaded; /* host to device and back: transfers, bytes */
    uint64_t device_copies, bytes_copied_on_device;                /* copies on the device: count, bytes */
    uint64_t kernel_builds, cache_hits, launches; /* programs compiled, found built, kernels launched */
    uint64_t binary_loads;                        /* programs loaded from the disk cache instead of compiled */
    /* Uploads and downloads (counted there too) that went through the context's pinned staging
     * buffers: those of the device's staging threshold or more, from or to host memory that
     * libtiles did not pin (new after 0.4.0: an older tiles.h's struct_size leaves them out). */
    uint64_t staged_transfers, bytes_staged; /* staged transfers, bytes */
    /* Device buffers made for data, and those taken instead from the context's pool of buffers
     * that released data left (of the same size); new after 0.4.0, as the two above. */
    uint64_t buffers_allocated, buffers_reused; /* buffers made new, buffers taken from the pool */
} tiles_counters;
/* A tiles_counters with struct_size set and every count 0, to pass to tiles_context_get_counters. */
#define TILES_COUNTERS_INIT                                                                                            \
    { sizeof(tiles_counters), 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0 }

/* The counters of `context`, or of every context together if `context` is NULL. `out`'s
 * struct_size must be set. */
TILES_API tiles_status tiles_context_get_counters(tiles_counters* out, const tiles_context* context);

/* Sets the counters of `context` (NULL: the process's totals) to zero. */
TILES_API tiles_status tiles_context_reset_counters(tiles_context* context);

/* The context's pool of device buffers: what an array's release leaves there (a buffer libtiles
 * made and never handed out through tiles_view_get_opencl_buffer) is kept for the next
 * array of the same size, as CuPy's memory pool keeps it, instead of a new allocation. The pool
 * keeps at most its limit (a quarter of the device's memory at first; 0 turns it off), frees
 * what it keeps when the context goes, and is freed, with every other pool of the device, where
 * an allocation finds no room. A checked context keeps nothing. */
/* The bytes the pool keeps now, and its limit (either output may be NULL). */
TILES_API tiles_status tiles_context_get_pool(uint64_t* out_bytes, uint64_t* out_limit, const tiles_context* context);
/* Sets the pool's limit, freeing what it keeps beyond it (0 frees all and turns the pool off). */
TILES_API tiles_status tiles_context_set_pool_limit(tiles_context* context, uint64_t bytes);
/* Frees everything the pool keeps (CuPy's free_all_blocks); the pool stays on. */
TILES_API tiles_status tiles_context_free_pool(tiles_context* context);

/* Adds a reference to `context`, which the caller gives back with tiles_context_release. */
TILES_API tiles_status tiles_context_retain(tiles_context* context);
/* Gives back a reference to `context`; the arrays and views that use it keep it alive. NULL does
 * nothing. */
TILES_API tiles_status tiles_context_release(tiles_context* context);

/* ---- Arrays and views ------------------------------------------------------------------- */

/* An array: elements that live on one context's device (C++ AMP's array). */
typedef struct tiles_array tiles_array;
/* A view of an array's elements or of the caller's host memory, or of a rectangle of them, whose
 * data moves between the host and devices only when a launch or the host needs it there (C++
 * AMP's array_view). */
typedef struct tiles_view tiles_view;
typedef struct tiles_event tiles_event; /* asynchronous work; see Events below */

/* The element type and extent of an array or view. Set struct_size (TILES_SHAPE_INIT does).
 * Ranks 1 to 3 keep their extent in `extent`; a rank above 3 has its components in `extents`:
 * the caller's array of `rank` ints where libtiles reads a shape (read during the call), and
 * libtiles' own where it fills one in (valid as long as the handle it describes), `extent` then
 * holding zeros. `extents` came in 0.4: a struct_size without it (an older tiles.h) still works,
 * for ranks 1 to 3. */
typedef struct tiles_shape {
    /* Set to sizeof(tiles_shape), which tells libtiles the caller's version of the struct. */
    size_t struct_size;
    /* The element type. */
    tiles_dtype dtype;
    size_t element_size; /* bytes; needed for TILES_OPAQUE, else 0 or the dtype's size */
    int rank;            /* 1 or more */
    int extent[3];       /* AMP order, ranks 1 to 3; components past rank are ignored */
    const int* extents;  /* AMP order, ranks above 3 (and filled in for every rank) */
} tiles_shape;
/* A tiles_shape with struct_size set: one float of rank 1, its extent to fill in. */
#define TILES_SHAPE_INIT                                                                                               \
    { sizeof(tiles_shape), TILES_FLOAT32, 0, 1, {0, 0, 0}, NULL }

/* An array that lives on `context` (NULL: the default context), allocated there now, with
 * elements copied from `initial` (dense, row-major; NULL leaves them uninitialized).
 * TILES_ERROR_OUT_OF_MEMORY if the device cannot hold it, TILES_ERROR_UNSUPPORTED for doubles
 * on a device without fp64. The caller owns a reference. */
TILES_API tiles_status tiles_array_create(tiles_array** out, tiles_context* context, const tiles_shape* shape,
                                          const void* initial);

/* A staging array (C++ AMP's array on the CPU accelerator, associated with `context`; NULL: the
 * default context): its elements are in host memory that the driver of `context` pins
 * (CL_MEM_ALLOC_HOST_PTR), so that copies between it and arrays on `context` (tiles_copy, and
 * launches there) move data between that memory and the device at the bus's full speed. Its
 * view's tiles_view_data is that memory itself; do not touch it while a tiles_copy_async of the
 * array is under way. Elements copied from `initial` (dense, row-major; may be NULL).
 * TILES_ERROR_OUT_OF_MEMORY beyond the device's largest allocation. The caller owns a reference. */
TILES_API tiles_status tiles_array_create_staging(tiles_array** out, tiles_context* context, const tiles_shape* shape,
                                                  const void* initial);

/* *out = 1 if `array` is a staging array, else 0. */
TILES_API tiles_status tiles_array_is_staging(int* out, const tiles_array* array);

/* A view of all of `array`; through it the array is read, written, sectioned and copied. The
 * caller owns a reference. */
TILES_API tiles_status tiles_array_get_view(tiles_view** out, tiles_array* array);

/* The element type and extent of `array`. `out`'s struct_size must be set. */
TILES_API tiles_status tiles_array_get_shape(tiles_shape* out, const tiles_array* array);

/* The context `array` lives on; a staging array's is the one it is associated with. The caller
 * owns a reference. */
TILES_API tiles_status tiles_array_get_context(tiles_context** out, const tiles_array* array);

/* Adds a reference to `array`, which the caller gives back with tiles_array_release. */
TILES_API tiles_status tiles_array_retain(tiles_array* array);
/* Gives back a reference to `array`; the last one (views of the array hold one) frees its memory
 * on the device. NULL does nothing. */
TILES_API tiles_status tiles_array_release(tiles_array* array);

/* A view of the caller's memory at `host` (dense, row-major, shape->extent elements), which
 * must stay valid until the last reference to the view and its sections is released; what
 * launches wrote is copied back into it then if not before. The caller owns a reference. */
TILES_API tiles_status tiles_view_create(tiles_view** out, const tiles_shape* shape, void* host);

/* The same for read-only memory: launches must not write it (their kernel parameter must be
 * const), and it is never copied back. */
TILES_API tiles_status tiles_view_create_const(tiles_view** out, const tiles_shape* shape, const void* host);

/* A view of data with no source (C++ AMP's array_view(extent)): uninitialized elements that
 * take memory only where they are used, on the first context a launch uses them on (nothing is
 * uploaded), and on the host only when it reads them (one download of what launches wrote). The
 * caller owns a reference. */
TILES_API tiles_status tiles_view_create_without_source(tiles_view** out, const tiles_shape* shape);

/* A view of the sub-rectangle of `view` at `origin` (relative to `view`) with `extent`, each
 * of the view's rank; only it moves when it is used. The caller owns a reference. */
TILES_API tiles_status tiles_view_section(tiles_view** out, const tiles_view* view, const int* origin,
                                          const int* extent);

/* C++ AMP's projection view[index] of a view of rank 2 or more: the view of rank - 1 at `index`
 * along dimension 0 (a row of a matrix). TILES_ERROR_INVALID_ARGUMENT for a view of rank 1 or an
 * index outside dimension 0. The caller owns a reference. */
TILES_API tiles_status tiles_view_project(tiles_view** out, const tiles_view* view, int index);

/* C++ AMP's view_as: the first elements of `view` as a view of `rank` components of `extent`
 * (no more elements than the view has). The view's elements must lie next to each other, row
 * after row (a section of part of its rows does not); C++ AMP allows it on views of rank 1 and
 * on arrays, libtiles on any such view. The caller owns a reference. */
TILES_API tiles_status tiles_view_reshape(tiles_view** out, const tiles_view* view, int rank, const int* extent);

/* C++ AMP's reinterpret_as: the bytes of `view` as a rank-1 view of elements of `dtype`
 * (element_size bytes each for TILES_OPAQUE, else 0 or the dtype's size), which must divide them
 * exactly. The view's elements must lie next to each other, as for tiles_view_reshape. Launches
 * see the new element type. The caller owns a reference. */
TILES_API tiles_status tiles_view_reinterpret(tiles_view** out, const tiles_view* view, tiles_dtype dtype,
                                              size_t element_size);

/* The distance in bytes between neighbouring elements along each dimension of `view`, into `out`,
 * which holds `count` values, exactly the view's rank (numpy's strides; tiles_view_data gives the
 * first element). */
TILES_API tiles_status tiles_view_get_strides(size_t* out, size_t count, const tiles_view* view);

/* The element type and extent of `view`. `out`'s struct_size must be set. */
TILES_API tiles_status tiles_view_get_shape(tiles_shape* out, const tiles_view* view);

/* Whether launches must not write `view` (1: made by tiles_view_create_const, or a section of
 * such a view), else 0. */
TILES_API tiles_status tiles_view_is_const(int* out, const tiles_view* view);

/* The context of the array `view` is a view of (a staging array's: the one it is associated
 * with); NULL for a view of host memory, whose data goes to whichever context a launch runs on.
 * The caller owns the reference it receives. */
TILES_API tiles_status tiles_view_get_context(tiles_context** out, const tiles_view* view);

/* What the caller will do with memory it is given (tiles_view_data, tiles_view_get_opencl_buffer):
 * read it only, or also write it, which makes the other copies of the data stale. */
typedef enum tiles_access { TILES_ACCESS_READ = 0, TILES_ACCESS_READ_WRITE = 1 } tiles_access;

/* The view's first element in host memory, current: what launches wrote is downloaded first.
 * With TILES_ACCESS_READ_WRITE the host may change the view's elements, and the next launch
 * uploads them. Rows of a section lie as far apart as in the memory it is a section of. The
 * pointer is valid until the view's last reference is released. */
TILES_API tiles_status tiles_view_data(void** out, tiles_view* view, tiles_access access);

/* Brings the view home now; host reads then cost nothing until a launch writes it. */
TILES_API tiles_status tiles_view_synchronize(tiles_view* view);

/* The same without blocking; `out` receives an event to wait on (the caller owns it). */
TILES_API tiles_status tiles_view_synchronize_async(tiles_event** out, tiles_view* view);

/* Makes the view current on `context` now, without blocking on the kernels there. */
TILES_API tiles_status tiles_view_synchronize_to(tiles_view* view, tiles_context* context);

/* The view's contents need not be kept: the next launch uploads nothing of it. */
TILES_API tiles_status tiles_view_discard(tiles_view* view);

/* The host memory of the view was changed directly: the next launch uploads it again. */
TILES_API tiles_status tiles_view_refresh(tiles_view* view);

/* Checked mode's finding about `view` before a launch on `context` (NULL: the default context),
 * which checked launches make themselves (TILES_HOST_WRITE): *out = 1 if the host memory behind
 * the view was written since a checked launch last used it (or libtiles last wrote it there),
 * with no tiles_view_refresh, while the copy on `context` is current, so that a launch there
 * would read that old copy; else 0 (always 0 where no checked launch has used the view's data). */
TILES_API tiles_status tiles_view_get_host_written(int* out, const tiles_view* view, const tiles_context* context);

/* Copies the view's elements to `destination` (dense, row-major), which holds `bytes` bytes,
 * exactly the view's size. */
TILES_API tiles_status tiles_view_read(const tiles_view* view, void* destination, size_t bytes);

/* Replaces the view's elements with `bytes` bytes from `source` (dense, row-major), exactly
 * the view's size. */
TILES_API tiles_status tiles_view_write(tiles_view* view, const void* source, size_t bytes);

/* Copies `source` into `destination`, of the same element type and extent: on the device when
 * both are on one context, else through the host. */
TILES_API tiles_status tiles_copy(const tiles_view* source, tiles_view* destination);

/* The same without blocking; `out` receives an event (the caller owns it). The copy is enqueued
 * in order on the destination's context: a launch there after this call sees the copied data,
 * and tiles_context_wait() covers the copy. A source not on that context is read at the call. */
TILES_API tiles_status tiles_copy_async(tiles_event** out, const tiles_view* source, tiles_view* destination);

/* Adds a reference to `view`, which the caller gives back with tiles_view_release. */
TILES_API tiles_status tiles_view_retain(tiles_view* view);
/* Gives back a reference to `view`. With the last reference to a view of host memory that launches
 * wrote, the data is written back to that memory first (a failure then is kept for
 * tiles_take_writeback_error). NULL does nothing. */
TILES_API tiles_status tiles_view_release(tiles_view* view);

/* ---- Pinned host memory ----------------------------------------------------------------- */

/* Copies between host memory and a GPU of at least the device's staging threshold (the parameter
 * set "staging", README) go through pinned buffers of the context, in chunks that host threads
 * copy while the device's copy engine moves the one before: most of the bus's rate from any host
 * memory. Memory from tiles_host_alloc is pinned itself: views of it, copies from and to it and
 * launches that use it move it straight, at the bus's full rate. */

/* `bytes` (1 or more) of host memory that the driver of `context`'s device pins (NULL: the default
 * context), valid until tiles_host_free. *out is set only on success.
 * TILES_ERROR_INVALID_ARGUMENT for 0 bytes or the CPU accelerator's context;
 * TILES_ERROR_OUT_OF_MEMORY, naming the numbers, beyond the device's largest allocation or what
 * its driver pins. Thread-safe. */
TILES_API tiles_status tiles_host_alloc(void** out, tiles_context* context, size_t bytes);

/* Frees what tiles_host_alloc gave (NULL: nothing). TILES_ERROR_INVALID_ARGUMENT, freeing nothing,
 * for any other pointer, or one freed already. No transfer may still use the memory (release or
 * synchronize the views of it first). Thread-safe. */
TILES_API tiles_status tiles_host_free(void* memory);

/* ---- Kernels and launches --------------------------------------------------------------- */

/* A kernel of a source, built for each context and tile shape it is launched with. */
typedef struct tiles_kernel tiles_kernel;

/* The kernel `name` of the OpenCL C `source`, compiled with the prelude in front and with
 * `options` (NULL for none) on first launch for each context and tile shape. Nothing is
 * compiled here. The caller owns a reference. */
TILES_API tiles_status tiles_kernel_create(tiles_kernel** out, const char* source, const char* name,
                                           const char* options);

/* The language of a kernel's source. */
typedef enum tiles_language {
    TILES_LANGUAGE_OPENCL_C = 0, /* OpenCL C with libtiles' prelude, compiled by the device's driver */
    TILES_LANGUAGE_CPP = 1       /* C++ AMP's kernels (C++ for OpenCL with libtiles' C++ prelude), compiled by
                                    clang: kernel functions void name(captures..., index) restrict(amp) { ... }
                                    (README, "Kernels in C++") */
} tiles_language;

/* How a kernel or program is made from its source. Versioned as the other structs are: set
 * struct_size, or start from TILES_KERNEL_OPTIONS_INIT. */
typedef struct tiles_kernel_options {
    /* Set to sizeof(tiles_kernel_options), which tells libtiles the caller's version of the struct. */
    size_t struct_size;
    const char* build_options; /* for the compiler, NULL for none ("-DSAMPLESIZE=4") */
    /* The source's language. */
    tiles_language language;
} tiles_kernel_options;

/* A tiles_kernel_options with struct_size set: OpenCL C, no build options. */
#define TILES_KERNEL_OPTIONS_INIT                                                                                      \
    { sizeof(tiles_kernel_options), NULL, TILES_LANGUAGE_OPENCL_C }

/* tiles_kernel_create for a source in `options->language` (NULL options: OpenCL C, no build
 * options). A C++ source is read here: a kernel function it cannot take is TILES_ERROR_BUILD, with
 * its line and column in the message; a name the source lacks is refused at the first launch. */
TILES_API tiles_status tiles_kernel_create_with_options(tiles_kernel** out, const char* source, const char* name,
                                                        const tiles_kernel_options* options);

/* Adds a reference to `kernel`, which the caller gives back with tiles_kernel_release. */
TILES_API tiles_status tiles_kernel_retain(tiles_kernel* kernel);
/* Gives back a reference to `kernel`; launches already enqueued still run. NULL does nothing. */
TILES_API tiles_status tiles_kernel_release(tiles_kernel* kernel);

/* The compute domain of a launch: one work-item per point of `extent`, in tiles of `tile`
 * (OpenCL work-groups) when tile_rank is not 0. Versioned as the other structs are: set
 * struct_size, as {sizeof(tiles_domain), rank, {...}, tile_rank, {...}}, TILES_DOMAIN_INIT or
 * tiles_domain_init do. A launch without tiles may have a rank above 3: its components are then
 * in `extents`, the caller's array of `rank` ints, which must stay valid until the launch (or
 * tiles_kernel_build) returns (`extents` came in 0.4; older struct sizes still work for ranks
 * 1 to 3). */
typedef struct tiles_domain {
    /* Set to sizeof(tiles_domain), which tells libtiles the caller's version of the struct. */
    size_t struct_size;
    int rank;      /* 1 or more; 1, 2 or 3 with tiles */
    int extent[3]; /* AMP order, ranks 1 to 3 */
    int tile_rank; /* 0 for a launch without tiles, else equal to rank */
    /* AMP order, the tile's components (tile_rank of them). */
    int tile[3];
    const int* extents; /* AMP order, ranks above 3 */
} tiles_domain;

/* A tiles_domain with struct_size set: an untiled rank-1 domain of one work-item. */
#define TILES_DOMAIN_INIT                                                                                              \
    { sizeof(tiles_domain), 1, {1, 0, 0}, 0, {0, 0, 0}, NULL }

/* Fills `out` (struct_size set) with a domain of `rank` components of `extent`, in tiles of the
 * tile_rank components of `tile` (tile_rank 0 and tile NULL: no tiles): for languages that reach
 * libtiles through a foreign-function interface. The ranks are checked here as at launch
 * (TILES_ERROR_INVALID_COMPUTE_DOMAIN for a tile's), the components at launch. A rank above 3
 * (without tiles) keeps `extent` itself in `extents`: it must stay valid until the launch. */
TILES_API tiles_status tiles_domain_init(tiles_domain* out, int rank, const int* extent, int tile_rank,
                                         const int* tile);

/* The domain with its extent rounded up to whole tiles (C++ AMP's pad(): the kernel must
 * ignore the extra work-items) or down (truncate(): the rest is left to the caller). The
 * domain must be tiled; TILES_ERROR_INVALID_COMPUTE_DOMAIN if the padded extent exceeds INT_MAX. */
TILES_API tiles_status tiles_domain_pad(tiles_domain* out, const tiles_domain* domain);
/* The tiled `domain` with its extent rounded down to whole tiles (C++ AMP's truncate()): the
 * elements past the last whole tile are left to the caller. TILES_ERROR_INVALID_COMPUTE_DOMAIN for
 * an untiled domain or one smaller than a tile. */
TILES_API tiles_status tiles_domain_truncate(tiles_domain* out, const tiles_domain* domain);

/* What a kernel argument (tiles_arg) passes. */
typedef enum tiles_arg_kind {
    TILES_ARG_VIEW = 1,   /* a view (tiles_arg_view) */
    TILES_ARG_ARRAY = 2,  /* an array (tiles_arg_array) */
    TILES_ARG_SCALAR = 3, /* a value of a given type (tiles_arg_int, tiles_arg_float ...) */
    TILES_ARG_LOCAL = 4,  /* __local memory (tiles_arg_local) */
    TILES_ARG_NUMBER = 5  /* a value without a type, converted to its parameter's at launch */
} tiles_arg_kind;

/* One kernel argument. Make them with the tiles_arg_* functions below, or, through a
 * foreign-function interface, the exported tiles_arg_init_* ones. struct_size is first, as in the
 * other structs; tiles_launch reads an array of arguments with the first one's struct_size as its
 * stride. */
typedef struct tiles_arg {
    /* Set to sizeof(tiles_arg), which tells libtiles the caller's version of the struct. */
    size_t struct_size;
    /* What the argument passes, and which fields below it uses. */
    tiles_arg_kind kind;
    tiles_view* view;       /* TILES_ARG_VIEW: to a __global pointer parameter */
    tiles_array* array;     /* TILES_ARG_ARRAY: to a __global pointer parameter */
    tiles_dtype dtype;      /* TILES_ARG_SCALAR: the value's type, which must be the parameter's;
                               TILES_ARG_NUMBER: TILES_INT64 (an integer) or TILES_FLOAT64 */
    unsigned char value[8]; /* TILES_ARG_SCALAR, TILES_ARG_NUMBER: the value's bytes */
    size_t bytes;           /* TILES_ARG_LOCAL: bytes of __local (tile_static) memory */
} tiles_arg;

/* The exported makers of arguments; `out`'s struct_size must be set. A scalar's `value` holds one
 * element of `dtype` (not TILES_OPAQUE). */
TILES_API tiles_status tiles_arg_init_view(tiles_arg* out, tiles_view* view);
/* `array` for a __global pointer parameter. */
TILES_API tiles_status tiles_arg_init_array(tiles_arg* out, tiles_array* array);
/* A value of `dtype`, copied from `value`, for a parameter of exactly that type. */
TILES_API tiles_status tiles_arg_init_scalar(tiles_arg* out, tiles_dtype dtype, const void* value);
/* `bytes` of __local (tile_static) memory for a __local pointer parameter. */
TILES_API tiles_status tiles_arg_init_local(tiles_arg* out, size_t bytes);
/* An integer typed by the kernel, as tiles_arg_integer. */
TILES_API tiles_status tiles_arg_init_integer(tiles_arg* out, int64_t value);
/* A real number typed by the kernel, as tiles_arg_real. */
TILES_API tiles_status tiles_arg_init_real(tiles_arg* out, double value);

/* The same as inline functions, for C and C++. */
static inline tiles_arg tiles_arg_of_kind_(tiles_arg_kind kind) {
    tiles_arg a;
    memset(&a, 0, sizeof a);
    a.struct_size = sizeof a;
    a.kind = kind;
    return a;
}
static inline tiles_arg tiles_arg_scalar_(tiles_dtype dtype, const void* value, size_t size) {
    tiles_arg a = tiles_arg_of_kind_(TILES_ARG_SCALAR);
    a.dtype = dtype;
    memcpy(a.value, value, size);
    return a;
}
/* `view` for a __global pointer parameter: its data is made current on the launch's context. */
static inline tiles_arg tiles_arg_view(tiles_view* view) {
    tiles_arg a = tiles_arg_of_kind_(TILES_ARG_VIEW);
    a.view = view;
    return a;
}
/* `array` for a __global pointer parameter. */
static inline tiles_arg tiles_arg_array(tiles_array* array) {
    tiles_arg a = tiles_arg_of_kind_(TILES_ARG_ARRAY);
    a.array = array;
    return a;
}
/* `bytes` of __local (tile_static) memory for a __local pointer parameter, shared by a tile. */
static inline tiles_arg tiles_arg_local(size_t bytes) {
    tiles_arg a = tiles_arg_of_kind_(TILES_ARG_LOCAL);
    a.bytes = bytes;
    return a;
}
/* A value for a scalar parameter of exactly its type: int, uint, long, ulong, float, double. */
static inline tiles_arg tiles_arg_int(int32_t v) { return tiles_arg_scalar_(TILES_INT32, &v, sizeof v); }
/* A value for a uint parameter. */
static inline tiles_arg tiles_arg_uint(uint32_t v) { return tiles_arg_scalar_(TILES_UINT32, &v, sizeof v); }
/* A value for a long parameter. */
static inline tiles_arg tiles_arg_long(int64_t v) { return tiles_arg_scalar_(TILES_INT64, &v, sizeof v); }
/* A value for a ulong parameter. */
static inline tiles_arg tiles_arg_ulong(uint64_t v) { return tiles_arg_scalar_(TILES_UINT64, &v, sizeof v); }
/* A value for a float parameter. */
static inline tiles_arg tiles_arg_float(float v) { return tiles_arg_scalar_(TILES_FLOAT32, &v, sizeof v); }
/* A value for a double parameter. */
static inline tiles_arg tiles_arg_double(double v) { return tiles_arg_scalar_(TILES_FLOAT64, &v, sizeof v); }
/* Numbers typed by the kernel: an integer goes to any integer parameter it fits in, or to a
 * float or double one; a real number goes to a double parameter, or to a float one if it is within
 * float's range (infinity and NaN pass as they are). */
static inline tiles_arg tiles_arg_integer(int64_t v) {
    tiles_arg a = tiles_arg_scalar_(TILES_INT64, &v, sizeof v);
    a.kind = TILES_ARG_NUMBER;
    return a;
}
/* A real number for a double parameter, or a float one where it is within float's range. */
static inline tiles_arg tiles_arg_real(double v) {
    tiles_arg a = tiles_arg_scalar_(TILES_FLOAT64, &v, sizeof v);
    a.kind = TILES_ARG_NUMBER;
    return a;
}

/* Builds `kernel` now on `context` (NULL: the default context) for the rank and tile shape of
 * `domain`, as its first launch over such a domain would (the extent's size does not matter), so
 * that those launches compile nothing and a compile error comes before any data moves.
 * TILES_ERROR_BUILD with the compiler's log in tiles_last_error_message() if the source does
 * not compile. `log` (may be NULL) receives the compiler's warnings, "" if it gave none; a
 * kernel from the program cache has those of the build that stored it. The string stays valid
 * on this thread until its next call of tiles_kernel_build or tiles_kernel_get_build_log. */
TILES_API tiles_status tiles_kernel_build(const char** log, const tiles_kernel* kernel, tiles_context* context,
                                          const tiles_domain* domain);

/* The compiler's warnings from the latest build of `kernel` (by a launch on a new context or
 * tile shape, or by tiles_kernel_build), "" if it gave none or nothing was built yet; valid as
 * tiles_kernel_build's. */
TILES_API tiles_status tiles_kernel_get_build_log(const char** out, const tiles_kernel* kernel);

/* Builds the whole OpenCL C `source` with `options` (may be NULL) now on `context` (NULL: the
 * default context), as an untiled rank-1 launch of any of its kernels would, to check a source of
 * several kernels, tiled and untiled, before launching any. Tile dimensions that a launch does not
 * set are 1 there (see the prelude), so a source whose kernels differ in rank or tiling compiles
 * whole for each of their launches. `kernel_names` (may be NULL) receives the names of the
 * source's kernels, separated by ';' as OpenCL gives them; `log` (may be NULL) the compiler's
 * warnings, "" if it gave none. Errors as tiles_kernel_build's. The strings stay valid on this
 * thread until its next call of this function. */
TILES_API tiles_status tiles_program_build(const char** kernel_names, const char** log, tiles_context* context,
                                           const char* source, const char* options);

/* tiles_program_build for a source in `options->language` (NULL options: OpenCL C, no build
 * options), compiled once as a launch over `domain`'s rank and tile shape would (the extent's size
 * does not matter; NULL: an untiled rank-1 launch), so that launches of any of its kernels over
 * such domains compile nothing. A C++ source is so too where every kernel's index is the domain's
 * (its rank and tile); where one's is not (or without a domain), it is built whole with no index
 * checked, and launches build their kernels. Errors as tiles_kernel_build's. */
TILES_API tiles_status tiles_program_build_with_options(const char** kernel_names, const char** log,
                                                        tiles_context* context, const char* source,
                                                        const tiles_kernel_options* options,
                                                        const tiles_domain* domain);

/* The context that work naming none runs on (tiles_launch and the algorithms with a NULL context,
 * Python's launches): where the first of the `count` views `views` (the work's operands in the
 * order of its arguments; NULL entries are passed over) that is an array, or a view of one, lives
 * (a staging array's: the context it is associated with), else the default context. The caller
 * owns a reference. */
TILES_API tiles_status tiles_context_for(tiles_context** out, const tiles_view* const* views, size_t count);

/* An operand as tiles_context_for_operands takes it: a view; or, for data of no elements, which the
 * C API holds no view of (an OpenCL buffer holds a byte at least; Python's empty arrays are such
 * data), the context that data is meant for. */
typedef struct tiles_operand {
    const tiles_view* view;  /* the operand's view; NULL for data of no elements */
    tiles_context* empty_on; /* view NULL: the context the data is meant for (an array's); NULL: none (host memory) */
} tiles_operand;

/* tiles_context_for over operands that may be data of no elements, which count where they stand, as
 * any array or view does: the first of an array of no elements on one context and an array on
 * another names the first one's context. The caller owns a reference. */
TILES_API tiles_status tiles_context_for_operands(tiles_context** out, const tiles_operand* operands, size_t count);

/* Launches `kernel` over `domain` with `args` matched in order to its parameters, on `context`
 * (NULL: tiles_context_for of its arguments that are views), and returns without waiting for it. Everything is checked
 * first, and nothing runs if anything is refused: TILES_ERROR_INVALID_COMPUTE_DOMAIN (an extent that is not positive,
 * an extent the tile does not divide, a tile beyond the device's limits, a tile rank that is not the extent's or is
 * above 3, more than 4294967295 points in all, as C++ AMP counts them in an unsigned int), TILES_ERROR_INVALID_ARGUMENT
 * (a NULL domain, a rank below 1, a rank above 3 without `extents`, a kernel name the source lacks, wrong number, kind
 * or element type of arguments), TILES_ERROR_BUILD (the message holds the compiler's log), TILES_ERROR_OUT_OF_MEMORY
 * (tile_static memory beyond the device's). Element types: a parameter pointing to an OpenCL scalar or vector type
 * takes containers of exactly that dtype; one pointing to a struct or typedef takes containers of any dtype whose
 * elements have the struct's size on the device (a TILES_OPAQUE view of 12-byte elements, or a TILES_FLOAT32 view for a
 * struct of one float), measured once per built kernel. */
TILES_API tiles_status tiles_launch(tiles_context* context, const tiles_domain* domain, const tiles_kernel* kernel,
                                    const tiles_arg* args, size_t arg_count);

/* ---- Users' elementwise kernels and reductions: PyOpenCL's ElementwiseKernel and
 *      ReductionKernel ---------------------------------------------------------------------- */

/* The texts of a user's kernel. `arguments` is a C parameter list ("float a, float *x, float *y"),
 * whose pointers with no address space are __global; `preamble` (NULL: none) is OpenCL C put before
 * the kernel; `options` (NULL: none) are the compiler's. Versioned as the other structs are: set
 * struct_size, or start from TILES_USER_KERNEL_TEXT_INIT. */
typedef struct tiles_user_kernel_text {
    /* Set to sizeof(tiles_user_kernel_text), which tells libtiles the caller's version of the struct. */
    size_t struct_size;
    const char* arguments; /* the parameters; for a reduction of one array, NULL */
    const char* name;      /* the kernel's name */
    const char* preamble;  /* OpenCL C before the kernel, NULL for none */
    const char* options;   /* build options, NULL for none */
} tiles_user_kernel_text;

/* A tiles_user_kernel_text with struct_size set and every text NULL. */
#define TILES_USER_KERNEL_TEXT_INIT                                                                                    \
    { sizeof(tiles_user_kernel_text), NULL, NULL, NULL, NULL }

/* An elementwise kernel of one's own: `operation` is the statement for element i
 * ("z[i] = a * x[i] + y[i]"), which may read n, the element count. Its kernel takes text's
 * parameters and then `const long n`; tiles_elementwise_kernel_launch runs it. Nothing is compiled
 * here. TILES_ERROR_INVALID_ARGUMENT for a NULL or empty name, arguments or operation, or an empty
 * parameter. The caller owns a reference. */
TILES_API tiles_status tiles_elementwise_kernel_create(tiles_kernel** out, const tiles_user_kernel_text* text,
                                                       const char* operation);

/* Launches an elementwise kernel over n work-items, n the element count of the first view or array
 * among `args`, with n passed after them; on `context`, NULL: tiles_context_for of the views. It
 * returns without waiting. TILES_ERROR_INVALID_ARGUMENT where args hold no view or array, or n is
 * above INT_MAX, besides tiles_launch's refusals. */
TILES_API tiles_status tiles_elementwise_kernel_launch(tiles_context* context, const tiles_kernel* kernel,
                                                       const tiles_arg* args, size_t arg_count);

/* A reduction of one's own: its two kernels and its result's dtype. */
typedef struct tiles_reduction_kernel tiles_reduction_kernel;

/* The reduction that maps each element i by `map_expr` ("x[i] * y[i]") of text's arguments and
 * combines the values by `reduce_expr` of a and b ("a + b", "max(a, b)") from `neutral` ("0"), in
 * `dtype_out`. map_expr and text->arguments both NULL: it reduces one array `in` of dtype_out.
 * reduce_expr must be associative, as it is applied in libtiles' order. TILES_ERROR_INVALID_ARGUMENT
 * for a dtype_out kernels do not compute in (the 16-bit floats, complex, opaque), map_expr without
 * arguments or the reverse, a NULL or empty name, neutral or reduce_expr. Nothing is compiled here.
 * The caller owns a reference. */
TILES_API tiles_status tiles_reduction_kernel_create(tiles_reduction_kernel** out, tiles_dtype dtype_out,
                                                     const char* neutral, const char* reduce_expr, const char* map_expr,
                                                     const tiles_user_kernel_text* text);

/* Runs the reduction over the element count of the first view or array among `args`, into a new
 * array of one element of its dtype_out, on `context` (NULL: tiles_context_for of the views). With no
 * view or array among args, nothing of them is launched and the result is the neutral value (as
 * numpy's reductions of no elements give their identity). It returns without waiting. Refusals as
 * tiles_launch's. The caller owns a reference to the array. */
TILES_API tiles_status tiles_reduction_kernel_run(tiles_array** out, tiles_context* context,
                                                  const tiles_reduction_kernel* kernel, const tiles_arg* args,
                                                  size_t arg_count);

/* Adds a reference to `kernel`, which the caller gives back with tiles_reduction_kernel_release. */
TILES_API tiles_status tiles_reduction_kernel_retain(tiles_reduction_kernel* kernel);
/* Gives back a reference to `kernel`; runs already enqueued still run. NULL does nothing. */
TILES_API tiles_status tiles_reduction_kernel_release(tiles_reduction_kernel* kernel);

/* ---- Checked mode: the Oclgrind simulator finds races, uninitialized reads, out-of-bounds
 *      accesses and divergent barriers, at the kernel's own lines ------------------------- */

/* What the checked launches of a context found: a list of diagnostics. */
typedef struct tiles_report tiles_report;

/* What checked mode found (tiles_diagnostic's kind). */
typedef enum tiles_diagnostic_kind {
    TILES_READ_WRITE_RACE = 0,     /* one work-item reads what another writes, with no barrier between */
    TILES_WRITE_WRITE_RACE = 1,    /* two work-items write one location, with no barrier between */
    TILES_UNINITIALIZED_READ = 2,  /* tile_static memory read before anything was stored there */
    TILES_UNINITIALIZED_WRITE = 3, /* a value computed from such a read stored (without the Oclgrind plugin) */
    TILES_OUT_OF_BOUNDS = 4,       /* outside every buffer the kernel was given, or past an array it declares */
    TILES_BARRIER_DIVERGENCE = 5,  /* a barrier only some work-items of a tile reached */
    TILES_OTHER_PROBLEM = 6,
    TILES_HOST_WRITE = 7 /* host memory behind a view written, with no tiles_view_refresh, and the launch's
                            device holding an old copy of it, which the launch reads (kernel: the launch's) */
} tiles_diagnostic_kind;

/* The address space of the memory a diagnostic is about (tiles_diagnostic's space). */
typedef enum tiles_memory_space {
    TILES_TILE_STATIC_MEMORY = 0, /* __local */
    TILES_GLOBAL_MEMORY = 1,      /* __global: arrays and views */
    TILES_CONSTANT_MEMORY = 2,    /* __constant */
    TILES_PRIVATE_MEMORY = 3,     /* a work-item's own */
    TILES_UNKNOWN_MEMORY = 4      /* the simulator did not say */
} tiles_memory_space;

/* The names of a kind ("read_write_race", "write_write_race", "uninitialized_read",
 * "uninitialized_write", "out_of_bounds", "barrier_divergence", "other", "host_write") and of a memory space
 * ("tile_static", "global", "constant", "private", "unknown"), as the bindings give them; "" for a
 * value out of range. Static strings. */
TILES_API const char* tiles_diagnostic_kind_name(tiles_diagnostic_kind kind);
/* The name of a memory space, as above. */
TILES_API const char* tiles_memory_space_name(tiles_memory_space space);

/* One problem found by one or more work-items at one place. Strings and arrays are valid as
 * long as the report they came from. Set struct_size (TILES_DIAGNOSTIC_INIT does). */
typedef struct tiles_diagnostic {
    /* Set to sizeof(tiles_diagnostic), which tells libtiles the caller's version of the struct. */
    size_t struct_size;
    /* What was found. */
    tiles_diagnostic_kind kind;
    /* Where. */
    tiles_memory_space space;
    /* The kernel's name. */
    const char* kernel;
    int line; /* in the kernel's own source, from 1; 0 in the prelude or unknown */
    /* From 1; 0 if unknown. */
    int column;
    /* The text of `line`. */
    const char* source_line;
    int other_line; /* a race's other access; 0 for other problems */
    /* And its column. */
    int other_column;
    /* Work-items that did it. */
    size_t work_item_count;
    const int* work_items; /* work_item_count global indices, 3 ints each, AMP order */
    const char* message;   /* the simulator's own words */
    const char* text;      /* the whole diagnostic in a sentence or two */
    /* TILES_BARRIER_DIVERGENCE (0 and NULL for the rest): the tile_count tiles where it happened
     * (`tiles`, 3 ints each, AMP order), and how many of the tile_size work-items of each reached
     * the barrier at `line`; other_line is the barrier the others reached, where they reached another. */
    size_t tile_count;
    /* Tile_count tiles' indices, 3 ints each. */
    const int* tiles;
    /* Work-items of each that reached it. */
    int reached_barrier;
    /* Work-items of a tile. */
    int tile_size;
} tiles_diagnostic;
/* A tiles_diagnostic with struct_size set, to pass to tiles_report_get. */
#define TILES_DIAGNOSTIC_INIT                                                                                          \
    {                                                                                                                  \
        sizeof(tiles_diagnostic), TILES_OTHER_PROBLEM, TILES_UNKNOWN_MEMORY, NULL, 0, 0, NULL, 0, 0, 0, NULL, NULL,    \
            NULL, 0, NULL, 0, 0                                                                                        \
    }

/* A new context on the Oclgrind simulator: every launch on it waits for its kernel and records
 * what the simulator found; with `strict` not 0, such a launch returns
 * TILES_ERROR_CHECK_FAILED. TILES_ERROR_UNSUPPORTED, saying how to install it, where Oclgrind
 * is missing. The TILES_CHECKED environment variable (1 or strict) makes the default context
 * checked. The caller owns a reference. Not thread-safe: use checked contexts from one thread,
 * the one that made them. */
TILES_API tiles_status tiles_context_create_checked(tiles_context** out, int strict);

/* *out = 1 if `context` is checked, 0 if not. */
TILES_API tiles_status tiles_context_is_checked(int* out, const tiles_context* context);

/* What the checked launches of `context` found so far (none for a context that is not
 * checked), as a report the caller owns. */
TILES_API tiles_status tiles_context_get_report(tiles_report** out, const tiles_context* context);

/* Forgets what the checked launches of `context` found so far. */
TILES_API tiles_status tiles_context_clear_report(tiles_context* context);

/* The number of diagnostics in `report`. */
TILES_API tiles_status tiles_report_count(size_t* out, const tiles_report* report);

/* Diagnostic `index` of `report`; TILES_ERROR_INVALID_ARGUMENT past the end. `out`'s
 * struct_size must be set. */
TILES_API tiles_status tiles_report_get(tiles_diagnostic* out, const tiles_report* report, size_t index);

/* Adds a reference to `report`, which the caller gives back with tiles_report_release. */
TILES_API tiles_status tiles_report_retain(tiles_report* report);
/* Gives back a reference to `report`; the last frees it and the strings of its diagnostics. NULL
 * does nothing. */
TILES_API tiles_status tiles_report_release(tiles_report* report);

/* ---- Events: asynchronous work ---------------------------------------------------------- */

/* Blocks until the work is done; returns its failure status if it failed. */
TILES_API tiles_status tiles_event_wait(tiles_event* event);

/* *out = 1 if the work is done (successfully or not), 0 otherwise, without blocking. */
TILES_API tiles_status tiles_event_is_ready(int* out, const tiles_event* event);

/* Adds a reference to `event`, which the caller gives back with tiles_event_release. */
TILES_API tiles_status tiles_event_retain(tiles_event* event);
/* Gives back a reference to `event`; the work it stands for goes on. NULL does nothing. */
TILES_API tiles_status tiles_event_release(tiles_event* event);

/* When the device's driver took an event's work: OpenCL's profiling times, in nanoseconds on the
 * device's clock (PyOpenCL's event.profile). For work of several commands (a copy through the
 * host), queued, submitted and started are the first's and ended the last's. Set struct_size
 * (TILES_EVENT_PROFILE_INIT does). */
typedef struct tiles_event_profile {
    /* Set to sizeof(tiles_event_profile), which tells libtiles the caller's version of the struct. */
    size_t struct_size;
    uint64_t queued;    /* enqueued by the host */
    uint64_t submitted; /* submitted to the device */
    uint64_t started;   /* began to run */
    uint64_t ended;     /* finished */
} tiles_event_profile;
/* A tiles_event_profile with struct_size set, to pass to tiles_event_get_profile. */
#define TILES_EVENT_PROFILE_INIT                                                                                       \
    { sizeof(tiles_event_profile), 0, 0, 0, 0 }

/* Waits for the event's work as tiles_event_wait does, then fills `out` with its profiling
 * times. TILES_ERROR_UNSUPPORTED for an event of no OpenCL command (a marker of the CPU
 * accelerator's context) or of a queue made without CL_QUEUE_PROFILING_ENABLE (an adopted one;
 * libtiles' own queues have it, at the cost of a few timestamps per command). */
TILES_API tiles_status tiles_event_get_profile(tiles_event_profile* out, tiles_event* event);

/* An event that completes once everything enqueued on `context` before this call has finished
 * (an OpenCL marker, submitted at once: C++ AMP's create_marker), the host steps of earlier
 * asynchronous copies included; work enqueued after it is not held up by it. The caller owns the
 * event. */
TILES_API tiles_status tiles_context_create_marker(tiles_event** out, tiles_context* context);

/* ---- Tiled algorithms: the library's own tiled kernels over views ---------------------- */

/* Their operands are views of rank 1 (one row) or 2, of arrays or of host memory, each of all of
 * its data in its own element type: a section, a view from tiles_view_reinterpret, or a view of
 * rank 3 or more, is refused with TILES_ERROR_INVALID_ARGUMENT (one from tiles_view_reshape of all
 * of the data is taken in its new shape). They
 * run on `context`, or if it is NULL on tiles_context_for of their operands (where the first that
 * is an array, or a view of one, lives, else the default context), and return without waiting, except tiles_reduce; the
 * results come home as any launch's do (tiles_view_synchronize, tiles_view_read). Sizes need not be multiples of any
 * tile. Each refuses before anything runs: TILES_ERROR_INVALID_HANDLE (a NULL or stale view or
 * context), TILES_ERROR_INVALID_ARGUMENT (element types the algorithm does not take or that
 * differ between operands, an output of the wrong shape, of const memory or that is also an
 * input), TILES_ERROR_UNSUPPORTED (double elements on a device without fp64). */

typedef enum tiles_reduction { TILES_REDUCE_SUM = 0, TILES_REDUCE_MIN = 1, TILES_REDUCE_MAX = 2 } tiles_reduction;

/* The name of `op` ("sum", "min", "max"), as the bindings take it; "" for a value out of range.
 * A static string. */
TILES_API const char* tiles_reduction_name(tiles_reduction op);

/* The sum, least or greatest element of `input` (int, long, float or double elements) into `out`,
 * one element of the input's type, whose size `out_size` must be; blocks until it is there. Half
 * and bfloat16 elements are read as floats, and their result is a float: tiles_reduce_as with
 * TILES_FLOAT32; uchar (uint8) elements are combined, and their least and greatest given, as uint:
 * tiles_reduce_as with TILES_UINT32, or for sums TILES_UINT64. Float sums are added pairwise in a
 * tree; the least or greatest of floats that include a NaN is NaN.
 * TILES_ERROR_INVALID_ARGUMENT also for a NULL out, a wrong out_size or an op out of range. */
TILES_API tiles_status tiles_reduce(void* out, size_t out_size, tiles_context* context, const tiles_view* input,
                                    tiles_reduction op);

/* tiles_reduce, combining the elements in `accumulator` and giving one element of it in `out`:
 * the input's type, or for TILES_REDUCE_SUM a wider one, TILES_INT64 for int input (a sum that
 * does not wrap past INT_MAX, as numpy's sum of int32) or TILES_FLOAT64 for float input (on
 * devices with double precision, else TILES_ERROR_UNSUPPORTED). TILES_ERROR_INVALID_ARGUMENT
 * for any other accumulator, naming the ones the input takes. */
TILES_API tiles_status tiles_reduce_as(void* out, size_t out_size, tiles_dtype accumulator, tiles_context* context,
                                       const tiles_view* input, tiles_reduction op);

/* tiles_reduce into `result`, a writable view of one element, of the type the elements are
 * combined in (as tiles_reduce_as's accumulator); returns without waiting, as the other
 * algorithms do, and the result comes home when it is read (tiles_view_read). What it saves is a
 * wait for the device on every call. TILES_ERROR_INVALID_ARGUMENT also for a result of another
 * size, or that is the input. */
TILES_API tiles_status tiles_reduce_into(tiles_context* context, const tiles_view* input, tiles_reduction op,
                                         tiles_view* result);

/* The shape of block sums and averages of a rows x columns matrix in blocks of block_rows x
 * block_columns: one element per block, blocks cut short at the right and bottom edges counting
 * as whole ones. TILES_ERROR_INVALID_ARGUMENT for a NULL out or a dimension below 1. */
TILES_API tiles_status tiles_block_grid(int* out_rows, int* out_columns, int rows, int columns, int block_rows,
                                        int block_columns);

/* `output` (tiles_block_grid's shape; a rank-1 output for a rank-1 input) gets the sum of each
 * block_rows x block_columns block of `input`: int, long, float or double elements, and uchar (TILES_UINT8)
 * elements summed into a TILES_UINT64 output, as numpy sums uint8. A block's elements must fit
 * in one tile of the device (TILES_ERROR_INVALID_ARGUMENT names the numbers). */
TILES_API tiles_status tiles_block_sum(tiles_context* context, const tiles_view* input, int block_rows,
                                       int block_columns, tiles_view* output);

/* The same with averages, float or double elements; a block cut short averages over the elements it holds. */
TILES_API tiles_status tiles_block_average(tiles_context* context, const tiles_view* input, int block_rows,
                                           int block_columns, tiles_view* output);

/* `output` (columns x rows) becomes the transpose of `input` (rows x columns; a rank-1 input is
 * one row, its transpose one column): int, uint, float, double, half or bfloat16 elements. */
TILES_API tiles_status tiles_transpose(tiles_context* context, const tiles_view* input, tiles_view* output);

/* c = alpha * a * b + beta * c, with a m x k, b k x n and c m x n, float or double elements (all
 * three alike), or half or bfloat16 a and b with a float c (products added in float); alpha and
 * beta are converted to c's type. As in BLAS, beta == 0 only writes c,
 * whose old contents are then not even uploaded. At tiles_default_precision of a's elements:
 * half and bfloat16 matrices on tensor cores where the device has them, as cuBLAS and CuPy
 * multiply them (tiles_gemm_as with TILES_PRECISION_EXACT keeps them off). */
TILES_API tiles_status tiles_gemm(tiles_context* context, double alpha, const tiles_view* a, const tiles_view* b,
                                  double beta, tiles_view* c);

/* How tiles_gemm_as multiplies float matrices. The precisions other than exact run on tensor cores
 * where the device has them (NVIDIA's, sm_80 on), adding the products in float; on other devices
 * they compute as exact does: a precision is the least accuracy asked for. */
typedef enum tiles_precision {
    TILES_PRECISION_EXACT = 0,   /* float products added in float, as tiles_gemm and BLAS's SGEMM */
    TILES_PRECISION_TF32X3 = 1,  /* float's accuracy from three products of TF32 parts of each value */
    TILES_PRECISION_TF32 = 2,    /* the inputs rounded to TF32 (10 bits of mantissa, as cuBLAS's _FAST_TF32) */
    TILES_PRECISION_FLOAT16 = 3, /* the inputs rounded to half (cuBLAS's CUBLAS_COMPUTE_32F_FAST_16F) */
    TILES_PRECISION_BFLOAT16 = 4 /* the inputs rounded to bfloat16 (cuBLAS's CUBLAS_COMPUTE_32F_FAST_16BF) */
} tiles_precision;

/* The precision tiles_gemm multiplies elements of `dtype` at: the one that takes them as they are,
 * TILES_PRECISION_FLOAT16 for TILES_FLOAT16 and TILES_PRECISION_BFLOAT16 for TILES_BFLOAT16 (their
 * products are exact in float and their sums float's, on tensor cores or not), and
 * TILES_PRECISION_EXACT for every other dtype, or a value that is none. */
TILES_API tiles_precision tiles_default_precision(tiles_dtype dtype);

/* The name of `precision` ("exact", "tf32x3", "tf32", "float16", "bfloat16"), as the bindings take
 * it; "" for a value out of range. A static string. */
TILES_API const char* tiles_precision_name(tiles_precision precision);

/* tiles_gemm at `precision`; precisions other than TILES_PRECISION_EXACT take float elements only
 * (TILES_ERROR_INVALID_ARGUMENT for double ones, or for a precision out of range). */
TILES_API tiles_status tiles_gemm_as(tiles_precision precision, tiles_context* context, double alpha,
                                     const tiles_view* a, const tiles_view* b, double beta, tiles_view* c);

/* `output` (input's shape) gets, at each element, the sum of `mask`'s weights times the input
 * elements under the mask centred there (not flipped), positions outside the input reading its
 * nearest edge element. float or double elements (the mask's of the input's type); the mask's dimensions
 * are odd and at most 9. */
TILES_API tiles_status tiles_stencil(tiles_context* context, const tiles_view* input, const tiles_view* mask,
                                     tiles_view* output);

/* The Cholesky factor of each symmetric positive-definite matrix of `input` (rank 2, or a stack of
 * n x n matrices of rank 3 or more), of which only the lower triangles are read, into `output` (the
 * same shape, not the input): L, lower triangular with L * L^T = A, or with `upper` not 0,
 * U = L^T; zeros in the other triangle. float or double elements. Blocked, as LAPACK's potrf, all
 * on the device: one work-group factors each diagonal block, gemm does the rest. A matrix that is not
 * positive definite is TILES_ERROR_INVALID_ARGUMENT, whose message names it and the first column
 * (from 0) whose pivot is not positive (LAPACK's info, that column + 1). */
TILES_API tiles_status tiles_cholesky(tiles_context* context, const tiles_view* input, int upper, tiles_view* output);

/* The QR factorization A = Q R of each m x n matrix of `input` (rank 2, or a stack of rank 3 or
 * more), k = min(m, n): into `q` Q, m x k with orthonormal columns, and into `r` R, k x n and upper
 * triangular; with `complete` not 0, Q is m x m and R m x n. Neither is the input. float or double
 * elements. Blocked Householder QR, as LAPACK's geqrf and orgqr, all on the device: each panel
 * factored recursively, gemm updating the rest and forming Q. R's diagonal has geqrf's signs; a
 * rank-deficient matrix gives zeros there, never NaNs. */
TILES_API tiles_status tiles_qr(tiles_context* context, const tiles_view* input, int complete, tiles_view* q,
                                tiles_view* r);

/* The singular value decomposition A = U diag(S) Vh of each m x n matrix of `input` (rank 2, or a
 * stack of rank 3 or more), k = min(m, n): into `u` U, m x k with orthonormal columns, into `s` the
 * singular values, descending (rank 1, or one vector of k per matrix of the stack), and into `vh`
 * Vh, k x n with orthonormal rows; with `full_matrices` not 0, U is m x m and Vh n x n. None is the
 * input. float or double elements. QR on the device (tiles_qr), the SVD of its k x k R on the host
 * in double (Golub-Kahan), U = Q U_R by gemm on the device; a wide matrix through its
 * transpose. The vectors' signs are those the method gives, which may differ from LAPACK's. A
 * matrix holding NaN or infinity is TILES_ERROR_INVALID_ARGUMENT, the message naming it. */
TILES_API tiles_status tiles_svd(tiles_context* context, const tiles_view* input, int full_matrices, tiles_view* u,
                                 tiles_view* s, tiles_view* vh);

/* The singular values of each matrix of `input` (float or double elements) into `s`, as tiles_svd
 * gives them, without the vectors, which the host's QR sweeps then skip. */
TILES_API tiles_status tiles_svdvals(tiles_context* context, const tiles_view* input, tiles_view* s);

/* The eigendecomposition A = V diag(W) V^T of each symmetric n x n matrix of `input` (rank 2, or a
 * stack of rank 3 or more), of which only the lower triangle is read: into `eigenvalues` W,
 * ascending (rank 1, or one vector of n per matrix of the stack), and into `eigenvectors` V,
 * orthogonal, one eigenvector a column. float or double elements. The host reduces each matrix to
 * tridiagonal form and runs the QL iteration, in double; gemm on the device forms V. A matrix
 * holding NaN or infinity is TILES_ERROR_INVALID_ARGUMENT, the message naming it. */
TILES_API tiles_status tiles_eigh(tiles_context* context, const tiles_view* input, tiles_view* eigenvalues,
                                  tiles_view* eigenvectors);

/* The eigenvalues of each symmetric matrix of `input` (float or double elements) into
 * `eigenvalues`, as tiles_eigh gives them, without the vectors. */
TILES_API tiles_status tiles_eigvalsh(tiles_context* context, const tiles_view* input, tiles_view* eigenvalues);

/* X = A^-1 B for each n x n matrix A of `a` (rank 2, or a stack of rank 3 or more) and the same
 * n x k matrix B of `b`, into `x`. float or double elements. Gaussian elimination with partial
 * pivoting, as LAPACK's getrf: each panel is pivoted and factored on the device, gemm updates the
 * rest. A singular matrix is TILES_ERROR_INVALID_ARGUMENT, the message naming it and the first
 * column with no nonzero pivot (LAPACK's info, that column + 1). */
TILES_API tiles_status tiles_solve(tiles_context* context, const tiles_view* a, const tiles_view* b, tiles_view* x);

/* The inverse of each n x n matrix of `input` (float or double elements) into `output`, as
 * tiles_solve with B the identity; a singular matrix fails as there. */
TILES_API tiles_status tiles_inv(tiles_context* context, const tiles_view* input, tiles_view* output);

/* The sign (1, -1, or 0 where singular) and the natural logarithm of the magnitude (-inf where
 * singular) of the determinant of each n x n matrix of `input` (float or double elements), one
 * value per matrix in `sign` and `logabsdet` (as many elements as matrices, in the stack's order),
 * from the same elimination as tiles_solve's. */
TILES_API tiles_status tiles_slogdet(tiles_context* context, const tiles_view* input, tiles_view* sign,
                                     tiles_view* logabsdet);

/* What each algorithm takes, from the one description libtiles keeps of it, which its own checks
 * read: for bindings and checks of a caller's own. The algorithms are numbered from 0 on, and so
 * are each one's operands, so that a caller lists them by asking for 0, 1, ... until
 * TILES_ERROR_INVALID_ARGUMENT. Set struct_size (the _INIT macros do); fields may be added at the
 * end in later versions. */
typedef struct tiles_algorithm_info {
    /* Set to sizeof(tiles_algorithm_info), which tells libtiles the caller's version of the struct. */
    size_t struct_size;
    const char* name;                    /* "transpose": its functions' (tiles_transpose...) and Python's */
    size_t operand_count;                /* how many operands it has, for tiles_algorithm_describe_operand */
    const char* parameter;               /* its named parameter ("op", "precision"), or "" for none */
    const char* const* parameter_values; /* the names that parameter takes, in the order of its C enum's
                                            values (tiles_reduction, tiles_precision); static strings */
    size_t parameter_value_count;        /* how many names parameter_values holds; 0 for no parameter */
    const char* const* numbers;          /* its plain numbers' names, as its functions' parameters ("alpha",
                                            "beta"), in their order; a function may take the first few only
                                            (tiles_stencil none of tiles_stencil_split's "iterations");
                                            static strings */
    size_t number_count;                 /* how many names numbers holds; 0 for none */
} tiles_algorithm_info;
/* A tiles_algorithm_info with struct_size set, to pass to tiles_algorithm_describe. */
#define TILES_ALGORITHM_INFO_INIT                                                                                      \
    { sizeof(tiles_algorithm_info), NULL, 0, NULL, NULL, 0, NULL, 0 }

/* Fills `out`, whose struct_size must be set, with algorithm number `algorithm` (from 0 on). */
TILES_API tiles_status tiles_algorithm_describe(tiles_algorithm_info* out, size_t algorithm);

/* One operand of an algorithm, as its functions' views must be. */
typedef struct tiles_algorithm_operand {
    /* Set to sizeof(tiles_algorithm_operand), which tells libtiles the caller's version of the struct. */
    size_t struct_size;
    const char* name;  /* as this header's parameters call it: "input", "mask", "a" */
    const char* role;  /* as messages name it, with its article: "the input", "A" */
    int written;       /* 1 for an output the algorithm writes, 0 for an input it only reads */
    int min_rank;      /* the least rank of view it takes (a rank-1 view is one row) */
    int max_rank;      /* the greatest rank of view it takes; INT_MAX for any rank from min_rank on */
    int takes_section; /* 0 where sections and views from tiles_view_reinterpret are refused */
    uint64_t dtypes;   /* bit (1 << d) set for each tiles_dtype d whose elements it may hold */
} tiles_algorithm_operand;
/* A tiles_algorithm_operand with struct_size set, to pass to tiles_algorithm_describe_operand. */
#define TILES_ALGORITHM_OPERAND_INIT                                                                                   \
    { sizeof(tiles_algorithm_operand), NULL, NULL, 0, 0, 0, 0, 0 }

/* Fills `out`, whose struct_size must be set, with operand number `operand` (from 0 on, in the
 * order of the algorithm's functions' parameters) of algorithm number `algorithm`. */
TILES_API tiles_status tiles_algorithm_describe_operand(tiles_algorithm_operand* out, size_t algorithm, size_t operand);

/* ---- Elementwise arithmetic: numpy's operators and math functions of views and scalars -- */

/* The operations, by numpy's ufuncs (TILES_OP_DIVIDE is true_divide, TILES_OP_ATAN2 arctan2):
 * the binary ones, TILES_OP_ADD to TILES_OP_GREATER_EQUAL, then the unary ones. TILES_OP_COPY is
 * astype's conversion (numpy's unsafe casting); TILES_OP_REAL and TILES_OP_IMAG give the parts of
 * complex numbers (of real ones: the number, and 0). TILES_OP_WHERE is numpy.where, of three
 * inputs: the condition (any dtype, read as numpy's truth), then the choices, whose promotion the
 * result has. */
typedef enum tiles_elementwise_op {
    TILES_OP_ADD = 0,
    TILES_OP_SUBTRACT = 1,
    TILES_OP_MULTIPLY = 2,
    TILES_OP_DIVIDE = 3,
    TILES_OP_FLOOR_DIVIDE = 4,
    TILES_OP_REMAINDER = 5,
    TILES_OP_POWER = 6,
    TILES_OP_BITWISE_AND = 7,
    TILES_OP_BITWISE_OR = 8,
    TILES_OP_BITWISE_XOR = 9,
    TILES_OP_LEFT_SHIFT = 10,
    TILES_OP_RIGHT_SHIFT = 11,
    TILES_OP_MAXIMUM = 12,
    TILES_OP_MINIMUM = 13,
    TILES_OP_ATAN2 = 14,
    TILES_OP_COPYSIGN = 15,
    TILES_OP_HYPOT = 16,
    TILES_OP_NEXTAFTER = 17,
    TILES_OP_LOGADDEXP = 18,
    TILES_OP_LOGICAL_AND = 19,
    TILES_OP_LOGICAL_OR = 20,
    TILES_OP_LOGICAL_XOR = 21,
    TILES_OP_EQUAL = 22,
    TILES_OP_NOT_EQUAL = 23,
    TILES_OP_LESS = 24,
    TILES_OP_LESS_EQUAL = 25,
    TILES_OP_GREATER = 26,
    TILES_OP_GREATER_EQUAL = 27,
    TILES_OP_NEGATIVE = 28,
    TILES_OP_POSITIVE = 29,
    TILES_OP_ABSOLUTE = 30,
    TILES_OP_CONJUGATE = 31,
    TILES_OP_INVERT = 32,
    TILES_OP_SQRT = 33,
    TILES_OP_EXP = 34,
    TILES_OP_LOG = 35,
    TILES_OP_SIN = 36,
    TILES_OP_COS = 37,
    TILES_OP_TAN = 38,
    TILES_OP_ASIN = 39,
    TILES_OP_ACOS = 40,
    TILES_OP_ATAN = 41,
    TILES_OP_SINH = 42,
    TILES_OP_COSH = 43,
    TILES_OP_TANH = 44,
    TILES_OP_ASINH = 45,
    TILES_OP_ACOSH = 46,
    TILES_OP_ATANH = 47,
    TILES_OP_EXPM1 = 48,
    TILES_OP_LOG1P = 49,
    TILES_OP_LOG2 = 50,
    TILES_OP_LOG10 = 51,
    TILES_OP_CBRT = 52,
    TILES_OP_FLOOR = 53,
    TILES_OP_CEIL = 54,
    TILES_OP_TRUNC = 55,
    TILES_OP_RINT = 56,
    TILES_OP_SQUARE = 57,
    TILES_OP_SIGN = 58,
    TILES_OP_ISNAN = 59,
    TILES_OP_ISINF = 60,
    TILES_OP_ISFINITE = 61,
    TILES_OP_SIGNBIT = 62,
    TILES_OP_LOGICAL_NOT = 63,
    TILES_OP_REAL = 64,
    TILES_OP_IMAG = 65,
    TILES_OP_COPY = 66,
    TILES_OP_WHERE = 67
} tiles_elementwise_op;

/* numpy's name of `op` ("add", "true_divide", "arcsin"); "" for a value out of range, so that a
 * caller may list them all by asking for 0, 1, ... until it gets that. A static string. */
TILES_API const char* tiles_elementwise_op_name(tiles_elementwise_op op);

/* One input of an elementwise operation: a view (of any rank, a section of an array or of host
 * memory included; its elements read as a dense array of its shape), or a scalar (view NULL).
 * is_bool marks numpy's bool: uint8 elements, or a scalar, that are 0 or 1. A weak scalar is a
 * Python number as NEP 50 has it: it takes the other input's kind of type (Python's 3 beside an
 * int8 view is an int8; 2.5 beside an int8 view is a float64), where a strong scalar (a numpy
 * scalar) promotes as an array of no dimensions does. */
typedef struct tiles_elementwise_operand {
    const tiles_view* view;   /* the data; NULL for a scalar */
    int is_bool;              /* 1: numpy's bool (the view's elements, or the scalar) */
    tiles_dtype scalar_dtype; /* a scalar's dtype: the integer, float or complex type it is given in */
    int weak;                 /* 1: a scalar that takes the other input's kind of type (a Python number) */
    int64_t integer;          /* a bool or integer scalar's value (a uint64's bits) */
    double real, imag;        /* a float or complex scalar's value */
} tiles_elementwise_operand;
/* An operand of `view` (not bool). */
#define TILES_ELEMENTWISE_VIEW(v)                                                                                      \
    { (v), 0, TILES_OPAQUE, 0, 0, 0.0, 0.0 }

/* The dtype numpy's `op` of `inputs` (1, 2 or 3, as op takes) gives, its result type resolution with
 * NEP 50's weak scalars: *out the dtype, *out_is_bool 1 for numpy's bool (held as TILES_UINT8).
 * TILES_ERROR_INVALID_ARGUMENT where numpy has no loop for the inputs (a bitwise operation of
 * floats, a shift of bools), or a weak integer outside the other input's type in arithmetic. */
TILES_API tiles_status tiles_elementwise_result_type(tiles_dtype* out, int* out_is_bool, tiles_elementwise_op op,
                                                     const tiles_elementwise_operand* inputs, size_t input_count);

/* Writes numpy's `op` of `inputs` into `out`, a writable view of their broadcast shape (numpy's
 * broadcasting) whose dtype the result casts to with numpy's same_kind casting (any dtype for
 * TILES_OP_COPY); out_is_bool 1 marks it numpy's bool. Runs on `context`, or if it is NULL on
 * tiles_context_for of the views, and returns without waiting. An output that is also an input
 * of the same shape is fine (numpy's in-place operators). Refused before anything runs:
 * TILES_ERROR_INVALID_ARGUMENT (no loop, as tiles_elementwise_result_type; shapes that do not
 * broadcast; an output of another shape or of const elements; a negative integer power of an
 * integer scalar), TILES_ERROR_UNSUPPORTED (float16 arithmetic, which numpy's loops give for
 * int8 math functions; the power, trigonometric functions and ordering of complex numbers; doubles
 * on a device without fp64). The kernel of each description (operation, dtypes, layouts, rank) is
 * built once and kept; thread-safe. */
TILES_API tiles_status tiles_elementwise(tiles_view* out, int out_is_bool, tiles_context* context,
                                         tiles_elementwise_op op, const tiles_elementwise_operand* inputs,
                                         size_t input_count);

/* Where an operand's elements lie among its view's elements held dense and row-major, as a numpy
 * view's do (a transpose, steps, a reversal): element (c0, c1, ...) of `shape` (rank dimensions)
 * is the view's element offset + c0 * strides[0] + c1 * strides[1] + ..., strides in elements,
 * negative ones too. */
typedef struct tiles_elementwise_place {
    int rank;               /* the operand's dimensions */
    const int* shape;       /* rank extents */
    const int64_t* strides; /* rank steps, in the view's elements */
    int64_t offset;         /* the view's element at index (0, 0, ...) */
} tiles_elementwise_place;

/* tiles_elementwise with operands placed in their views: out's elements at `out_place`, inputs[k]'s
 * at input_places[k] (a NULL place, or input_places NULL: the view itself, dense). A placed output
 * writes through to its view's elements, as an in-place operation on numpy's view does. Refused
 * with TILES_ERROR_INVALID_ARGUMENT, besides tiles_elementwise's refusals: a place that reaches
 * outside its view's elements (naming them), and a placed output over the storage of an input,
 * whose elements the kernel would read after writing them (copy that input first). */
TILES_API tiles_status tiles_elementwise_placed(tiles_view* out, int out_is_bool,
                                                const tiles_elementwise_place* out_place, tiles_context* context,
                                                tiles_elementwise_op op, const tiles_elementwise_operand* inputs,
                                                const tiles_elementwise_place* const* input_places, size_t input_count);

/* tiles_elementwise_placed with numpy's where=: `where` (NULL: every element) is numpy's bool, a
 * view marked is_bool (placed by `where_place`, NULL for the view itself) or a bool scalar. Only the
 * elements where it is true are computed and written; the others keep out's values. It broadcasts
 * with the inputs, as numpy's where= does, all in one kernel. Refused with
 * TILES_ERROR_INVALID_ARGUMENT, besides tiles_elementwise_placed's refusals: a mask that is not
 * bool (numpy casts where= to bool only 'safe'ly), and where_place without `where`. */
TILES_API tiles_status tiles_elementwise_masked(tiles_view* out, int out_is_bool,
                                                const tiles_elementwise_place* out_place, tiles_context* context,
                                                tiles_elementwise_op op, const tiles_elementwise_operand* inputs,
                                                const tiles_elementwise_place* const* input_places, size_t input_count,
                                                const tiles_elementwise_operand* where,
                                                const tiles_elementwise_place* where_place);

/* tiles_elementwise into a new array of the result's dtype and broadcast shape (rank 1, extent 1,
 * where the inputs have no dimensions), on `context` or tiles_context_for of the views. *out_is_bool
 * says whether it holds numpy's bools. The caller owns a reference to the array. */
TILES_API tiles_status tiles_elementwise_new(tiles_array** out, int* out_is_bool, tiles_context* context,
                                             tiles_elementwise_op op, const tiles_elementwise_operand* inputs,
                                             size_t input_count);

/* One node of a fused elementwise expression, a list of nodes whose last is the result: an
 * operand (operand >= 0, an index into the operands), or `operation` of earlier nodes (operand
 * -1; children[0..n-1], n the operation's inputs, the rest -1). A node may be the child of several
 * later ones. Each operation resolves its dtypes as tiles_elementwise would, so the result is the
 * unfused chain's, bit for bit. */
typedef struct tiles_fused_node {
    int32_t operand;                /* >= 0: operands[operand]; -1: an operation */
    tiles_elementwise_op operation; /* an operation's (not TILES_OP_COPY) */
    int32_t children[3];            /* an operation's inputs: earlier nodes; -1 past its arity */
} tiles_fused_node;
/* Operand k; op of node a; op of nodes a and b. */
#define TILES_FUSED_OPERAND(k)                                                                                         \
    {                                                                                                                  \
        (k), TILES_OP_ADD, { -1, -1, -1 }                                                                              \
    }
#define TILES_FUSED_UNARY(op, a)                                                                                       \
    {                                                                                                                  \
        -1, (op), {                                                                                                    \
            (a), -1, -1                                                                                                \
        }                                                                                                              \
    }
#define TILES_FUSED_BINARY(op, a, b)                                                                                   \
    {                                                                                                                  \
        -1, (op), {                                                                                                    \
            (a), (b), -1                                                                                               \
        }                                                                                                              \
    }

/* Writes the expression `nodes` of `operands` into `out` in one kernel, its intermediate values
 * never stored (CuPy's fuse): as tiles_elementwise_placed does for one operation, places and all
 * (operand_places NULL: each view dense). The kernel of each description (nodes, dtypes, layouts,
 * rank) is built once and kept; thread-safe. Refused with TILES_ERROR_INVALID_ARGUMENT, besides
 * tiles_elementwise's refusals for any operation: no nodes, an operation out of the enum or
 * TILES_OP_COPY, children that are not earlier nodes or not as many as the operation takes, an
 * operand index out of range, an unused operand or node, a last node that is an operand. */
TILES_API tiles_status tiles_elementwise_fused(tiles_view* out, int out_is_bool,
                                               const tiles_elementwise_place* out_place, tiles_context* context,
                                               const tiles_elementwise_operand* operands,
                                               const tiles_elementwise_place* const* operand_places,
                                               size_t operand_count, const tiles_fused_node* nodes, size_t node_count);

/* tiles_elementwise_fused into a new array of the result's dtype and broadcast shape (rank 1,
 * extent 1, where the operands have no dimensions), as tiles_elementwise_new. The caller owns a
 * reference to the array. */
TILES_API tiles_status tiles_elementwise_fused_new(tiles_array** out, int* out_is_bool, tiles_context* context,
                                                   const tiles_elementwise_operand* operands, size_t operand_count,
                                                   const tiles_fused_node* nodes, size_t node_count);

/* ---- Gathers and scatters: numpy's indexing by integer arrays and masks ------------------ */

/* An integer array's part in where an operand's elements lie (tiles_gather, tiles_scatter):
 * element (c0, c1, ...) of the operand's shape moves, besides its place, by
 * positions[c0 * strides[0] + c1 * strides[1] + ...] * stride elements of its view. A position
 * lies in [-bound, bound), a negative one counted from the end, as numpy's; where skip_negative is
 * 1, a negative position moves nothing instead (a caller's mark for a repeated position that a
 * later one overrides, as numpy's last assignment wins). Where unchecked is 1 (positions the caller
 * has checked), the call neither waits nor refuses, and a position out of bounds moves nothing. */
typedef struct tiles_element_index {
    const tiles_view* positions; /* int64 elements, read as a dense array of the view's shape */
    const int64_t* strides;      /* one for each dimension of the operand's shape, in positions' elements */
    int64_t stride;              /* in the operand's view's elements */
    int64_t bound;               /* the extent the positions index */
    int skip_negative;           /* 1: a negative position moves nothing */
    int unchecked;               /* 1: no wait, no refusal: a position out of bounds moves nothing */
} tiles_element_index;

/* Writes into `out` (a writable view, dense, of the source place's shape; out_is_bool marks numpy's
 * bool) the elements of `source` at `source_place` (NULL: the view itself, dense) each moved by
 * `index` (NULL: none, the place alone), converted to out's dtype as numpy's astype converts. Runs on `context`, or if
 * it is NULL on tiles_context_for of the views. Returns without waiting unless a position is out of bounds: the call
 * then waits for the kernel and returns TILES_ERROR_INVALID_ARGUMENT naming one such position and the bound
 * ("index 7 is out of bounds for axis of size 5"), out unspecified. Also refused so: a place or positions reaching
 * outside their views, positions that are not int64, a strides count unlike the place's rank. The kernel of each
 * description is built once and kept; thread-safe. */
TILES_API tiles_status tiles_gather(tiles_view* out, int out_is_bool, tiles_context* context, const tiles_view* source,
                                    int source_is_bool, const tiles_elementwise_place* source_place,
                                    const tiles_element_index* index);

/* numpy's target[key] = value: writes `value` (a scalar, or a view broadcast to the place's shape,
 * numpy's broadcasting) into `target`'s elements at `target_place` (NULL: the view, dense), each
 * moved by `index` (NULL: none), converted as numpy's astype converts. Where two elements reach one place,
 * which is written is unspecified (skip_negative marks all but one). Out of bounds, as tiles_gather:
 * no element is written at such a position, the others are. A value that shares the target's
 * data is refused (copy it first). */
TILES_API tiles_status tiles_scatter(tiles_view* target, int target_is_bool,
                                     const tiles_elementwise_place* target_place, tiles_context* context,
                                     const tiles_elementwise_operand* value, const tiles_element_index* index);

/* numpy's take(source, positions, axis) into a new array of source's dtype (and bool mark) and of
 * shape source.shape[:axis] + positions.shape + source.shape[axis + 1:]: `positions` are int64,
 * negative ones counted from the end; an axis or a position out of bounds is refused
 * (TILES_ERROR_INVALID_ARGUMENT, naming it; a position's refusal waits for the kernel). The caller
 * owns a reference to the array. */
TILES_API tiles_status tiles_take_new(tiles_array** out, tiles_context* context, const tiles_view* source,
                                      int source_is_bool, const tiles_view* positions, int axis);

/* The positions (int64) of the true elements of `mask` (a view of numpy's bools) among its
 * elements in row-major order, as numpy's flatnonzero: *out a new array of *out_count elements
 * (NULL where there are none), computed by a scan of the mask and a compaction. Waits for the
 * count, the one value read back. The caller owns a reference to the array. */
TILES_API tiles_status tiles_true_positions_new(tiles_array** out, size_t* out_count, tiles_context* context,
                                                const tiles_view* mask);

/* ---- Reductions over axes: numpy's sum, prod, min, max, any, all, mean, argmin, argmax, scans */

/* The reductions over axes, by numpy's names. */
typedef enum tiles_axis_reduction {
    TILES_AXIS_SUM = 0,
    TILES_AXIS_PROD = 1,
    TILES_AXIS_MIN = 2,
    TILES_AXIS_MAX = 3,
    TILES_AXIS_ANY = 4,
    TILES_AXIS_ALL = 5,
    TILES_AXIS_MEAN = 6,
    TILES_AXIS_ARGMIN = 7,
    TILES_AXIS_ARGMAX = 8
} tiles_axis_reduction;

/* numpy's name of `op` ("sum", "argmax"); "" for a value out of range. A static string. */
TILES_API const char* tiles_axis_reduction_name(tiles_axis_reduction op);

/* What a reduction over axes reduces. Set struct_size (TILES_REDUCTION_OPTIONS_INIT does). */
typedef struct tiles_reduction_options {
    size_t struct_size; /* sizeof(tiles_reduction_options), which tells libtiles the caller's version */
    const int* axes;    /* the axes, from 0 or, if negative, from the end; NULL: all of them */
    size_t axis_count;  /* how many `axes` holds; 0 with non-NULL axes reduces none */
    int keepdims;       /* 1: the reduced axes stay, of extent 1 (numpy's keepdims) */
    tiles_dtype dtype;  /* sum, prod and mean: numpy's dtype=; TILES_OPAQUE: numpy's default */
    int dtype_is_bool;  /* 1: dtype= is numpy's bool (dtype TILES_UINT8) */
    /* Added after the first version (a struct_size without them reads both as NULL): */
    const tiles_view* where;                  /* numpy's where=: bool elements of a shape that
                                                 broadcasts to the input's; NULL: every element */
    const tiles_elementwise_operand* initial; /* numpy's initial=, a scalar operand (view NULL)
                                                 of sum, prod, min or max; NULL: none */
} tiles_reduction_options;
/* All axes, no keepdims, numpy's dtype, every element, no initial value. */
#define TILES_REDUCTION_OPTIONS_INIT                                                                                   \
    { sizeof(tiles_reduction_options), NULL, 0, 0, TILES_OPAQUE, 0, NULL, NULL }

/* numpy's `op` of `input` (any rank; input_is_bool 1 marks numpy's bools) over the axes of
 * `options`, into a new array of numpy's result dtype (sums of int32 are int64, means of integers
 * float64, any and all bool, argmin and argmax int64) and shape (rank 1, extent 1, where no
 * dimension is left). *out_is_bool says whether it holds bools. Float sums and means add pairwise,
 * as numpy's. With options->where, the elements where it is false count as the identity, in the
 * same kernel (a mean divides by the number of true ones); options->initial is combined with each
 * result. Runs on `context`, or if it is NULL where the view lives, without waiting. The
 * caller owns a reference to the array. TILES_ERROR_INVALID_ARGUMENT for an axis out of range
 * or given twice, several axes of argmin or argmax, dtype= of a reduction that takes none,
 * where= that is not bool or does not broadcast, initial= of mean, any, all, argmin or argmax,
 * and min or max with where= and no initial= (no identity, as numpy says);
 * TILES_ERROR_UNSUPPORTED for an order of complex numbers, a complex input reduced in a real
 * dtype, or doubles on a device without fp64. Kernels are kept per description; thread-safe. */
TILES_API tiles_status tiles_axis_reduction_new(tiles_array** out, int* out_is_bool, tiles_context* context,
                                                tiles_axis_reduction op, const tiles_view* input, int input_is_bool,
                                                const tiles_reduction_options* options);

/* What a cumulative sum or product runs along. Set struct_size (TILES_SCAN_OPTIONS_INIT does). */
typedef struct tiles_scan_options {
    size_t struct_size;  /* sizeof(tiles_scan_options), which tells libtiles the caller's version */
    const int* axis;     /* the axis, from 0 or, if negative, from the end; NULL: all elements in order */
    int include_initial; /* 1: the identity (0 or 1) first along the axis, which grows by one */
    tiles_dtype dtype;   /* numpy's dtype=; TILES_OPAQUE: numpy's default, the sum's or product's */
    int dtype_is_bool;   /* 1: dtype= is numpy's bool (dtype TILES_UINT8) */
} tiles_scan_options;
/* All elements in order, no initial value, numpy's dtype. */
#define TILES_SCAN_OPTIONS_INIT                                                                                        \
    { sizeof(tiles_scan_options), NULL, 0, TILES_OPAQUE, 0 }

/* numpy's cumulative_sum (`op` TILES_AXIS_SUM) or cumulative_prod (TILES_AXIS_PROD) of `input`
 * along the axis of `options` into a new array of numpy's dtype (sums of int32 are int64) and shape
 * (rank 1 of all the elements, where options->axis is NULL, as numpy's cumsum without an axis).
 * Each line is combined in numpy's order, so results are numpy's to the last bit, except on GPUs
 * where 1,024 lines or fewer are 1,024 elements or longer: those are scanned in blocks in parallel,
 * and their floats round in another order (integers stay exact). Runs on
 * `context`, or if it is NULL where the view lives, without waiting. The caller owns a reference
 * to the array. TILES_ERROR_INVALID_ARGUMENT for another operation or an axis out of range;
 * TILES_ERROR_UNSUPPORTED for float16 results, a complex input in a real dtype, or doubles on a
 * device without fp64. */
TILES_API tiles_status tiles_axis_scan_new(tiles_array** out, int* out_is_bool, tiles_context* context,
                                           tiles_axis_reduction op, const tiles_view* input, int input_is_bool,
                                           const tiles_scan_options* options);

/* ---- Sorting: the array API's sort and argsort ------------------------------------------- */

/* What tiles_sort_new sorts along, and in which order. Set struct_size (TILES_SORT_OPTIONS_INIT does). */
typedef struct tiles_sort_options {
    size_t struct_size; /* sizeof(tiles_sort_options), which tells libtiles the caller's version */
    int axis;           /* the axis, from 0 or, if negative, from the end */
    int descending;     /* 1: the largest first (NaNs first, the ascending order reversed) */
} tiles_sort_options;
/* The last axis, ascending. */
#define TILES_SORT_OPTIONS_INIT                                                                                        \
    { sizeof(tiles_sort_options), -1, 0 }

/* The array API's sort and argsort of `input` (input_is_bool 1 marks numpy's bools) along the axis
 * of `options`, each line on its own: *out_values a new array of the sorted elements (input's dtype
 * and shape), *out_positions a new int64 array of their positions along the axis, each skipped
 * where its pointer is NULL. The sort is stable (equal elements keep their order, as numpy's
 * kind="stable"); NaNs go last ascending, first descending; -0.0 and 0.0 are equal. Runs on
 * `context`, or if it is NULL where the view lives, without waiting. The caller owns a reference
 * to each array. TILES_ERROR_INVALID_ARGUMENT for an axis out of range or both pointers NULL;
 * TILES_ERROR_UNSUPPORTED for a dtype other than bool, integers, float32 and float64, or doubles
 * on a device without fp64. Kernels are kept per dtype and order; thread-safe. */
TILES_API tiles_status tiles_sort_new(tiles_array** out_values, tiles_array** out_positions, tiles_context* context,
                                      const tiles_view* input, int input_is_bool, const tiles_sort_options* options);

/* ---- Several contexts at once ------------------------------------------------------------ */

/* A matrix's rows split into bands, one per context (C++'s tiles::split_array): each context
 * holds an array of its band's own rows and of the halo rows of its neighbours that its kernels
 * read; launches on each band's array run on their contexts at the same time, and between phases
 * only the halo rows move (tiles_split_exchange_halo). Or a matrix held whole on every context
 * (tiles_split_create_copies), as tiles_split_gemm takes B. */
typedef struct tiles_split tiles_split;

/* Where one band's rows lie in the matrix. Set struct_size (TILES_BAND_INIT does). */
typedef struct tiles_band {
    /* Set to sizeof(tiles_band), which tells libtiles the caller's version of the struct. */
    size_t struct_size;
    int first;      /* the matrix's row of the band's first own row */
    int rows;       /* the rows it owns */
    int halo_above; /* rows of the band above it, held before its own (0 for the first band) */
    int halo_below; /* rows of the band below it, held after its own (0 for the last band) */
} tiles_band;
/* A tiles_band with struct_size set, to pass to tiles_split_rows or tiles_split_get_band. */
#define TILES_BAND_INIT                                                                                                \
    { sizeof(tiles_band), 0, 0, 0, 0 }

/* Band `part` (from 0) of `grid_rows` rows split into `parts` bands as tiles_split_create splits
 * them: in whole multiples of `granularity` rows as evenly as can be (the first bands own one
 * multiple more, the last what is left), each with `halo` rows of each neighbour.
 * TILES_ERROR_INVALID_ARGUMENT, naming the numbers, for a band that does not exist, fewer rows
 * than bands, or a band thinner than the halo. For callers that split data themselves (over MPI
 * ranks, say). */
TILES_API tiles_status tiles_split_rows(tiles_band* out, int grid_rows, int halo, int part, int parts, int granularity);

/* A matrix of `shape` (rank 2: rows x columns) split over `count` contexts (none NULL), band i on
 * contexts[i], in whole multiples of `granularity` rows (a tiled launch's tile rows; at least 1)
 * as evenly as can be, each band with `halo` rows of each neighbour; the arrays are allocated now.
 * TILES_ERROR_INVALID_ARGUMENT for no contexts, a shape not of rank 2, or bands that cannot be
 * made (fewer rows than bands, a band thinner than the halo), naming the numbers. The caller owns
 * a reference. */
TILES_API tiles_status tiles_split_create(tiles_split** out, tiles_context* const* contexts, size_t count,
                                          const tiles_shape* shape, int halo, int granularity);

/* A matrix of `shape` (rank 2) held whole on every one of `count` contexts (none NULL): band i is
 * a copy of all of it on contexts[i], without halos (its tiles_band: first 0, every row), as
 * tiles_split_gemm takes B. tiles_split_scatter sends the same host memory to every context at
 * once; tiles_split_gather and tiles_split_reduce read the first copy. TILES_ERROR_INVALID_ARGUMENT
 * for no contexts or a shape not of rank 2. The caller owns a reference. */
TILES_API tiles_status tiles_split_create_copies(tiles_split** out, tiles_context* const* contexts, size_t count,
                                                 const tiles_shape* shape);

/* The number of bands. */
TILES_API tiles_status tiles_split_get_count(size_t* out, const tiles_split* split);

/* Where band `part` lies; TILES_ERROR_INVALID_ARGUMENT for a band that does not exist. */
TILES_API tiles_status tiles_split_get_band(tiles_band* out, const tiles_split* split, size_t part);

/* Band `part`'s array: its local rows (its halo above, its own rows, its halo below) x the
 * matrix's columns, on its context (tiles_array_get_context). The caller owns a reference. */
TILES_API tiles_status tiles_split_get_array(tiles_array** out, tiles_split* split, size_t part);

/* Every band's local rows from `matrix` (a view of all of a matrix of the split's shape and
 * element type), sent to every context at once; returns once they are there. */
TILES_API tiles_status tiles_split_scatter(tiles_split* split, const tiles_view* matrix);

/* Every band's own rows into `matrix` (a writable view as tiles_split_scatter takes), from every
 * context at once; returns once they are there. */
TILES_API tiles_status tiles_split_gather(const tiles_split* split, tiles_view* matrix);

/* Fills every band's halo rows with its neighbours' own rows as they are after the work enqueued
 * so far: the boundary rows come to pinned host memory from every context at once, then go to
 * the neighbours' halo rows, enqueued on their contexts before any later work there. Nothing
 * else moves. */
TILES_API tiles_status tiles_split_exchange_halo(tiles_split* split);

/* tiles_stencil applied `iterations` times (at least 1) to the split's bands where they are, in
 * place, the mask a view as tiles_stencil takes: data that stays on the devices across calls. The
 * halos (at least the mask's radius) are made current first, then exchanged every halo / radius
 * iterations, and only they pass through the host; afterwards they are stale until
 * tiles_split_exchange_halo. Enqueued: returns once the work is on every context's queue. */
TILES_API tiles_status tiles_split_stencil(tiles_split* split, const tiles_view* mask, int iterations);

/* The sum, least or greatest of the split's own rows where they are, as tiles_reduce_as takes
 * `accumulator` and `op`: each band combined on its context (a band with a halo above first copies
 * its own rows there), the bands' totals on the host. Bands are of whole rows, so a float sum may
 * differ from one context's in its last bits. Blocks until the result is in `out`. */
TILES_API tiles_status tiles_split_reduce(void* out, size_t out_size, tiles_dtype accumulator, const tiles_split* split,
                                          tiles_reduction op);

/* tiles_gemm_as on splits where they are, in place: c = alpha * a * b + beta * c, with `a` and `c`
 * split in the same bands of rows without halos over the same contexts, and `b` held whole on each
 * of them (tiles_split_create_copies). Each context computes its band of c, every context at once,
 * and nothing moves between them: one context's results, bit for bit where the devices are of one
 * kind. TILES_ERROR_INVALID_ARGUMENT, naming both sides, for a `b` in bands, other bands, halos or
 * contexts; and as tiles_gemm_as for shapes, element types and precisions. Enqueued: returns once
 * the work is on every context's queue. */
TILES_API tiles_status tiles_split_gemm(tiles_precision precision, double alpha, const tiles_split* a,
                                        const tiles_split* b, double beta, tiles_split* c);

/* Adds a reference to `split`, which the caller gives back with tiles_split_release. */
TILES_API tiles_status tiles_split_retain(tiles_split* split);
/* Gives back a reference to `split`; its bands' arrays live on while the caller holds them. NULL
 * does nothing. */
TILES_API tiles_status tiles_split_release(tiles_split* split);

/* tiles_reduce_as, tiles_gemm_as and tiles_stencil over `count` contexts at once (none NULL),
 * with the same operands, checks and results (bit for bit where the contexts' devices are of one
 * kind). The reduction's elements are split into bands, each context combining its own, the
 * first context the partials; gemm's C and A by bands of rows, B sent to every context once;
 * the stencil's rows by bands with the mask's radius as halo, applied `iterations` times (at
 * least 1), the halos exchanged between iterations. Each blocks until the result is in `out`, C
 * or `output`. */
TILES_API tiles_status tiles_reduce_split(void* out, size_t out_size, tiles_dtype accumulator,
                                          tiles_context* const* contexts, size_t count, const tiles_view* input,
                                          tiles_reduction op);
/* tiles_gemm_as over `count` contexts: C and A by bands of rows, B sent to every context at once. Blocks
 * until C holds the result. */
TILES_API tiles_status tiles_gemm_split(tiles_precision precision, tiles_context* const* contexts, size_t count,
                                        double alpha, const tiles_view* a, const tiles_view* b, double beta,
                                        tiles_view* c);
/* tiles_stencil over `count` contexts, applied `iterations` times (at least 1): the rows by bands
 * with halos of the mask's radius times k rows, exchanged every k iterations. Blocks until `output`
 * holds the result. */
TILES_API tiles_status tiles_stencil_split(tiles_context* const* contexts, size_t count, const tiles_view* input,
                                           const tiles_view* mask, tiles_view* output, int iterations);

/* ---- The tiled algorithms' launch parameters -------------------------------------------- */

/* Each algorithm launches with parameter sets ("stencil", "gemm_float", ...) of named integer
 * parameters ("TILE_ROWS", ...), the kernels' build options. Their values on a device come from,
 * in order: an override made with tiles_parameters_set in this process, the tuning file
 * (TILES_TUNING_FILE; the tiles-tune command fills it), and the table shipped with libtiles.
 * In these functions a NULL device means the default device; all are thread-safe. */

/* The names of the parameter sets where `set` is NULL, else of the parameters of `set`, separated
 * by spaces: a static string. TILES_ERROR_INVALID_ARGUMENT for an unknown set. */
TILES_API tiles_status tiles_parameters_list(const char** out, const char* set);

/* The value of parameter `name` of `set` in effect on `device`. */
TILES_API tiles_status tiles_parameters_get(int* out, const tiles_device* device, const char* set, const char* name);

/* From now on, in this process, `set` runs on `device` with values[i] for the parameter names[i]
 * (count of them; the others keep their current values). TILES_ERROR_INVALID_ARGUMENT, changing
 * nothing, for an unknown set or name, or for values the set's kernel or the device cannot run
 * with; the message says which and why. */
TILES_API tiles_status tiles_parameters_set(const tiles_device* device, const char* set, const char* const* names,
                                            const int* values, size_t count);

/* Forgets the overrides of `set` on `device` (of every set where `set` is NULL). */
TILES_API tiles_status tiles_parameters_reset(const tiles_device* device, const char* set);

#ifdef __cplusplus
}
#endif

#endif /* TILES_H */
