"""What a script may take for granted: a view dropped after a launch wrote it writes back into
live memory (never into a freed numpy array), data in the other byte order is refused or
converted but never reinterpreted, every mistake raises a tiles.Error that names it, and a number
that does not fit its kernel parameter is refused."""

import os
import subprocess
import sys
import textwrap

import numpy as np
import pytest
import tiles

# Each work-item writes its index + 1, so results are told apart from zeros and from each other.
COUNT = "__kernel void count(__global float* v) { v[get_global_id(0)] = get_global_id(0) + 1; }"


def run_script(tmp_path, body):
    """Runs `body` as a script of its own, after the imports and the kernel `count`, and returns its
    output; a crash or a failed assert in it fails the test with what it printed."""
    script = tmp_path / "script.py"
    script.write_text(f"import threading, numpy as np, tiles\ncount = tiles.Kernel({COUNT!r}, 'count')\n"
                      + textwrap.dedent(body))
    # The script imports the package this test imported, wherever the script runs.
    package_root = os.path.dirname(os.path.dirname(os.path.abspath(tiles.__file__)))
    env = dict(os.environ, PYTHONPATH=os.pathsep.join([package_root, os.environ.get("PYTHONPATH", "")]))
    done = subprocess.run([sys.executable, str(script)], capture_output=True, text=True, timeout=600, env=env,
                          cwd=tmp_path)
    assert done.returncode == 0, f"the script exited with {done.returncode}:\n{done.stdout}\n{done.stderr}"
    return done.stdout


@pytest.mark.parametrize("n", [5, 1 << 20])
def test_a_dropped_view_of_a_temporary_writes_back_before_the_array_goes(tmp_path, n):
    run_script(tmp_path, f"""
        n = {n}
        for _ in range(20):
            v = tiles.array_view(np.zeros(n, np.float32))
            tiles.parallel_for_each(v.extent, count, v)
            del v
            # Memory freed before the write-back would be handed out again here, or the heap broken.
            fresh = [np.zeros(n, np.float32) for _ in range(8)]
            assert all(not f.any() for f in fresh)
        # A view of a temporary numpy object over memory the script keeps: the results reach it.
        base = np.zeros(n + 6, np.float32)
        v = tiles.array_view(base[3:3 + n])
        tiles.parallel_for_each(v.extent, count, v)
        del v
        assert (base[3:3 + n] == np.arange(1, n + 1, dtype=np.float32)).all()
        assert not base[:3].any() and not base[3 + n:].any()
        # The same for the last view of a script, dropped as the interpreter ends.
        last = tiles.array_view(np.zeros(n, np.float32))
        tiles.parallel_for_each(last.extent, count, last)
        print("done")
    """)


@pytest.mark.parametrize("n", [6, 1 << 20])
def test_a_dropped_section_of_a_temporary_writes_back_before_the_array_goes(tmp_path, n):
    run_script(tmp_path, f"""
        n = {n}
        for _ in range(20):
            s = tiles.array_view(np.zeros(n, np.float32))[2:4]
            tiles.parallel_for_each(s.extent, count, s)
            del s
            fresh = [np.zeros(n, np.float32) for _ in range(8)]
            assert all(not f.any() for f in fresh)
        base = np.zeros(n, np.float32)
        s = tiles.array_view(base[:])[2:4]
        tiles.parallel_for_each(s.extent, count, s)
        del s
        assert base[2:4].tolist() == [1, 2] and not base[:2].any() and not base[4:].any()
        last = tiles.array_view(np.zeros(n, np.float32))[1:3]
        tiles.parallel_for_each(last.extent, count, last)
    """)


@pytest.mark.parametrize("n", [7, 1 << 20])
def test_a_dropped_view_of_a_memmap_writes_into_the_file(tmp_path, n):
    run_script(tmp_path, f"""
        n = {n}
        m = np.memmap("dropped.bin", dtype=np.float32, mode="w+", shape=(n,))
        v = tiles.array_view(m)
        del m
        tiles.parallel_for_each(v.extent, count, v)
        del v
        m = np.memmap("at_exit.bin", dtype=np.float32, mode="w+", shape=(n,))
        at_exit = tiles.array_view(m)
        del m
        tiles.parallel_for_each(at_exit.extent, count, at_exit)
    """)
    expected = np.arange(1, n + 1, dtype=np.float32)
    assert (np.fromfile(tmp_path / "dropped.bin", np.float32) == expected).all()
    assert (np.fromfile(tmp_path / "at_exit.bin", np.float32) == expected).all()


