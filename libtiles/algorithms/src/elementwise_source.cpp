// libtiles algorithms: the OpenCL C of an elementwise kernel, made from its description: one
// kernel per operation, loop dtypes, stored dtypes, operand layouts and rank, so that shapes and
// scalar values never add kernels. Bools are uchar 0 or 1; float16 is only stored (read with
// vload_half, written with vstore_half_rte, rounding to the nearest as numpy's conversion does).
#include <string>

#include "elementwise_table.hpp"
#include "tiles/exceptions.hpp"

namespace tiles::algorithms {
namespace {

std::string cl(array_dtype t) { return opencl_name(t.element); }

// The unsigned type integer arithmetic of `t` wraps in (C leaves a signed overflow undefined, and
// 16-bit products would overflow int).
std::string wide(array_dtype t) {
    if (kind_of(t) != 'i' && kind_of(t) != 'u') return cl(t);
    return element_size(t.element) <= 4 ? "uint" : "ulong";
}

} // namespace

// The definitions the expressions and helpers are written in, for loops of `t`.
std::string definitions(array_dtype t) {
    const std::size_t bits = 8 * element_size(t.element);
    return "#define LOOP " + cl(t) + "\n#define WIDE " + wide(t) + "\n#define PART " + cl(real_part(t)) +
           "\n#define PART_MAX " + (real_part(t).element == element_type::float64 ? "DBL_MAX" : "FLT_MAX") +
           "\n#define BITS " + std::to_string(bits) + "\n#define SIGNED " + (kind_of(t) == 'i' ? "1" : "0") +
           "\n#define TRUTH(v) ((v).x != 0 || (v).y != 0)\n";
}

namespace {

const char* comparison_operator(elementwise_op op) {
    switch (op) {
    case elementwise_op::equal:
        return "==";
    case elementwise_op::not_equal:
        return "!=";
    case elementwise_op::less:
        return "<";
    case elementwise_op::less_equal:
        return "<=";
    case elementwise_op::greater:
        return ">";
    default:
        return ">=";
    }
}

} // namespace

// The expression of one element. numpy's only mixed loops compare int64 with uint64, by value.
std::string expression(elementwise_op op, const std::vector<array_dtype>& loop) {
    if (loop.size() == 2 && loop[0] != loop[1]) {
        const std::string order = kind_of(loop[0]) == 'i' ? "(x < 0 ? -1 : (ulong)x < y ? -1 : (ulong)x > y ? 1 : 0)"
                                                          : "(y < 0 ? 1 : x < (ulong)y ? -1 : x > (ulong)y ? 1 : 0)";
        return order + " " + comparison_operator(op) + " 0";
    }
    const elementwise_row& row = row_of(op);
    const char kind = kind_of(loop[0]);
    const char* text = kind == 'b' ? row.boolean : kind == 'c' ? row.complex : kind == 'f' ? row.floating : row.integer;
    if (text == nullptr)
        throw unsupported_feature(std::string("libtiles' elementwise kernels have no ") + row.name + " of " +
                                  dtype_name(loop[0]));
    return text;
}

// `value`, an element of dtype `stored`, as the loop's dtype: a truth value for bool, as numpy's
// cast to bool; a real number as a complex one of imaginary part 0.
std::string read(const std::string& value, array_dtype stored, array_dtype loop) {
    if (kind_of(loop) == 'c') {
        if (stored == loop) return value;
        if (kind_of(stored) == 'c') return "convert_" + cl(loop) + "(" + value + ")";
        return "(" + cl(loop) + ")((" + cl(real_part(loop)) + ")(" + value + "), 0)";
    }
    if (loop.boolean && kind_of(stored) == 'c') return "((" + value + ").x != 0 || (" + value + ").y != 0)";
    if (loop.boolean && !stored.boolean) return "((" + value + ") != 0)";
    return "(" + cl(loop) + ")" + value;
}

// The statement that writes `value` (of dtype `computed`) as out[at] of dtype `out`: bools are 0
// or 1, a complex number stored as a real one is its real part (astype's conversion, as numpy's).
std::string store(const std::string& value, array_dtype out, array_dtype computed, const std::string& at) {
    if (kind_of(computed) == 'c' && kind_of(out) != 'c')
        return "const " + cl(computed) + " r = " + value + ";\n    " +
               store(out.boolean ? "(r.x != 0 || r.y != 0)" : "r.x", out, real_part(computed), at);
    if (out.element == element_type::float16)
        return "vstore_half_rte((" + std::string(computed.element == element_type::float64 ? "double" : "float") +
               ")(" + value + "), " + at + ", out);";
    const std::string element = "out[" + at + "] = ";
    if (out.boolean) return element + "(uchar)((" + value + ") != 0);";
    if (kind_of(out) == 'c') return element + read("(" + value + ")", computed, out) + ";";
    return element + "(" + cl(out) + ")(" + value + ");";
}

// A scalar input's parameters: integers and bools as long (a uint64's bits), floats as
// themselves, complex numbers as their two parts.
std::string scalar_parameters(array_dtype loop, const std::string& in) {
    if (kind_of(loop) == 'c')
        return "const " + cl(real_part(loop)) + " " + in + "_real, const " + cl(real_part(loop)) + " " + in + "_imag";
    return "const " + std::string(kind_of(loop) == 'f' ? cl(loop) : "long") + " " + in;
}

std::string pragmas(const std::vector<array_dtype>& all) {
    bool doubles = false, complex = false;
    for (array_dtype t : all) {
        doubles = doubles || real_part(t).element == element_type::float64;
        complex = complex || kind_of(t) == 'c';
    }
    // numpy's complex arithmetic rounds each product: fused multiply-adds would differ from it.
    return std::string(doubles ? "#pragma OPENCL EXTENSION cl_khr_fp64 : enable\n" : "") +
           (complex ? "#pragma OPENCL FP_CONTRACT OFF\n" : "");
}

namespace {

std::string pragmas_of(const elementwise_description& d) {
    std::vector<array_dtype> all = d.loop;
    all.insert(all.end(), d.stored.begin(), d.stored.end());
    all.push_back(d.output);
    return pragmas(all);
}

} // namespace

// The statements that find each strided operand's element (at0, at1, ... for the inputs, at_out
// for the output) from the work-item's index.
std::string unravel(const elementwise_description& d, std::string& parameters) {
    std::vector<std::string> strided;
    for (std::size_t k = 0; k < d.layouts.size(); ++k)
        if (d.layouts[k] == operand_layout::strided) strided.push_back(std::to_string(k));
    if (d.mask == operand_layout::strided) strided.push_back("_w");
    if (d.written == operand_layout::strided) strided.push_back("_out");
    if (strided.empty()) return "";
    for (int n = 1; n < d.rank; ++n) parameters += ", const uint n" + std::to_string(n);
    std::string body = "    uint rest = i;\n";
    for (const std::string& k : strided) {
        for (int n = 0; n < d.rank; ++n) parameters += ", const long s" + k + "_" + std::to_string(n);
        parameters += ", const long o" + k;
        body += "    long at" + k + " = o" + k + ";\n";
    }
    for (int n = d.rank - 1; n >= 0; --n) {
        const std::string dim = std::to_string(n);
        body += "    { const uint c = " + (n == 0 ? std::string("rest") : "rest % n" + dim) + ";";
        for (const std::string& k : strided) body += " at" + k + " += c * s" + k + "_" + dim + ";";
        body += n == 0 ? " }\n" : " rest /= n" + dim + "; }\n";
    }
    return body;
}

// A byte a field, the dtypes' as their element type and bool mark: short enough that the string
// needs no allocation for one or two inputs, which a key in words took at every call. Its first
// byte, 1, is no other kept kernel's (their keys are words).
char key_byte(array_dtype t) { return char(int(t.element) << 1 | int(t.boolean)); }

std::string key_of(const elementwise_description& d) {
    std::string key{char(1), char(d.op), char(d.rank), key_byte(d.output), char(d.written), key_byte(d.computed)};
    for (std::size_t k = 0; k < d.loop.size(); ++k)
        key += {key_byte(d.loop[k]), key_byte(d.stored[k]), char(d.layouts[k])};
    // A mask's two bytes make the key's length one no other arity has (3 bytes an input).
    return d.mask == operand_layout::scalar ? key : key + char(0x7f) + char(d.mask);
}

std::string elementwise_source(const elementwise_description& d) {
    const std::string value = expression(d.op, d.loop);
    std::string parameters = "__global " + std::string(d.output.boolean ? "uchar" : cl(d.output)) + "* out";
    std::string reads;
    for (std::size_t k = 0; k < d.loop.size(); ++k) {
        const std::string in = "in" + std::to_string(k),
                          at = d.layouts[k] == operand_layout::same ? "i" : "at" + in.substr(2);
        std::string element;
        if (d.layouts[k] == operand_layout::scalar) {
            parameters += ", " + scalar_parameters(d.loop[k], in);
            element = kind_of(d.loop[k]) == 'c' ? "(" + cl(d.loop[k]) + ")(" + in + "_real, " + in + "_imag)" : in;
        } else {
            parameters += ", __global const " + cl(d.stored[k]) + "* " + in;
            element = d.stored[k].element == element_type::float16 ? "vload_half(" + at + ", " + in + ")"
                                                                   : in + "[" + at + "]";
        }
        const array_dtype stored = d.layouts[k] == operand_layout::scalar ? d.loop[k] : d.stored[k];
        const array_dtype read_as =
            stored.element == element_type::float16 ? array_dtype{element_type::float32} : stored;
        reads += "    const " + cl(d.loop[k]) + " " + "xyz"[k] + " = " + read(element, read_as, d.loop[k]) + ";\n";
    }
    if (d.mask != operand_layout::scalar) parameters += ", __global const uchar* mask";
    // An element where= leaves out keeps the output's value, as numpy's: nothing is computed or written.
    const std::string skip = d.mask == operand_layout::scalar ? ""
                             : d.mask == operand_layout::same ? "    if (!mask[i]) return;\n"
                                                              : "    if (!mask[at_w]) return;\n";
    const std::string body = unravel(d, parameters) + skip;
    const std::string helpers = d.loop.size() == 2 && d.loop[0] != d.loop[1] ? "" : helper_source(value, d.loop[0]);
    const std::string at = d.written == operand_layout::strided ? "at_out" : "i";
    return pragmas_of(d) + definitions(d.loop[0]) + helpers + "\n\n__kernel void tiles_elementwise(" + parameters +
           ") {\n    const uint i = get_global_id(0);\n" + body + reads + "    " +
           store(value, d.output, d.computed, at) + "\n}\n";
}

} // namespace tiles::algorithms
