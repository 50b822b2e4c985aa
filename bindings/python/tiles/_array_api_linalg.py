"""The array API's linalg extension for libtiles' data: tiles.array_api.linalg.

Every function here computes on the device. cholesky and qr are libtiles' blocked
factorizations, all on the device (the C API's tiles_cholesky and tiles_qr: the diagonal blocks
and panels by kernels of their own, the rest by gemm); svd and svdvals are QR on the device with
the SVD of its small R on the host (tiles_svd, tiles_svdvals); eigh and eigvalsh reduce to
tridiagonal form on the host, gemm on the device forming the vectors (tiles_eigh,
tiles_eigvalsh); matmul is gemm for float32 (float64) matrices; the others are compositions of
the namespace's device operations (elementwise arithmetic, sums, maxima and minima over axes,
gathers, permute_dims).
docs/guides/linalg.md says which steps run where and what crosses the bus.

solve, inv and slogdet are Gaussian elimination with partial pivoting (tiles_solve, tiles_inv,
tiles_slogdet: each panel pivoted and factored on the device, gemm updating the rest), det
slogdet's product; pinv and matrix_rank come from svd and svdvals, matrix_power from matmul and
inv. The extension is complete: every function the standard's linalg extension names is here."""

from __future__ import annotations

import builtins
import math
from typing import Any, NamedTuple, Sequence, Tuple, Union

import numpy as np
from numpy.lib.array_utils import normalize_axis_index, normalize_axis_tuple

from . import _linalg, _tiles
from . import array_api as xp
from ._devices import context_handle

__all__ = ["cholesky", "cross", "det", "diagonal", "eigh", "eigvalsh", "inv", "matmul", "matrix_norm",
           "matrix_power", "matrix_rank", "matrix_transpose", "outer", "pinv", "qr", "slogdet", "solve", "svd",
           "svdvals", "tensordot", "trace", "vecdot", "vector_norm"]

def _stack_of(x: Any) -> Any:
    """The view through which the C API's stacked factorizations read x. They find a stack's
    matrices by its data's own shape, so a view in another shape (view_as, reshape) is first
    copied, on the device, into an array of its own shape."""
    from . import _algorithms  # which imports _data first
    view = _algorithms._view_of(x)
    return xp.asarray(view, copy=True).view() if view._reshaped else view


def cholesky(x: Any, /, *, upper: bool = False) -> Any:
    """The Cholesky factor of each matrix of x (..., n, n), float32 or float64, of which only the
    lower triangle is read: L with L @ L^T == x, or with `upper` U = L^T; a new array on x's
    device. A matrix that is not positive definite raises tiles.InvalidArgument naming the first
    column whose pivot is not positive."""
    if x.ndim < 2 or x.shape[-1] != x.shape[-2]:
        raise ValueError(f"cholesky takes square matrices (..., n, n), not data of shape {x.shape}")
    factor = xp.empty(x.shape, dtype=x.dtype, device=x.device)
    if x.size:
        _tiles.cholesky(context_handle(x.device), _stack_of(x)._handle, 1 if upper else 0,
                        factor.view()._handle)
    return factor


class QRResult(NamedTuple):
    """qr's result, as the standard names its fields."""
    Q: Any
    R: Any


def qr(x: Any, /, *, mode: str = "reduced") -> QRResult:
    """The QR factorization of each matrix of x (..., m, n), float32 or float64: (Q, R) with
    Q @ R == x, Q's columns orthonormal and R upper triangular, new arrays on x's device. With
    k = min(m, n), 'reduced' gives Q (..., m, k) and R (..., k, n); 'complete' Q (..., m, m) and
    R (..., m, n). R's diagonal has LAPACK's geqrf signs, as numpy's."""
    if mode not in ("reduced", "complete"):
        raise ValueError(f"qr's mode is 'reduced' or 'complete', not {mode!r}")
    if x.ndim < 2:
        raise ValueError(f"qr takes matrices (..., m, n), not data of shape {x.shape}")
    m, n = x.shape[-2:]
    k = m if mode == "complete" else builtins.min(m, n)
    q = xp.empty(x.shape[:-1] + (k,), dtype=x.dtype, device=x.device)
    r = xp.empty(x.shape[:-2] + (k, n), dtype=x.dtype, device=x.device)
    if builtins.min(m, n) == 0:
        return _empty_qr(x, q, r)
    if x.size:
        _tiles.qr(context_handle(x.device), _stack_of(x)._handle, 1 if mode == "complete" else 0,
                  q.view()._handle, r.view()._handle)
    return QRResult(q, r)


