"""What numpy users do without reading the manual: iterate, assign elements, make arrays with
numpy's factories, print data, pass numpy's default dtypes, and write into the array behind a
view. numpy's own behaviour is the truth each test compares with."""

import os
import re
import subprocess
import sys
import warnings

import numpy as np
import pytest
import tiles

ADD = """
__kernel void add(__global float* data, float amount) {
    data[get_global_id(0)] += amount;
}"""


def test_iteration_ends_at_the_last_element_as_numpy_s_does(context):
    host = np.arange(3, dtype=np.float32)
    assert list(tiles.array_view(host)) == list(host)
    matrix = np.arange(6, dtype=np.int32).reshape(2, 3)
    rows = list(tiles.array(matrix, context=context))
    assert len(rows) == 2
    for row, expected in zip(rows, matrix):
        np.testing.assert_array_equal(row.get(), expected)
    assert [int(x) for x in tiles.array_view(matrix)[1]] == list(matrix[1])
    on_device = tiles.array(host, context=context)
    context.reset_counters()
    assert list(on_device) == list(host) and context.counters()["downloads"] == 1  # not one per element
    view = tiles.array_view(host)
    for index in (3, -4):
        with pytest.raises(IndexError) as numpy_raised:
            host[index]
        with pytest.raises(IndexError, match=f"index {index} is out of bounds for dimension 0 of length 3"):
            view[index]
        assert isinstance(numpy_raised.value, IndexError)
    assert view[-1] == host[-1] and view[-3] == host[-3]
    with pytest.raises(tiles.IndexOutOfRange):  # still a tiles error, and a ValueError as before
        tiles.array_view(matrix)[0, 3]
    assert issubclass(tiles.IndexOutOfRange, tiles.InvalidArgument)


def test_elements_and_sections_are_assigned_as_in_numpy(context):
    expected = np.zeros((3, 4), np.float32)
    host = expected.copy()
    view = tiles.array_view(host)
    for key, value in [((1, 2), 5), (0, 7.5), ((2, slice(1, 3)), [1, 2]), ((slice(1, 3), slice(None)), -1),
                       ((-1, -1), 9)]:
        expected[key] = value
        view[key] = value
    np.testing.assert_array_equal(np.asarray(view), expected)

    # On a device, and after a launch wrote the data there: the assignment lands where the data is.
    device = tiles.zeros((2, 3), np.float32, context=context)
    tiles.parallel_for_each(tiles.extent(6), tiles.Kernel(ADD, "add"), device.view_as((6,)), np.float32(1),
                            context=context)
    device[0, 1] = 9
    numpy_result = np.ones((2, 3), np.float32)
    numpy_result[0, 1] = 9
    np.testing.assert_array_equal(device.get(), numpy_result)
    assert device[0, 1] == 9

    # A launch after an assignment reads the assigned value, without refresh().
    data = np.zeros(4, np.float32)
    v = tiles.array_view(data)
    tiles.parallel_for_each(v.extent, tiles.Kernel(ADD, "add"), v, np.float32(1), context=context)
    v[2] = 10
    tiles.parallel_for_each(v.extent, tiles.Kernel(ADD, "add"), v, np.float32(1), context=context)
    np.testing.assert_array_equal(np.asarray(v), [2, 2, 11, 2])

    ints = np.zeros(3, np.int32)
    int_view = tiles.array_view(ints)
    int_view[0] = 9.7  # numpy's casting: truncated
    numpy_ints = np.zeros(3, np.int32)
    numpy_ints[0] = 9.7
    np.testing.assert_array_equal(np.asarray(int_view), numpy_ints)
    with pytest.raises(tiles.InvalidArgument, match=r"could not broadcast input array from shape \(3,\) into shape "
                                                    r"\(2,\)"):
        int_view[0:2] = [1, 2, 3]
    with pytest.raises(tiles.InvalidArgument, match="list .* cannot be assigned to int32 elements"):
        int_view[0:2] = [1, [2]]
    with pytest.raises(IndexError):
        int_view[3] = 1
    with pytest.raises(tiles.InvalidArgument, match="const"):
        readonly = np.zeros(2, np.float32)
        readonly.flags.writeable = False
        tiles.array_view(readonly)[0] = 1


@pytest.mark.parametrize("name, args", [("ones", ((2, 3),)), ("ones", (4, np.int32)), ("full", ((2, 2), 7)),
                                        ("full", ((3,), 2.5)), ("full", ((2,), 3, np.int16)),
                                        ("zeros", ((2, 2),)), ("empty", ((5,),))])
