// libtiles C API: users' elementwise kernels and reductions (tiles.h), over the core's
// tiles::algorithms::elementwise_kernel and reduction_kernel.
#include "capi_internal.hpp"

namespace tiles::capi {
namespace {

// The caller's text, checked, as the core takes it; a NULL text is refused, a NULL field is "".
tiles::algorithms::user_kernel_text text_of(const tiles_user_kernel_text* text) {
    if (text == nullptr) throw tiles::invalid_argument("the kernel's text is NULL");
    check_struct(text, "user kernel text");
    const tiles_user_kernel_text t = read_struct(text);
    const auto or_empty = [](const char* s) { return std::string(s != nullptr ? s : ""); };
    return {or_empty(t.arguments), or_empty(t.name), or_empty(t.preamble), or_empty(t.options)};
}

std::vector<tiles::engine::launch_arg> args_of(const tiles_arg* args, size_t count) {
    std::vector<tiles::engine::launch_arg> converted;
    convert_args(converted, args, count);
    return converted;
}

std::shared_ptr<tiles::engine::context> given(tiles_context* context) {
    return context == nullptr ? nullptr : live(context, "context").view.context();
}

} // namespace
} // namespace tiles::capi

using namespace tiles::capi;

extern "C" {

tiles_status tiles_elementwise_kernel_create(tiles_kernel** out, const tiles_user_kernel_text* text,
                                             const char* operation) {
    return guard([&] {
        check_out(out);
        *out = make_handle<tiles_kernel>(
            tiles::algorithms::elementwise_kernel(text_of(text), operation != nullptr ? operation : ""));
    });
}

tiles_status tiles_elementwise_kernel_launch(tiles_context* context, const tiles_kernel* kernel, const tiles_arg* args,
                                             size_t arg_count) {
    return guard([&] {
        const tiles::kernel& k = live(kernel, "kernel").kernel;
        tiles::algorithms::launch_elementwise(given(context), k, args_of(args, arg_count));
    });
}

tiles_status tiles_reduction_kernel_create(tiles_reduction_kernel** out, tiles_dtype dtype_out, const char* neutral,
                                           const char* reduce_expr, const char* map_expr,
                                           const tiles_user_kernel_text* text) {
    return guard([&] {
        check_out(out);
        const tiles::element_type result = to_element_type(dtype_out);
        *out = make_handle<tiles_reduction_kernel>(tiles::algorithms::reduction_kernel(
            result, neutral != nullptr ? neutral : "", reduce_expr != nullptr ? reduce_expr : "",
            map_expr != nullptr ? map_expr : "", text_of(text)));
    });
}

tiles_status tiles_reduction_kernel_run(tiles_array** out, tiles_context* context, const tiles_reduction_kernel* kernel,
                                        const tiles_arg* args, size_t arg_count) {
    return guard([&] {
        check_out(out);
        const tiles::algorithms::reduction_kernel& k = live(kernel, "reduction kernel").kernel;
        std::shared_ptr<tiles::engine::storage> result = k.run(given(context), args_of(args, arg_count));
        *out = make_handle<tiles_array>(std::move(result), std::vector<int>{1});
    });
}

tiles_status tiles_reduction_kernel_retain(tiles_reduction_kernel* kernel) {
    return retain(kernel, "reduction kernel");
}
tiles_status tiles_reduction_kernel_release(tiles_reduction_kernel* kernel) {
    return release(kernel, "reduction kernel");
}

} // extern "C"
