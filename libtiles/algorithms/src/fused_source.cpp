// libtiles algorithms: the OpenCL C of a fused expression's kernel. Each operation is a function
// of its own, with its loop dtype's definitions and helpers renamed for it, returning its value
// as the unfused call would store it; contraction is off, so no multiply-add joins two of them.
#include <string>

#include "fused_description.hpp"

namespace tiles::algorithms {
namespace {

std::string cl(array_dtype t) { return opencl_name(t.element); }

const char* const undefinitions =
    "#undef LOOP\n#undef WIDE\n#undef PART\n#undef PART_MAX\n#undef BITS\n#undef SIGNED\n#undef TRUTH\n";

// Node n's operation as the function step<n>, which gives its value as its dtype holds it.
std::string step_function(const elementwise_description& d, std::size_t n) {
    const std::string suffix = std::to_string(n), text = expression(d.op, d.loop);
    const bool mixed = d.loop.size() == 2 && d.loop[0] != d.loop[1];
    std::string parameters;
    for (std::size_t j = 0; j < d.loop.size(); ++j) parameters += (j ? ", " : "") + cl(d.loop[j]) + " " + "xyz"[j];
    const std::string value = "(" + with_helper_suffix(text, suffix) + ")";
    const std::string result = d.computed.boolean           ? "(uchar)(" + value + " != 0)"
                               : kind_of(d.computed) == 'c' ? value
                                                            : "(" + cl(d.computed) + ")" + value;
    return definitions(d.loop[0]) + (mixed ? "" : with_helper_suffix(helper_source(text, d.loop[0]), suffix)) + "\n" +
           cl(d.computed) + " step" + suffix + "(" + parameters + ") {\n    return " + result + ";\n}\n" +
           undefinitions;
}

// The argument of node n's operation for its child j, in the loop's dtype.
std::string argument(const fused_description& d, std::size_t n, std::size_t j) {
    const elementwise_description& op = d.steps[n].d;
    const int child = d.steps[n].children[j];
    if (op.layouts[j] != operand_layout::scalar) return read("v" + std::to_string(child), op.stored[j], op.loop[j]);
    const std::string name = "c" + std::to_string(n) + "_" + std::to_string(j);
    if (kind_of(op.loop[j]) == 'c') return "(" + cl(op.loop[j]) + ")(" + name + "_real, " + name + "_imag)";
    return read(name, op.loop[j], op.loop[j]);
}

// The statement that gives node n its value v<n>; none for a scalar operand, which its parents
// take as arguments.
std::string step_statement(const fused_description& d, std::size_t n) {
    const fused_step& s = d.steps[n];
    const std::string v = "v" + std::to_string(n);
    if (s.operand >= 0) {
        const std::size_t k = std::size_t(s.operand);
        if (d.layouts[k] == operand_layout::scalar) return "";
        const std::string in = "in" + std::to_string(k),
                          at = d.layouts[k] == operand_layout::same ? "i" : "at" + in.substr(2);
        const bool half = d.stored[k].element == element_type::float16;
        return "    const " + cl(value_type(d, n)) + " " + v + " = " +
               (half ? "vload_half(" + at + ", " + in + ")" : in + "[" + at + "]") + ";\n";
    }
    std::string arguments;
    for (std::size_t j = 0; j < s.children.size(); ++j) arguments += (j ? ", " : "") + argument(d, n, j);
    return "    const " + cl(s.d.computed) + " " + v + " = step" + std::to_string(n) + "(" + arguments + ");\n";
}

std::string all_pragmas(const fused_description& d) {
    std::vector<array_dtype> all = d.stored;
    all.push_back(d.output);
    for (const fused_step& s : d.steps) {
        all.insert(all.end(), s.d.loop.begin(), s.d.loop.end());
        if (s.operand < 0) all.push_back(s.d.computed);
    }
    // Each operation rounds its value, as the unfused calls do: no multiply-add may join two.
    return pragmas(all) + "#pragma OPENCL FP_CONTRACT OFF\n";
}

} // namespace

array_dtype value_type(const fused_description& d, std::size_t n) {
    const fused_step& s = d.steps[n];
    if (s.operand < 0) return s.d.computed;
    const array_dtype stored = d.stored[std::size_t(s.operand)];
    return stored.element == element_type::float16 ? array_dtype{element_type::float32} : stored;
}

std::string key_of(const fused_description& d) {
    std::string key =
        "fused:" + std::to_string(d.rank) + ":" + dtype_name(d.output) + "/" + std::to_string(int(d.written));
    for (std::size_t k = 0; k < d.stored.size(); ++k)
        key += ":" + dtype_name(d.stored[k]) + "/" + std::to_string(int(d.layouts[k]));
    for (const fused_step& s : d.steps) {
        if (s.operand >= 0) {
            key += "|operand " + std::to_string(s.operand);
            continue;
        }
        key += "|" + std::to_string(int(s.d.op)) + ">" + dtype_name(s.d.computed);
        for (std::size_t j = 0; j < s.children.size(); ++j)
            key += ":" + std::to_string(s.children[j]) + "/" + dtype_name(s.d.loop[j]);
    }
    return key;
}

std::string fused_source(const fused_description& d) {
    std::string functions, parameters = "__global " + cl(d.output) + "* out", statements;
    for (std::size_t k = 0; k < d.stored.size(); ++k)
        if (d.layouts[k] != operand_layout::scalar)
            parameters += ", __global const " + cl(d.stored[k]) + "* in" + std::to_string(k);
    for (std::size_t n = 0; n < d.steps.size(); ++n) {
        const fused_step& s = d.steps[n];
        if (s.operand < 0) functions += step_function(s.d, n);
        for (std::size_t j = 0; s.operand < 0 && j < s.children.size(); ++j)
            if (s.d.layouts[j] == operand_layout::scalar)
                parameters += ", " + scalar_parameters(s.d.loop[j], "c" + std::to_string(n) + "_" + std::to_string(j));
        statements += step_statement(d, n);
    }
    elementwise_description places{};
    places.layouts = d.layouts;
    places.written = d.written;
    places.rank = d.rank;
    const std::string body = unravel(places, parameters);
    const std::string at = d.written == operand_layout::strided ? "at_out" : "i";
    return all_pragmas(d) + functions + "\n__kernel void tiles_fused(" + parameters +
           ") {\n    const uint i = get_global_id(0);\n" + body + statements + "    " +
           store("v" + std::to_string(d.steps.size() - 1), d.output, d.steps.back().d.computed, at) + "\n}\n";
}

} // namespace tiles::algorithms