def _empty_qr(x: Any, q: Any, r: Any) -> QRResult:
    """qr of matrices with no rows or no columns: Q the identity's first columns, R zeros."""
    # The identity broadcast by an elementwise sum, which runs on the device.
    eye = xp.eye(q.shape[-2], q.shape[-1], dtype=x.dtype, device=x.device)
    return QRResult(xp.zeros(q.shape, dtype=x.dtype, device=x.device) + eye,
                    xp.zeros(r.shape, dtype=x.dtype, device=x.device))


class SVDResult(NamedTuple):
    """svd's result, as the standard names its fields."""
    U: Any
    S: Any
    Vh: Any


def svd(x: Any, /, *, full_matrices: bool = True) -> SVDResult:
    """The singular value decomposition of each matrix of x (..., m, n), float32 or float64:
    (U, S, Vh) with U @ (S[..., None] * Vh) == x, U's columns and Vh's rows orthonormal and S
    descending, new arrays on x's device. With k = min(m, n), full_matrices gives U (..., m, m) and
    Vh (..., n, n), else U (..., m, k) and Vh (..., k, n). The vectors' signs may differ from
    LAPACK's."""
    if x.ndim < 2:
        raise ValueError(f"svd takes matrices (..., m, n), not data of shape {x.shape}")
    m, n = x.shape[-2:]
    k = builtins.min(m, n)
    u = xp.empty(x.shape[:-1] + (m if full_matrices else k,), dtype=x.dtype, device=x.device)
    s = xp.empty(x.shape[:-2] + (k,), dtype=x.dtype, device=x.device)
    vh = xp.empty(x.shape[:-2] + (n if full_matrices else k, n), dtype=x.dtype, device=x.device)
    if k == 0:
        return SVDResult(_identities(x, u), s, _identities(x, vh))
    if x.size:
        _tiles.svd(context_handle(x.device), _stack_of(x)._handle, 1 if full_matrices else 0,
                   u.view()._handle, s.view()._handle, vh.view()._handle)
    return SVDResult(u, s, vh)


def svdvals(x: Any, /) -> Any:
    """The singular values of each matrix of x (..., m, n), as svd's S (..., min(m, n)), descending,
    a new array on x's device, without the vectors."""
    if x.ndim < 2:
        raise ValueError(f"svdvals takes matrices (..., m, n), not data of shape {x.shape}")
    s = xp.empty(x.shape[:-2] + (builtins.min(x.shape[-2:]),), dtype=x.dtype, device=x.device)
    if s.size:
        _tiles.svdvals(context_handle(x.device), _stack_of(x)._handle, s.view()._handle)
    return s


class EighResult(NamedTuple):
    """eigh's result, as the standard names its fields."""
    eigenvalues: Any
    eigenvectors: Any


def _check_square(name: str, x: Any) -> None:
    if x.ndim < 2 or x.shape[-1] != x.shape[-2]:
        raise ValueError(f"{name} takes square matrices (..., n, n), not data of shape {x.shape}")


def eigh(x: Any, /) -> EighResult:
    """The eigendecomposition of each symmetric matrix of x (..., n, n), float32 or float64, of
    which only the lower triangle is read: (eigenvalues, eigenvectors) with
    x == V @ (W[..., None] * V^T), W (..., n) ascending and V (..., n, n) orthogonal, one
    eigenvector a column; new arrays on x's device. The vectors' signs may differ from LAPACK's."""
    _check_square("eigh", x)
    w = xp.empty(x.shape[:-1], dtype=x.dtype, device=x.device)
    v = xp.empty(x.shape, dtype=x.dtype, device=x.device)
    if x.size:
        _tiles.eigh(context_handle(x.device), _stack_of(x)._handle, w.view()._handle, v.view()._handle)
    return EighResult(w, v)


def eigvalsh(x: Any, /) -> Any:
    """The eigenvalues of each symmetric matrix of x (..., n, n), as eigh's, ascending, a new array
    on x's device, without the vectors."""
    _check_square("eigvalsh", x)
    w = xp.empty(x.shape[:-1], dtype=x.dtype, device=x.device)
    if x.size:
        _tiles.eigvalsh(context_handle(x.device), _stack_of(x)._handle, w.view()._handle)
    return w


