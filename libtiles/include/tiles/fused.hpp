// libtiles: fused elementwise expressions on arrays and array_views, as thin typed shells over the
// core's fused engine (tiles/algorithms/fused.hpp): tiles::fuse(a) starts an expression, and
// tiles::exp(tiles::fuse(a)) * 2.0f + 1.0f computes in one kernel, when converted to an array,
// without storing exp(a) or its product. Operands hold one element type T, as the operators'
// do, so every value is a T; the result's bits are the unfused operators'.
#pragma once

#include <initializer_list>
#include <string>
#include <type_traits>
#include <vector>

#include "tiles/algorithms/fused.hpp"
#include "tiles/elementwise.hpp"
#include "tiles/exceptions.hpp"

namespace tiles {

template <class T, int N> class fused_expression;

namespace detail {

// What the operators below build expressions through, out of the class's public face.
struct fused_access {
    // `op` of expressions (a scalar among them of the element type, as elementwise's operators take).
    template <class E> static E of(elementwise_op op, std::initializer_list<const E*> inputs) {
        E joined((*inputs.begin())->view_);
        algorithms::fused_node node;
        node.op = op;
        int child = 0;
        for (const E* input : inputs) node.children[child++] = joined.append(*input);
        joined.nodes_.push_back(node);
        return joined;
    }
    // A scalar, as an expression beside others on `view`.
    template <class E> static E scalar(typename E::value_type value, const accelerator_view& view) {
        E e(view);
        e.operands_.push_back(elementwise_scalar_of(value));
        e.nodes_.push_back(E::leaf(0));
        return e;
    }
};

} // namespace detail

// An elementwise expression of arrays and views of T and rank N, computed in one kernel.
template <class T, int N> class fused_expression {
  public:
    // The element type, of every operand and value.
    using value_type = T;

    // An expression of one array or view: its elements.
    template <class Data, class = detail::if_data<Data>>
    explicit fused_expression(const Data& data) : view_(detail::view_of(data)) {
        operands_.push_back(detail::elementwise_operand_of(data));
        nodes_.push_back(leaf(0));
    }

    // The expression's value in one kernel: a new array on the accelerator view of its first operand.
    array<T, N> evaluate() const {
        const std::vector<int> shape = algorithms::fused_shape(operands_.data(), operands_.size());
        array<T, N> result(extent<N>(shape.data()), view_);
        algorithms::fused(view_.context(), operands_.data(), operands_.size(), nodes_.data(), nodes_.size(),
                          detail::elementwise_operand_of(result));
        return result;
    }
    // evaluate(), where an array is wanted.
    operator array<T, N>() const { return evaluate(); }
    // evaluate()'s elements, brought home.
    operator std::vector<T>() const { return std::vector<T>(evaluate()); }

    // The accelerator view the expression computes on: its first operand's.
    const accelerator_view& accelerator() const { return view_; }

  private:
    friend struct detail::fused_access;
    explicit fused_expression(const accelerator_view& view) : view_(view) {}

    static algorithms::fused_node leaf(int operand) {
        algorithms::fused_node node;
        node.operand = operand;
        return node;
    }
    // Appends `other`'s operands and nodes, renumbered; the index of its result's node.
    int append(const fused_expression& other) {
        const int operand_base = int(operands_.size()), node_base = int(nodes_.size());
        operands_.insert(operands_.end(), other.operands_.begin(), other.operands_.end());
        for (algorithms::fused_node node : other.nodes_) {
            if (node.operand >= 0) node.operand += operand_base;
            for (int& child : node.children)
                if (child >= 0) child += node_base;
            nodes_.push_back(node);
        }
        return int(nodes_.size()) - 1;
    }

    accelerator_view view_;
    std::vector<algorithms::elementwise_operand> operands_;
    std::vector<algorithms::fused_node> nodes_;
};

// The expression of an array or view, to build a fused chain on.
template <class Data, class = detail::if_data<Data>>
fused_expression<detail::element_t<Data>, detail::traits_of<Data>::rank> fuse(const Data& data) {
    return fused_expression<detail::element_t<Data>, detail::traits_of<Data>::rank>(data);
}

namespace detail {

template <class T> struct is_fused : std::false_type {};
template <class T, int N> struct is_fused<fused_expression<T, N>> : std::true_type {};
// The expression of two operands, one of them a fused expression, the other one too or a number.
template <class A, class B> using fused_of = std::conditional_t<is_fused<A>::value, A, B>;
template <class A, class B>
using if_fused =
    std::enable_if_t<(is_fused<A>::value || is_fused<B>::value) &&
                     (is_fused<A>::value || std::is_arithmetic_v<A>)&&(is_fused<B>::value || std::is_arithmetic_v<B>)>;

// An operand as an expression beside `like`: itself, or a scalar of like's element type.
template <class E, class Operand> E fused_operand(const E& like, const Operand& x) {
    using T = typename E::value_type;
    if constexpr (is_fused<Operand>::value) {
        return x;
    } else {
        // A number becomes the expression's element type, as numpy's weak scalars do; into an integer
        // type, only where it stays the same number (2.5 or 300 would silently become 2 or 44).
        if constexpr (std::is_integral_v<T>)
            if (static_cast<Operand>(static_cast<T>(x)) != x)
                throw invalid_argument("tiles::fuse: the number " + std::to_string(x) +
                                       " is not a value of the expression's integer element type");
        return fused_access::scalar<E>(static_cast<T>(x), like.accelerator());
    }
}

template <class A, class B> fused_of<A, B> fused_binary(elementwise_op op, const A& a, const B& b) {
    using E = fused_of<A, B>;
    const E& like = [&]() -> const E& {
        if constexpr (is_fused<A>::value)
            return a;
        else
            return b;
    }();
    const E left = fused_operand(like, a), right = fused_operand(like, b);
    return fused_access::of<E>(op, {&left, &right});
}

} // namespace detail

// The elementwise sum of fused expressions, or of one and a number (as its element type).
template <class A, class B, class = detail::if_fused<A, B>> detail::fused_of<A, B> operator+(const A& a, const B& b) {
    return detail::fused_binary(elementwise_op::add, a, b);
}

// The elementwise difference of fused expressions, or of one and a number (as its element type).
template <class A, class B, class = detail::if_fused<A, B>> detail::fused_of<A, B> operator-(const A& a, const B& b) {
    return detail::fused_binary(elementwise_op::subtract, a, b);
}

// The elementwise product of fused expressions, or of one and a number (as its element type).
template <class A, class B, class = detail::if_fused<A, B>> detail::fused_of<A, B> operator*(const A& a, const B& b) {
    return detail::fused_binary(elementwise_op::multiply, a, b);
}

// The elementwise quotient (numpy's true_divide) of fused expressions, or of one and a number.
template <class A, class B, class = detail::if_fused<A, B>> detail::fused_of<A, B> operator/(const A& a, const B& b) {
    return detail::fused_binary(elementwise_op::divide, a, b);
}

// The negation of each element of a fused expression.
template <class T, int N> fused_expression<T, N> operator-(const fused_expression<T, N>& a) {
    return detail::fused_access::of<fused_expression<T, N>>(elementwise_op::negative, {&a});
}

// The absolute value of each element of a fused expression.
template <class T, int N> fused_expression<T, N> abs(const fused_expression<T, N>& a) {
    return detail::fused_access::of<fused_expression<T, N>>(elementwise_op::absolute, {&a});
}

// The square root of each element of a fused expression.
template <class T, int N> fused_expression<T, N> sqrt(const fused_expression<T, N>& a) {
    return detail::fused_access::of<fused_expression<T, N>>(elementwise_op::sqrt, {&a});
}

// The exponential of each element of a fused expression.
template <class T, int N> fused_expression<T, N> exp(const fused_expression<T, N>& a) {
    return detail::fused_access::of<fused_expression<T, N>>(elementwise_op::exp, {&a});
}

// The natural logarithm of each element of a fused expression.
template <class T, int N> fused_expression<T, N> log(const fused_expression<T, N>& a) {
    return detail::fused_access::of<fused_expression<T, N>>(elementwise_op::log, {&a});
}

// The hyperbolic tangent of each element of a fused expression.
template <class T, int N> fused_expression<T, N> tanh(const fused_expression<T, N>& a) {
    return detail::fused_access::of<fused_expression<T, N>>(elementwise_op::tanh, {&a});
}

} // namespace tiles
