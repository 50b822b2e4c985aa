"""tiles.Program: one source of tiled and untiled kernels, built ahead and handing out its kernels,
checked against numpy."""

import numpy as np
import pytest

import tiles

# A tiled rank-2 kernel that sizes tile_static memory by its tile, beside an untiled rank-1 one.
SOURCE = """
__kernel void tile_average(__global const float* in, __global float* averages) {
    tiled_index t = get_tiled_index();
    tile_static float values[TILE_DIM0][TILE_DIM1];
    values[t.local_id[0]][t.local_id[1]] = in[linear_index(t.global_id, t.extent)];
    tile_barrier_wait();
    if (t.local_id[0] == 0 && t.local_id[1] == 0) {
        float sum = 0;
        for (int r = 0; r < TILE_DIM0; ++r)
            for (int c = 0; c < TILE_DIM1; ++c) sum += values[r][c];
        averages[t.tile[0] * (t.extent[1] / TILE_DIM1) + t.tile[1]] = sum / (TILE_DIM0 * TILE_DIM1);
    }
}

__kernel void scale(__global float* data, float factor) {
    data[get_thread_index().global_id[0]] *= factor;
}
"""


def test_one_source_holds_tiled_and_untiled_kernels_that_each_compute():
    program = tiles.Program(SOURCE)
    matrix = np.arange(64, dtype=np.float32).reshape(8, 8)
    averages = np.zeros((2, 2), dtype=np.float32)
    view = tiles.array_view(averages)
    tiles.parallel_for_each(tiles.extent(8, 8).tile(4, 4), program.tile_average, tiles.array_view(matrix), view)
    view.synchronize()
    np.testing.assert_array_equal(averages, matrix.reshape(2, 4, 2, 4).mean(axis=(1, 3)))

    data = np.arange(6, dtype=np.float32)
    scaled = tiles.array_view(data)
    tiles.parallel_for_each(scaled.extent, program.scale, scaled, 2.5)
    scaled.synchronize()
    np.testing.assert_array_equal(data, np.arange(6, dtype=np.float32) * np.float32(2.5))


def test_build_names_the_kernels_and_keeps_the_warnings():
    # #warning needs a source of its own: PoCL caches builds by their preprocessed text.
    program = tiles.Program("#warning the program's own warning\n" + SOURCE + "\n// build_names_the_kernels")
    assert repr(program) == "<tiles.Program, not built yet>"
    assert program.build() is program
    assert program.kernel_names == ("tile_average", "scale")
    assert "the program's own warning" in program.build_log
    assert repr(program) == "<tiles.Program of tile_average, scale>"
    assert "scale" in dir(program)
    assert program.scale is program.kernel("scale")  # one kernel object per name


def test_an_untiled_rank_1_launch_after_build_compiles_nothing():
    with tiles.Context() as context:
        program = tiles.Program(SOURCE + "\n// compiles_nothing").build(context)
        built = context.counters()
        data = tiles.array(np.ones(4, dtype=np.float32), context=context)
        tiles.parallel_for_each(tiles.extent(4), program.scale, data, 3.0)
        np.testing.assert_array_equal(data.get(), np.full(4, 3, dtype=np.float32))
        after = context.counters()
        assert after["kernel_builds"] + after["binary_loads"] == built["kernel_builds"] + built["binary_loads"]


def test_a_source_that_does_not_compile_raises_build_error_with_the_log():
    with pytest.raises(tiles.BuildError, match="undeclared_name") as raised:
        tiles.Program("__kernel void k(__global int* o) { o[0] = undeclared_name; }").build()
    assert "undeclared_name" in raised.value.build_log


def test_a_misspelt_kernel_is_refused_with_the_kernels_it_has():
    program = tiles.Program(SOURCE)
    with pytest.raises(AttributeError, match=r"no kernel named 'scael' \(its kernels: tile_average, scale\)"):
        program.scael
    with pytest.raises(tiles.InvalidArgument, match="no kernel named 'scael'"):
        program.kernel("scael")
    with pytest.raises(AttributeError):
        program._private  # never builds, never a kernel


def test_kernel_before_build_is_refused_at_its_launch():
    program = tiles.Program(SOURCE)
    view = tiles.array_view(np.zeros(4, dtype=np.float32))
    with pytest.raises(tiles.InvalidArgument, match="no kernel named 'absent'"):
        tiles.parallel_for_each(view.extent, program.kernel("absent"), view, 1.0)


def test_release_gives_its_kernels_back_and_the_program_stays_usable():
    with tiles.Program(SOURCE) as program:
        kernel = program.scale
    with pytest.raises(tiles.InvalidHandle):
        kernel.build(tiles.extent(4))
    data = np.ones(4, dtype=np.float32)
    view = tiles.array_view(data)
    tiles.parallel_for_each(view.extent, program.scale, view, 2.0)  # a new kernel object
    view.synchronize()
    np.testing.assert_array_equal(data, np.full(4, 2, dtype=np.float32))


def test_bad_arguments_are_refused_by_name():
    with pytest.raises(tiles.InvalidArgument, match="a program's source"):
        tiles.Program(42)
    with pytest.raises(tiles.InvalidArgument, match="a program's options"):
        tiles.Program(SOURCE, options=None)


# Two tiled rank-2 kernels of one source, as a ported program's matrix kernels are.
TWO_TILED = """
__kernel void add_one(__global float* data) {
    tiled_index t = get_tiled_index();
    data[linear_index(t.global_id, t.extent)] += 1.0f;
}

__kernel void tile_index(__global float* data) {
    tiled_index t = get_tiled_index();
    data[linear_index(t.global_id, t.extent)] *= t.tile[0] * 10 + t.tile[1];
}
"""


def test_a_program_built_for_a_tile_shape_compiles_once_for_all_its_kernels():
    with tiles.Context() as context:
        domain = tiles.extent(4, 6).tile(2, 3)
        program = tiles.Program(TWO_TILED + "\n// compiles_once").build(context, domain=domain)
        built = context.counters()
        assert built["kernel_builds"] + built["binary_loads"] == 1
        data = np.zeros((4, 6), dtype=np.float32)
        view = tiles.array_view(data)
        tiles.parallel_for_each(domain, program.add_one, view, context=context)
        tiles.parallel_for_each(domain, program.tile_index, view, context=context)
        view.synchronize()
        tile = np.arange(4)[:, None] // 2 * 10 + np.arange(6)[None, :] // 3
        np.testing.assert_array_equal(data, tile.astype(np.float32))
        after = context.counters()
        assert after["kernel_builds"] + after["binary_loads"] == 1


def test_program_build_refuses_a_domain_that_is_no_extent():
    with pytest.raises(tiles.InvalidArgument, match=r"Program.build's domain is a tiles.extent or tiled_extent, not"):
        tiles.Program(TWO_TILED).build(domain=(2, 3))