def solve(x1: Any, x2: Any, /) -> Any:
    """X with x1 @ X == x2 for each n x n matrix of x1 (..., n, n), float32 or float64, and x2
    (..., n, k) of the same stack shape, or a vector (n,) (then X is one too); a new array on x1's
    device. Gaussian elimination with partial pivoting (tiles_solve): a singular matrix raises
    tiles.InvalidArgument naming the first column with no nonzero pivot."""
    _check_square("solve", x1)
    vector = x2.ndim == 1
    # A vector as a column of its own: a reshaped view keeps its data's layout, which solve refuses.
    right = xp.asarray(xp.reshape(x2, (x2.shape[0], 1)), copy=True) if vector else x2
    if right.ndim < 2 or right.shape[:-2] != x1.shape[:-2] or right.shape[-2] != x1.shape[-1]:
        raise ValueError(f"solve takes x2 of shape (..., n, k) with x1's stack shape, or (n,): x1 is {x1.shape}, "
                         f"x2 {x2.shape}")
    result = xp.empty(right.shape, dtype=x1.dtype, device=x1.device)
    if result.size:
        _tiles.solve(context_handle(x1.device), _stack_of(x1)._handle, _stack_of(right)._handle,
                     result.view()._handle)
    return xp.reshape(result, x2.shape) if vector else result


def inv(x: Any, /) -> Any:
    """The inverse of each n x n matrix of x (..., n, n), float32 or float64, a new array on x's
    device; a singular matrix raises tiles.InvalidArgument as solve does."""
    _check_square("inv", x)
    result = xp.empty(x.shape, dtype=x.dtype, device=x.device)
    if x.size:
        _tiles.inv(context_handle(x.device), _stack_of(x)._handle, result.view()._handle)
    return result


class SlogdetResult(NamedTuple):
    """slogdet's result, as the standard names its fields."""
    sign: Any
    logabsdet: Any


def slogdet(x: Any, /) -> SlogdetResult:
    """The sign (1, -1, or 0 where singular) and the natural logarithm of the magnitude (-inf where
    singular) of each n x n matrix's determinant, x (..., n, n), each of shape (...), from the
    elimination of solve."""
    _check_square("slogdet", x)
    count = math.prod(x.shape[:-2])
    sign = xp.ones((count,), dtype=x.dtype, device=x.device)
    logabsdet = xp.zeros((count,), dtype=x.dtype, device=x.device)
    if count and x.shape[-1]:
        _tiles.slogdet(context_handle(x.device), _stack_of(x)._handle, sign.view()._handle,
                       logabsdet.view()._handle)
    return SlogdetResult(xp.reshape(sign, x.shape[:-2]), xp.reshape(logabsdet, x.shape[:-2]))


def det(x: Any, /) -> Any:
    """The determinant of each n x n matrix of x (..., n, n): slogdet's sign times the exponential
    of its logarithm, on the device."""
    sign, logabsdet = slogdet(x)
    return sign * xp.exp(logabsdet)


def _cutoffs(x: Any, values: Any, rtol: Any) -> Any:
    """The singular values below which pinv and matrix_rank count a value as zero: rtol (by default
    max(m, n) times x's machine epsilon, as the standard says) times each matrix's largest."""
    if rtol is None:
        rtol = builtins.max(x.shape[-2:]) * xp.finfo(x.dtype).eps
    elif not isinstance(rtol, (int, float)):
        rtol = xp.expand_dims(rtol, axis=-1)
    return rtol * xp.max(values, axis=-1, keepdims=True)


def matrix_rank(x: Any, /, *, rtol: Any = None) -> Any:
    """The rank of each matrix of x (..., m, n): how many of its singular values (svdvals) exceed
    rtol times the largest."""
    values = svdvals(x)
    if values.shape[-1] == 0:
        return xp.zeros(x.shape[:-2], dtype=xp.int64, device=x.device)
    return xp.sum(values > _cutoffs(x, values, rtol), axis=-1)


def pinv(x: Any, /, *, rtol: Any = None) -> Any:
    """The Moore-Penrose pseudo-inverse of each matrix of x (..., m, n), (..., n, m): from svd,
    Vh^T diag(1 / S) U^T, the singular values at most rtol times the largest counted as zero."""
    u, values, vh = svd(x, full_matrices=False)
    if values.shape[-1] == 0:
        return xp.zeros(x.shape[:-2] + x.shape[:-3:-1], dtype=x.dtype, device=x.device)
    inverses = xp.where(values > _cutoffs(x, values, rtol), 1 / values, xp.zeros_like(values))
    return matmul(matrix_transpose(vh) * xp.expand_dims(inverses, axis=-2), matrix_transpose(u))


def matrix_power(x: Any, n: int, /) -> Any:
    """x (..., m, m) raised to the integer power n by repeated squaring with matmul; n = 0 gives
    the identity, a negative n the power -n of inv(x)."""
    _check_square("matrix_power", x)
    result, power = _identities(x, x), inv(x) if n < 0 else x
    n = abs(n)
    while n:
        if n & 1:
            result = matmul(result, power)
        n >>= 1
        if n:
            power = matmul(power, power)
    return result


