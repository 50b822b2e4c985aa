"""The tiled algorithms (the C API's tiles_reduce, tiles_block_sum, ...) on numpy arrays,
tiles.array and tiles.array_view, with results as new numpy arrays. 1-D data is one row. numpy
input that is not C-contiguous or not in the machine's byte order is read through a copy that is;
results are in the machine's byte order."""

from __future__ import annotations

from typing import Any, Callable, List, Literal, Optional, Sequence, Tuple, TypeVar, Union, overload

import numpy as np

from . import _host_writes, _tiles
from ._checks import describe, integer, integers, real, text
from ._data import _dtype, array, array_view
from ._devices import Context, context_handle, context_list
from ._launch import extent
from ._split import Split
from .errors import InvalidArgument, conversion

# The package exports these as they are (tiles/__init__.py): a new algorithm's function is named
# here and nowhere else in the package.
__all__ = ["reduce", "block_sum", "block_average", "transpose", "gemm", "matrix_multiply", "stencil", "cholesky",
           "qr", "svd", "svdvals", "eigh", "eigvalsh", "solve", "inv", "slogdet"]

Data = Union[np.ndarray, array, array_view]
Contexts = Optional[Sequence[Context]]
# The C API's names of tiles_reduction's values, spelled out for type checkers (test_api.py holds
# them to the C API's table).
ReduceOp = Literal["sum", "min", "max"]
Output = TypeVar("Output", array, array_view)
Precision = Literal["exact", "tf32x3", "tf32", "float16", "bfloat16"]


def _view_of(data: Any) -> array_view:
    """The view an algorithm reads `data` through: tiles data as it is (a section is refused by the
    C API), anything else through a view of a C-contiguous numpy array, copied only if need be."""
    if isinstance(data, array):
        view = data.view()
    elif isinstance(data, array_view):
        view = data
    else:
        view = array_view(_host_copy(data, copy=False))
    if view.size == 0:
        raise InvalidArgument(f"the algorithms take data of 1 element or more, not of shape {view.shape}")
    return view


# Each algorithm as the C API describes it (tiles_algorithm_describe): its operands' names, whether
# each is written, their ranks and dtypes. The dtypes numpy knows only through ml_dtypes, where it is
# missing, come as their bits, which this does not tell from the unsigned integers: those the C API
# checks alone.
_DESCRIBED = {algorithm["name"]: algorithm for algorithm in _tiles.algorithms()}
_BITS_OF = {str(element["dtype"]) for element in _tiles.dtypes() if element["as_bits"]}


def _check_dtypes(algorithm: str, *views: array_view) -> None:
    """Refuses a view of a dtype `algorithm` does not take, naming the conversion that makes one it
    does. `views` are the first operands, in the order the description lists them (as the C API's
    functions take them)."""
    for operand, view in zip(_DESCRIBED[algorithm]["operands"], views):
        if view.dtype.name in operand["dtypes"] or view.dtype.name in _BITS_OF:
            continue
        taken = operand["dtypes"]
        listed = ", ".join(taken[:-1]) + " and " + taken[-1] if len(taken) > 1 else taken[0]
        raise InvalidArgument(f"{algorithm} supports {listed} elements, not {view.dtype.name}: "
                              f"{conversion(view.dtype.name, taken)}")


def _host_copy(data: Any, copy: bool) -> np.ndarray:
    """`data` as a C-contiguous numpy array in the machine's byte order: `data` itself where it is
    one and `copy` is False, else a copy."""
    try:
        host = np.asarray(data)
    except (TypeError, ValueError) as e:
        raise InvalidArgument(f"the algorithms take numpy arrays, tiles.array or tiles.array_view, not "
                              f"{describe(data)}: {e}") from None
    native = host.dtype.newbyteorder("=")
    return np.array(host, dtype=native, order="C", copy=True) if copy else np.ascontiguousarray(host, dtype=native)


# What the algorithms compute each element type in, and give its sums, products and reductions in
# (the extension's table): float32 for the 16-bit floats (float16, ml_dtypes' bfloat16), else its own.
_COMPUTED = {element["name"]: element["computed"] for element in _tiles.dtypes() if not element["as_bits"]}


