// libtiles C API: tiles_opencl.h, interoperation with the caller's OpenCL objects.
#include "tiles_opencl.h"

#include "capi_internal.hpp"
#include "tiles/interop.hpp"
#include "tiles/marked_names.hpp"

using namespace tiles::capi;

extern "C" {

tiles_status tiles_context_create_from_opencl(tiles_context** out, cl_context context, cl_command_queue queue) {
    return guard([&] {
        check_out(out);
        *out = make_handle<tiles_context>(tiles::interop::make_view(context, queue));
    });
}

tiles_status tiles_context_get_opencl(cl_context* out_context, cl_command_queue* out_queue,
                                      const tiles_context* context) {
    return guard([&] {
        const tiles::accelerator_view& view = live(context, "context").view;
        if (out_context != nullptr) *out_context = tiles::interop::get_context(view);
        if (out_queue != nullptr) *out_queue = tiles::interop::get_queue(view);
    });
}

tiles_status tiles_context_order_queue(tiles_context* context, cl_command_queue queue) {
    return guard([&] { tiles::interop::order_queue(live(context, "context").view, queue); });
}

tiles_status tiles_array_create_from_opencl(tiles_array** out, tiles_context* context, const tiles_shape* shape,
                                            cl_mem buffer) {
    return guard([&] {
        check_out(out);
        const checked_shape s = check_shape(shape);
        *out = make_handle<tiles_array>(
            tiles::engine::storage_over_buffer(s.layout, s.dims, live(context, "context").view.context(), buffer),
            s.extent);
    });
}

tiles_status tiles_view_get_opencl_buffer(cl_mem* out, tiles_view* view, tiles_context* context, tiles_access access) {
    return guard([&] {
        check_out(out);
        view_object& v = live(view, "view");
        const tiles::engine::host_access mode = to_host_access(access);
        if (mode == tiles::engine::host_access::read_write)
            check_writable(v, tiles::marked_function("tiles_view_get_opencl_buffer for writing"));
        *out = tiles::engine::device_buffer(*v.storage, v.region, v.boxes.elements,
                                            live(context, "context").view.context(), mode);
    });
}

tiles_status tiles_launch_with_events(tiles_context* context, const tiles_domain* domain, const tiles_kernel* kernel,
                                      const tiles_arg* args, size_t arg_count, const cl_event* wait_list,
                                      size_t wait_count, cl_event* out_event) {
    return guard([&] {
        if (wait_list == nullptr && wait_count != 0)
            throw tiles::invalid_argument("wait_list is NULL but wait_count is not 0");
        launch(context, domain, kernel, args, arg_count, {wait_list, wait_count, out_event});
    });
}

tiles_status tiles_copy_with_events(const tiles_view* source, tiles_view* destination, const cl_event* wait_list,
                                    size_t wait_count, cl_event* out_event) {
    return guard([&] {
        if (wait_list == nullptr && wait_count != 0)
            throw tiles::invalid_argument("wait_list is NULL but wait_count is not 0");
        const std::vector<cl_event> waits(wait_list, wait_list + wait_count);
        const cl_event done = tiles::interop::detail::copy_after(waits, copy_task(source, destination),
                                                                 live(destination, "destination view").storage);
        if (out_event != nullptr)
            *out_event = done;
        else
            clReleaseEvent(done);
    });
}

tiles_status tiles_event_create_from_opencl(tiles_event** out, cl_event event) {
    return guard([&] {
        tiles::completion_future future = tiles::interop::make_future(event); // owns the event from here on
        check_out(out);
        *out = make_handle<tiles_event>(std::move(future), event);
    });
}

tiles_status tiles_event_get_opencl(cl_event* out, const tiles_event* event) {
    return guard([&] {
        check_out(out);
        const event_object& e = live(event, "event");
        if (e.opencl == nullptr)
            throw tiles::invalid_argument("the event was not made from an OpenCL event: it may stand for several "
                                          "transfers and a step on the host");
        *out = e.opencl;
    });
}

} // extern "C"