def _identities(x: Any, like: Any) -> Any:
    """Identity matrices of `like`'s shape: svd's vectors of matrices with no rows or no columns."""
    # The identity broadcast by an elementwise sum, which runs on the device.
    eye = xp.eye(like.shape[-2], like.shape[-1], dtype=x.dtype, device=x.device)
    return xp.zeros(like.shape, dtype=x.dtype, device=x.device) + eye


def matmul(x1: Any, x2: Any, /) -> Any:
    return _linalg.matmul(x1, x2)


def matrix_transpose(x: Any, /) -> Any:
    return _linalg.matrix_transpose(x)


def vecdot(x1: Any, x2: Any, /, *, axis: int = -1) -> Any:
    """The dot products of x1's and x2's vectors along `axis` (x1's conjugated), broadcast
    against each other, summed on the device."""
    if x1.shape[axis] != x2.shape[axis]:
        raise ValueError(f"vecdot: x1's axis {axis} has {x1.shape[axis]} elements, x2's {x2.shape[axis]}")
    products = xp.conj(x1) * x2 if xp.isdtype(x1.dtype, "complex floating") else x1 * x2
    return xp.sum(products, axis=axis, dtype=products.dtype)  # the operands' type, which sum would widen


def outer(x1: Any, x2: Any, /) -> Any:
    """The outer product of two vectors, each element a product on the device."""
    if x1.ndim != 1 or x2.ndim != 1:
        raise ValueError(f"outer takes two vectors, not data of shapes {x1.shape} and {x2.shape}")
    return xp.reshape(x1, (-1, 1)) * xp.reshape(x2, (1, -1))


def _contracted_axes(x1: Any, x2: Any, axes: Any) -> Tuple[Tuple[int, ...], Tuple[int, ...]]:
    """tensordot's axes of x1 and of x2 to sum over, each normalized."""
    if isinstance(axes, int):
        if axes < 0:
            raise ValueError(f"tensordot's axes is a count of 0 or more, not {axes}")
        first, second = tuple(range(x1.ndim - axes, x1.ndim)), tuple(range(axes))
    else:
        first, second = (tuple([a]) if isinstance(a, int) else tuple(a) for a in axes)
    first, second = normalize_axis_tuple(first, x1.ndim), normalize_axis_tuple(second, x2.ndim)
    if len(first) != len(second) or any(x1.shape[a] != x2.shape[b] for a, b in zip(first, second)):
        raise ValueError(f"tensordot: the axes {first} of x1 {x1.shape} do not match the axes {second} of x2 "
                         f"{x2.shape}")
    return first, second


def tensordot(x1: Any, x2: Any, /, *, axes: Any = 2) -> Any:
    """numpy.tensordot as one matrix product: x1 with its summed axes last, x2 with them first, each
    permuted on the device and flattened into a matrix, multiplied by matmul."""
    first, second = _contracted_axes(x1, x2, axes)
    kept1 = [a for a in range(x1.ndim) if a not in first]
    kept2 = [a for a in range(x2.ndim) if a not in second]
    depth = math.prod(x1.shape[a] for a in first)
    left = xp.reshape(xp.permute_dims(x1, (*kept1, *first)), (-1, depth))
    right = xp.reshape(xp.permute_dims(x2, (*second, *kept2)), (depth, -1))
    product = matmul(left, right)
    return xp.reshape(product, tuple(x1.shape[a] for a in kept1) + tuple(x2.shape[a] for a in kept2))


def diagonal(x: Any, /, *, offset: int = 0) -> Any:
    """The diagonal `offset` of each matrix of x (..., m, n), gathered on the device from the
    matrices' elements flattened."""
    if x.ndim < 2:
        raise ValueError(f"diagonal takes matrices (..., m, n), not data of shape {x.shape}")
    rows, columns = x.shape[-2], x.shape[-1]
    length = builtins.max(0, builtins.min(rows, columns - offset) if offset >= 0 else
                          builtins.min(rows + offset, columns))
    first = offset if offset >= 0 else -offset * columns
    flat = xp.reshape(x, x.shape[:-2] + (rows * columns,))
    positions = xp.asarray(np.arange(length, dtype=np.int64) * (columns + 1) + first, device=x.device)
    return xp.take(flat, positions, axis=-1)


def trace(x: Any, /, *, offset: int = 0, dtype: Any = None) -> Any:
    """The sum of the diagonal `offset` of each matrix of x, on the device."""
    return xp.sum(diagonal(x, offset=offset), axis=-1, dtype=dtype)