# The dtypes reduce adds in by default where they are not the data's, as numpy.sum's; and where
# the least and greatest of data come in another dtype, uint8's in the uint32 it is combined in.
_NUMPY_SUMS = {"int32": np.dtype(np.int64), "uint8": np.dtype(np.uint64)}
_COMBINED = {"uint8": np.dtype(np.uint32)}


def _computed(dtype: np.dtype) -> np.dtype:
    """The dtype the algorithms compute data of `dtype` in, and give its sums, products and
    reductions in."""
    return _COMPUTED.get(dtype.name, dtype)


def _rows_and_columns(view: array_view) -> Tuple[int, int]:
    shape = view.shape
    return (1, shape[0]) if len(shape) == 1 else (shape[-2], shape[-1])


def _output(shape: Sequence[int], dtype: np.dtype) -> Tuple[np.ndarray, array_view]:
    """A new numpy array for a result and a view of it that uploads nothing, since the algorithm
    writes all of it."""
    result = np.empty(tuple(shape), dtype)
    view = array_view(result)
    view.discard_data()
    return result, view


def _finished(result: np.ndarray, view: array_view) -> np.ndarray:
    view.synchronize()
    return result


def _several(context: Optional[Context], contexts: Contexts) -> Optional[List[_tiles.Context]]:
    """The handles of `contexts`, where an algorithm runs on several contexts at once (each on a
    band of the data, with one context's results), or None where it runs on `context`."""
    if contexts is None:
        return None
    if context is not None:
        raise InvalidArgument("an algorithm runs on a context or on a list of contexts, not on both")
    return [c._handle for c in context_list(contexts, "contexts")]


@overload
def reduce(data: Union[Data, Split], op: ReduceOp = "sum", *, dtype: Any = None, context: Optional[Context] = None,
           contexts: Contexts = None, out: None = None) -> np.generic: ...


@overload
def reduce(data: Union[Data, Split], op: ReduceOp = "sum", *, dtype: Any = None, context: Optional[Context] = None,
           contexts: Contexts = None, out: Output) -> Output: ...


def reduce(data: Union[Data, Split], op: ReduceOp = "sum", *, dtype: Any = None, context: Optional[Context] = None,
           contexts: Contexts = None, out: Optional[Output] = None) -> Union[np.generic, Output]:
    """The sum, least or greatest element (op "sum", "min" or "max") of 1-D or 2-D uint8, int32,
    int64, float32, float64 (where the device has doubles), float16 or bfloat16 data, as a numpy
    scalar.
    min and max are of the data's dtype (float32 for the 16-bit floats, which are read as
    float32: a departure from numpy, whose sums of float16 are float16), and NaN for float data
    with a NaN, as numpy's are (uint8's are combined in uint32, which dtype=np.uint32 gives). A
    sum is added in `dtype`, by default numpy.sum's: int64 for int32 data (no wrapping past
    2**31 - 1), uint64 for uint8, the data's own for int64, float32 and float64 (pairwise, in a
    tree). dtype=np.int32 adds int32 in int32, wrapping as C does; dtype=np.float64 adds float32
    in double, on devices that have it.

    With `contexts`, a list of tiles.Context (tiles.gpu_contexts(), say), every context combines
    a band of the elements at the same time and the first combines their partials: the result is
    one context's, bit for bit where the contexts' devices are of one kind.

    A tiles.Split is reduced where its bands are (its own rows, not its halos), each band on its
    context and the totals on the host; its bands are of whole rows, so a float sum may differ
    from one context's in its last bits.

    With `out` (a tiles.array or tiles.array_view of shape (1,), of the dtype the elements are
    combined in, which `dtype` may name too), the result is written there as a launch writes,
    staying on the device until the host reads it, and `out` is returned: the call does not wait
    for the device, which a loop of reductions, or one whose result a kernel reads next, saves on
    every call."""
    op = text(op, "a reduction")
    if isinstance(data, Split):
        return _reduce_split(data, op, dtype, context, contexts, out)
    several = _several(context, contexts)
    view = _view_of(data)
    _check_dtypes("reduce", view)
    if out is not None:
        if not isinstance(out, (array, array_view)):
            raise InvalidArgument(f"reduce's out is a tiles.array or tiles.array_view, not {describe(out)}")
        if several is not None:
            raise InvalidArgument("reduce's out takes the result of one context; over contexts=, the result is a "
                                  "numpy scalar")
        if dtype is not None and _dtype(dtype) != out.dtype:
            raise InvalidArgument(f"reduce's dtype is {_dtype(dtype)} and its out's dtype {out.dtype}: the result "
                                  f"is combined in out's dtype")
        result = out.view() if isinstance(out, array) else out
        with _host_writes.launch("reduce", [view, result], context, ["data", "out"]):
            _tiles.reduce_into(context_handle(context), view._handle, op, result._handle)
        return out
    accumulator = _accumulator(view.dtype, op, dtype)
    with _host_writes.launch("reduce", [view], context, ["data"]):
        if several is not None:
            result = _tiles.reduce_split(accumulator, several, view._handle, op)
        else:
            result = _tiles.reduce(accumulator, context_handle(context), view._handle, op)
    return _as_numpy_result(result, view.dtype, op, dtype)


