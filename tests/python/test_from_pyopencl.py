"""Kernels as PyOpenCL's users write and launch them: raw get_global_id kernels launched as
PyOpenCL launches them (kernel(queue, global_size, local_size, *args), sizes in OpenCL's order), on
non-square matrices, with PyOpenCL's event.profile; numpy and PyOpenCL's own run of the same kernel
are the truth."""

import numpy as np
import pytest

import tiles
from optional_tools import needs

cl = needs("pyopencl", "pip's pyopencl")

# A blocked matrix multiply in the habits of PyOpenCL's users: sizes as macros (BLOCK_SIZE, and the
# widths WA of A and WB of B), blocks of BLOCK_SIZE x BLOCK_SIZE through __local memory, work-items
# by get_group_id/get_local_id in OpenCL's order (dimension 0 is the column), and C's row width
# taken from get_global_size(0).
MATMUL = """
__kernel __attribute__((reqd_work_group_size(BLOCK_SIZE, BLOCK_SIZE, 1)))
void matrix_multiply(__global float* C, __global const float* A, __global const float* B) {
    __local float a_block[BLOCK_SIZE][BLOCK_SIZE];
    __local float b_block[BLOCK_SIZE][BLOCK_SIZE];
    const int column = get_local_id(0), row = get_local_id(1);
    const int c_row = get_group_id(1) * BLOCK_SIZE + row, c_column = get_group_id(0) * BLOCK_SIZE + column;
    float total = 0.0f;
    for (int step = 0; step < WA; step += BLOCK_SIZE) {
        a_block[row][column] = A[c_row * WA + step + column];
        b_block[row][column] = B[(step + row) * WB + c_column];
        barrier(CLK_LOCAL_MEM_FENCE);
        for (int j = 0; j < BLOCK_SIZE; ++j) total += a_block[row][j] * b_block[j][column];
        barrier(CLK_LOCAL_MEM_FENCE);
    }
    C[get_global_id(1) * get_global_size(0) + get_global_id(0)] = total;
}
"""

BLOCK = 4


def sources(a_height, a_width, b_width):
    return f"#define BLOCK_SIZE {BLOCK}\n#define WA {a_width}\n#define HA {a_height}\n#define WB {b_width}\n" + MATMUL


def test_a_blocked_multiply_runs_as_pyopencl_launches_it_on_non_square_matrices():
    rng = np.random.default_rng(7)
    h_a = rng.random((3 * BLOCK, 5 * BLOCK), dtype=np.float32)  # 12 x 20
    h_b = rng.random((5 * BLOCK, 2 * BLOCK), dtype=np.float32)  # 20 x 8
    h_c = np.empty((h_a.shape[0], h_b.shape[1]), dtype=np.float32)
    program = tiles.Program(sources(*h_a.shape, h_b.shape[1]))
    a, b, c = tiles.array_view(h_a), tiles.array_view(h_b), tiles.array_view(h_c)
    # The launch as PyOpenCL spells it, with a view for each buffer.
    event = program.matrix_multiply(None, h_c.shape[::-1], (BLOCK, BLOCK), c, a, b)
    event.wait()
    c.synchronize()
    np.testing.assert_allclose(h_c, h_a @ h_b, rtol=1e-5)
    profile = event.profile
    assert 0 < profile.queued <= profile.submitted <= profile.started <= profile.ended
    assert (profile.start, profile.end, profile.submit) == (profile.started, profile.ended, profile.submitted)