def test_a_view_dropped_by_another_thread_writes_back(tmp_path):
    run_script(tmp_path, """
        n = 1 << 16
        bases = [np.zeros(n + 2, np.float32) for _ in range(4)]
        held = [tiles.array_view(b[1:1 + n]) for b in bases]
        for v in held:
            tiles.parallel_for_each(v.extent, count, v)
        del v
        def drop(views):
            while views:
                views.pop()
        threads = [threading.Thread(target=drop, args=([held.pop()],)) for _ in range(4)]
        for t in threads:
            t.start()
        for t in threads:
            t.join()
        for b in bases:
            assert (b[1:1 + n] == np.arange(1, n + 1, dtype=np.float32)).all() and b[0] == 0 and b[-1] == 0
    """)


def test_views_still_pending_at_interpreter_exit_write_back(tmp_path):
    run_script(tmp_path, """
        n = 1 << 18
        views = []
        for i in range(8):
            m = np.memmap(f"pending{i}.bin", dtype=np.float32, mode="w+", shape=(n,))
            views.append(tiles.array_view(m))
            for _ in range(4):
                tiles.parallel_for_each(views[-1].extent, count, views[-1])
        section = tiles.array_view(np.zeros(n, np.float32))[5:9]
        tiles.parallel_for_each(section.extent, count, section)
    """)
    for i in range(8):
        assert (np.fromfile(tmp_path / f"pending{i}.bin", np.float32) == np.arange(1, (1 << 18) + 1)).all()


def test_complex_views_pending_at_interpreter_exit_write_back(tmp_path):
    # Complex data computed on the device and never synchronized, beside complex arrays still held:
    # at exit the views write back what the device computed, and nothing crashes.
    run_script(tmp_path, """
        held = []
        for name, dtype in (("c64", np.complex64), ("c128", np.complex128)):
            m = np.memmap(f"{name}.bin", dtype=dtype, mode="w+", shape=(1000,))
            m[:] = np.arange(1000) * (1 + 2j)
            view = tiles.array_view(m)
            view *= 1j
            held += [view, tiles.array(np.full(7, 3 - 1j, dtype))]
    """)
    for name, dtype in (("c64", np.complex64), ("c128", np.complex128)):
        expected = (np.arange(1000) * (1 + 2j) * 1j).astype(dtype)
        np.testing.assert_array_equal(np.fromfile(tmp_path / f"{name}.bin", dtype), expected)


# Byte order: OpenCL reads the host's order, so data in the other one is converted where it is
# copied anyway, and refused where it is shared.
OTHER = ">" if sys.byteorder == "little" else "<"


def test_a_view_of_data_in_the_other_byte_order_is_refused():
    for code in ("f4", "i4", "u2", "f8", "i8"):
        with pytest.raises(tiles.InvalidArgument, match=rf"{OTHER}{code[0]}\d is not in the machine's byte order"):
            tiles.array_view(np.arange(4, dtype=OTHER + code))


def test_algorithms_read_data_in_the_other_byte_order_by_value(context):
    data = np.arange(10, dtype=OTHER + "f4")
    assert tiles.reduce(data, "sum", context=context) == 45
    assert tiles.reduce(np.arange(-3, 7, dtype=OTHER + "i4"), "min", context=context) == -3
    matrix = np.arange(12, dtype=OTHER + "f4").reshape(3, 4)
    assert (tiles.block_sum(matrix, (2, 2), context=context) == [[10, 18], [17, 21]]).all()
    assert (tiles.transpose(matrix, context=context) == matrix.T).all()
    square = np.arange(4, dtype=OTHER + "f4").reshape(2, 2)
    result = tiles.gemm(1.0, square, square, 1.0, square, context=context)
    assert (result == square.astype(np.float32) @ square.astype(np.float32) + square).all()
    assert result.dtype.isnative