def _accumulator(data_dtype: np.dtype, op: str, dtype: Any) -> np.dtype:
    """The dtype reduce combines `data_dtype` elements in: `dtype` where given, else numpy's."""
    if dtype is not None:
        return _dtype(dtype)
    return (_NUMPY_SUMS if op == "sum" else _COMBINED).get(data_dtype.name, _computed(data_dtype))


def _as_numpy_result(result: Any, data_dtype: np.dtype, op: str, dtype: Any) -> Any:
    """The least or greatest of uint8 data comes as the uint32 it was combined in: numpy's is uint8."""
    return data_dtype.type(result) if dtype is None and op != "sum" and data_dtype.name in _COMBINED else result


def _reduce_split(split: Split, op: str, dtype: Any, context: Any, contexts: Any, out: Any) -> Any:
    """reduce of a Split's own rows where they are: each band on its context, the totals on the host."""
    for name, given in (("context", context), ("contexts", contexts), ("out", out)):
        if given is not None:
            raise InvalidArgument(f"reduce of a tiles.Split runs on the split's own contexts and returns a numpy "
                                  f"scalar; it takes no {name}=")
    return _as_numpy_result(split._handle.reduce(_accumulator(split.dtype, op, dtype), op), split.dtype, op, dtype)


def _blocks(reduce_blocks: Any, data: Data, block: Union[int, Sequence[int]], context: Optional[Context],
            result_dtype: Callable[[np.dtype], np.dtype] = lambda dtype: dtype) -> np.ndarray:
    view = _view_of(data)
    _check_dtypes(reduce_blocks.__name__, view)
    if isinstance(block, (int, np.integer)) and not isinstance(block, bool):
        block_rows, block_columns = 1, integer(block, "a block's length")
    else:
        shape = integers(block, "a block's (rows, columns)")
        if len(shape) != 2:
            raise InvalidArgument(f"a block is (rows, columns) or, for 1-D data, a length; not {describe(block)}")
        block_rows, block_columns = shape
    rows, columns = _rows_and_columns(view)
    grid = _tiles.block_grid(rows, columns, block_rows, block_columns)
    result, output = _output(grid if len(view.shape) != 1 else grid[1:], result_dtype(view.dtype))
    with _host_writes.launch(reduce_blocks.__name__, [view], context, ["data"]):
        reduce_blocks(context_handle(context), view._handle, block_rows, block_columns, output._handle)
    return _finished(result, output)


def block_sum(data: Data, block: Union[int, Sequence[int]], *, context: Optional[Context] = None) -> np.ndarray:
    """The sum of each (rows, columns) `block` of uint8, int32, int64, float32 or float64 (where the
    device has doubles) data, one element per block, of the data's dtype (uint64 for uint8, as
    numpy sums it); blocks at the right and bottom edges are cut short. For 1-D data, `block` may
    be an int (its length) and the result is 1-D."""
    return _blocks(_tiles.block_sum, data, block, context,
                   lambda dtype: np.dtype(np.uint64) if dtype == np.uint8 else dtype)


def block_average(data: Data, block: Union[int, Sequence[int]], *, context: Optional[Context] = None) -> np.ndarray:
    """The average of each (rows, columns) `block` of float32 or float64 data, as block_sum lays
    them out; a block cut short at an edge averages over the elements it holds."""
    return _blocks(_tiles.block_average, data, block, context)


