// libtiles algorithms: users' elementwise kernels and reductions (user_kernels.hpp). The kernels
// are ordinary tiles::kernel objects, so that the engine builds each once per context and keeps
// it, in memory and on disk, as every kernel.
#include "tiles/algorithms/user_kernels.hpp"

#include <algorithm>
#include <array>
#include <cctype>
#include <climits>
#include <cstdint>

#include "axis_parameters.hpp"
#include "support.hpp"
#include "tiles/exceptions.hpp"

namespace tiles::algorithms {

namespace {

// A reduction's work-group: the widest power of two up to `widest_group` that the device and the
// stage's kernel run. Its groups stride over the elements, at most `groups_a_compute_unit` on each
// compute unit (a GPU's multiprocessor fills with 8 of 256), and the last work-group combines their
// partials.
constexpr int widest_group = 256;
constexpr std::int64_t groups_a_compute_unit = 8;

int group_on(const std::shared_ptr<engine::context>& on, std::int64_t groups, const kernel& stage) {
    const int wanted = group_within(widest_group, narrow(*on).device()->max_work_group_size);
    return group_fitting(on, wanted, std::size_t(groups), [&](int) -> const kernel& { return stage; });
}

const std::string& required(const std::string& text, const char* what) {
    if (text.find_first_not_of(" \t\r\n") == std::string::npos)
        throw invalid_argument(std::string("a user's kernel needs ") + what + ", and it is empty");
    return text;
}

// Whether `parameter` names an address space (global, __local, ...) among its words.
bool names_address_space(const std::string& parameter) {
    static constexpr const char* spaces[] = {"global", "local", "constant", "private"};
    std::size_t at = 0;
    while (at < parameter.size()) {
        const std::size_t start = parameter.find_first_of("_abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ", at);
        if (start == std::string::npos) return false;
        std::size_t end = start;
        while (end < parameter.size() &&
               (std::isalnum(static_cast<unsigned char>(parameter[end])) || parameter[end] == '_'))
            ++end;
        std::string word = parameter.substr(start, end - start);
        if (word.rfind("__", 0) == 0) word.erase(0, 2);
        for (const char* space : spaces)
            if (word == space) return true;
        at = end;
    }
    return false;
}

// The user's C parameter list as OpenCL C's: pointers without an address space are __global.
std::string parameters(const std::string& arguments) {
    std::string result;
    std::size_t start = 0;
    while (true) {
        const std::size_t comma = std::min(arguments.find(',', start), arguments.size());
        std::string parameter = arguments.substr(start, comma - start);
        const std::size_t first = parameter.find_first_not_of(" \t\r\n");
        if (first == std::string::npos)
            throw invalid_argument("the arguments \"" + arguments + "\" hold an empty parameter");
        parameter = parameter.substr(first, parameter.find_last_not_of(" \t\r\n") + 1 - first);
        if (parameter.find('*') != std::string::npos && !names_address_space(parameter))
            parameter = "__global " + parameter;
        result += (result.empty() ? "" : ", ") + parameter;
        if (comma == arguments.size()) return result;
        start = comma + 1;
    }
}

// The elements of the first array or view among `args` (their shape's), or 0 where there is none.
std::int64_t element_count(const std::vector<engine::launch_arg>& args) {
    for (const engine::launch_arg& a : args) {
        if (a.what != engine::launch_arg::kind::memory) continue;
        std::int64_t count = 1;
        for (int d = 0; d < a.rank; ++d) count *= a.extent[std::size_t(d)];
        return count;
    }
    return 0;
}

std::shared_ptr<engine::context> context_of(const std::shared_ptr<engine::context>& given,
                                            const std::vector<engine::launch_arg>& args) {
    std::vector<const storage*> data;
    for (const engine::launch_arg& a : args) data.push_back(a.memory.get());
    return engine::context_for(given, data.data(), data.size());
}

// The parameter of an array of `type` elements a reduction reads.
std::string array_parameter(element_type type, const char* name) {
    return std::string("__global const ") + opencl_name(type) + "* " + name;
}

// `result`, where it is a type kernels compute in and the reduction's texts go together.
element_type checked_reduction(element_type result, const std::string& map_expr, const user_kernel_text& text) {
    const bool computed_in_itself = result != element_type::opaque && computed_as(result) == result &&
                                    result != element_type::complex64 && result != element_type::complex128;
    if (!computed_in_itself)
        throw invalid_argument("a reduction kernel's result is one of the types kernels compute in (int8 .. uint64, "
                               "float32, float64), not " +
                               element_description(result));
    if (map_expr.empty() != text.arguments.empty())
        throw invalid_argument("a reduction kernel takes map_expr and arguments together, or neither (then it "
                               "reduces one array, `in`)");
    return result;
}

// The stage of a reduction whose work-groups each combine a stride of the n mapped elements and
// write their value to partials[group].
kernel reduction_stage(const std::string& name, const std::string& parameter_list, const std::string& map_expr,
                       element_type result, const std::string& neutral, const std::string& reduce_expr,
                       const user_kernel_text& text) {
    const std::string o = opencl_name(result);
    required(text.name, "a name");
    const std::string source =
        text.preamble + "\n#define TILES_REDUCE(a, b) (" + required(reduce_expr, "a reduce_expr") +
        ")\n__kernel void " + name + "(" + parameter_list + ", __global " + o + "* partials, const long n) {\n" +
        "    __local " + o + " values[TILE_DIM0];\n" + "    const size_t lane = get_local_id(0);\n" + "    " + o +
        " a = (" + o + ")(" + required(neutral, "a neutral value") + ");\n" +
        "    for (long i = (long)get_global_id(0); i < n; i += (long)get_global_size(0)) {\n" + "        const " + o +
        " b = (" + o + ")(" + map_expr + ");\n" + "        a = TILES_REDUCE(a, b);\n" + "    }\n" +
        "    values[lane] = a;\n" + "    barrier(CLK_LOCAL_MEM_FENCE);\n" +
        "    for (size_t stride = TILE_DIM0 / 2; stride > 0; stride >>= 1) {\n" + "        if (lane < stride) {\n" +
        "            const " + o + " a = values[lane], b = values[lane + stride];\n" +
        "            values[lane] = TILES_REDUCE(a, b);\n" + "        }\n" + "        barrier(CLK_LOCAL_MEM_FENCE);\n" +
        "    }\n" + "    if (lane == 0) partials[get_group_id(0)] = values[0];\n" + "}\n";
    return kernel(source, name, text.build_options);
}

} // namespace

kernel elementwise_kernel(const user_kernel_text& text, const std::string& operation) {
    const std::string& name = required(text.name, "a name");
    const std::string source = text.preamble + "\n__kernel void " + name + "(" + parameters(text.arguments) +
                               ", const long n) {\n    const long i = (long)get_global_id(0);\n    " +
                               required(operation, "an operation") + ";\n}\n";
    return kernel(source, name, text.build_options);
}

void launch_elementwise(const std::shared_ptr<engine::context>& context, const kernel& k,
                        std::vector<engine::launch_arg> args) {
    const std::int64_t n = element_count(args);
    if (n == 0)
        throw invalid_argument("an elementwise kernel runs over the elements of the first array or view among its "
                               "arguments, and there is none among its " +
                               std::to_string(args.size()));
    if (n > INT_MAX)
        throw invalid_argument("an elementwise kernel over " + std::to_string(n) + " elements, more than the " +
                               std::to_string(INT_MAX) + " work-items libtiles can index");
    launch_domain domain;
    domain.rank = 1;
    domain.extent = {int(n), 0, 0};
    args.push_back(scalar_arg(n));
    engine::launch(context, domain, k, args.data(), args.size());
}

reduction_kernel::reduction_kernel(element_type result, const std::string& neutral, const std::string& reduce_expr,
                                   const std::string& map_expr, user_kernel_text text)
    : result_(checked_reduction(result, map_expr, text)),
      groups_(reduction_stage(text.name + "_groups",
                              map_expr.empty() ? array_parameter(result, "in") : parameters(text.arguments),
                              map_expr.empty() ? "in[i]" : map_expr, result, neutral, reduce_expr, text)),
      total_(reduction_stage(text.name + "_total", array_parameter(result, "partial"), "partial[i]", result, neutral,
                             reduce_expr, text)) {}

std::shared_ptr<engine::storage> reduction_kernel::run(const std::shared_ptr<engine::context>& context,
                                                       std::vector<engine::launch_arg> args) const {
    const std::int64_t n = element_count(args);
    const std::shared_ptr<engine::context> on = context_of(context, args);
    const element_layout layout{result_, element_size(result_)};
    const std::shared_ptr<storage> result = storage_on_device(layout, dims3{1, 1, 1}, on);
    const std::int64_t most = groups_a_compute_unit * narrow(*on).device()->compute_units;
    const std::int64_t groups = std::clamp<std::int64_t>((n + widest_group - 1) / widest_group, 1, most);
    const std::shared_ptr<storage> partials = storage_on_device(layout, dims3{1, 1, std::size_t(groups)}, on);
    if (n > 0) {
        args.push_back(output_arg(partials));
        args.push_back(scalar_arg(n));
        const int group = group_on(on, groups, groups_);
        engine::launch(on, covering_domain(groups * group, group), groups_, args.data(), args.size());
    }
    const std::int64_t partial_count = n > 0 ? groups : 0;
    const std::array<launch_arg, 3> total{input_arg(partials), output_arg(result), scalar_arg(partial_count)};
    const int group = group_on(on, 1, total_);
    engine::launch(on, covering_domain(group, group), total_, total.data(), total.size());
    return result;
}

} // namespace tiles::algorithms