def test_factories_take_numpy_s_arguments_and_default_dtypes(context, name, args):
    made = getattr(tiles, name)(*args, context=context)
    expected = getattr(np, name)(*args)
    assert made.dtype == expected.dtype and made.shape == expected.shape and isinstance(made, tiles.array)
    if name != "empty":
        np.testing.assert_array_equal(made.get(), expected)


@pytest.mark.parametrize("name, extra", [("empty_like", ()), ("zeros_like", ()), ("ones_like", ()),
                                         ("full_like", (2.5,))])
def test_like_factories_follow_the_prototype_as_numpy_s_do(context, name, extra):
    prototype = np.arange(6, dtype=np.int32).reshape(2, 3)
    for given in (prototype, tiles.array(prototype, context=context), tiles.array_view(prototype), [[1, 2, 3]]):
        made = getattr(tiles, name)(given, *extra)
        expected = getattr(np, name)(np.asarray(given), *extra)
        assert made.dtype == expected.dtype and made.shape == expected.shape
        if name != "empty_like":
            np.testing.assert_array_equal(made.get(), expected)
    made = getattr(tiles, name)(prototype, *extra, dtype=np.float32, shape=(4,))
    assert made.dtype == np.float32 and made.shape == (4,)
    # A device prototype's context is the new array's.
    on_device = tiles.array(prototype, context=context)
    assert getattr(tiles, name)(on_device, *extra).context.device == context.device
    with pytest.raises(tiles.InvalidArgument, match="cannot fill"):
        tiles.full_like(prototype, "text")


def test_reprs_show_the_values_as_numpy_s_do(context):
    host = np.arange(6, dtype=np.float32).reshape(2, 3)
    numpy_repr = repr(host)
    assert repr(tiles.array_view(host)) == "tiles." + numpy_repr.replace("array(", "array_view(").replace(
        "\n      ", "\n" + " " * len("tiles.array_view("))
    made = tiles.array(host, context=context)
    name = context.device.name
    assert repr(made) == "tiles.array([[0., 1., 2.],\n             [3., 4., 5.]], dtype=float32, " \
                         f"device={name!r})"
    assert repr(made.view()).startswith("tiles.array_view(tiles.array([[0., 1., 2.],")
    assert repr(tiles.array_view(host)[1:2, 1:3]) == "tiles.array_view([[4., 5.]], dtype=float32)"
    assert repr(tiles.array_view(np.arange(3))) == "tiles.array_view([0, 1, 2])"  # int64, as numpy omits it
    big = np.arange(100_000, dtype=np.float32)
    assert "..." in repr(tiles.array_view(big)) and "..." in repr(big)
    assert repr(tiles.array_view(big)).endswith("shape=(100000,), dtype=float32)")
    assert repr(tiles.array_view(tiles.extent(5, 7), dtype=np.int32)) == \
        "tiles.array_view(tiles.extent(5, 7), dtype=int32)"
    # Results of launches come home to be shown.
    data = np.zeros(2, np.float32)
    view = tiles.array_view(data)
    tiles.parallel_for_each(view.extent, tiles.Kernel(ADD, "add"), view, np.float32(3), context=context)
    assert repr(view) == "tiles.array_view([3., 3.], dtype=float32)"
    view.release()
    assert repr(view) == "<tiles.array_view, released>"
    made.release()
    assert repr(made) == "<tiles.array, released>"


# What the algorithms refuse, numpy's default dtypes (int64, float64) being taken where the device
# has doubles (test_algorithm_dtypes.py).
REFUSALS = [
    (lambda: tiles.reduce(np.arange(10, dtype=np.uint16), "sum"), "reduce", "uint16", "int32"),
    (lambda: tiles.reduce(np.arange(10, dtype=np.uint32), "max"), "reduce", "uint32", "int64"),
    (lambda: tiles.stencil(np.ones((8, 8), np.int32), np.ones((3, 3), np.int32)), "stencil", "int32", "float32"),
    (lambda: tiles.block_sum(np.ones((4, 4), np.uint16), 2), "block_sum", "uint16", "int32"),
    (lambda: tiles.block_average(np.ones((4, 4), np.int64), 2), "block_average", "int64", "float32"),
    (lambda: tiles.transpose(np.ones((4, 4), np.int64)), "transpose", "int64", "int32"),
    (lambda: tiles.matrix_multiply(np.ones((4, 4), np.int64), np.ones((4, 4), np.int64)), "gemm", "int64",
     "float32"),
]


@pytest.mark.parametrize("call, function, given, target", REFUSALS)
def test_dtype_refusals_name_numpy_dtypes_and_the_conversion(call, function, given, target):
    with pytest.raises(tiles.InvalidArgument) as refused:
        call()
    message = str(refused.value)
    assert message.startswith(f"{function} supports ")
    assert f"not {given}" in message and f".astype(np.{target})" in message
    # No OpenCL C type names ("long (int64)", "double") and no C functions.
    assert not re.search(r"\b(long|ulong|double|half|uint|int|float|short|char) \(", message), message
    assert "tiles_" not in message


