"""The array API's matmul and matrix_transpose as tiles arrays: matmul of two float32 (or, where
the device has doubles, float64) matrices by tiles.gemm on the device, into a new array that stays
there, other operands through the host; matrix_transpose gathered on the device. The rest of the
linalg extension is in _array_api_linalg."""

from __future__ import annotations

from typing import Any

import numpy as np

from . import _data, _through_host
from .errors import InvalidArgument


def _on_device(x1: Any, x2: Any) -> bool:
    """Whether gemm multiplies x1 by x2: matrices of one float dtype the device computes in, with
    elements, both tiles data on one context."""
    if not (_through_host.is_tiles(x1) and _through_host.is_tiles(x2)):
        return False
    if x1.ndim != 2 or x2.ndim != 2 or x1.dtype != x2.dtype or x1.shape[1] != x2.shape[0] or 0 in x1.shape + x2.shape:
        return False
    if x1.dtype == np.float64:
        return x1.device.device.supports_fp64 and x1.device == x2.device
    return x1.dtype == np.float32 and x1.device == x2.device


def matmul(x1: Any, x2: Any) -> Any:
    """x1 @ x2 as numpy.matmul gives it (stacks, vectors, promotion, its errors); sections of
    views, which gemm refuses, through the host."""
    if _on_device(x1, x2):
        from . import _algorithms  # which imports _data first
        context = x1.device
        product = _data.empty((x1.shape[0], x2.shape[1]), x1.dtype, context=context)
        try:
            _algorithms._gemm(context, None, 1.0, _algorithms._view_of(x1), _algorithms._view_of(x2), 0.0,
                              product.view(), None)
            return product
        except InvalidArgument:
            pass
    return _through_host.compute(np.matmul, x1, x2)


def matrix_transpose(x: Any) -> Any:
    """The transpose of the last two dimensions (numpy.matrix_transpose), a new array gathered on
    the device."""
    if x.ndim < 2:
        raise ValueError(f"matrix_transpose takes arrays of 2 dimensions or more, not of shape {x.shape}")
    from . import _elementwise  # which imports this module first
    return _elementwise.permuted(x, (*range(x.ndim - 2), x.ndim - 1, x.ndim - 2))

