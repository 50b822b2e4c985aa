// libtiles algorithms: the OpenCL C of a reduction kernel, made from its description. Each
// work-item walks its share of one result's elements in the data's order, a counter per reduced
// run, and combines them with the elementwise engine's own expression (add, multiply, maximum, ...),
// so that a reduction wraps, propagates NaN and multiplies complex numbers as the ufunc does. A
// kernel of work-groups has its work-items read every group-th element and combine pairwise.
// Float sums add blocks of elements one after another and the blocks' sums pairwise, as numpy's
// pairwise summation does, so that their error grows with the logarithm of the count.
#include <algorithm>
#include <string>

#include "elementwise_table.hpp"
#include "reduce_axes_source.hpp"
#include "tiles/exceptions.hpp"

namespace tiles::algorithms {
namespace {

// Levels of the pairwise sums' stack: enough for 2^40 blocks.
constexpr int pairwise_levels = 40;

std::string cl(array_dtype t) { return t.boolean ? "uchar" : opencl_name(t.element); }
std::string text(int n) { return std::to_string(n); }

bool finds_position(axis_reduction op) { return op == axis_reduction::argmin || op == axis_reduction::argmax; }

elementwise_op combining(axis_reduction op) {
    switch (op) {
    case axis_reduction::prod:
        return elementwise_op::multiply;
    case axis_reduction::min:
        return elementwise_op::minimum;
    case axis_reduction::max:
        return elementwise_op::maximum;
    case axis_reduction::any:
        return elementwise_op::logical_or;
    case axis_reduction::all:
        return elementwise_op::logical_and;
    default:
        return elementwise_op::add;
    }
}

} // namespace

std::string combination(const reduction_description& d) {
    const elementwise_row& row = row_of(combining(d.op));
    const char kind = kind_of(d.accumulated);
    const char* found = kind == 'b'   ? row.boolean
                        : kind == 'c' ? row.complex
                        : kind == 'f' ? row.floating
                                      : row.integer;
    if (found == nullptr || (finds_position(d.op) && kind == 'c'))
        throw unsupported_feature(std::string("libtiles' reduction kernels have no ") + to_string(d.op) + " of " +
                                  dtype_name(d.accumulated) + " (numpy orders complex numbers by their parts)");
    return found;
}

namespace {

// The least and the greatest value of an integer type, as OpenCL C's macros name them.
std::pair<std::string, std::string> limits(element_type e) {
    switch (e) {
    case element_type::int8:
        return {"CHAR_MIN", "CHAR_MAX"};
    case element_type::int16:
        return {"SHRT_MIN", "SHRT_MAX"};
    case element_type::int32:
        return {"INT_MIN", "INT_MAX"};
    case element_type::int64:
        return {"LONG_MIN", "LONG_MAX"};
    case element_type::uint16:
        return {"0", "USHRT_MAX"};
    case element_type::uint32:
        return {"0", "UINT_MAX"};
    case element_type::uint64:
        return {"0", "ULONG_MAX"};
    default:
        return {"0", "UCHAR_MAX"};
    }
}

} // namespace

std::string identity(const reduction_description& d) {
    const char kind = kind_of(d.accumulated);
    const bool one = d.op == axis_reduction::prod || d.op == axis_reduction::all;
    if (d.op == axis_reduction::min || d.op == axis_reduction::max) {
        const bool least = d.op == axis_reduction::max; // max starts from the least value
        if (kind == 'b') return least ? "0" : "1";
        if (kind == 'f') return least ? "-INFINITY" : "INFINITY";
        const auto [low, high] = limits(d.accumulated.element);
        return "(LOOP)" + (least ? low : high);
    }
    if (kind == 'c') return "(LOOP)(" + text(one ? 1 : 0) + ", 0)";
    return "(LOOP)" + text(one ? 1 : 0);
}

std::string element(const reduction_description& d, const std::string& at) {
    if (d.stored.element == element_type::float16)
        return read("vload_half(" + at + ", in)", array_dtype{element_type::float32}, d.accumulated);
    return read("in[" + at + "]", d.stored, d.accumulated);
}

namespace {

std::string parameters(const reduction_description& d) {
    const std::string values = d.pass == position_pass::shares ? "__global LOOP* best_values, " : "";
    const std::string positions = d.pass == position_pass::of_shares ? "__global const long* positions, " : "";
    const bool divides = d.op == axis_reduction::mean && !d.masked;
    std::string p = "__global " + cl(d.output) + "* out, " + values + "__global const " + cl(d.stored) + "* in, " +
                    (d.masked ? "__global const uchar* mask, " : "") + positions +
                    (d.initial ? scalar_parameters(d.accumulated, "initial") + ", " : "") +
                    (divides ? "const PART divisor, " : "") +
                    "const ulong outputs, const ulong shares, const ulong chunk";
    for (int n = 1; n < d.kept; ++n) p += ", const ulong n" + text(n);
    for (int n = 0; n < d.kept; ++n) p += ", const ulong k" + text(n);
    for (int n = 0; n < d.reduced; ++n) p += ", const ulong r" + text(n);
    for (int n = 0; n < d.reduced; ++n) p += ", const ulong t" + text(n);
    for (int n = 0; d.masked && n < d.kept; ++n) p += ", const ulong mk" + text(n);
    for (int n = 0; d.masked && n < d.reduced; ++n) p += ", const ulong mt" + text(n);
    return p;
}

// The statement that moves `at` by `steps` times stride `stride` (k0.., t0..), and the mask's
// place `mat` by as many of its own (mk0.., mt0..) where the reduction is masked.
std::string move(const reduction_description& d, const std::string& sign, const std::string& steps,
                 const std::string& stride) {
    const std::string moved = "at " + sign + "= " + steps + " * " + stride + ";";
    return d.masked ? moved + " mat " + sign + "= " + steps + " * m" + stride + ";" : moved;
}

// The statements that find the work-item's first element: `at` (and the mask's `mat`), and the
// counters j0.. of its runs.
std::string start(const reduction_description& d) {
    // Work-items one apart take results one apart, so that where the kept run is the inner one (a
    // sum over the rows) their reads are coalesced; a work-group's work-items read one share together.
    const std::string place = d.group != 0
                                  ? "const ulong i = get_group_id(0), share = i % shares, result = i / shares"
                                  : "const ulong i = get_global_id(0), share = i / outputs, result = i % outputs";
    std::string body = "    " + place + ", place = result * shares + share;\n    ulong rest = result, at = 0" +
                       (d.masked ? ", mat = 0" : "") + ";\n";
    for (int n = d.kept - 1; n > 0; --n)
        body += "    { const ulong c = rest % n" + text(n) + "; " + move(d, "+", "c", "k" + text(n)) + " } rest /= n" +
                text(n) + ";\n";
    body += "    " + move(d, "+", "rest", "k0") + "\n    ulong count = 1;\n";
    for (int n = 0; n < d.reduced; ++n) body += "    count *= r" + text(n) + ";\n";
    // A work-group's work-items start at its share's first elements, one apart.
    const std::string lane = d.group != 0 ? " + get_local_id(0)" : "";
    body += "    const ulong first = share * chunk" + lane +
            ", end = min(share * chunk + chunk, count);\n    rest = first;\n";
    for (int n = d.reduced - 1; n >= 0; --n)
        body += "    ulong j" + text(n) + " = rest % r" + text(n) + "; rest /= r" + text(n) + "; " +
                move(d, "+", "j" + text(n), "t" + text(n)) + "\n";
    return body;
}

// The statements that move `at` to the next element: the innermost run's counter, carried outward.
std::string advance(const reduction_description& d, int run) {
    const std::string n = text(run);
    if (d.group != 0) return move(d, "+", text(d.group), "t" + n); // one reduced run: no carry
    std::string step = move(d, "+", "1", "t" + n);
    if (run == 0) return step;
    return step + " if (++j" + n + " == r" + n + ") { j" + n + " = 0; " + move(d, "-", "r" + n, "t" + n) + " " +
           advance(d, run - 1) + " }";
}

// Whether the reduction adds floats, which add pairwise.
bool adds_floats(const reduction_description& d) {
    const char kind = kind_of(d.accumulated);
    return (d.op == axis_reduction::sum || d.op == axis_reduction::mean) && (kind == 'f' || kind == 'c');
}

// Whether its work-items keep a stack of pairwise sums: more than one block each.
bool pairwise(const reduction_description& d) { return adds_floats(d) && !d.one_block; }

// The element at `at`. One the mask leaves out is the identity, which leaves the combination as it is.
std::string value(const reduction_description& d) {
    return d.masked ? "mask[mat] ? " + element(d, "at") + " : " + identity(d) : element(d, "at");
}

// The statements that combine `y`, the element at `at`, into `a`, and move `at` to the next.
std::string combine_one(const reduction_description& d) {
    const std::string taken = d.masked && d.op == axis_reduction::mean ? " taken += mask[mat];" : "";
    return "const LOOP y = " + value(d) + ";" + taken + " { const LOOP x = a; a = " + combination(d) + "; } " +
           advance(d, d.reduced - 1);
}

// The statements that push `a`, a full block's combination, onto the pairwise sums' stack, merged
// with the sums of equal blocks below it as a binary counter carries, and start the next block.
std::string push_block(const reduction_description& d) {
    const std::string merge = "{ const LOOP x = stack[--top]; const LOOP y = v; v = " + combination(d) + "; }";
    return "LOOP v = a; for (ulong b = blocks; b & 1; b >>= 1) " + merge +
           " stack[top++] = v; ++blocks; a = " + identity(d) + ";";
}

// The loop over the share's elements, and what it leaves in `a`. Float sums push each block of
// pairwise_block elements' sum (pairwise). Where one run is reduced, a full block is a loop of
// fixed count, unrolled but on CPUs (TILES_UNROLL_LOOPS), so that its loads are in flight at once;
// the elements combine in the same order as one at a time.
std::string combine_all(const reduction_description& d) {
    const bool pairs = pairwise(d);
    const std::string step = text(std::max(d.group, 1)), block = text(pairwise_block);
    std::string body = std::string(d.masked && d.op == axis_reduction::mean ? "    ulong taken = 0;\n" : "") +
                       "    LOOP a = " + identity(d) + ";\n    ulong k = first;\n";
    if (pairs) body += "    LOOP stack[" + text(pairwise_levels) + "];\n    int top = 0;\n    ulong blocks = 0;\n";
    if (d.reduced == 1)
        body += "    for (; k + " + text(pairwise_block - 1) + " * " + step + " < end; k += " + block + " * " + step +
                ") {\n#if TILES_UNROLL_LOOPS\n#pragma unroll\n#endif\n        for (int q = 0; q < " + block +
                "; ++q) { " + combine_one(d) + " }\n" + (pairs ? "        " + push_block(d) + "\n" : "") + "    }\n";
    const std::string filled =
        pairs && d.reduced != 1 ? "\n        if (++filled == " + block + ") { " + push_block(d) + " filled = 0; }" : "";
    if (!filled.empty()) body += "    int filled = 0;\n";
    body += "    for (; k < end; k += " + step + ") {\n        " + combine_one(d) + filled + "\n    }\n";
    if (pairs)
        body += "    while (top > 0) { const LOOP x = stack[--top]; const LOOP y = a; a = " + combination(d) + "; }\n";
    return body;
}

// The loop of argmin and argmax over the share's elements, and the position it leaves.
std::string find_position(const reduction_description& d) {
    const std::string p = d.pass == position_pass::of_shares ? "(ulong)positions[at]" : "k";
    // A work-item of a work-group may have no element of its share: its position stays NO_POSITION.
    return "    LOOP best = (LOOP)0;\n    ulong position = NO_POSITION;\n    for (ulong k = first; k < end; k += " +
           text(std::max(d.group, 1)) + ") {\n        const LOOP y = " + value(d) + ";\n        const ulong p = " + p +
           ";\n        if (PREFER(best, position, y, p)) { best = y; position = p; }\n        " +
           advance(d, d.reduced - 1) + "\n    }\n";
}

// The macros of argmin and argmax: PREFER(bx, px, by, py), whether value by at position py takes
// the place of bx at px, so that the first NaN wins and of equal values the first position.
std::string position_macros(const reduction_description& d) {
    const bool floats = kind_of(d.accumulated) == 'f';
    const std::string order = d.op == axis_reduction::argmax ? "(y) > (x)" : "(y) < (x)";
    const std::string better = floats ? "(!isnan(x) && (isnan(y) || " + order + "))" : "(" + order + ")";
    const std::string same = floats ? "((x) == (y) || (isnan(x) && isnan(y)))" : "((x) == (y))";
    return "#define NO_POSITION ULONG_MAX\n#define BETTER(x, y) " + better + "\n#define SAME(x, y) " + same +
           "\n#define PREFER(bx, px, by, py) ((py) != NO_POSITION && ((px) == NO_POSITION || BETTER(bx, by) || "
           "(SAME(bx, by) && (py) < (px))))\n";
}

std::string result(const reduction_description& d) {
    if (d.pass == position_pass::shares) return "out[place] = (long)position; best_values[place] = best;";
    if (finds_position(d.op)) return "out[place] = (long)position;";
    const std::string start = kind_of(d.accumulated) == 'c' ? "(LOOP)(initial_real, initial_imag)" : "(LOOP)initial";
    const std::string initial =
        d.initial ? "{ const LOOP x = a; const LOOP y = " + start + "; a = " + combination(d) + "; }\n    " : "";
    const std::string divisor = d.masked ? "(PART)taken" : "divisor";
    return initial + store(d.op == axis_reduction::mean ? "a / " + divisor : "a", d.output, d.accumulated, "place");
}

// A work-group's combination of its work-items' `a` in halves, a pairwise tree, into work-item 0's.
std::string combine_group(const reduction_description& d) {
    if (d.group == 0) return "";
    if (finds_position(d.op))
        return "    const ulong lane = get_local_id(0);\n    partial[lane] = best; places[lane] = position;\n"
               "    barrier(CLK_LOCAL_MEM_FENCE);\n    for (ulong apart = " +
               text(d.group / 2) +
               "; apart > 0; apart >>= 1) {\n        if (lane < apart && PREFER(partial[lane], places[lane], "
               "partial[lane + apart], places[lane + apart])) {\n            partial[lane] = partial[lane + apart]; "
               "places[lane] = places[lane + apart];\n        }\n        barrier(CLK_LOCAL_MEM_FENCE);\n    }\n"
               "    if (lane != 0) return;\n    best = partial[0]; position = places[0];\n";
    const std::string expression = combination(d);
    return "    const ulong lane = get_local_id(0);\n    partial[lane] = a;\n    barrier(CLK_LOCAL_MEM_FENCE);\n"
           "    for (ulong apart = " +
           text(d.group / 2) +
           "; apart > 0; apart >>= 1) {\n        if (lane < apart) { const LOOP x = partial[lane]; const LOOP y = "
           "partial[lane + apart]; partial[lane] = " +
           expression +
           "; }\n        barrier(CLK_LOCAL_MEM_FENCE);\n    }\n    if (lane != 0) return;\n    a = partial[0];\n";
}

} // namespace

// A byte a field (the work-group's size two), as the elementwise kernels' keys (elementwise_source.cpp):
// no allocation at each call. Its first byte, 2, is no other kept kernel's.
std::string key_of(const reduction_description& d) {
    return {char(2),
            char(d.op),
            key_byte(d.stored),
            key_byte(d.accumulated),
            key_byte(d.output),
            char(d.kept),
            char(d.reduced),
            char(d.group & 0xff),
            char(d.group >> 8),
            char(d.pass),
            char(d.masked),
            char(d.initial),
            char(d.one_block && adds_floats(d))};
}

std::string reduction_source(const reduction_description& d) {
    const std::string expression = combination(d);
    const std::string helpers = finds_position(d.op) ? position_macros(d) : helper_source(expression, d.accumulated);
    std::string shared = d.group != 0 ? "    __local LOOP partial[" + text(d.group) + "];\n" : "";
    if (d.group != 0 && finds_position(d.op)) shared += "    __local ulong places[" + text(d.group) + "];\n";
    return pragmas({d.stored, d.accumulated, d.output}) + definitions(d.accumulated) + helpers +
           "\n\n__kernel void tiles_reduce_axes(" + parameters(d) + ") {\n" + shared + start(d) +
           (finds_position(d.op) ? find_position(d) : combine_all(d)) + combine_group(d) + "    " + result(d) + "\n}\n";
}

} // namespace tiles::algorithms
