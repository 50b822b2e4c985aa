"""libtiles from Python beside PyOpenCL, CuPy and numpy, in one run on one device: the seed's tile
average (examples/kernels/tile_average.cl, one tiled kernel launched by each), a + b on the device
(against the device's copy of as many bytes, the kernel alone into an array made once, and a + b
with the buffer pool off), an assignment through a step (a[:, ::2] = b, against CuPy's), a
cumulative sum and a[mask] (the mask's scan and a gather, against CuPy's), a sum (tiles.reduce,
pyopencl.array.sum, cupy.sum), sums over an axis (tiles.array_api.sum, cupy.sum); in the group
"axes", sums and means over each axis, max and argmax over the rows, of a square matrix and of 4
long rows, and a float32 cumulative sum (against CuPy's); in the group "sort", the stable sort,
argsort and median along the rows of a square matrix and of 4 long rows (against CuPy's and
numpy's); and a matrix
product (tiles.matrix_multiply, the textbook tiled kernel of bench/kernels/baselines.cl through
PyOpenCL, cupy.matmul) of data on the device; copies
between numpy arrays and the device, each way, from and to pageable memory and pinned memory
(tiles.pinned_empty), against raw OpenCL's (blocking clEnqueueWriteBuffer / ReadBuffer through
ctypes, on libtiles' queue, from the same pageable memory and from CL_MEM_ALLOC_HOST_PTR memory)
and CuPy's; and the product and the sum from numpy to numpy, copies included, against CuPy's
cupy.asnumpy(cupy.asarray(a) @ cupy.asarray(b)) and cupy.sum(cupy.asarray(a)). Each contender's
result is checked against numpy's, then all are timed in turns and the median printed with
libtiles' ratio to it (above 1: libtiles is faster).

    python3 bench/python_benchmarks.py                  # small sizes: PoCL on a CPU
    python3 bench/python_benchmarks.py --large          # GPU sizes: 8192 x 8192, gemm at 4096,
                                                        # copies of 16 MiB and 1 GiB, numpy to numpy
                                                        # gemm at 8192 and a sum of 1 GiB
    python3 bench/python_benchmarks.py --side 2048 --gemm 512 --runs 9
    python3 bench/python_benchmarks.py --large --only copies,numpy
    python3 bench/python_benchmarks.py --smoke          # the smallest sizes, once: that all runs

It needs numpy and the built tiles package; PyOpenCL and CuPy are used where they can be imported
(and CuPy where it finds a CUDA device). TILES_DEVICE chooses libtiles' device, and PyOpenCL runs
on the same one, through the same OpenCL context and queue, so both see the same input buffers.
"""

import argparse
import ctypes
import ctypes.util
import pathlib
import statistics
import sys
import time

import numpy as np
import tiles
import tiles.array_api as xp

try:
    import pyopencl as cl
    import pyopencl.array as cl_array
except ImportError as missing:
    cl, cl_array, no_pyopencl = None, None, str(missing)

try:
    import cupy
except ImportError as missing:
    cupy, no_cupy = None, str(missing)

ROOT = pathlib.Path(__file__).resolve().parents[1]
PRELUDE = (ROOT / "kernels" / "prelude.cl").read_text()
TILE_AVERAGE = (ROOT / "examples" / "kernels" / "tile_average.cl").read_text()
BASELINES = (ROOT / "bench" / "kernels" / "baselines.cl").read_text()
TILE = 16

# The seed's tile average in CUDA C for CuPy: the same algorithm as tile_average.cl (a tile copied
# to shared memory, one thread adding it up after a barrier).
TILE_AVERAGE_CUDA = r"""
extern "C" __global__ void tile_average(const float* matrix, float* averages, int columns) {
    __shared__ float tile_values[TILE][TILE];
    const int row = blockIdx.y * TILE + threadIdx.y, column = blockIdx.x * TILE + threadIdx.x;
    tile_values[threadIdx.y][threadIdx.x] = matrix[row * columns + column];
    __syncthreads();
    if (threadIdx.x == 0 && threadIdx.y == 0) {
        float* average = &averages[blockIdx.y * gridDim.x + blockIdx.x];
        for (int r = 0; r < TILE; r++)
            for (int c = 0; c < TILE; c++) *average += tile_values[r][c];
        *average /= (float)(TILE * TILE);
    }
}"""


class Contender:
    """One way to compute a benchmark's result: `run()` computes it and returns once it is where its
    API leaves it (numpy for libtiles' algorithms, which the others then also copy home), and
    `result()` gives it to the host for the check. A contender timed for comparison alone, whose
    own method cannot meet the benchmark's tolerance, is not checked (`checked` False)."""

    def __init__(self, name, run, result, checked=True):
        self.name, self.run, self.result, self.checked = name, run, result, checked