def test_mismatched_dtypes_say_which_operand_to_convert():
    with pytest.raises(tiles.InvalidArgument) as refused:
        tiles.stencil(np.ones((8, 8), np.float32), np.ones((3, 3)))
    assert str(refused.value) == ("stencil: the mask has float64 elements, the input float32 elements; they must be "
                                  "the same: convert the mask first, with .astype(np.float32)")
    with pytest.raises(tiles.InvalidArgument, match=r"B has float64 elements.*convert B first, with "
                                                    r"\.astype\(np\.float32\)"):
        tiles.matrix_multiply(np.ones((2, 2), np.float32), np.ones((2, 2)))


def test_kernel_arguments_of_another_dtype_come_with_the_conversion(context):
    kernel = tiles.Kernel("__kernel void f(__global float* d, __global const int* e) { d[0] = e[0]; }", "f")
    with pytest.raises(tiles.InvalidArgument) as refused:
        tiles.parallel_for_each(tiles.extent(1), kernel, tiles.array_view(np.zeros(4)),
                                tiles.array_view(np.zeros(4, np.int32)), context=context)
    assert str(refused.value).endswith("was given an array_view of float64: the element types differ: pass "
                                       "x.astype(np.float32), or declare the parameter a double*")
    with pytest.raises(tiles.InvalidArgument, match=r"array of int64: .* pass x\.astype\(np\.int32\), or declare "
                                                    r"the parameter a long\*"):
        tiles.parallel_for_each(tiles.extent(1), kernel, tiles.array_view(np.zeros(4, np.float32)),
                                tiles.array(np.arange(4), context=context), context=context)
    # A read-only view is said "of const float64"; the conversion is the same.
    readonly = np.zeros(4)
    readonly.flags.writeable = False
    with pytest.raises(tiles.InvalidArgument) as refused:
        tiles.parallel_for_each(tiles.extent(1), kernel, tiles.array_view(np.zeros(4, np.float32)),
                                tiles.array_view(readonly), context=context)
    assert str(refused.value).endswith("was given an array_view of const float64: the element types differ: pass "
                                       "x.astype(np.int32), or declare the parameter a double*"), str(refused.value)


def test_messages_that_reach_python_name_python_functions(context):
    """Each C API refusal Python can meet, said with Python's names."""
    host = np.zeros((4, 4), np.float32)
    section = tiles.array_view(host)[0:2, 0:2]
    readonly = np.zeros(4, np.float32)
    readonly.flags.writeable = False
    calls = [
        lambda: tiles.transpose(section),
        lambda: tiles.reduce(section),
        lambda: tiles.stencil(section, np.ones((3, 3), np.float32)),
        lambda: tiles.block_sum(section, 2),
        lambda: tiles.gemm(1.0, section, section, 0.0, section),
        lambda: tiles.reduce(np.ones(4, np.float32), out=tiles.array_view(readonly)),
        lambda: tiles.stencil(np.ones((4, 4), np.float32), np.ones((3, 3), np.float32),
                              out=tiles.array_view(np.zeros((4, 4), np.float32)).view_as((16,)).view_as((2, 8))),
        lambda: tiles.block_sum(np.ones((4, 4), np.float32), (0, 2)),
        lambda: tiles.copy(np.ones(3, np.float32), tiles.array_view(np.zeros(4, np.float32))),
        lambda: tiles.copy(np.ones(4, np.float32), tiles.array_view(readonly)),
        lambda: tiles.array_view(host).view_as(()),
    ]
    for call in calls:
        with pytest.raises(tiles.Error) as refused:
            call()
        assert not re.search(r"\btiles_\w+", str(refused.value)), str(refused.value)


HOST_WRITE = """
import warnings
import numpy as np, tiles
add = tiles.Kernel('''__kernel void add(__global float* d, __global const float* s) {
    d[get_global_id(0)] += s[get_global_id(0)]; }''', "add")
total, step = np.zeros(4, np.float32), np.full(4, 4, np.float32)
t, s = tiles.array_view(total), tiles.array_view(step)
tiles.parallel_for_each(t.extent, add, t, s)
step[:] = 20                                          # written behind the view
tiles.parallel_for_each(t.extent, add, t, s)          # the launch of the user's line
print(np.asarray(t).tolist())
step[:] = 30
s.refresh()                                           # announced: nothing to report
tiles.parallel_for_each(t.extent, add, t, s)
np.asarray(t)[:] = 1                                  # written after synchronizing, then refreshed
t.refresh()
tiles.parallel_for_each(t.extent, add, t, s)
print(np.asarray(t).tolist())
"""


