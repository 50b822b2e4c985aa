"""tiles.fuse: a function of elementwise operations computed as one kernel, as cupy.fuse does.
The function is traced once for each signature of its arguments (tiles data by dtype and rank,
scalars by type) over placeholders that record each operation; the core checks the recorded
expression, resolves its dtypes node by node as the unfused calls would, and keeps its kernel.
Each later call is one C call (tiles_elementwise_fused_new)."""

from __future__ import annotations

import functools
from typing import Any, Callable, Dict, List, Optional, Tuple

import numpy as np

from . import _data, _elementwise, _tiles
from .errors import InvalidArgument, Unsupported

_NONE = -1


class _trace:
    """The expression a traced function builds: nodes (operand, operation, child, child, child)
    as tiles_fused_node, and its operands' sources (an argument's position, or a constant)."""

    def __init__(self) -> None:
        self.nodes: List[Tuple[int, int, int, int, int]] = []
        self.sources: List[Tuple[str, Any]] = []

    def operand(self, kind: str, source: Any) -> "placeholder":
        self.sources.append((kind, source))
        self.nodes.append((len(self.sources) - 1, 0, _NONE, _NONE, _NONE))
        return placeholder(self, len(self.nodes) - 1)

    def record(self, op: int, values: Tuple[Any, ...]) -> "placeholder":
        children = [v.node if isinstance(v, placeholder) and v.trace is self else self._constant(v) for v in values]
        children += [_NONE] * (3 - len(children))
        self.nodes.append((_NONE, op, *children))
        return placeholder(self, len(self.nodes) - 1)

    def _constant(self, value: Any) -> int:
        if isinstance(value, placeholder):
            raise InvalidArgument("tiles.fuse: a value of another fused function's trace reached this one")
        if not isinstance(value, (bool, int, float, complex, np.generic)):
            raise TypeError(f"tiles.fuse: a fused function's operands are its arguments and numbers, not "
                            f"{type(value).__name__}")
        return self.operand("constant", value).node


class placeholder:
    """One node of a trace: numpy's operators, ufuncs and tiles.array_api's elementwise functions
    of it record an operation instead of computing it."""

    __slots__ = ("trace", "node")
    __hash__ = None  # type: ignore[assignment]  # == records an operation, as numpy's is elementwise

    def __init__(self, trace: _trace, node: int) -> None:
        self.trace, self.node = trace, node

    def __array_ufunc__(self, ufunc: np.ufunc, method: str, *inputs: Any, **kwargs: Any) -> Any:
        if method != "__call__" or kwargs or ufunc not in _elementwise._UFUNCS:
            raise TypeError(f"tiles.fuse traces numpy's elementwise ufuncs called plainly, not {ufunc.__name__}."
                            f"{method} with {sorted(kwargs)}")
        return self.trace.record(_elementwise._UFUNCS[ufunc], inputs)

    def __bool__(self) -> bool:
        raise TypeError("tiles.fuse traces a function once: it may not branch on the values of its arguments")

    def __array_function__(self, func: Any, types: Any, args: Any, kwargs: Any) -> Any:
        if func is np.where and len(args) == 3 and not kwargs:
            return _elementwise.where(*args)
        raise TypeError(f"tiles.fuse traces numpy's elementwise ufuncs and where, not numpy.{func.__name__}")


def _operator(ufunc: np.ufunc, reflected: bool = False) -> Callable[..., Any]:
    op = _elementwise._UFUNCS[ufunc]
    if ufunc.nin == 1:
        return lambda self: self.trace.record(op, (self,))
    if reflected:
        return lambda self, other: self.trace.record(op, (other, self))
    return lambda self, other: self.trace.record(op, (self, other))


_OPERATORS = {"add": np.add, "sub": np.subtract, "mul": np.multiply, "truediv": np.true_divide,
              "floordiv": np.floor_divide, "mod": np.remainder, "pow": np.power, "and": np.bitwise_and,
              "or": np.bitwise_or, "xor": np.bitwise_xor, "lshift": np.left_shift, "rshift": np.right_shift}