def transpose(data: Data, *, context: Optional[Context] = None) -> np.ndarray:
    """The transpose of int32, uint32, float32, float64 (where the device has doubles), float16 or
    bfloat16 data; 1-D data is a row, so its transpose is a column of shape (n, 1)."""
    view = _view_of(data)
    _check_dtypes("transpose", view)
    rows, columns = _rows_and_columns(view)
    result, output = _output((columns, rows), view.dtype)
    with _host_writes.launch("transpose", [view], context, ["data"]):
        _tiles.transpose(context_handle(context), view._handle, output._handle)
    return _finished(result, output)


@overload
def gemm(alpha: float, a: Data, b: Data, beta: float, c: Data, *, precision: Optional[Precision] = None,
         context: Optional[Context] = None, contexts: Contexts = None) -> np.ndarray: ...


@overload
def gemm(alpha: float, a: Split, b: Split, beta: float, c: Split, *, precision: Optional[Precision] = None) -> Split: ...


def gemm(alpha: float, a: Any, b: Any, beta: float, c: Any, *, precision: Optional[Precision] = None,
         context: Optional[Context] = None, contexts: Contexts = None) -> Union[np.ndarray, Split]:
    """alpha * a @ b + beta * c for float32 (or, where the device has it, float64) matrices, as a
    new array; c is left as it is. As in BLAS, with beta == 0 c's values are not read. float16 and
    bfloat16 matrices a and b are read as float32, with a float32 c and result.

    `precision` says how float32 matrices are multiplied: "exact" (float products added in float,
    as SGEMM), or on tensor cores where the device has them (NVIDIA's, sm_80 on), adding in float:
    "tf32x3" (float's accuracy from three TF32 products), "tf32", "float16" or "bfloat16" (the
    inputs rounded to that type, as cuBLAS's _FAST_ compute types do). Elsewhere every precision
    computes as "exact" does. None, the default, is "exact" for float32 and float64 matrices and
    the matrices' own type for float16 and bfloat16 ones, which so run on tensor cores, as
    cuBLAS and CuPy run them ("exact" keeps them off).

    With `contexts`, a list of tiles.Context, every context computes a band of the result's rows
    at the same time (b goes to each once), with one context's values, bit for bit where the
    contexts' devices are of one kind.

    With tiles.Split operands, gemm runs where their bands are, writes c in place and returns it:
    data that stays on the devices across calls. a and c are split in the same bands of rows
    without halos over the same contexts, b is held whole on each of them (tiles.Split.copies),
    and each context computes its band of c, every context at once, with one context's values.
    The call returns once the work is on every context's queue."""
    alpha, beta = real(alpha, "gemm's alpha"), real(beta, "gemm's beta")
    if isinstance(a, Split):
        return _gemm_on_bands(alpha, a, b, beta, c, precision, context, contexts)
    several = _several(context, contexts)
    new_c = _host_copy(c, copy=True)
    output = array_view(new_c)
    _gemm(context, several, alpha, _view_of(a), _view_of(b), beta, output, precision)
    return _finished(new_c, output)


def _gemm(context: Optional[Context], several: Optional[List[_tiles.Context]], alpha: float, a: array_view,
          b: array_view, beta: float, c: array_view, precision: Optional[str]) -> None:
    _check_dtypes("gemm", a, b)
    precision = _tiles.default_precision(a.dtype) if precision is None else text(precision, "a precision")
    with _host_writes.launch("gemm", [a, b], context, ["a", "b"]):
        if several is not None:
            _tiles.gemm_split(precision, several, alpha, a._handle, b._handle, beta, c._handle)
        else:
            _tiles.gemm(precision, context_handle(context), alpha, a._handle, b._handle, beta, c._handle)


def _gemm_on_bands(alpha: float, a: Split, b: Any, beta: float, c: Any, precision: Optional[str], context: Any,
                   contexts: Any) -> Split:
    given = [name for name, value in (("context", context), ("contexts", contexts)) if value is not None]
    if given:
        raise InvalidArgument(f"gemm on tiles.Split operands runs on the splits' own contexts: it takes no "
                              f"{', '.join(given)}")
    for name, operand in (("b", b), ("c", c)):
        if not isinstance(operand, Split):
            raise InvalidArgument(f"gemm of a tiles.Split a takes tiles.Split operands (b held whole on every "
                                  f"context by tiles.Split.copies); its {name} is {describe(operand)}")
    precision = _tiles.default_precision(a.dtype) if precision is None else text(precision, "a precision")
    a._handle.gemm(precision, alpha, b._handle, beta, c._handle)
    return c