class Setup:
    """The device and its contexts: libtiles' over PyOpenCL's context and queue where PyOpenCL is
    there (so that one buffer serves both), and CuPy's device where there is one."""

    def __init__(self):
        self.device = tiles.default_device()
        self.cl_context = self.queue = None
        self.notes = []
        if cl is None:
            self.notes.append(f"PyOpenCL: not used ({no_pyopencl})")
        else:
            matching = [d for p in cl.get_platforms() for d in p.get_devices()
                        if d.name == self.device.name and p.name == self.device.platform_name]
            if matching:
                self.cl_context = cl.Context([matching[0]])
                self.queue = cl.CommandQueue(self.cl_context)
            else:
                self.notes.append(f"PyOpenCL: not used (it lists no device named {self.device.name!r})")
        self.context = (tiles.Context(self.device) if self.queue is None else
                        tiles.Context.from_opencl(self.cl_context, self.queue))
        self.cupy = None
        if cupy is None:
            self.notes.append(f"CuPy: not used ({no_cupy})")
        else:
            try:
                count = cupy.cuda.runtime.getDeviceCount()
            except Exception as e:  # CuPy without a CUDA driver raises its own runtime errors
                count, why = 0, str(e)
            else:
                why = "no CUDA device"
            if count:
                self.cupy = cupy
            else:
                self.notes.append(f"CuPy: not used ({why})")

    def describe(self):
        parts = [f"libtiles {tiles.__version__} on {self.device.name!r} ({self.device.device_version}, driver "
                 f"{self.device.driver_version})", f"numpy {np.__version__}"]
        if self.queue is not None:
            parts.append(f"PyOpenCL {cl.VERSION_TEXT}, on libtiles' context and queue")
        if self.cupy is not None:
            name = cupy.cuda.runtime.getDeviceProperties(0)["name"]
            name = name.decode() if isinstance(name, bytes) else name
            parts.append(f"CuPy {cupy.__version__} on CUDA device 0 ({name})")
        return ", ".join(parts)

    def on_device(self, host):
        """`host` on the device: a tiles.array, and the PyOpenCL array of the same buffer (or None)."""
        if self.queue is None:
            return tiles.array(host, context=self.context), None
        theirs = cl_array.to_device(self.queue, host)
        return tiles.array.from_opencl(theirs, context=self.context), theirs

    def build(self, source, options):
        """`source` built by PyOpenCL as libtiles builds it: the prelude in front, the same defines."""
        return cl.Program(self.cl_context, PRELUDE + "\n" + source).build(options=options)

    def cupy_synchronize(self):
        self.cupy.cuda.runtime.deviceSynchronize()


def tiled_options(rows, columns):
    """The options libtiles compiles a rank-2 launch over rows x columns tiles with."""
    return ["-cl-kernel-arg-info", "-DTILES_RANK=2", "-DTILES_TILED=1", f"-DTILE_DIM0={rows}", f"-DTILE_DIM1={columns}"]


