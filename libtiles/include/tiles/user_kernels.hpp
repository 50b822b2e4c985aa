// libtiles: users' own elementwise operations and reductions, as PyOpenCL's ElementwiseKernel and
// ReductionKernel spell them, a thin typed shell over the core's (tiles/algorithms/user_kernels.hpp).
// Arguments are parallel_for_each's: arrays and array_views, then numbers of exactly their
// parameters' types; the work runs where the first array or view lives, without waiting.
#pragma once

#include <string>
#include <utility>
#include <vector>

#include "tiles/algorithms/user_kernels.hpp"
#include "tiles/array.hpp"
#include "tiles/parallel_for_each.hpp"

namespace tiles {

// An elementwise operation of one's own: `arguments` is the C parameter list ("float a, float *x,
// float *y"; pointers are __global), `operation` the statement for element i ("y[i] += a * x[i]"),
// which may read n, the element count. A call runs i over the elements of the first array or view
// among its arguments; invalid_argument where there is none.
class elementwise_kernel {
  public:
    // The kernel `name` of the operation over the arguments, with `preamble` (OpenCL C) before it,
    // compiled with `build_options` on its first launch on each context.
    elementwise_kernel(std::string arguments, const std::string& operation, std::string name = "elwise_kernel",
                       std::string preamble = "", std::string build_options = "")
        : kernel_(algorithms::elementwise_kernel(
              {std::move(arguments), std::move(name), std::move(preamble), std::move(build_options)}, operation)) {}

    // Launches the kernel over the first array or view's elements, without waiting.
    template <class... Args> void operator()(Args&&... args) const {
        algorithms::launch_elementwise(nullptr, kernel_, {detail::make_arg(args)...});
    }

  private:
    kernel kernel_;
};

// A reduction of one's own into a T: `map_expr` of each element i of the `arguments` ("x[i] *
// y[i]"; both empty: "in[i]" of one array `in` of T) combined by `reduce_expr` of a and b ("a + b",
// "max(a, b)") from `neutral` ("0"). A call gives an array of one element on the accelerator view
// of the first array or view among its arguments, with neutral for none.
template <class T> class reduction_kernel {
  public:
    // The reduction `name` (its two kernels, name_groups and name_total), with `preamble` before
    // each, compiled with `build_options` on its first run on each context. invalid_argument for a
    // T kernels do not compute in, or map_expr without arguments or the reverse.
    reduction_kernel(const std::string& neutral, const std::string& reduce_expr, const std::string& map_expr = "",
                     std::string arguments = "", std::string name = "reduce_kernel", std::string preamble = "",
                     std::string build_options = "")
        : kernel_(element_type_of<T>, neutral, reduce_expr, map_expr,
                  {std::move(arguments), std::move(name), std::move(preamble), std::move(build_options)}) {}

    // The reduction of the first array or view's elements, enqueued without waiting.
    template <class... Args> array<T, 1> operator()(Args&&... args) const {
        return array<T, 1>(kernel_.run(nullptr, {detail::make_arg(args)...}), extent<1>(1));
    }

  private:
    algorithms::reduction_kernel kernel_;
};

} // namespace tiles