def test_arrays_and_copies_convert_the_other_byte_order(context):
    data = np.arange(6, dtype=OTHER + "f4")
    assert tiles.array(data, context=context).numpy().tolist() == [0, 1, 2, 3, 4, 5]
    target = np.zeros(6, np.float32)
    view = tiles.array_view(target)
    tiles.copy(data, view)
    assert np.asarray(view).tolist() == [0, 1, 2, 3, 4, 5]
    back = np.zeros(6, OTHER + "f4")
    tiles.copy(tiles.array(np.arange(6, dtype=np.float32), context=context), back)
    assert back.tolist() == [0, 1, 2, 3, 4, 5]


def test_scalars_of_the_other_byte_order_arrive_by_value(context):
    kernel = tiles.Kernel("__kernel void put(__global float* o, float f) { o[get_global_id(0)] = f; }", "put")
    out = tiles.array_view(np.zeros(2, np.float32))
    # numpy makes scalars in the machine's order; a 0-d array in the other one is refused.
    tiles.parallel_for_each(out.extent, kernel, out, np.array([2.5], OTHER + "f4")[0], context=context)
    assert np.asarray(out).tolist() == [2.5, 2.5]
    with pytest.raises(tiles.InvalidArgument, match="argument 1 is a numpy array"):
        tiles.parallel_for_each(out.extent, kernel, out, np.array(2.5, OTHER + "f4"), context=context)


# Every mistake raises a tiles.Error subclass with libtiles' own message naming the value.
def mistakes():
    v = tiles.array_view(np.zeros(8, np.float32))
    k = tiles.Kernel(COUNT, "count")
    a = np.ones((4, 4), np.float32)
    return [
        (lambda: tiles.parallel_for_each((8,), k, v), r"domain .* tiles.extent .* not tuple \(8,\)"),
        (lambda: tiles.parallel_for_each(v.extent, COUNT, v), "kernel of parallel_for_each is a tiles.Kernel, not str"),
        (lambda: tiles.parallel_for_each(v.extent, k, v, context="cpu"), "context is a tiles.Context or None, not str 'cpu'"),
        (lambda: tiles.parallel_for_each(v.extent, k, v, context=tiles.Context(), wait_for=[None]),
         r"wait_for\[0\] of parallel_for_each is a tiles.Event or an OpenCL event .* not NoneType None"),
        (lambda: tiles.parallel_for_each(v.extent, k, v, context=tiles.Context(), wait_for=["e"]),
         r"wait_for\[0\] of parallel_for_each .* not str 'e'"),
        (lambda: tiles.parallel_for_each(v.extent, k, v, context=tiles.Context(), wait_for=5),
         "wait_for of parallel_for_each is a sequence of tiles.Event objects or OpenCL events, not int 5"),
        (lambda: tiles.extent(2**40), "component 0 of an extent is 1099511627776, beyond .* 2\\*\\*31 - 1"),
        (lambda: tiles.extent(4, 2**31), "component 1 of an extent is 2147483648"),
        (lambda: tiles.extent(1.5), "component 0 of an extent is an integer, not float 1.5"),
        (lambda: tiles.extent("8"), "component 0 of an extent is an integer, not str '8'"),
        (lambda: tiles.extent(), "an extent has 1 or more components, not 0"),
        (lambda: tiles.extent(1, 2).tile(1, 2, 3, 4), "a tile has rank 1, 2 or 3, as in C\\+\\+ AMP, not 4"),
        (lambda: tiles.extent(8).tile(None), "component 0 of a tile is an integer, not NoneType None"),
        (lambda: tiles.local_memory(-1), "local_memory's size in bytes is -1, below 0"),
        (lambda: tiles.local_memory("16"), "local_memory's size in bytes is an integer, not str '16'"),
        (lambda: tiles.array_view([1, 2, 3]), "array_view .* not a list"),
        (lambda: tiles.array_view(None), "array_view .* not a NoneType"),
        (lambda: tiles.Kernel(None, "f"), "kernel's source is a str, not NoneType None"),
        (lambda: tiles.Kernel(COUNT, 3), "kernel's name is a str, not int 3"),
        (lambda: tiles.Kernel(COUNT, "count", options=None), "kernel's options is a str, not NoneType"),
        (lambda: tiles.block_sum(a, (1, 2, 3)), r"a block is \(rows, columns\) .* not tuple \(1, 2, 3\)"),
        (lambda: tiles.block_sum(a, "2"), "block's .* not str '2'"),
        (lambda: tiles.block_average(a, (2, 2.5)), "component 1 of a block's .* not float 2.5"),
        (lambda: tiles.reduce(a, 5), "a reduction is a str, not int 5"),
        (lambda: tiles.reduce(a, "sum", context="gpu"), "context is a tiles.Context or None, not str 'gpu'"),
        (lambda: tiles.reduce([[1, 2], [3]]), "algorithms take numpy arrays"),
        (lambda: tiles.gemm("1", a, a, 0, a), "gemm's alpha is a real number, not str '1'"),
        (lambda: tiles.gemm(1, a, a, None, a), "gemm's beta is a real number, not NoneType"),
        (lambda: tiles.transpose(a, context=1), "context is a tiles.Context or None, not int 1"),
        (lambda: v.section("a", (2,)), "a section's origin is a sequence of integers, not str 'a'"),
        (lambda: v.section((0,), (2.0,)), "component 0 of a section's extent is an integer, not float 2.0"),
        (lambda: v.section((2**40,), (2,)), "component 0 of a section's origin is 1099511627776, above"),
        (lambda: v.synchronize_to("ctx"), "context to synchronize to is a tiles.Context, not str 'ctx'"),
        (lambda: v.opencl_buffer(None), "context of a buffer is a tiles.Context, not NoneType"),
        (lambda: tiles.empty((4, "a")), "component 1 of an array's shape is an integer, not str 'a'"),
        (lambda: tiles.empty((4, -1)), "component 1 of an array's shape is -1, below 0"),
        (lambda: tiles.empty((4,), "no such type"), "'no such type' is not a numpy dtype"),
        (lambda: tiles.empty((4,), context="cpu"), "context is a tiles.Context or None"),
        (lambda: tiles.array.from_opencl(None, (4,), np.float32, tiles.Context()), "OpenCL handle .* NoneType"),
        (lambda: tiles.copy(v, [0] * 8), "copy takes .* not list"),
        (lambda: tiles.copy(v, v, wait_for=[1.5]), r"wait_for\[0\] of copy is a tiles.Event or an OpenCL event .* "
                                                    "not float 1.5"),
        (lambda: tiles.Context(3), "a context's device is a tiles.Device, a selector such as 'cpu', or None, not int 3"),
        (lambda: tiles.Context("no such device anywhere"), "no such device anywhere"),
        (lambda: tiles.Context.default(3), "a device is a tiles.Device or None, not int 3"),
        (lambda: tiles.Context.from_opencl("c", "q"), "OpenCL handle .* not str 'c'"),
        (lambda: tiles.default_device(0), "a device selector is a str, not int 0"),
    ]