for _name, _ufunc in _OPERATORS.items():
    setattr(placeholder, f"__{_name}__", _operator(_ufunc))
    setattr(placeholder, f"__r{_name}__", _operator(_ufunc, reflected=True))
for _name, _ufunc in {"eq": np.equal, "ne": np.not_equal, "lt": np.less, "le": np.less_equal, "gt": np.greater,
                      "ge": np.greater_equal, "neg": np.negative, "pos": np.positive, "abs": np.absolute,
                      "invert": np.invert}.items():
    setattr(placeholder, f"__{_name}__", _operator(_ufunc))
_elementwise.placeholder = placeholder


def _signature(value: Any) -> Optional[Tuple[Any, ...]]:
    """What a trace depends on of an argument; None for one fuse leaves to the unfused call."""
    if _elementwise._is_tiles(value):
        return ("data", value.dtype, value.ndim, value._holds_bool)
    if isinstance(value, np.generic):
        return ("strong", value.dtype)
    if isinstance(value, (bool, int, float, complex)):
        return ("weak", type(value))
    return None


class _plan:
    """A traced expression, pruned to the nodes its result reaches, with its operands' sources."""

    def __init__(self, trace: _trace, result: placeholder) -> None:
        reached, stack = set(), [result.node]
        while stack:
            n = stack.pop()
            if n not in reached:
                reached.add(n)
                stack += [c for c in trace.nodes[n][2:] if c != _NONE]
        order = sorted(reached)
        renumbered = {old: new for new, old in enumerate(order)}
        used = [trace.nodes[n][0] for n in order if trace.nodes[n][0] != _NONE]
        operand_of = {old: new for new, old in enumerate(used)}
        self.sources = [trace.sources[k] for k in used]
        self.nodes = [(operand_of[o], 0, _NONE, _NONE, _NONE) if o != _NONE else
                      (_NONE, op, *(renumbered[c] if c != _NONE else _NONE for c in (a, b, c)))
                      for o, op, a, b, c in (trace.nodes[n] for n in order)]

    def __call__(self, args: Tuple[Any, ...]) -> Any:
        operands, bools, no_dimensions = [], 0, True
        for k, (kind, source) in enumerate(self.sources):
            value = args[source] if kind == "argument" else source
            if _elementwise._is_tiles(value):
                handle = value._view_handle()
                if type(handle) is not _tiles.View:  # data of no elements: the unfused calls handle it
                    return None
                no_dimensions = no_dimensions and getattr(value, "_no_dimensions", False)
                bools |= value._holds_bool << k
                value = handle
            operands.append(value)
        made = _tiles.elementwise_fused_new(tuple(operands), bools, self.nodes, None)
        return _data.array._of_core(*made, no_dimensions)


class fuse:
    """A function of tiles data and numbers, built of numpy's operators, ufuncs and
    tiles.array_api's elementwise functions, computed as one kernel whose intermediate values are
    never stored (cupy.fuse). Results are the unfused calls' bits. Constants in its body are taken
    at the trace; arguments that are neither tiles data nor numbers, results that are no operation,
    and expressions the fused kernels lack (complex trigonometry, say) run unfused."""

    def __init__(self, function: Callable[..., Any]) -> None:
        functools.update_wrapper(self, function)
        self._function = function
        self._plans: Dict[Tuple[Any, ...], Optional[_plan]] = {}

    def __call__(self, *args: Any) -> Any:
        """The function's value of `args`: one kernel, traced on the first call of their signature."""
        signature = tuple(_signature(a) for a in args)
        if None in signature:
            return self._function(*args)
        plan = self._plans.get(signature, False)
        if plan is False:
            plan = self._plans[signature] = self._traced(args)
        if plan is not None:
            try:
                result = plan(args)
            except (InvalidArgument, Unsupported):
                result = None  # the unfused calls give numpy's refusal, or their own way
            if result is not None:
                return result
        return self._function(*args)

    def _traced(self, args: Tuple[Any, ...]) -> Optional[_plan]:
        trace = _trace()
        result = self._function(*(trace.operand("argument", k) for k in range(len(args))))
        if not isinstance(result, placeholder) or result.trace is not trace or trace.nodes[result.node][0] != _NONE:
            return None
        return _plan(trace, result)
