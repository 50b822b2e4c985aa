// libtiles algorithms: users' own elementwise operations and reductions, as PyOpenCL spells them
// (ElementwiseKernel, ReductionKernel): the OpenCL C around the user's expressions, made here for
// every face, and their launches over the elements of the first array among their arguments.
#pragma once

#include <memory>
#include <string>
#include <vector>

#include "tiles/element_type.hpp"
#include "tiles/engine/launch.hpp"
#include "tiles/kernel.hpp"

namespace tiles::algorithms {

// What every user's kernel is made of: its C parameter list ("float a, float *x, float *y"; a
// pointer with no address space is __global, as PyOpenCL takes it), its name, the OpenCL C put
// before it, and its build options.
struct user_kernel_text {
    std::string arguments;
    std::string name;
    std::string preamble;
    std::string build_options;
};

// PyOpenCL's ElementwiseKernel: the kernel `text.name` that runs `operation`, a statement for
// element i ("z[i] = a * x[i] + y[i]", which may read n, the element count), with the user's
// parameters and then n. invalid_argument for an empty name, operation or parameter.
kernel elementwise_kernel(const user_kernel_text& text, const std::string& operation);

// Launches an elementwise_kernel over n work-items, n the elements of the first array or view
// among `args`, which get n appended; on `context`, or where that array lives if it is null.
// invalid_argument where `args` hold no array or view, or more than an int's count of elements.
void launch_elementwise(const std::shared_ptr<engine::context>& context, const kernel& k,
                        std::vector<engine::launch_arg> args);

// PyOpenCL's ReductionKernel: `map_expr` of each element i of the arguments ("x[i] * y[i]")
// combined by `reduce_expr` of a and b ("a + b", "max(a, b)") from `neutral` ("0"), in `result`.
// Each work-group combines a stride of the elements and then its work-items' values in a tree;
// one work-group combines the groups'. reduce_expr must be associative: the order is libtiles'.
class reduction_kernel {
  public:
    // map_expr and text.arguments both empty: it reduces one array, `in`, of the result's type.
    // invalid_argument for a result type kernels do not compute in (the 16-bit floats, the
    // complex numbers, opaque), one of map_expr and arguments without the other, empty texts.
    reduction_kernel(element_type result, const std::string& neutral, const std::string& reduce_expr,
                     const std::string& map_expr, user_kernel_text text);

    element_type result_type() const { return result_; }

    // The reduction over n elements, n those of the first array or view among `args`, in a new
    // array of one element on `context` (null: where that array lives). With no array or view
    // among them n is 0, nothing of `args` is launched, and the result is `neutral`, as numpy
    // reduces no elements to the operation's identity.
    std::shared_ptr<engine::storage> run(const std::shared_ptr<engine::context>& context,
                                         std::vector<engine::launch_arg> args) const;

  private:
    element_type result_;
    kernel groups_; // each work-group's value of its stride of the elements, into partials[group]
    kernel total_;  // the same over the partials, in one work-group
};

} // namespace tiles::algorithms