def cross(x1: Any, x2: Any, /, *, axis: int = -1) -> Any:
    """The cross products of x1's and x2's 3-element vectors along `axis`, broadcast against each
    other, each component three products on the device."""
    if x1.shape[axis] != 3 or x2.shape[axis] != 3:
        raise ValueError(f"cross takes vectors of 3 elements along axis {axis}, not data of shapes {x1.shape} "
                         f"and {x2.shape}")
    ndim = builtins.max(x1.ndim, x2.ndim)
    axis = normalize_axis_index(axis, ndim)

    def component(x: Any, i: int) -> Any:
        return xp.take(x, xp.asarray([i], device=x.device), axis=axis - (ndim - x.ndim))

    a = [component(x1, i) for i in range(3)]
    b = [component(x2, i) for i in range(3)]
    return xp.concat([a[1] * b[2] - a[2] * b[1], a[2] * b[0] - a[0] * b[2], a[0] * b[1] - a[1] * b[0]], axis=axis)


def _magnitudes(x: Any) -> Any:
    """|x| in x's real floating dtype (the standard's norms are of floating data)."""
    if not xp.isdtype(x.dtype, ("real floating", "complex floating")):
        raise TypeError(f"the norms take floating data, not {x.dtype}")
    return xp.abs(x)


def vector_norm(x: Any, /, *, axis: Union[None, int, Sequence[int]] = None, keepdims: bool = False,
                ord: Union[int, float] = 2) -> Any:  # noqa: A002  # the standard's name
    """The norm `ord` of x's vectors along `axis` (None: all of x as one vector), on the device:
    sums (1, 2, any p), maxima (inf), minima (-inf) of |x|, and counts of nonzero elements (0)."""
    magnitude = _magnitudes(x)
    if ord == math.inf:
        return xp.max(magnitude, axis=axis, keepdims=keepdims)
    if ord == -math.inf:
        return xp.min(magnitude, axis=axis, keepdims=keepdims)
    if ord == 0:
        return xp.sum(xp.astype(magnitude != 0, magnitude.dtype), axis=axis, keepdims=keepdims)
    if ord == 1:
        return xp.sum(magnitude, axis=axis, keepdims=keepdims)
    if ord == 2:
        return xp.sqrt(xp.sum(magnitude * magnitude, axis=axis, keepdims=keepdims))
    return xp.sum(magnitude ** ord, axis=axis, keepdims=keepdims) ** (1.0 / ord)


def matrix_norm(x: Any, /, *, keepdims: bool = False,
                ord: Union[int, float, str, None] = "fro") -> Any:  # noqa: A002  # the standard's name
    """The norm `ord` of each matrix of x (..., m, n), on the device: "fro" (the root of the sum of
    squares), 1 and -1 (the greatest and least column sum of |x|), inf and -inf (row sums); "nuc",
    2 and -2 (the sum, greatest and least of the singular values, from svdvals)."""
    if x.ndim < 2:
        raise ValueError(f"matrix_norm takes matrices (..., m, n), not data of shape {x.shape}")
    if ord in ("nuc", 2, -2):
        values = svdvals(x)
        norm = xp.sum(values, axis=-1) if ord == "nuc" else (xp.max if ord == 2 else xp.min)(values, axis=-1)
    elif ord == "fro" or ord is None:
        magnitude = _magnitudes(x)
        norm = xp.sqrt(xp.sum(magnitude * magnitude, axis=(-2, -1)))
    elif ord in (1, -1, math.inf, -math.inf):
        sums = xp.sum(_magnitudes(x), axis=-2 if ord in (1, -1) else -1)
        norm = xp.max(sums, axis=-1) if ord in (1, math.inf) else xp.min(sums, axis=-1)
    else:
        raise ValueError(f"matrix_norm's ord is 'fro', 'nuc', 1, -1, 2, -2, inf or -inf, not {ord!r}")
    return xp.reshape(norm, norm.shape + (1, 1)) if keepdims else norm
    magnitude = _magnitudes(x)
    if ord == "fro" or ord is None:
        norm = xp.sqrt(xp.sum(magnitude * magnitude, axis=(-2, -1)))
    elif ord in (1, -1, math.inf, -math.inf):
        sums = xp.sum(magnitude, axis=-2 if ord in (1, -1) else -1)
        norm = xp.max(sums, axis=-1) if ord in (1, math.inf) else xp.min(sums, axis=-1)
    else:
        raise ValueError(f"matrix_norm's ord is 'fro', 'nuc', 1, -1, 2, -2, inf or -inf, not {ord!r}")
    return xp.reshape(norm, norm.shape + (1, 1)) if keepdims else norm

