"""Every exception class, each raised by a real bad input; none of them a crash."""

import gc
import re
import subprocess
import sys

import numpy as np
import pytest
import tiles

COPY = """
__kernel void copy(__global const float* in, __global float* out) {
    tiled_index t = get_tiled_index();
    out[linear_index(t.global_id, t.extent)] = in[linear_index(t.global_id, t.extent)];
}"""


def views(n=16):
    return tiles.array_view(np.zeros(n, np.float32)), tiles.array_view(np.zeros(n, np.float32))


def test_invalid_argument_for_dtypes_layouts_and_arguments(context):
    with pytest.raises(tiles.InvalidArgument, match="float128 has no OpenCL element type"):
        tiles.array_view(np.zeros(4, np.longdouble))
    with pytest.raises(tiles.InvalidArgument, match="C-contiguous"):
        tiles.array_view(np.zeros((4, 4), np.float32)[:, ::2])
    with pytest.raises(tiles.InvalidArgument, match="1 or more dimensions, not 0"):
        tiles.array_view(np.zeros((), np.float32))
    a, b = views()
    k = tiles.Kernel(COPY, "copy")
    with pytest.raises(tiles.InvalidArgument, match="takes 2 arguments, 1 was given"):
        tiles.parallel_for_each(a.extent.tile(16), k, a, context=context)
    with pytest.raises(tiles.InvalidArgument, match="is a bool"):
        tiles.parallel_for_each(a.extent.tile(16), k, a, True, context=context)
    with pytest.raises(tiles.InvalidArgument, match="element types differ"):
        tiles.parallel_for_each(a.extent.tile(16), k, tiles.array_view(np.zeros(16, np.int32)), b, context=context)
    with pytest.raises(tiles.InvalidArgument, match="numbers go to parameters passed by value"):
        tiles.parallel_for_each(a.extent.tile(16), k, a, 3, context=context)
    with pytest.raises(tiles.InvalidArgument, match="rather than a numpy array"):
        tiles.parallel_for_each(a.extent.tile(16), k, a, np.zeros(16, np.float32), context=context)
    assert issubclass(tiles.InvalidArgument, ValueError)


def test_invalid_compute_domain(context):
    a, b = views(32)
    k = tiles.Kernel(COPY, "copy")
    with pytest.raises(tiles.InvalidComputeDomain, match=r"compute domain \(32\) cannot be evenly divided .* tile \(6\)"):
        tiles.parallel_for_each(a.extent.tile(6), k, a, b, context=context)
    with pytest.raises(tiles.InvalidComputeDomain, match=r"dimension 0 of the compute domain \(0\)"):
        tiles.parallel_for_each(tiles.extent(0).tile(4), k, a, b, context=context)
    with pytest.raises(tiles.InvalidComputeDomain, match="tile has rank 1 but the extent it tiles has rank 2"):
        tiles.extent(4, 4).tile(4)