def matrix_multiply(a: Data, b: Data, *, precision: Optional[Precision] = None, context: Optional[Context] = None,
                    contexts: Contexts = None) -> Union[np.ndarray, np.generic]:
    """The product a @ b of float32 (or float64) data as numpy.matmul gives it: of matrices, a
    matrix; a 1-D `a` is a row and a 1-D `b` a column, whose dimension the result drops (two
    vectors give a numpy scalar). A 1-D `b` on a device is read through the host. `precision` is
    gemm's, and so is `contexts`."""
    several = _several(context, contexts)
    a_view, b_view = _view_of(a), _view_of(b)
    b_is_vector = len(b_view.shape) == 1
    if b_is_vector:
        b_view = array_view(np.asarray(b_view).reshape(-1, 1))
    rows, columns = _rows_and_columns(a_view)[0], _rows_and_columns(b_view)[1]
    result, output = _output((rows, columns), _computed(a_view.dtype))
    _gemm(context, several, 1.0, a_view, b_view, 0.0, output, precision)
    shape = (() if len(a_view.shape) == 1 else (rows,)) + (() if b_is_vector else (columns,))
    product = _finished(result, output).reshape(shape)
    return product[()] if shape == () else product


@overload
def stencil(data: Data, mask: Data, *, out: None = None, context: Optional[Context] = None,
            contexts: Contexts = None, iterations: int = 1) -> np.ndarray: ...


@overload
def stencil(data: Data, mask: Data, *, out: Output, context: Optional[Context] = None, contexts: Contexts = None,
            iterations: int = 1) -> Output: ...


@overload
def stencil(data: Split, mask: Data, *, iterations: int = 1) -> Split: ...


def stencil(data: Any, mask: Data, *, out: Optional[Output] = None, context: Optional[Context] = None,
            contexts: Contexts = None, iterations: int = 1) -> Union[np.ndarray, Output, Split]:
    """The `mask` (odd dimensions, at most 9) applied around every element of float32 or float64
    data, the mask of the data's dtype: each result is the sum of the mask's weights times the
    elements under it, centred there and not flipped, with positions outside the data reading its
    nearest edge element.
    With `out` (a tiles.array or tiles.array_view of the data's shape, not the data), the result
    is written there as a launch writes, staying on the device until the host reads it, and `out`
    is returned: stencils iterated between two views or arrays move no data.

    `iterations` applies the stencil that many times, each to the last one's result. With
    `contexts`, a list of tiles.Context, every context holds a band of the rows and applies the
    stencil to it at the same time, and every few iterations only the bands' halos (the mask's
    radius of rows for each of those iterations) move: the result is one context's, bit for bit
    where the contexts' devices are of one kind.

    With a tiles.Split as the data, the stencil runs on its bands where they are, in place, and
    returns it: data that stays on the devices across calls. Its halos (at least the mask's
    radius) are made current first and exchanged every halo / radius iterations; afterwards they
    are stale until exchange_halo()."""
    if isinstance(data, Split):
        return _stencil_on_bands(data, mask, out, context, contexts, iterations)
    several = _several(context, contexts)
    iterations = integer(iterations, "stencil's iterations", 1)
    view, weights = _view_of(data), _view_of(mask)
    _check_dtypes("stencil", view, weights)
    if out is not None:
        if not isinstance(out, (array, array_view)):
            raise InvalidArgument(f"stencil's out is a tiles.array or tiles.array_view, not {describe(out)}")
        target = out.view() if isinstance(out, array) else out
        with _host_writes.launch("stencil", [view, weights, target], context, ["data", "mask", "out"]):
            _stencil(context, several, view, weights, target, iterations)
        return out
    result, output = _output(view.shape, view.dtype)
    with _host_writes.launch("stencil", [view, weights], context, ["data", "mask"]):
        _stencil(context, several, view, weights, output, iterations)
    return _finished(result, output)


def _stencil_on_bands(split: Split, mask: Data, out: Any, context: Any, contexts: Any, iterations: int) -> Split:
    given = [name for name, value in (("out", out), ("context", context), ("contexts", contexts)) if value is not None]
    if given:
        raise InvalidArgument(f"stencil on a tiles.Split works in place on the split's own contexts: it takes no "
                              f"{', '.join(given)}")
    split._handle.stencil(_view_of(mask)._handle, integer(iterations, "stencil's iterations", 1))
    return split