def test_the_same_launch_in_pyopencl_computes_the_same_matrix():
    rng = np.random.default_rng(8)
    h_a = rng.random((2 * BLOCK, 3 * BLOCK), dtype=np.float32)
    h_b = rng.random((3 * BLOCK, 5 * BLOCK), dtype=np.float32)
    source = sources(*h_a.shape, h_b.shape[1])
    ours = np.empty((h_a.shape[0], h_b.shape[1]), dtype=np.float32)
    mine = tiles.array_view(ours)
    tiles.Program(source).matrix_multiply(None, ours.shape[::-1], (BLOCK, BLOCK), mine, tiles.array_view(h_a),
                                    tiles.array_view(h_b)).wait()
    mine.synchronize()
    with tiles.Context() as own:  # PyOpenCL on libtiles' own OpenCL context and queue
        cl_context = cl.Context.from_int_ptr(own.opencl[0])
        queue = cl.CommandQueue.from_int_ptr(own.opencl[1])
        mf = cl.mem_flags
        d_a = cl.Buffer(cl_context, mf.READ_ONLY | mf.COPY_HOST_PTR, hostbuf=h_a)
        d_b = cl.Buffer(cl_context, mf.READ_ONLY | mf.COPY_HOST_PTR, hostbuf=h_b)
        d_c = cl.Buffer(cl_context, mf.WRITE_ONLY, size=ours.nbytes)
        theirs = np.empty_like(ours)
        cl.Program(cl_context, source).build().matrix_multiply(queue, theirs.shape[::-1], (BLOCK, BLOCK), d_c, d_a, d_b)
        cl.enqueue_copy(queue, theirs, d_c)
    np.testing.assert_array_equal(ours, theirs)


def test_raw_indices_count_along_opencls_dimension_0_the_extents_last():
    source = """__kernel void ids(__global int* out) {
        int x = get_global_id(0), y = get_global_id(1);
        out[y * get_global_size(0) + x] = 100 * y + x + 10000 * (get_local_size(0) == 2);
    }"""
    out = np.zeros((3, 4), dtype=np.int32)  # 3 rows of 4: PyOpenCL's global size (4, 3)
    view = tiles.array_view(out)
    tiles.Kernel(source, "ids")(None, (4, 3), (2, 1), view).wait()
    view.synchronize()
    np.testing.assert_array_equal(out, 100 * np.arange(3)[:, None] + np.arange(4)[None, :] + 10000)
    # The same launch through parallel_for_each: tiles.extent(h, w), tiled (1, 2).
    out[:] = 0
    view.refresh()
    tiles.parallel_for_each(tiles.extent(3, 4).tile(1, 2), tiles.Kernel(source, "ids"), view)
    view.synchronize()
    np.testing.assert_array_equal(out, 100 * np.arange(3)[:, None] + np.arange(4)[None, :] + 10000)


def test_bad_launch_forms_are_refused_by_name():
    kernel = tiles.Kernel("__kernel void k(__global int* o) { o[get_global_id(0)] = 1; }", "k")
    view = tiles.array_view(np.zeros(8, dtype=np.int32))
    with pytest.raises(tiles.InvalidArgument, match="global_size is a tuple of 1 to 3 sizes in OpenCL's order"):
        kernel(None, 8, None, view)
    with pytest.raises(tiles.InvalidComputeDomain, match=r"local_size \(2, 2\) has 2 sizes but global_size \(8,\)"):
        kernel(None, (8,), (2, 2), view)
    with pytest.raises(tiles.InvalidArgument, match="a kernel's queue is a tiles.Context or None"):
        kernel("queue", (8,), None, view)


def test_profile_of_work_on_an_adopted_queue_without_profiling_is_refused_by_name():
    device = tiles.default_device()
    theirs = cl.get_platforms()[device.platform_index].get_devices()[device.device_index]
    cl_context = cl.Context([theirs])
    queue = cl.CommandQueue(cl_context)  # PyOpenCL's default: no profiling
    with tiles.Context.from_opencl(cl_context, queue) as adopted:
        data = tiles.array(np.zeros(8, dtype=np.int32), context=adopted)
        event = tiles.Kernel("__kernel void k(__global int* o) { o[get_global_id(0)] = 1; }", "k")(
            adopted, (8,), None, data)
        with pytest.raises(tiles.Unsupported, match="without CL_QUEUE_PROFILING_ENABLE"):
            event.profile
        np.testing.assert_array_equal(data.get(), np.ones(8, dtype=np.int32))
