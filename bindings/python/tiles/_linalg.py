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
    """Whether gemm multiplies x1 by x2: matrices, or stacks of them that broadcast, of one float
    dtype the device computes in, with elements, both tiles data on one context."""
    if not (_through_host.is_tiles(x1) and _through_host.is_tiles(x2)):
        return False
    if x1.ndim < 2 or x2.ndim < 2 or x1.dtype != x2.dtype or x1.shape[-1] != x2.shape[-2]:
        return False
    if 0 in x1.shape + x2.shape or not _stacks_broadcast(x1.shape[:-2], x2.shape[:-2]):
        return False
    if x1.dtype == np.float64:
        return x1.device.device.supports_fp64 and x1.device == x2.device
    return x1.dtype == np.float32 and x1.device == x2.device


def _stacks_broadcast(first: tuple, second: tuple) -> bool:
    try:
        np.broadcast_shapes(first, second)
        return True
    except ValueError:
        return False


def _gemm(x1: Any, x2: Any) -> Any:
    """x1 @ x2 for two matrices, by gemm into a new array on their context."""
    from . import _algorithms  # which imports _data first
    product = _data.empty((x1.shape[0], x2.shape[1]), x1.dtype, context=x1.device)
    _algorithms._gemm(x1.device, None, 1.0, _algorithms._view_of(x1), _algorithms._view_of(x2), 0.0, product.view(),
                      None)
    return product


def _stacked_gemm(x1: Any, x2: Any) -> Any:
    """x1 @ x2 for stacks of matrices that broadcast: one gemm a matrix of the result, each
    operand's matrix first copied on the device into an array of its own (gemm takes no
    sections)."""
    from . import array_api as xp
    batch = np.broadcast_shapes(x1.shape[:-2], x2.shape[:-2])
    product = _data.empty(batch + (x1.shape[-2], x2.shape[-1]), x1.dtype, context=x1.device)

    def matrix(x: Any, index: tuple) -> Any:
        own = index[len(index) - (x.ndim - 2):]
        return xp.asarray(x[tuple(i if n > 1 else 0 for i, n in zip(own, x.shape))], copy=True)

    for index in np.ndindex(*batch):
        product[index] = _gemm(matrix(x1, index), matrix(x2, index))
    return product


def matmul(x1: Any, x2: Any) -> Any:
    """x1 @ x2 as numpy.matmul gives it (stacks, vectors, promotion, its errors); sections of
    views, which gemm refuses, through the host."""
    if _on_device(x1, x2):
        try:
            return _gemm(x1, x2) if x1.ndim == x2.ndim == 2 else _stacked_gemm(x1, x2)
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