@pytest.mark.parametrize("index", range(len(mistakes())))
def test_every_mistake_raises_a_tiles_error_naming_it(index):
    call, message = mistakes()[index]
    with pytest.raises(tiles.Error, match=message) as caught:
        call()
    assert isinstance(caught.value, (tiles.InvalidArgument, tiles.InvalidComputeDomain))
    assert caught.value.status_name != ""


def test_invalid_argument_is_also_what_numpy_raises_for_such_mistakes():
    assert issubclass(tiles.InvalidArgument, tiles.Error)
    assert issubclass(tiles.InvalidArgument, TypeError) and issubclass(tiles.InvalidArgument, ValueError)
    with pytest.raises(TypeError):
        tiles.Kernel(None, "f")


# Numbers and the parameters they go to.
def test_a_real_number_beyond_a_floats_range_is_refused(context):
    kernel = tiles.Kernel("__kernel void put(__global float* o, float f) { o[get_global_id(0)] = f; }", "put")
    out = tiles.array_view(np.zeros(1, np.float32))
    for number in (1e300, -1e39, 3.5e38):
        with pytest.raises(tiles.InvalidArgument, match=r"\('f', a float\) was given the number .*: it does not fit in a float"):
            tiles.parallel_for_each(out.extent, kernel, out, number, context=context)
    for number, stored in ((3e38, np.float32(3e38)), (float("inf"), np.inf), (-float("inf"), -np.inf), (0.5, 0.5)):
        tiles.parallel_for_each(out.extent, kernel, out, number, context=context)
        assert np.asarray(out)[0] == stored
    tiles.parallel_for_each(out.extent, kernel, out, float("nan"), context=context)
    assert np.isnan(np.asarray(out)[0])