def test_out_of_memory_then_the_library_works_on(context):
    limit = tiles.default_device().max_allocation
    with pytest.raises(tiles.OutOfMemory, match="cannot allocate"):
        # Two dimensions, so that the element count fits an int even on devices with large allocations.
        tiles.empty((limit // (4 * 65536) + 1, 65536), np.float32, context=context)
    assert tiles.array(np.ones(4, np.float32), context=context).numpy().sum() == 4


def fill_device(context, elements):
    """Arrays of `elements` float32 made until the device's memory refuses one: the arrays, and the
    refusal's count of the bytes libtiles held then and of the device's bytes."""
    held = []
    while True:
        try:
            held.append(tiles.empty((elements,), np.float32, context=context))
        except tiles.OutOfMemory as refused:
            found = re.search(rf"cannot allocate {elements * 4} bytes .*: libtiles holds (\d+) of its (\d+) bytes",
                              str(refused))
            assert found, str(refused)
            return held, int(found.group(1)), int(found.group(2))
        assert len(held) <= 17, "the device took more arrays than its memory holds"


def test_arrays_beyond_the_device_memory_then_the_library_works_on(context):
    device = context.device
    elements = min(device.max_allocation // 4, 1 << 30)
    nbytes = elements * 4
    if device.global_memory // nbytes > 16:
        pytest.skip(f"the device's memory holds {device.global_memory // nbytes} of its largest arrays; not exhausted here")
    # What libtiles holds before this test counts too (earlier tests' arrays, the algorithms'
    # scratch buffers), so the test learns it from a first filling: then it holds `before`.
    gc.collect()
    held, holding, total = fill_device(context, elements)
    before = holding - len(held) * nbytes
    assert total == device.global_memory and 0 <= before and holding + nbytes > total
    for array in held:
        array.release()
    # Every byte released came back: the same arrays fit again, and the refusal counts the same.
    again, holding_again, _ = fill_device(context, elements)
    assert len(again) == len(held) and holding_again == before + len(again) * nbytes
    again.pop().release()
    again.append(tiles.empty((elements,), np.float32, context=context))
    for array in again:
        array.release()
    assert tiles.array(np.arange(4, dtype=np.float32), context=context).numpy().tolist() == [0, 1, 2, 3]


def test_build_error_holds_the_log(context):
    a, b = views()
    with pytest.raises(tiles.BuildError) as caught:
        tiles.parallel_for_each(a.extent.tile(16), tiles.Kernel("__kernel void f(__global float* o)\n{ o[0] = nope; }", "f"),
                                a, context=context)
    assert "nope" in str(caught.value) and caught.value.status_name == "TILES_ERROR_BUILD"
    assert "nope" in caught.value.build_log and "could not be built" not in caught.value.build_log


def test_unsupported_for_doubles_without_fp64(context):
    if tiles.default_device().supports_fp64:
        assert tiles.array(np.ones(3), context=context).numpy().sum() == 3
        pytest.skip("the device has double precision, so doubles are not refused")
    with pytest.raises(tiles.Unsupported, match="no double precision"):
        tiles.array(np.ones(3), context=context)


def test_invalid_handle_after_release(context):
    a, _ = views()
    a.release()
    with pytest.raises(tiles.InvalidHandle, match="released"):
        a.synchronize()
    arr = tiles.array(np.ones(4, np.float32), context=context)
    arr.release()
    with pytest.raises(tiles.InvalidHandle):
        arr.numpy()
    k = tiles.Kernel(COPY, "copy")
    k._handle.release()
    with pytest.raises(tiles.InvalidHandle):
        tiles.parallel_for_each(tiles.extent(16).tile(16), k, *views(), context=context)


def test_a_tile_other_than_reqd_work_group_size_is_refused_naming_both(context):
    # The kernel demands 8-wide work-groups; OpenCL would refuse a tile of 4 with a bare
    # CL_INVALID_WORK_GROUP_SIZE.
    k = tiles.Kernel("__kernel __attribute__((reqd_work_group_size(8, 1, 1))) void f(__global float* o) { o[0] = 1; }", "f")
    a, _ = views()
    with pytest.raises(tiles.InvalidComputeDomain,
                       match=r"kernel 'f' declares __attribute__\(\(reqd_work_group_size\(8, 1, 1\)\)\), so it runs "
                             r"only in tiles of 8 work-items .*, not the launch's tile of 4$"):
        tiles.parallel_for_each(a.extent.tile(4), k, a, context=context)


def test_a_build_error_quotes_its_line_and_the_compilers_count_stays_off_stderr():
    """PoCL's clang writes "1 error generated." on the process's stderr beside the build log;
    libtiles holds stderr back during builds and drops that line, and passes on the rest (a thread
    that writes to stderr meanwhile)."""
    script = (
        "import sys, threading, time, tiles, numpy as np\n"
        "k = tiles.Kernel('__kernel void bad(__global float* v) {\\n  v[0] = undefined_thing + 1;\\n}\\n' "
        "                 '/* %d */' % time.time_ns(), 'bad')\n"
        "def other(): time.sleep(0.01); print('another thread', file=sys.stderr, flush=True)\n"
        "t = threading.Thread(target=other); t.start()\n"
        "try:\n"
        "    tiles.parallel_for_each(tiles.extent(4), k, tiles.array_view(np.zeros(4, np.float32)))\n"
        "except tiles.BuildError as e:\n"
        "    print(e)\n"
        "t.join()\n")
    done = subprocess.run([sys.executable, "-c", script], capture_output=True, text=True, timeout=300)
    assert done.returncode == 0, done.stderr
    assert "kernel:2:10: " in done.stdout
    assert "\n  v[0] = undefined_thing + 1;\n         ^\n" in done.stdout, done.stdout
    assert "generated" not in done.stderr, done.stderr
    assert "another thread" in done.stderr


def test_marked_names_are_said_with_python_names():
    """tiles.h's marked_message, as the C API documents its marks: each name said its Python way."""
    name = "\x1e{}\x1f{}\x1f{}\x1e".format
    marked = (name("f", "tiles_reduce_as", "tiles_reduce_as") + ": out_size is 2 bytes, but the result is one " +
              name("e", "int64", "long (int64)") + ", 8 bytes")
    assert tiles.errors.for_python("unused", None, marked) == (
        "reduce: out_size is 2 bytes, but the result is one int64, 8 bytes")
    marked = ("through " + name("f", "tiles_view_reinterpret", "tiles_view_reinterpret") + ", " +
              name("f", "tiles_kernel_create", "tiles_kernel_create") + " gave " + name("a", "int64", "a long (int64)") +
              ", " + name("a", "uint8", "a uchar (uint8)") + " and " + name("e", "", "opaque (struct)"))
    assert tiles.errors.for_python("unused", None, marked) == (
        "through reinterpret_as, tiles_kernel_create gave an int64, a uint8 and structured")


def test_refusals_say_their_names_from_the_marks(context):
    """Refusals that name a C function or an element type, said with Python's names: the C API's
    marks are all that tells Python where those names are."""
    with pytest.raises(tiles.InvalidArgument, match=r"^reduce: the input view has rank 3; reduce takes rank 1 "):
        tiles.reduce(np.ones((2, 2, 2), np.float32))
    ints = np.arange(10, dtype=np.int32)
    with pytest.raises(tiles.InvalidArgument, match=r"^reduce: a sum of int32 elements is added in int32 or int64, "
                                                    r"not in float64$"):
        tiles.reduce(ints, dtype=np.float64)
    with pytest.raises(tiles.InvalidArgument, match=r"one of them, an int32, not an int64$"):
        tiles.reduce(ints, "max", dtype=np.int64)
    section = tiles.array_view(np.zeros((4, 4), np.float32))[0:2, 0:2]
    with pytest.raises(tiles.InvalidArgument, match=r"^transpose: the input view is a section, or a view through "
                                                    r"reinterpret_as; transpose takes views of all"):
        tiles.transpose(section)
    with pytest.raises(tiles.InvalidArgument) as refused:
        tiles.stencil(np.ones((8, 8), np.float32), np.ones((3, 3)))
    assert str(refused.value) == ("stencil: the mask has float64 elements, the input float32 elements; they must be "
                                  "the same: convert the mask first, with .astype(np.float32)")
    kernel = tiles.Kernel("__kernel void f(__global float* d, __global const int* e) { d[0] = e[0]; }", "f")
    with pytest.raises(tiles.InvalidArgument) as refused:
        tiles.parallel_for_each(tiles.extent(1), kernel, tiles.array_view(np.zeros(4, np.float32)),
                                tiles.array(np.arange(4, dtype=np.int64), context=context), context=context)
    assert str(refused.value).endswith("was given an array of int64: the element types differ: pass "
                                       "x.astype(np.int32), or declare the parameter a long*"), str(refused.value)
    with pytest.raises(tiles.InvalidArgument,
                       match=r"^Split.scatter: the matrix is 8x32 of float32, the split one 8x33 of float32$"):
        tiles.Split([context], (8, 33)).scatter(np.zeros((8, 32), np.float32))
    halves = np.ones((4, 4), np.float16)
    with pytest.raises(tiles.InvalidArgument, match=r"^gemm: A and B of float16 elements make a C of float32 "
                                                    r"elements, their products added in float; C has float64 elements$"):
        tiles.gemm(1, halves, halves, 0, np.zeros((4, 4), np.float64))
    with pytest.raises(tiles.InvalidArgument, match=r"^gemm: float16 elements are multiplied as they are, at the "
                                                    r"precision exact or float16; not tf32$"):
        tiles.gemm(1, halves, halves, 0, np.zeros((4, 4), np.float32), precision="tf32")
    read_only = np.zeros(4, np.float32)
    read_only.flags.writeable = False
    with pytest.raises(tiles.InvalidArgument, match=r"^writing into the view: the view is of const memory$"):
        tiles.array_view(read_only)[0] = 1
    with pytest.raises(tiles.InvalidArgument, match=r"^the blocks: the block is 0x2; every dimension must be at "
                                                    r"least 1$"):
        tiles.block_sum(np.ones((4, 4), np.float32), (0, 2))
    with pytest.raises(tiles.InvalidArgument, match=r"^view_as \(view_as\) needs a view whose elements lie next to "
                                                    r"each other"):
        tiles.array_view(np.zeros((4, 4), np.float32))[0:2, 0:2].view_as((4,))


def test_the_users_text_in_a_message_is_never_read_as_marks(context):
    """A kernel's name holding the bytes that mark names, even as a whole mark, comes back in the
    message as it was given."""
    name = "co\x1ef\x1fkey\x1ftext\x1epy"
    a, b = views()
    with pytest.raises(tiles.InvalidArgument) as refused:
        tiles.parallel_for_each(a.extent, tiles.Kernel(COPY, name), a, b, context=context)
    assert str(refused.value) == f"the source has no kernel named '{name}' (its kernels: copy)"