def _run(script: str, checked: str) -> subprocess.CompletedProcess:
    env = dict(os.environ, TILES_CHECKED=checked)
    return subprocess.run([sys.executable, "-W", "always", "-c", script], env=env, capture_output=True, text=True,
                          timeout=600)


@pytest.mark.oclgrind
def test_checked_mode_reports_host_writes_not_followed_by_refresh_at_the_user_s_line():
    run = _run(HOST_WRITE, "1")
    assert run.returncode == 0, run.stderr
    # The launch read the old data, as AMP's rule says: 4 + 4, not 4 + 20.
    assert run.stdout.splitlines() == ["[8.0, 8.0, 8.0, 8.0]", "[31.0, 31.0, 31.0, 31.0]"]
    reports = [line for line in run.stderr.splitlines() if "RuntimeWarning" in line]
    assert len(reports) == 1, run.stderr
    assert reports[0].startswith("<string>:10: RuntimeWarning: parallel_for_each's args[1] (a tiles.array_view, "
                                  "float32 (4,)) views a numpy array that was written")
    assert "without view.refresh()" in reports[0]
    # Off checked mode, nothing is watched or reported.
    quiet = _run(HOST_WRITE, "0")
    assert quiet.returncode == 0 and "RuntimeWarning" not in quiet.stderr, quiet.stderr
    assert quiet.stdout == run.stdout


@pytest.mark.oclgrind
def test_checked_contexts_watch_algorithms_and_assignments_too():
    checked = tiles.Context.checked()
    data = np.arange(8, dtype=np.float32)
    view = tiles.array_view(data)
    assert tiles.reduce(view, context=checked) == data.sum()
    data[0] = 100
    with pytest.warns(RuntimeWarning, match="reduce's data") as caught:
        tiles.reduce(view, context=checked)
    assert caught[0].filename == __file__
    # A launch without a context runs where its first array lives: the checked context.
    on_checked = tiles.zeros(1, np.float32, context=checked)
    data[1] = 100
    first = tiles.Kernel("__kernel void first(__global float* out, float a, __global const float* in) "
                         "{ out[0] = in[0] + a; }", "first")
    with pytest.warns(RuntimeWarning, match="args\\[2\\]"):
        tiles.parallel_for_each(tiles.extent(1), first, on_checked, np.float32(1), view)
    view.refresh()
    view[0] = 50  # an assignment through the view is no host write behind it
    with warnings.catch_warnings():
        warnings.simplefilter("error")
        assert tiles.reduce(view, context=checked) == np.float32(50 + data[1:].sum())


@pytest.mark.oclgrind
def test_checked_mode_watches_the_data_a_view_shares_with_its_sections_only():
    checked = tiles.Context.checked()
    add = tiles.Kernel("__kernel void add(__global float* d, __global const float* s) "
                       "{ d[get_global_id(0)] += s[get_global_id(0)]; }", "add")
    host = np.ones(4, np.float32)
    out = tiles.array_view(np.zeros(4, np.float32))
    first = tiles.array_view(host)
    tiles.parallel_for_each(out.extent, add, out, first, context=checked)
    host[:] = 5
    with warnings.catch_warnings():
        warnings.simplefilter("error")
        # A new view of the array has no copy yet: its launch uploads what the host holds.
        tiles.parallel_for_each(out.extent, add, out, tiles.array_view(host), context=checked)
    np.testing.assert_array_equal(np.asarray(out), [6, 6, 6, 6])
    # A section shares the first view's copy, which is stale: reported.
    with pytest.warns(RuntimeWarning, match=r"args\[1\] \(a tiles.array_view, float32 \(2,\)\)"):
        tiles.parallel_for_each(tiles.extent(2), add, out[0:2], first[2:4], context=checked)


@pytest.mark.oclgrind
def test_strict_checked_contexts_raise_check_failed_for_host_writes():
    strict = tiles.Context.checked(strict=True)
    data = np.arange(8, dtype=np.float32)
    view = tiles.array_view(data)
    tiles.reduce(view, context=strict)
    data[3] = 0
    with pytest.raises(tiles.CheckFailed, match="reduce's data .* without view.refresh()") as refused:
        tiles.reduce(view, context=strict)
    assert refused.value.status_name == "TILES_ERROR_CHECK_FAILED"
    view.refresh()
    assert tiles.reduce(view, context=strict) == data.sum()
    run = _run(HOST_WRITE, "strict")
    assert run.returncode == 1 and "tiles.errors.CheckFailed: parallel_for_each's args[1]" in run.stderr, run.stderr
    assert 'line 10, in <module>' in run.stderr