def _stencil(context: Optional[Context], several: Optional[List[_tiles.Context]], data: array_view,
             mask: array_view, output: array_view, iterations: int) -> None:
    if several is not None:
        _tiles.stencil_split(several, data._handle, mask._handle, output._handle, iterations)
        return
    # Between two views without a data source, which live where the stencil runs: nothing moves.
    between = [array_view(extent(*data.shape), dtype=data.dtype) for _ in range(min(iterations - 1, 2))]
    source = data
    for i in range(iterations):
        target = output if i == iterations - 1 else between[i % 2]
        _tiles.stencil(context_handle(context), source._handle, mask._handle, target._handle)
        source = target


def cholesky(data: Data, *, upper: bool = False, context: Optional[Context] = None) -> np.ndarray:
    """The Cholesky factor of each symmetric positive-definite matrix of float32 or float64 (where
    the device has doubles) data of shape (..., n, n), of which only the lower triangles are read:
    L, lower triangular with L @ L.T == A, or with `upper` U = L.T, zeros in the other triangle.
    A matrix that is not positive definite raises tiles.InvalidArgument naming it and the first
    column whose pivot is not positive. The host factors each diagonal block; gemm on the device
    does the rest."""
    view = _view_of(data)
    _check_dtypes("cholesky", view)
    result, output = _output(view.shape, view.dtype)
    with _host_writes.launch("cholesky", [view], context, ["data"]):
        _tiles.cholesky(context_handle(context), view._handle, 1 if upper else 0, output._handle)
    return _finished(result, output)


def qr(data: Data, *, mode: str = "reduced", context: Optional[Context] = None) -> Tuple[np.ndarray, np.ndarray]:
    """The QR factorization of each matrix of float32 or float64 (where the device has doubles)
    data of shape (..., m, n), k = min(m, n): (Q, R) with Q @ R == A, Q's columns orthonormal and R
    upper triangular; 'reduced' gives Q (..., m, k) and R (..., k, n), 'complete' Q (..., m, m) and
    R (..., m, n). R's diagonal has LAPACK's geqrf signs, as numpy's. The host factors each panel;
    gemm on the device does the rest."""
    if mode not in ("reduced", "complete"):
        raise ValueError(f"qr's mode is 'reduced' or 'complete', not {mode!r}")
    view = _view_of(data)
    _check_dtypes("qr", view)
    *batch, m, n = view.shape
    k = m if mode == "complete" else min(m, n)
    q, q_output = _output((*batch, m, k), view.dtype)
    r, r_output = _output((*batch, k, n), view.dtype)
    with _host_writes.launch("qr", [view], context, ["data"]):
        _tiles.qr(context_handle(context), view._handle, 1 if mode == "complete" else 0, q_output._handle,
                  r_output._handle)
    return _finished(q, q_output), _finished(r, r_output)


def svd(data: Data, *, full_matrices: bool = True,
        context: Optional[Context] = None) -> Tuple[np.ndarray, np.ndarray, np.ndarray]:
    """The singular value decomposition of each matrix of float32 or float64 (where the device has
    doubles) data of shape (..., m, n), k = min(m, n): (U, S, Vh) with (U * S[..., None, :]) @ Vh
    == A, U's columns and Vh's rows orthonormal, S descending; with full_matrices U is (..., m, m)
    and Vh (..., n, n), else U (..., m, k) and Vh (..., k, n). QR on the device, the SVD of its
    small R on the host in double, U = Q U_R by gemm on the device."""
    view = _view_of(data)
    _check_dtypes("svd", view)
    *batch, m, n = view.shape
    k = min(m, n)
    u, u_output = _output((*batch, m, m if full_matrices else k), view.dtype)
    s, s_output = _output((*batch, k), view.dtype)
    vh, vh_output = _output((*batch, n if full_matrices else k, n), view.dtype)
    with _host_writes.launch("svd", [view], context, ["data"]):
        _tiles.svd(context_handle(context), view._handle, 1 if full_matrices else 0, u_output._handle,
                   s_output._handle, vh_output._handle)
    return _finished(u, u_output), _finished(s, s_output), _finished(vh, vh_output)


