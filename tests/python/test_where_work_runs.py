"""Where work that names no context runs, one rule on every face (tiles.h's tiles_context_for,
docs/guides/algorithms.md): where the first operand that is an array, or a view of one, lives,
else the default context. With a view of host memory first and an array on another context
second, a launch (the engine), an algorithm (the C API) and Python's check of host writes all take
the array's context; the algorithms took the default context before. Run on two OpenCL devices
(POCL_DEVICES="pthread pthread") too: then the other context is the second device's."""

import numpy as np
import pytest
import tiles
import tiles.array_api as xp
from tiles import _host_writes, _tiles

INCREMENT = """
__kernel void add(__global const float* a, __global float* b) {
    thread_index idx = get_thread_index();
    b[linear_index(idx.global_id, idx.extent)] += a[linear_index(idx.global_id, idx.extent)];
}
"""


def another_context(checked: bool) -> tiles.Context:
    """A context that is not the default one: a checked one, else the second device's where there
    is one, else a second one on the default device."""
    if checked:
        return tiles.Context.checked()
    devices = tiles.devices()
    return devices[1].create_view() if len(devices) > 1 else tiles.default_device().create_view()


def launches(context: tiles.Context) -> int:
    return context.counters()["launches"]


@pytest.mark.parametrize("checked", [False, pytest.param(True, marks=pytest.mark.oclgrind)])
def test_a_host_view_first_and_an_array_second_run_where_the_array_lives(checked):
    there = another_context(checked)
    default = tiles.Context.default()
    assert there != default
    a = np.arange(12, dtype=np.float32).reshape(3, 4)
    b_host = (np.arange(20, dtype=np.float32) % 7).reshape(4, 5)
    b = tiles.array(b_host, context=there)
    a_view = tiles.array_view(a)

    # The C entry point every face asks.
    assert _tiles.context_for([a_view._view_handle(), b._view_handle()]).opencl() == there.opencl
    assert _tiles.context_for([a_view._view_handle()]).opencl() == default.opencl

    # An algorithm (the C API's tiles_gemm with no context), checked against numpy.
    before_there, before_default = launches(there), launches(default)
    product = tiles.gemm(1.0, a_view, b, 0.0, np.zeros((3, 5), np.float32))
    np.testing.assert_array_equal(product, a @ b_host)
    assert launches(there) > before_there and launches(default) == before_default

    # A launch (the engine's rule), checked against numpy.
    c_host = np.ones((3, 4), np.float32)
    c = tiles.array(c_host, context=there)
    before_there, before_default = launches(there), launches(default)
    tiles.parallel_for_each(c.extent, tiles.Kernel(INCREMENT, "add"), a_view, c)
    np.testing.assert_array_equal(c.numpy(), c_host + a)
    assert launches(there) == before_there + 1 and launches(default) == before_default

    # Python's check of host writes asks the context the work runs on, where it is checked.
    home, _strict = _host_writes._checking(None, [a_view, b])
    if checked:
        assert home is not None and home.opencl() == there.opencl
    else:
        assert home is None


def test_python_work_on_data_of_another_context_runs_there():
    """The ufuncs, gathers, functions through the host and ReductionKernel take the engine's rule:
    with a view of host memory first and an array of the other context (the second device's)
    second, the work runs where the array lives, and its results live there."""
    there, default = another_context(False), tiles.Context.default()
    a = np.arange(12, dtype=np.float32).reshape(3, 4)
    b_host = (np.arange(12, dtype=np.float32) % 5).reshape(3, 4)
    b, a_view = tiles.array(b_host, context=there), tiles.array_view(a)
    before_there, before_default = launches(there), launches(default)
    total = a_view + b
    column = b[:, 1]
    chosen = np.where(b > 2, a_view, b)
    assert total.device == there and column.device == there and chosen.device == there
    assert launches(there) >= before_there + 4 and launches(default) == before_default
    np.testing.assert_array_equal(total.get(), a + b_host)
    np.testing.assert_array_equal(column.get(), b_host[:, 1])
    np.testing.assert_array_equal(chosen.get(), np.where(b_host > 2, a, b_host))
    # Through the host: numpy computes, and the result goes back where the array lives.
    ordered = xp.sort(b, axis=1)
    assert ordered.device == there
    np.testing.assert_array_equal(ordered.get(), np.sort(b_host, axis=1))
    # A ReductionKernel of the array: its partial sums and result on the array's context.
    before_there, before_default = launches(there), launches(default)
    summed = tiles.ReductionKernel(np.float32, "0", "a + b", "x[i]", "float* x")(b)
    assert summed.device == there and float(summed) == b_host.sum()
    assert launches(there) == before_there + 2 and launches(default) == before_default
    # Data of no elements on the other context keeps its results there too.
    assert (tiles.zeros((0, 3), np.float32, context=there) + 1).device == there


def test_data_of_no_elements_counts_where_it_stands():
    """An array of no elements, which holds no view, counts by its context where it stands among
    the operands, as any array does: the first array's context, whichever has elements."""
    there, default = another_context(False), tiles.Context.default()
    here = tiles.default_device().create_view()
    row = tiles.array(np.arange(3, dtype=np.float32), context=there)
    empty_here = tiles.zeros((0, 3), np.float32, context=here)
    first_empty, first_row = empty_here + row, row + empty_here
    assert first_empty.device == here and first_row.device == there
    assert first_empty.shape == first_row.shape == (0, 3)
    empty_there = tiles.zeros((0, 3), np.float32, context=there)
    assert (empty_there + empty_here).device == there and (empty_here + empty_there).device == here
    # Host memory of no elements is meant for no context: the next operand's, else the default one.
    empty_host = tiles.array_view(np.zeros((0, 3), np.float32))
    assert (empty_host + row).device == there and (empty_host + empty_host).device == default
    # The C entry point, with the context of data of no elements where its view would be.
    assert _tiles.context_for([here._handle, row._view_handle()]).opencl() == here.opencl
    assert _tiles.context_for([None, row._view_handle()]).opencl() == there.opencl
    with pytest.raises(TypeError, match="operand 0 is a View, a Context or None, not int"):
        _tiles.context_for([3])


@pytest.mark.oclgrind
def test_checked_launches_ask_for_the_default_context_once(monkeypatch):
    """_checking tells a strict default context by its OpenCL handles, asked of the engine once:
    the engine chooses the default context once and never releases it."""
    there = another_context(True)
    b = tiles.array(np.ones(4, np.float32), context=there)
    view = tiles.array_view(np.zeros(4, np.float32))
    asked = []
    default = _tiles.Context.default
    monkeypatch.setattr(_tiles.Context, "default", lambda device: asked.append(device) or default(device))
    monkeypatch.setenv("TILES_CHECKED", "strict")
    for _ in range(3):
        home, strict = _host_writes._checking(None, [view, b])
        assert home.opencl() == there.opencl and strict is False
    assert len(asked) <= 1