def tile_average(setup, side):
    host = np.random.default_rng(1).random((side, side), dtype=np.float32)
    expected = host.reshape(side // TILE, TILE, side // TILE, TILE).mean(axis=(1, 3))
    matrix, theirs = setup.on_device(host)
    averages = tiles.zeros(expected.shape, np.float32, context=setup.context)
    kernel, domain = tiles.Kernel(TILE_AVERAGE, "tile_average"), tiles.extent(side, side).tile(TILE, TILE)

    def ours():
        tiles.parallel_for_each(domain, kernel, matrix, averages, context=setup.context)
        setup.context.wait()

    contenders = [Contender("libtiles parallel_for_each", ours, averages.get)]
    if theirs is not None:
        cl_kernel = setup.build(TILE_AVERAGE, tiled_options(TILE, TILE)).tile_average
        cl_averages = cl_array.zeros(setup.queue, expected.shape, np.float32)

        def pyopencl():
            cl_kernel(setup.queue, (side, side), (TILE, TILE), theirs.data, cl_averages.data)
            setup.queue.finish()

        contenders.append(Contender("PyOpenCL, the same OpenCL C", pyopencl, cl_averages.get))
    if setup.cupy is not None:
        cu_kernel = cupy.RawKernel(TILE_AVERAGE_CUDA, "tile_average", options=(f"-DTILE={TILE}",))
        cu_matrix, cu_averages = cupy.asarray(host), cupy.zeros(expected.shape, cupy.float32)

        def cuda():
            cu_kernel((side // TILE, side // TILE), (TILE, TILE), (cu_matrix, cu_averages, np.int32(side)))
            setup.cupy_synchronize()

        contenders.append(Contender("CuPy RawKernel, the same in CUDA C", cuda, cu_averages.get))
    numpy_result = []
    contenders.append(Contender("numpy reshape().mean() (CPU)", lambda: numpy_result.append(
        host.reshape(side // TILE, TILE, side // TILE, TILE).mean(axis=(1, 3))), lambda: numpy_result[-1]))
    # The kernel adds into `averages`: only the first run's result is the tile average.
    return (f"tile average {TILE}x{TILE}", f"{side}x{side} float32", "GB/s", (host.nbytes + expected.nbytes) / 1e9,
            expected, 1e-4, contenders)


def elementwise_add(setup, side):
    """a + b of two float32 matrices on the device into a new one (three streams of memory),
    against PyOpenCL's and CuPy's a + b, numpy's, and the device's copy of one matrix to another
    (two streams, timed as the rate of the same bytes: the bandwidth a + b would have at the
    copy's speed)."""
    rng = np.random.default_rng(3)
    host_a, host_b = rng.random((side, side), dtype=np.float32), rng.random((side, side), dtype=np.float32)
    expected = host_a + host_b
    (a, theirs_a), (b, theirs_b) = setup.on_device(host_a), setup.on_device(host_b)
    kept = {}

    def ours():
        kept["tiles"] = a + b
        setup.context.wait()

    copied = tiles.empty((side, side), np.float32, context=setup.context)

    def copy_a_and_b():  # the bytes of a + b moved as copies: a to copied, then its half again
        tiles.copy(a, copied)
        tiles.copy(b.view().section((0, 0), (side // 2, side)), copied.view().section((0, 0), (side // 2, side)))
        setup.context.wait()

    # The kernel alone, into an array made once; and a + b with no buffer pool, on a context of its
    # own (turning its pool off here would free the buffers the contender above takes turns with).
    into = tiles.empty((side, side), np.float32, context=setup.context)

    def kernel_alone():
        np.add(a, b, out=into)
        setup.context.wait()

    unpooled = tiles.Context(setup.context.device)
    unpooled.pool_limit = 0
    unpooled_a, unpooled_b = tiles.array(host_a, context=unpooled), tiles.array(host_b, context=unpooled)

    def without_pool():
        kept["unpooled"] = unpooled_a + unpooled_b
        unpooled.wait()

    contenders = [Contender("tiles a + b", ours, lambda: kept["tiles"].get())]
    contenders.append(Contender("tiles np.add(a, b, out=c): the kernel alone", kernel_alone, lambda: into.get()))
    contenders.append(Contender("tiles a + b without the buffer pool", without_pool, lambda: kept["unpooled"].get()))
    contenders.append(Contender("tiles.copy of the same bytes (not a + b)", copy_a_and_b, lambda: expected))
    if theirs_a is not None:
        def pyopencl():
            kept["pyopencl"] = theirs_a + theirs_b
            setup.queue.finish()
        contenders.append(Contender("pyopencl.array a + b", pyopencl, lambda: kept["pyopencl"].get()))
    if setup.cupy is not None:
        cu_a, cu_b = cupy.asarray(host_a), cupy.asarray(host_b)

        def cuda():
            kept["cupy"] = cu_a + cu_b
            setup.cupy_synchronize()
        contenders.append(Contender("cupy a + b", cuda, lambda: kept["cupy"].get()))
    contenders.append(Contender("numpy a + b (CPU)", lambda: kept.update(numpy=host_a + host_b),
                                lambda: kept["numpy"]))
    return "elementwise a + b", f"{side}x{side} float32", "GB/s", 3 * host_a.nbytes / 1e9, expected, 0, contenders


def fused_chain(setup, side):
    """exp(a) * 2 + 1 of a float32 matrix on the device: tiles.fuse's one kernel (two streams of
    memory) against the same three unfused calls (six streams, two intermediates written), CuPy's
    cupy.fuse and its unfused chain, and numpy's."""
    host = np.random.default_rng(5).random((side, side), dtype=np.float32)
    expected = np.exp(host) * 2 + 1
    a, _ = setup.on_device(host)
    fused = tiles.fuse(lambda x: xp.exp(x) * 2 + 1)
    kept = {}

    def ours():
        kept["fused"] = fused(a)
        setup.context.wait()

    def unfused():
        kept["unfused"] = xp.exp(a) * 2 + 1
        setup.context.wait()

    contenders = [Contender("tiles.fuse exp(a) * 2 + 1", ours, lambda: kept["fused"].get()),
                  Contender("tiles exp(a) * 2 + 1, unfused", unfused, lambda: kept["unfused"].get())]
    if setup.cupy is not None:
        cu_a = cupy.asarray(host)
        def exp_twice_plus_one(x):  # cupy.fuse names its kernel after the function: a lambda's name is refused
            return cupy.exp(x) * 2 + 1

        cu_fused = cupy.fuse(exp_twice_plus_one)

        def cuda_fused():
            kept["cupy fused"] = cu_fused(cu_a)
            setup.cupy_synchronize()

        def cuda():
            kept["cupy"] = cupy.exp(cu_a) * 2 + 1
            setup.cupy_synchronize()
        contenders.append(Contender("cupy.fuse exp(a) * 2 + 1", cuda_fused, lambda: kept["cupy fused"].get()))
        contenders.append(Contender("cupy exp(a) * 2 + 1, unfused", cuda, lambda: kept["cupy"].get()))
    contenders.append(Contender("numpy exp(a) * 2 + 1 (CPU)", lambda: kept.update(numpy=np.exp(host) * 2 + 1),
                                lambda: kept["numpy"]))
    return "fused exp(a) * 2 + 1", f"{side}x{side} float32", "GB/s", 2 * host.nbytes / 1e9, expected, 1e-6, contenders


def stepped_assignment(setup, side):
    """a[:, ::2] = b of float32 matrices on the device, b half as wide as a: a scatter through a
    step, rated by the bytes of b read and written (every other element of a's rows), against
    CuPy's assignment to its strided view and numpy's."""
    rng = np.random.default_rng(4)
    host_a = rng.random((side, side), dtype=np.float32)
    host_b = rng.random((side, side // 2), dtype=np.float32)
    expected = host_a.copy()
    expected[:, ::2] = host_b
    (a, _), (b, _) = setup.on_device(host_a), setup.on_device(host_b)
    every_other = (slice(None), slice(None, None, 2))

    def ours():
        a[every_other] = b
        setup.context.wait()

    contenders = [Contender("tiles a[:, ::2] = b", ours, lambda: a.get())]
    if setup.cupy is not None:
        cu_a, cu_b = cupy.asarray(host_a), cupy.asarray(host_b)

        def cuda():
            cu_a[every_other] = cu_b
            setup.cupy_synchronize()
        contenders.append(Contender("cupy a[:, ::2] = b", cuda, lambda: cu_a.get()))
    numpy_a = host_a.copy()
    contenders.append(Contender("numpy a[:, ::2] = b (CPU)", lambda: numpy_a.__setitem__(every_other, host_b),
                                lambda: numpy_a))
    return "stepped assignment", f"{side}x{side} float32", "GB/s", 2 * host_b.nbytes / 1e9, expected, 0, contenders


def scans(setup, side):
    """The prefix sums of side * side int32 elements on the device (xp.cumulative_sum, into int64
    as numpy's), rated by the bytes read and written, against cupy.cumsum and numpy's."""
    host = np.random.default_rng(6).integers(-1000, 1000, side * side, dtype=np.int32)
    expected = np.cumulative_sum(host)
    data, _ = setup.on_device(host)
    kept = {}

    def ours():
        kept["tiles"] = xp.cumulative_sum(data)
        setup.context.wait()

    contenders = [Contender("tiles xp.cumulative_sum(a)", ours, lambda: kept["tiles"].get())]
    if setup.cupy is not None:
        cu_data = cupy.asarray(host)

        def cuda():
            kept["cupy"] = cupy.cumsum(cu_data)
            setup.cupy_synchronize()
        contenders.append(Contender("cupy.cumsum(a)", cuda, lambda: kept["cupy"].get()))
    contenders.append(Contender("numpy.cumulative_sum(a) (CPU)", lambda: kept.update(numpy=np.cumulative_sum(host)),
                                lambda: kept["numpy"]))
    return "cumulative sum", f"{side * side} int32", "GB/s", (4 + 8) * host.size / 1e9, expected, 0, contenders


def masked(setup, side):
    """a[mask] of side * side float32 elements and a random mask of half of them on the device:
    the mask's scan, its one count read back and the gather, rated by the bytes of the data and
    the mask read and of the result written, against CuPy's a[mask] and numpy's."""
    rng = np.random.default_rng(7)
    host = rng.random(side * side, dtype=np.float32)
    mask = rng.random(side * side) < 0.5
    expected = host[mask]
    data, _ = setup.on_device(host)
    on_device = tiles.array(mask, context=setup.context)
    kept = {}

    def ours():
        kept["tiles"] = data[on_device]
        setup.context.wait()

    contenders = [Contender("tiles a[mask]", ours, lambda: kept["tiles"].get())]
    if setup.cupy is not None:
        cu_data, cu_mask = cupy.asarray(host), cupy.asarray(mask)

        def cuda():
            kept["cupy"] = cu_data[cu_mask]
            setup.cupy_synchronize()
        contenders.append(Contender("cupy a[mask]", cuda, lambda: kept["cupy"].get()))
    contenders.append(Contender("numpy a[mask] (CPU)", lambda: kept.update(numpy=host[mask]), lambda: kept["numpy"]))
    amount = (host.nbytes + mask.nbytes + expected.nbytes) / 1e9
    return "a[mask]", f"{side * side} float32", "GB/s", amount, expected, 0, contenders


def reduce_sum(setup, side):
    host = np.random.default_rng(2).random((side, side), dtype=np.float32)
    expected = np.sum(host, dtype=np.float64)
    matrix, theirs = setup.on_device(host)
    kept = {}

    def keeping(name, compute):
        def run():
            kept[name] = compute()
        return Contender(name, run, lambda: kept[name])

    contenders = [keeping("tiles.reduce(a, 'sum')", lambda: tiles.reduce(matrix, "sum")),
                  keeping("tiles a.sum() (numpy's spelling)", lambda: matrix.sum())]
    if theirs is not None:
        try:
            import pyopencl.reduction  # noqa: F401 (PyOpenCL's reductions need Mako)
        except ImportError as e:
            print(f"pyopencl.array.sum: not used ({str(e).splitlines()[0]})")
        else:
            contenders.append(keeping("pyopencl.array.sum(a).get()", lambda: cl_array.sum(theirs).get()))
    if setup.cupy is not None:
        cu_matrix = cupy.asarray(host)
        contenders.append(keeping("cupy.sum(a).item()", lambda: cupy.sum(cu_matrix).item()))
    contenders.append(keeping("numpy.sum(a) (CPU)", lambda: np.sum(host)))
    return "reduce sum", f"{side}x{side} float32", "GB/s", host.nbytes / 1e9, expected, 1e-3, contenders


def axis_reduction(setup, shape, op, axis):
    """The array API's sum, mean, max or argmax over one axis of a float32 matrix on the device
    (tiles.array_api's, the result staying there), against CuPy's and numpy's: over
    axis 0 of a tall matrix of 4 columns, the result much smaller than the data, over either axis of
    a square one, and over axis 1 of 4 long rows, where each row is split among work-groups."""
    import tiles.array_api as xp
    host = np.random.default_rng(3).random(shape, dtype=np.float32)
    expected = getattr(host.astype(np.float64) if op in ("sum", "mean") else host, op)(axis=axis)
    matrix, _ = setup.on_device(host)
    kept = {}

    def ours():
        kept["tiles"] = getattr(xp, op)(matrix, axis=axis)
        setup.context.wait()

    contenders = [Contender(f"tiles xp.{op}(a, axis={axis})", ours, lambda: kept["tiles"].get())]
    if setup.cupy is not None:
        cu_matrix = cupy.asarray(host)

        def cuda():
            kept["cupy"] = getattr(cupy, op)(cu_matrix, axis=axis)
            setup.cupy_synchronize()
        contenders.append(Contender(f"cupy.{op}(a, axis={axis})", cuda, lambda: kept["cupy"].get()))
    contenders.append(Contender(f"numpy.{op}(a, axis={axis}) (CPU)",
                                lambda: kept.update(numpy=getattr(host, op)(axis=axis)), lambda: kept["numpy"]))
    return (f"{op} over axis {axis}", f"{shape[0]}x{shape[1]} float32", "GB/s", host.nbytes / 1e9, expected,
            1e-3 if op in ("sum", "mean") else 0, contenders)


def float_scan(setup, count):
    """The prefix sums of `count` float32 elements on the device (xp.cumulative_sum, in float32 as
    numpy's), rated by the bytes read and written, against cupy.cumsum and numpy's. Each adds in
    its own order, so the results are checked against float64's within a float32 sum's error. The
    data are of mean 0: sums that grow to 2**25 lose more than 1% in numpy's sequential float32.
    Even so, numpy's rounding errors add up past the check's 1e-2 at 2**26 elements (8192²), so
    numpy's result is timed, not checked."""
    import tiles.array_api as xp
    host = np.random.default_rng(7).uniform(-1, 1, count).astype(np.float32)
    expected = np.cumsum(host, dtype=np.float64)
    data, _ = setup.on_device(host)
    kept = {}

    def ours():
        kept["tiles"] = xp.cumulative_sum(data)
        setup.context.wait()

    contenders = [Contender("tiles xp.cumulative_sum(a)", ours, lambda: kept["tiles"].get())]
    if setup.cupy is not None:
        cu_data = cupy.asarray(host)

        def cuda():
            kept["cupy"] = cupy.cumsum(cu_data)
            setup.cupy_synchronize()
        contenders.append(Contender("cupy.cumsum(a)", cuda, lambda: kept["cupy"].get()))
    contenders.append(Contender("numpy.cumsum(a) (CPU)", lambda: kept.update(numpy=np.cumsum(host)),
                                lambda: kept["numpy"], checked=False))
    return "cumulative sum", f"{count} float32", "GB/s", 8 * count / 1e9, expected, 1e-2, contenders


def gemm(setup, n):
    rng = np.random.default_rng(3)
    a, b = rng.random((n, n), dtype=np.float32), rng.random((n, n), dtype=np.float32)
    expected = a.astype(np.float64) @ b.astype(np.float64)
    (a_ours, a_theirs), (b_ours, b_theirs) = setup.on_device(a), setup.on_device(b)
    kept = {}

    def keeping(name, compute):
        def run():
            kept[name] = compute()
        return Contender(name, run, lambda: kept[name])

    contenders = [keeping("tiles.matrix_multiply(a, b)", lambda: tiles.matrix_multiply(a_ours, b_ours))]
    if a_theirs is not None:
        naive = setup.build(BASELINES, tiled_options(TILE, TILE)).naive_gemm
        c_theirs = cl_array.empty(setup.queue, (n, n), np.float32)

        def pyopencl():
            naive(setup.queue, (n, n), (TILE, TILE), np.int32(n), a_theirs.data, b_theirs.data, c_theirs.data)
            return c_theirs.get()

        contenders.append(keeping("PyOpenCL textbook tiled kernel, get()", pyopencl))
    if setup.cupy is not None:
        a_cu, b_cu = cupy.asarray(a), cupy.asarray(b)
        contenders.append(keeping("cupy.matmul(a, b).get() (cuBLAS)", lambda: cupy.matmul(a_cu, b_cu).get()))
    contenders.append(keeping("numpy.matmul(a, b) (CPU)", lambda: a @ b))
    return "gemm float32", f"{n}x{n}x{n}", "GFLOP/s", 2 * n**3 / 1e9, expected, 1e-3, contenders


class RawOpenCL:
    """OpenCL's own calls through ctypes, on libtiles' context and queue: blocking copies between
    host memory and a buffer, and pinned memory as OpenCL programs make it (a CL_MEM_ALLOC_HOST_PTR
    buffer, mapped)."""
    ALLOC_HOST_PTR, MAP_READ_WRITE = 1 << 4, 3

    def __init__(self, context):
        self.lib = ctypes.CDLL(ctypes.util.find_library("OpenCL") or "libOpenCL.so.1")
        self.cl_context, self.queue = context.opencl
        handle, size, status = ctypes.c_void_p, ctypes.c_size_t, ctypes.POINTER(ctypes.c_int)
        self.lib.clCreateBuffer.restype = handle
        self.lib.clCreateBuffer.argtypes = [handle, ctypes.c_uint64, size, handle, status]
        self.lib.clEnqueueMapBuffer.restype = handle
        self.lib.clEnqueueMapBuffer.argtypes = [handle, handle, ctypes.c_uint, ctypes.c_uint64, size, size,
                                                ctypes.c_uint, handle, handle, status]
        for name in ("clEnqueueWriteBuffer", "clEnqueueReadBuffer"):
            getattr(self.lib, name).restype = ctypes.c_int
            getattr(self.lib, name).argtypes = [handle, handle, ctypes.c_uint, size, size, handle, ctypes.c_uint,
                                                handle, handle]
        self.buffers = []  # the pinned buffers made, kept (mapped) until the run ends

    def copy(self, upload, buffer, host):
        call = self.lib.clEnqueueWriteBuffer if upload else self.lib.clEnqueueReadBuffer
        status = call(self.queue, buffer, 1, 0, host.nbytes, host.ctypes.data, 0, None, None)
        if status != 0:
            raise RuntimeError(f"{call.__name__} failed: {status}")

    def pinned(self, shape, dtype):
        nbytes, status = int(np.prod(shape)) * np.dtype(dtype).itemsize, ctypes.c_int(0)
        buffer = self.lib.clCreateBuffer(self.cl_context, self.ALLOC_HOST_PTR, nbytes, None, ctypes.byref(status))
        if status.value != 0:
            raise RuntimeError(f"clCreateBuffer(CL_MEM_ALLOC_HOST_PTR) failed: {status.value}")
        mapped = self.lib.clEnqueueMapBuffer(self.queue, buffer, 1, self.MAP_READ_WRITE, 0, nbytes, 0, None, None,
                                             ctypes.byref(status))
        if status.value != 0:
            raise RuntimeError(f"clEnqueueMapBuffer failed: {status.value}")
        self.buffers.append(buffer)
        return np.frombuffer((ctypes.c_byte * nbytes).from_address(mapped), dtype).reshape(shape)


def mib_text(mib):
    return f"{mib // 1024} GiB" if mib % 1024 == 0 else f"{mib} MiB"


def copies(setup, raw, mib, upload, pinned):
    """An upload (or download) of `mib` MiB of float32 between a numpy array and an array on the
    device that exists already: from and to pageable memory (a numpy array) or pinned memory."""
    n = mib << 18
    host = np.arange(n, dtype=np.float32) % 1021
    device = tiles.array(host, context=setup.context)
    buffer = device.opencl_buffer(setup.context)
    way = "upload" if upload else "download"

    def ours(source):
        if upload:
            return Contender(f"tiles.copy({'pinned_empty' if pinned else 'numpy'}, array)",
                             lambda: tiles.copy(source, device), device.get)
        return Contender(f"tiles.copy(array, {'pinned_empty' if pinned else 'numpy'})",
                         lambda: tiles.copy(device, source), lambda: source)

    def raw_contender(name, memory):
        memory[...] = host
        return Contender(name, lambda: raw.copy(upload, buffer, memory),
                         (lambda: device.get()) if upload else (lambda: memory))

    if pinned:
        memory = tiles.pinned_empty(host.shape, host.dtype, context=setup.context)
        memory[...] = host
        contenders = [ours(memory), raw_contender("raw OpenCL, CL_MEM_ALLOC_HOST_PTR", raw.pinned(host.shape,
                                                                                                  host.dtype))]
    else:
        memory = host.copy()
        contenders = [ours(memory), raw_contender("raw OpenCL, CL_MEM_ALLOC_HOST_PTR",
                                                  raw.pinned(host.shape, host.dtype)),
                      raw_contender("raw OpenCL, the same pageable memory", host.copy())]
        if not upload:
            contenders.append(Contender("array.get() (a new numpy array)", device.get, device.get))
    if setup.cupy is not None:
        theirs = cupy.asarray(host)
        if pinned:
            cu_memory = np.frombuffer(cupy.cuda.alloc_pinned_memory(host.nbytes), np.float32, n)
        else:
            cu_memory = host.copy()
        cu_memory[...] = host
        label = "pinned" if pinned else "numpy"
        # CuPy's copies from and to pinned memory return before they are done: each run waits.
        if upload:
            contenders.append(Contender(f"cupy ndarray.set({label})",
                                        lambda: (theirs.set(cu_memory), setup.cupy_synchronize()), theirs.get))
            if not pinned:
                contenders.append(Contender("cupy.asarray(numpy) (new device memory)",
                                            lambda: (cupy.asarray(cu_memory), setup.cupy_synchronize()), theirs.get))
        else:
            contenders.append(Contender(f"cupy ndarray.get(out={label})",
                                        lambda: (theirs.get(out=cu_memory), setup.cupy_synchronize()),
                                        lambda: cu_memory))
            if not pinned:
                contenders.append(Contender("cupy.asnumpy(a) (a new numpy array)", lambda: cupy.asnumpy(theirs),
                                            lambda: cupy.asnumpy(theirs)))
    kind = "pinned" if pinned else "pageable"
    return (f"{way}, {kind}", mib_text(mib), "GB/s", host.nbytes / 1e9, host, 0, contenders)


def sorting(setup, shape, op):
    """The array API's stable sort or argsort along the rows of a float32 matrix on the device
    (tiles.array_api.sort and argsort, a merge sort of log2(columns) passes), or numpy's median
    over the rows (the sort and a gather), against CuPy's and numpy's (kind="stable"), rated by
    the bytes of the input."""
    import tiles.array_api as xp
    host = np.random.default_rng(8).random(shape, dtype=np.float32)
    compute = {"sort": (xp.sort, lambda a: np.sort(a, axis=1, kind="stable"), "cupy.sort(a, axis=1)"),
               "argsort": (xp.argsort, lambda a: np.argsort(a, axis=1, kind="stable"), "cupy.argsort(a, axis=1)"),
               "median": (lambda a: np.median(a, axis=1), lambda a: np.median(a, axis=1),
                          "cupy.median(a, axis=1)")}[op]
    expected = compute[1](host)
    matrix, _ = setup.on_device(host)
    kept = {}

    def ours():
        kept["tiles"] = compute[0](matrix)
        setup.context.wait()

    contenders = [Contender(f"tiles {op} along the rows", ours, lambda: kept["tiles"].get())]
    if setup.cupy is not None:
        cu_matrix = cupy.asarray(host)

        def cuda():
            kept["cupy"] = getattr(cupy, op)(cu_matrix, axis=1)
            setup.cupy_synchronize()
        contenders.append(Contender(compute[2], cuda, lambda: kept["cupy"].get()))
    contenders.append(Contender(f"numpy {op} along the rows (CPU)", lambda: kept.update(numpy=compute[1](host)),
                                lambda: kept["numpy"]))
    return f"{op} along axis 1", f"{shape[0]}x{shape[1]} float32", "GB/s", host.nbytes / 1e9, expected, 0, contenders


def gemm_from_numpy(setup, n):
    """The product of two n x n float32 numpy arrays into a numpy array, copies included; checked on
    its first 16 rows, against numpy's in double."""
    rng = np.random.default_rng(4)
    a, b = rng.random((n, n), dtype=np.float32), rng.random((n, n), dtype=np.float32)
    expected = a[:16].astype(np.float64) @ b.astype(np.float64)
    kept = {}

    def keeping(name, compute):
        def run():
            kept[name] = compute()
        return Contender(name, run, lambda: kept[name][:16])

    contenders = [keeping("tiles.matrix_multiply(a, b)", lambda: tiles.matrix_multiply(a, b, context=setup.context))]
    if setup.cupy is not None:
        contenders.append(keeping("cupy.asnumpy(cupy.asarray(a) @ cupy.asarray(b))",
                                  lambda: cupy.asnumpy(cupy.asarray(a) @ cupy.asarray(b))))
    return "gemm from numpy", f"{n}x{n}x{n} float32", "GFLOP/s", 2 * n**3 / 1e9, expected, 1e-3, contenders


def reduce_from_numpy(setup, mib):
    """The sum of `mib` MiB of float32 in a numpy array, its copy to the device included."""
    host = np.random.default_rng(5).random(mib << 18, dtype=np.float32)
    expected = np.sum(host, dtype=np.float64)
    kept = {}

    def keeping(name, compute):
        def run():
            kept[name] = compute()
        return Contender(name, run, lambda: kept[name])

    contenders = [keeping("tiles.reduce(a, 'sum')", lambda: tiles.reduce(host, "sum", context=setup.context))]
    if setup.cupy is not None:
        contenders.append(keeping("cupy.sum(cupy.asarray(a)).item()", lambda: cupy.sum(cupy.asarray(host)).item()))
    return "reduce from numpy", f"{mib_text(mib)} float32", "GB/s", host.nbytes / 1e9, expected, 1e-3, contenders


GROUPS = ("tile_average", "elementwise", "scan", "reduce", "axes", "sort", "gemm", "copies", "numpy")


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--side", type=int, default=1024, help="side of the square matrices (a multiple of 16)")
    parser.add_argument("--gemm", type=int, default=256, help="n of the n x n x n product (a multiple of 16)")
    parser.add_argument("--copies", default="1,16", help="sizes of the copies, in MiB (comma-separated)")
    parser.add_argument("--numpy-gemm", type=int, default=256, help="n of the product from numpy to numpy")
    parser.add_argument("--numpy-sum", type=int, default=16, help="MiB of the sum from numpy")
    parser.add_argument("--runs", type=int, default=5, help="timed runs of each contender, taken in turns")
    parser.add_argument("--only", default=",".join(GROUPS), help=f"some of {', '.join(GROUPS)} (comma-separated)")
    parser.add_argument("--large", action="store_true", help="GPU sizes: --side 8192 --gemm 4096 --copies 16,1024 "
                        "--numpy-gemm 8192 --numpy-sum 1024 --runs 7")
    parser.add_argument("--smoke", action="store_true", help="the smallest sizes, one run: a check that all runs")
    options = parser.parse_args()
    if options.large:
        options.side, options.gemm, options.runs = 8192, 4096, 7
        options.copies, options.numpy_gemm, options.numpy_sum = "16,1024", 8192, 1024
    if options.smoke:
        options.side, options.gemm, options.runs = 64, 32, 1
        options.copies, options.numpy_gemm, options.numpy_sum = "1", 64, 1
    try:
        sizes = [int(mib) for mib in options.copies.split(",")]
    except ValueError:
        parser.error("--copies takes sizes in MiB, comma-separated")
    groups = options.only.split(",")
    if any(g not in GROUPS for g in groups):
        parser.error(f"--only takes some of {', '.join(GROUPS)}")
    if options.side % TILE or options.gemm % TILE or options.numpy_gemm % TILE or min(
            options.side, options.gemm, options.runs, options.numpy_gemm, options.numpy_sum, *sizes) <= 0:
        parser.error(f"--side, --gemm and --numpy-gemm are positive multiples of {TILE}; --runs, --copies and "
                     f"--numpy-sum are positive")

    setup = Setup()
    print(setup.describe())
    for note in setup.notes:
        print(note)
    print(f"median of {options.runs} runs taken in turns (each the second of two in a row), after a first run whose result is checked against "
          f"numpy's; each result where its API leaves it (libtiles' algorithms return numpy arrays, so the others' "
          f"results are brought home too); ratio: libtiles' rate over the contender's")
    print(f"{'benchmark':22} {'size':18} {'contender':50} {'time':>11} {'rate':>14} {'ratio':>8}")
    wrong = []
    makers = {"tile_average": [lambda: tile_average(setup, options.side)],
              "elementwise": [lambda: elementwise_add(setup, options.side),
                              lambda: fused_chain(setup, options.side),
                              lambda: stepped_assignment(setup, options.side)],
              "scan": [lambda: scans(setup, options.side), lambda: masked(setup, options.side)],
              "reduce": [lambda: reduce_sum(setup, options.side),
                         lambda: axis_reduction(setup, (options.side * options.side // 4, 4), "sum", 0),
                         lambda: axis_reduction(setup, (options.side, options.side), "sum", 1)],
              "axes": [lambda shape=shape, op=op, axis=axis: axis_reduction(setup, shape, op, axis)
                       for shape in ((options.side, options.side), (4, options.side * options.side // 4))
                       for op, axis in (("sum", 0), ("sum", 1), ("mean", 0), ("max", 1), ("argmax", 1))] +
                      [lambda: float_scan(setup, options.side * options.side)],
              "sort": [lambda shape=shape, op=op: sorting(setup, shape, op)
                       for shape in ((options.side, options.side), (4, options.side * options.side // 4))
                       for op in ("sort", "argsort", "median")],
              "gemm": [lambda: gemm(setup, options.gemm)],
              "copies": [lambda mib=mib, up=up, pinned=pinned: copies(setup, raw, mib, up, pinned)
                         for mib in sizes for up in (True, False) for pinned in (False, True)],
              "numpy": [lambda: gemm_from_numpy(setup, options.numpy_gemm),
                        lambda: reduce_from_numpy(setup, options.numpy_sum)]}
    raw = RawOpenCL(setup.context)
    for make in [m for group in GROUPS if group in groups for m in makers[group]]:
        title, size, unit, amount, expected, tolerance, contenders = make()
        for c in contenders:  # the first run builds kernels and touches memory; its result is checked
            c.run()
            if not c.checked:
                continue
            result = np.asarray(c.result())
            same = (np.array_equal(result.reshape(expected.shape), expected) if tolerance == 0 else
                    np.allclose(result.astype(np.float64), expected, rtol=tolerance, atol=tolerance))
            if not same:
                wrong.append(f"{title}: {c.name}")
        # Turns, in each of which every contender runs twice in a row and its second run is timed:
        # a run right after another contender's pays for what that one left behind (on PoCL, the
        # first launch after numpy worked alone wakes the device's threads), which is not its own.
        times = {c.name: [] for c in contenders}
        for _ in range(options.runs):
            for c in contenders:
                c.run()
                start = time.perf_counter()
                c.run()
                times[c.name].append(time.perf_counter() - start)
        ours = statistics.median(times[contenders[0].name])
        for i, c in enumerate(contenders):
            median = statistics.median(times[c.name])
            print(f"{title if i == 0 else '':22} {size if i == 0 else '':18} {c.name:50} {median * 1e3:8.3f} ms "
                  f"{amount / median:9.2f} {unit:7} {median / ours:6.2f}x")
    if wrong:
        print("WRONG RESULTS (against numpy): " + "; ".join(wrong))
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())