def svdvals(data: Data, *, context: Optional[Context] = None) -> np.ndarray:
    """The singular values of each matrix of float32 or float64 (where the device has doubles) data
    of shape (..., m, n), as svd's S (..., min(m, n)), descending, without the vectors."""
    view = _view_of(data)
    _check_dtypes("svdvals", view)
    *batch, m, n = view.shape
    s, s_output = _output((*batch, min(m, n)), view.dtype)
    with _host_writes.launch("svdvals", [view], context, ["data"]):
        _tiles.svdvals(context_handle(context), view._handle, s_output._handle)
    return _finished(s, s_output)


def eigh(data: Data, *, context: Optional[Context] = None) -> Tuple[np.ndarray, np.ndarray]:
    """The eigendecomposition of each symmetric matrix of float32 or float64 (where the device has
    doubles) data of shape (..., n, n), of which only the lower triangle is read: (W, V) with
    (V * W[..., None, :]) @ V^T == A, W (..., n) ascending and V (..., n, n) orthogonal, one
    eigenvector a column. The host reduces each matrix to tridiagonal form and finds its
    eigenvalues; gemm on the device forms V."""
    view = _view_of(data)
    _check_dtypes("eigh", view)
    w, w_output = _output(view.shape[:-1], view.dtype)
    v, v_output = _output(view.shape, view.dtype)
    with _host_writes.launch("eigh", [view], context, ["data"]):
        _tiles.eigh(context_handle(context), view._handle, w_output._handle, v_output._handle)
    return _finished(w, w_output), _finished(v, v_output)


def eigvalsh(data: Data, *, context: Optional[Context] = None) -> np.ndarray:
    """The eigenvalues of each symmetric matrix of float32 or float64 (where the device has doubles)
    data of shape (..., n, n), as eigh's W, ascending, without the vectors."""
    view = _view_of(data)
    _check_dtypes("eigvalsh", view)
    w, w_output = _output(view.shape[:-1], view.dtype)
    with _host_writes.launch("eigvalsh", [view], context, ["data"]):
        _tiles.eigvalsh(context_handle(context), view._handle, w_output._handle)
    return _finished(w, w_output)


def solve(a: Data, b: Data, *, context: Optional[Context] = None) -> np.ndarray:
    """X = A^-1 B for each n x n matrix A of float32 or float64 (where the device has doubles) data
    `a` of shape (..., n, n) and the same matrix B of `b` (..., n, k): Gaussian elimination with
    partial pivoting, the host pivoting each panel, gemm on the device doing the rest. A singular
    matrix raises InvalidArgument naming the first column with no nonzero pivot."""
    a_view, b_view = _view_of(a), _view_of(b)
    _check_dtypes("solve", a_view, b_view)
    x, x_output = _output(b_view.shape, b_view.dtype)
    with _host_writes.launch("solve", [a_view, b_view], context, ["a", "b"]):
        _tiles.solve(context_handle(context), a_view._handle, b_view._handle, x_output._handle)
    return _finished(x, x_output)


def inv(data: Data, *, context: Optional[Context] = None) -> np.ndarray:
    """The inverse of each n x n matrix of float32 or float64 (where the device has doubles) data
    of shape (..., n, n), as solve with B the identity."""
    view = _view_of(data)
    _check_dtypes("inv", view)
    result, output = _output(view.shape, view.dtype)
    with _host_writes.launch("inv", [view], context, ["data"]):
        _tiles.inv(context_handle(context), view._handle, output._handle)
    return _finished(result, output)


def slogdet(data: Data, *, context: Optional[Context] = None) -> Tuple[np.ndarray, np.ndarray]:
    """The sign (1, -1, or 0 where singular) and the natural logarithm of the magnitude (-inf where
    singular) of the determinant of each n x n matrix of float32 or float64 (where the device has
    doubles) data of shape (..., n, n), each of shape (...)."""
    view = _view_of(data)
    _check_dtypes("slogdet", view)
    count = int(np.prod(view.shape[:-2]))
    sign, sign_output = _output((count,), view.dtype)
    logarithm, logarithm_output = _output((count,), view.dtype)
    with _host_writes.launch("slogdet", [view], context, ["data"]):
        _tiles.slogdet(context_handle(context), view._handle, sign_output._handle, logarithm_output._handle)
    batch = tuple(view.shape[:-2])
    return _finished(sign, sign_output).reshape(batch), _finished(logarithm, logarithm_output).reshape(batch)
