// libtiles algorithms: numpy's type resolution for the elementwise operations, decided here once
// for every face: safe and same_kind casting, NEP 50's weak Python scalars, and the choice of the
// first of an operation's loops that every input casts to safely (numpy's legacy resolver, whose
// answers numpy 2's promotion keeps for these dtypes), with numpy's exceptions to it.
#include <algorithm>
#include <cstdint>
#include <mutex>
#include <optional>
#include <string>
#include <unordered_map>

#include "elementwise_table.hpp"
#include "tiles/engine/immortal.hpp"
#include "tiles/exceptions.hpp"

namespace tiles {

std::string dtype_name(array_dtype type) { return type.boolean ? "bool" : element_info_of(type.element).numpy; }

} // namespace tiles

namespace tiles::algorithms {
namespace {

using et = element_type;

// A dtype's place among numpy's kinds (bool, then integers, floats, complex), and what it holds:
// an integer's bits and sign, a float's bits of mantissa it holds integers in exactly.
int kind_rank(array_dtype t) {
    switch (kind_of(t)) {
    case 'b':
        return 0;
    case 'i':
    case 'u':
        return 1;
    case 'f':
        return 2;
    default:
        return 3;
    }
}
int bits_of(array_dtype t) { return int(8 * element_size(t.element)); }
// The widest integers numpy casts safely to a float (a complex number's part): half 8 bits, float
// 16, double all.
int integer_bits_taken(array_dtype t) {
    const int part = bits_of(real_part(t));
    return part == 16 ? 8 : part == 32 ? 16 : 64;
}

unsigned loop_kind_of(array_dtype t) {
    switch (kind_of(t)) {
    case 'b':
        return bool_loop;
    case 'i':
    case 'u':
        return integer_loops;
    case 'f':
        return t.element == et::float16 ? half_loop : float_loops;
    default:
        return complex_loops;
    }
}

std::string dtypes_text(const elementwise_operand* inputs, int count) {
    std::string text;
    for (int i = 0; i < count; ++i)
        text += (i ? ", " : "") + (inputs[i].weak ? std::string("a Python scalar") : dtype_name(inputs[i].type));
    return text;
}

bool fits(std::int64_t value, array_dtype t) {
    if (kind_of(t) == 'u')
        return value >= 0 && (bits_of(t) == 64 || std::uint64_t(value) < (std::uint64_t(1) << bits_of(t)));
    if (bits_of(t) == 64) return true;
    const std::int64_t limit = std::int64_t(1) << (bits_of(t) - 1);
    return value >= -limit && value < limit;
}

// The dtype a weak scalar stands for beside `other` (the strong operands' promotion): NEP 50's.
array_dtype weak_dtype(const elementwise_operand& scalar, array_dtype other, elementwise_op op) {
    const char kind = kind_of(scalar.type), beside = kind_of(other);
    if (kind == 'b') return bool_dtype;
    if (kind == 'c') {
        if (beside == 'c') return other;
        return beside == 'f' && bits_of(other) <= 32 ? array_dtype{et::complex64} : array_dtype{et::complex128};
    }
    if (kind == 'f') return beside == 'f' || beside == 'c' ? other : array_dtype{et::float64};
    if (beside == 'b') return array_dtype{et::int64};
    if ((beside == 'i' || beside == 'u') && !fits(scalar.integer, other)) {
        // A Python int past the type's range: compared by value (numpy 2), refused in arithmetic.
        if (row_of(op).result == result_rule::boolean) return scalar.type;
        throw invalid_argument("Python integer " + std::to_string(scalar.integer) + " out of bounds for " +
                               dtype_name(other));
    }
    return other;
}

// The strong dtypes' promotion: the first dtype in loop order that each casts to safely.
array_dtype promoted(const std::vector<array_dtype>& types) {
    for (array_dtype candidate : dtypes_in_loop_order())
        if (std::all_of(types.begin(), types.end(), [&](array_dtype t) { return can_cast_safely(t, candidate); }))
            return candidate;
    return {et::complex128};
}

} // namespace

char kind_of(array_dtype t) {
    if (t.boolean) return 'b';
    switch (t.element) {
    case et::int8:
    case et::int16:
    case et::int32:
    case et::int64:
        return 'i';
    case et::uint8:
    case et::uint16:
    case et::uint32:
    case et::uint64:
        return 'u';
    case et::complex64:
    case et::complex128:
        return 'c';
    default:
        return 'f';
    }
}

array_dtype real_part(array_dtype t) {
    if (t.element == et::complex64) return {et::float32};
    if (t.element == et::complex128) return {et::float64};
    return t;
}

const std::vector<array_dtype>& dtypes_in_loop_order() {
    // Immortal: libtiles registers no destructor at exit.
    static const engine::immortal<std::vector<array_dtype>> order(std::vector<array_dtype>{bool_dtype,
                                                                                           {et::int8},
                                                                                           {et::uint8},
                                                                                           {et::int16},
                                                                                           {et::uint16},
                                                                                           {et::int32},
                                                                                           {et::uint32},
                                                                                           {et::int64},
                                                                                           {et::uint64},
                                                                                           {et::float16},
                                                                                           {et::float32},
                                                                                           {et::float64},
                                                                                           {et::complex64},
                                                                                           {et::complex128}});
    return *order;
}

bool can_cast_safely(array_dtype from, array_dtype to) {
    const char f = kind_of(from), t = kind_of(to);
    if (f == 'b') return true;
    if (kind_rank(from) > kind_rank(to) || t == 'b') return false;
    if (f == 'i' && t == 'u') return false;
    if (f == 'u' && t == 'i') return bits_of(to) > bits_of(from);
    if (kind_rank(from) == kind_rank(to)) return bits_of(real_part(to)) >= bits_of(real_part(from));
    if (kind_rank(from) == 1) return bits_of(from) <= integer_bits_taken(to);
    return bits_of(real_part(to)) >= bits_of(real_part(from)); // a float to a complex number
}

bool can_cast_same_kind(array_dtype from, array_dtype to) {
    // numpy's order of kinds for it: bool, unsigned, signed, floating, complex; a cast down it is
    // refused, any other allowed (int64 to float16, uint64 to int8).
    const auto order = [](array_dtype t) { return std::string("buifc").find(kind_of(t)); };
    return order(from) <= order(to);
}

namespace {

// The inputs' dtypes with NEP 50's weak scalars taking the strong inputs' kind of type.
std::vector<array_dtype> nep50_types(elementwise_op op, const elementwise_operand* inputs, int count) {
    std::vector<array_dtype> strong;
    for (int i = 0; i < count; ++i)
        if (!inputs[i].weak) strong.push_back(inputs[i].type);
    const array_dtype others = strong.empty() ? array_dtype{et::int8} : promoted(strong);
    std::vector<array_dtype> types;
    for (int i = 0; i < count; ++i)
        types.push_back(inputs[i].weak && !strong.empty() ? weak_dtype(inputs[i], others, op) : inputs[i].type);
    return types;
}

// numpy.where's: the condition read as bool, the choices in their promotion (NEP 50's), float16
// moved through float32 as copy's.
resolved_loop where_loop(const elementwise_operand* inputs) {
    const array_dtype result = promoted(nep50_types(elementwise_op::where, inputs + 1, 2));
    const array_dtype moved = result.element == et::float16 ? array_dtype{et::float32} : result;
    return {{bool_dtype, moved, moved}, result};
}

array_dtype result_of_loop(elementwise_op op, array_dtype loop) {
    switch (row_of(op).result) {
    case result_rule::boolean:
        return bool_dtype;
    case result_rule::real:
        return real_part(loop);
    default:
        return loop;
    }
}

bool is_comparison(elementwise_op op) { return op >= elementwise_op::equal && op <= elementwise_op::greater_equal; }

// The first loop of `op` that every input casts to safely, as numpy's legacy resolver finds it
// (int8 and uint8 meet in float16 for arctan2, not in float32 through int16).
array_dtype first_loop(elementwise_op op, const std::vector<array_dtype>& types, const elementwise_operand* inputs) {
    // numpy divides integers and bools in float64, not in the first float loop they cast to.
    if (op == elementwise_op::divide && kind_rank(promoted(types)) < 2) return {et::float64};
    // numpy's positive and sign have no loops of bools, though bools cast to every integer.
    const bool booleans = std::all_of(types.begin(), types.end(), [](array_dtype t) { return t.boolean; });
    const bool refused = booleans && (op == elementwise_op::positive || op == elementwise_op::sign);
    for (array_dtype candidate : dtypes_in_loop_order()) {
        const bool all_cast =
            std::all_of(types.begin(), types.end(), [&](array_dtype t) { return can_cast_safely(t, candidate); });
        if (!refused && (row_of(op).loops & loop_kind_of(candidate)) != 0 && all_cast) return candidate;
    }
    throw invalid_argument(std::string("ufunc '") + to_string(op) + "' not supported for the input types (" +
                           dtypes_text(inputs, arity(op)) + ")");
}

} // namespace

namespace {

resolved_loop resolve_uncached(elementwise_op op, const elementwise_operand* inputs) {
    const int count = arity(op);
    if (op == elementwise_op::copy) {
        const array_dtype read = inputs[0].type.element == et::float16 ? array_dtype{et::float32} : inputs[0].type;
        return {{read}, read};
    }
    if (op == elementwise_op::where) return where_loop(inputs);
    const std::vector<array_dtype> types = nep50_types(op, inputs, count);
    const bool booleans = std::all_of(types.begin(), types.end(), [](array_dtype t) { return t.boolean; });
    if (booleans && (op == elementwise_op::subtract || op == elementwise_op::negative))
        throw invalid_argument(std::string("numpy boolean ") + to_string(op) +
                               " is not supported: use the bitwise_xor (^) or logical_not (~) operator instead");
    // numpy compares int64 with uint64 by value, in loops of the two, where C would convert.
    if (is_comparison(op) && types[0] != types[1] && kind_rank(types[0]) == 1 && kind_rank(types[1]) == 1 &&
        bits_of(types[0]) == 64 && bits_of(types[1]) == 64)
        return {types, bool_dtype};
    const array_dtype loop = first_loop(op, types, inputs);
    return {std::vector<array_dtype>(std::size_t(count), loop), result_of_loop(op, loop)};
}

// What decides `op`'s loop of `inputs`, packed: the operation in the low 8 bits, then each input's
// dtype and weakness in 10 bits of its own. None where a weak Python int is among them, whose
// value decides too (NEP 50).
std::optional<std::uint64_t> loop_key(elementwise_op op, const elementwise_operand* inputs) {
    static_assert(elementwise_op_count <= 256 && element_type_count <= 256, "an operation and a dtype in 8 bits");
    std::uint64_t key = std::uint64_t(op);
    for (int k = 0; k < arity(op); ++k) {
        const elementwise_operand& o = inputs[k];
        if (o.weak && (kind_of(o.type) == 'i' || kind_of(o.type) == 'u')) return std::nullopt;
        const std::uint64_t input = std::uint64_t(o.type.element) << 2 | std::uint64_t(o.type.boolean) << 1 | o.weak;
        key |= input << (8 + 10 * k);
    }
    return key;
}

} // namespace

// Each call of an operation would search numpy's loops again, every dtype for each input: the loops
// found are kept by what decided them (a refusal is not kept, and throws each time).
resolved_loop resolve_loop(elementwise_op op, const elementwise_operand* inputs) {
    const std::optional<std::uint64_t> key = loop_key(op, inputs);
    if (!key) return resolve_uncached(op, inputs);
    static engine::immortal<std::unordered_map<std::uint64_t, resolved_loop>> found;
    static std::mutex mutex;
    {
        std::lock_guard<std::mutex> lock(mutex);
        if (const auto at = found->find(*key); at != found->end()) return at->second;
    }
    resolved_loop resolved = resolve_uncached(op, inputs);
    std::lock_guard<std::mutex> lock(mutex);
    found->emplace(*key, resolved);
    return resolved;
}

array_dtype elementwise_result_type(elementwise_op op, const elementwise_operand* inputs) {
    return resolve_loop(op, inputs).result;
}

std::vector<int> broadcast_shape(const elementwise_operand* inputs, std::size_t count) {
    std::size_t rank = 0;
    for (std::size_t i = 0; i < count; ++i) rank = std::max(rank, inputs[i].shape.size());
    std::vector<int> shape(rank, 1);
    for (std::size_t i = 0; i < count; ++i) {
        const std::vector<int>& s = inputs[i].shape;
        for (std::size_t d = 0; d < s.size(); ++d) {
            int& n = shape[rank - s.size() + d];
            if (s[d] != n && s[d] != 1 && n != 1) {
                std::string text;
                for (std::size_t j = 0; j < count; ++j) {
                    text += j ? " " : "";
                    text += "(";
                    for (std::size_t k = 0; k < inputs[j].shape.size(); ++k)
                        text += (k ? "," : "") + std::to_string(inputs[j].shape[k]);
                    text += ")";
                }
                throw invalid_argument("operands could not be broadcast together with shapes " + text);
            }
            if (n == 1) n = s[d];
        }
    }
    return shape;
}

} // namespace tiles::algorithms
