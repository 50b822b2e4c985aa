/* libtiles: the C API's interoperation with OpenCL code that has its own context, queue,
 * buffers and events. Include it after (or instead of) tiles.h; it needs OpenCL's headers.
 *
 * One ownership rule: libtiles retains what it adopts and releases exactly what it retained;
 * the OpenCL handles it returns are borrowed (valid while the libtiles handle lives) unless the
 * function says the caller owns them. */
#ifndef TILES_OPENCL_H
#define TILES_OPENCL_H

/* The OpenCL 1.2 API is all libtiles needs; a program may choose another before including this. */
#ifndef CL_TARGET_OPENCL_VERSION
#define CL_TARGET_OPENCL_VERSION 120
#endif
#include <CL/cl.h>

#include "tiles.h"

#ifdef __cplusplus
extern "C" {
#endif

/* A context over the caller's `context` and in-order `queue` (both retained until the tiles
 * context's last reference is released). TILES_ERROR_INVALID_ARGUMENT if the queue belongs to
 * another context or is out of order. The caller owns a reference. */
TILES_API tiles_status tiles_context_create_from_opencl(tiles_context** out, cl_context context,
                                                        cl_command_queue queue);

/* The OpenCL context and queue of `context`, borrowed. Either output may be NULL. */
TILES_API tiles_status tiles_context_get_opencl(cl_context* out_context, cl_command_queue* out_queue,
                                                const tiles_context* context);

/* Makes the caller's `queue` wait, on the device, for everything enqueued on `context` so far (a
 * marker on the context's queue, flushed, and a barrier on `queue` that waits for it), without
 * blocking the host: what the caller enqueues on `queue` next sees libtiles' results, as DLPack's
 * `stream` asks of a producer. `queue` must belong to the context's cl_context
 * (TILES_ERROR_INVALID_ARGUMENT otherwise); the context's own queue needs nothing. */
TILES_API tiles_status tiles_context_order_queue(tiles_context* context, cl_command_queue queue);

/* An array over the caller's `buffer` on `context` (retained, never copied or freed by libtiles),
 * which must hold the shape's bytes. The caller owns a reference. */
TILES_API tiles_status tiles_array_create_from_opencl(tiles_array** out, tiles_context* context,
                                                      const tiles_shape* shape, cl_mem buffer);

/* The OpenCL buffer behind a whole view (of host memory or of an array) on `context`, made
 * current there first; borrowed. With TILES_ACCESS_READ_WRITE the caller may write it with its
 * own kernels, and libtiles treats the other copies as stale. Sections have no buffer of their
 * own: TILES_ERROR_INVALID_ARGUMENT. */
TILES_API tiles_status tiles_view_get_opencl_buffer(cl_mem* out, tiles_view* view, tiles_context* context,
                                                    tiles_access access);

/* tiles_launch that first waits for the `wait_count` events of `wait_list` (enqueued as a barrier
 * on the context's queue), and puts in *out_event (if not NULL) an event that completes with
 * everything the launch enqueued; the caller owns it (clReleaseEvent). */
TILES_API tiles_status tiles_launch_with_events(tiles_context* context, const tiles_domain* domain,
                                                const tiles_kernel* kernel, const tiles_arg* args, size_t arg_count,
                                                const cl_event* wait_list, size_t wait_count, cl_event* out_event);

/* tiles_copy that first waits for the events (blocking), and puts in *out_event (if not NULL) an
 * event that completes with the copy; the caller owns it. */
TILES_API tiles_status tiles_copy_with_events(const tiles_view* source, tiles_view* destination,
                                              const cl_event* wait_list, size_t wait_count, cl_event* out_event);

/* An event that completes with the OpenCL event `event`, whose reference it takes over, also
 * when the call fails: the event is released with the last reference to the tiles_event. For
 * languages that hold events as tiles_event (Python's tiles.Event). The caller owns a reference. */
TILES_API tiles_status tiles_event_create_from_opencl(tiles_event** out, cl_event event);

/* The OpenCL event of an event made by tiles_event_create_from_opencl, borrowed.
 * TILES_ERROR_INVALID_ARGUMENT for other events, which may stand for several transfers and a
 * step on the host. */
TILES_API tiles_status tiles_event_get_opencl(cl_event* out, const tiles_event* event);

#ifdef __cplusplus
}
#endif

#endif /* TILES_OPENCL_H */
