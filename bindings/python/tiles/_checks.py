"""Checks of the values given to the Python surface: a wrong type or an out-of-range number raises
tiles.InvalidArgument naming the parameter and the value, before the extension would raise a
TypeError listing its own signatures."""

from __future__ import annotations

import operator
from typing import Any, List, Optional, Sequence

from .errors import InvalidArgument

C_INT_MAX = 2**31 - 1


def describe(value: Any) -> str:
    """A value as messages name it: its type and a short repr."""
    text = repr(value)
    return f"{type(value).__name__} {text if len(text) <= 60 else text[:57] + '...'}"


def integer(value: Any, what: str, low: Optional[int] = None, high: Optional[int] = None) -> int:
    """`value` as an int (Python or numpy integers; not bools, not floats), within [low, high]."""
    if isinstance(value, bool) or not hasattr(type(value), "__index__"):
        raise InvalidArgument(f"{what} is an integer, not {describe(value)}")
    number = operator.index(value)
    if low is not None and number < low:
        raise InvalidArgument(f"{what} is {number}, below {low}")
    if high is not None and number > high:
        raise InvalidArgument(f"{what} is {number}, above {high}")
    return number


def integers(values: Any, what: str, low: Optional[int] = None, high: Optional[int] = None) -> List[int]:
    """A sequence of integers, each checked as integer() does."""
    if isinstance(values, (str, bytes)) or not isinstance(values, Sequence):
        raise InvalidArgument(f"{what} is a sequence of integers, not {describe(values)}")
    return [integer(v, f"component {i} of {what}", low, high) for i, v in enumerate(values)]


def real(value: Any, what: str) -> float:
    """`value` as a float (Python or numpy numbers, not strings)."""
    if isinstance(value, bool) or not hasattr(type(value), "__float__") or isinstance(value, (str, bytes)):
        raise InvalidArgument(f"{what} is a real number, not {describe(value)}")
    return float(value)


def text(value: Any, what: str) -> str:
    if not isinstance(value, str):
        raise InvalidArgument(f"{what} is a str, not {describe(value)}")
    return value


def instance(value: Any, cls: type, what: str, optional: bool = False) -> Any:
    """`value` if it is a `cls` (or None where `optional`)."""
    if (optional and value is None) or isinstance(value, cls):
        return value
    kind = f"tiles.{cls.__name__}" + (" or None" if optional else "")
    raise InvalidArgument(f"{what} is a {kind}, not {describe(value)}")
