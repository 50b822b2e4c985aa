"""The Python surface itself: extents, devices, contexts, version, and docstrings."""

import inspect
import typing

import numpy as np
import pytest
import tiles


def test_extents_pad_and_truncate_as_amp_does():
    t = tiles.extent(999, 666).tile(16, 16)
    assert t.pad().dims == (1008, 672) and t.truncate().dims == (992, 656)
    assert t.pad().tile_extent == (16, 16)
    assert tiles.extent(8, 9).tile(2, 3).tile_count == (4, 3)
    assert tiles.extent(2, 3, 4).size == 24 and tiles.extent(5).rank == 1


def test_devices_and_default_selection():
    all_devices = tiles.devices()
    assert all_devices and tiles.default_device() in all_devices
    first = all_devices[0]
    assert tiles.default_device(f"{first.platform_index}:{first.device_index}") == first
    assert tiles.default_device(first.name[:5]).name == first.name
    assert "TILES_DEVICE" in tiles.default_device.reason()
    assert first.max_tile_size > 0 and len(first.max_tile_extent) == 3


def test_contexts_have_their_own_counters():
    a, b = tiles.Context(), tiles.Context()
    tiles.array(np.ones(8, np.float32), context=a)
    assert a.counters()["uploads"] == 1 and b.counters()["uploads"] == 0
    assert a.device == b.device
    a.reset_counters()
    assert a.counters()["uploads"] == 0


def test_version_matches_the_c_header():
    header = (__import__("pathlib").Path(__file__).resolve().parents[2] / "capi" / "include" / "tiles.h").read_text()
    parts = [line.split()[2] for line in header.splitlines()
             if line.startswith("#define TILES_VERSION_") and line.split()[1][-5:] in ("MAJOR", "MINOR", "PATCH")]
    assert tiles.__version__ == ".".join(parts)


def test_every_public_name_has_a_docstring():
    for name in tiles.__all__:
        obj = getattr(tiles, name)
        if name == "__version__":
            continue
        assert inspect.getdoc(obj), f"tiles.{name} has no docstring"


def test_kernels_build_ahead_with_their_warnings():
    # A kernel of its own: PoCL gives a program the log of an earlier build with the same
    # preprocessed text, in which #warning leaves nothing.
    source = """#warning built ahead from Python
__kernel void four_times(__global int* out) { out[get_thread_index().global_id[0]] = 4 * get_thread_index().global_id[0]; }"""
    kernel = tiles.Kernel(source, "four_times")
    assert kernel.build_log == ""
    context = tiles.Context()
    domain = tiles.extent(16).tile(4)
    assert "built ahead from Python" in kernel.build(domain, context=context)
    assert "built ahead from Python" in kernel.build_log
    made = context.counters()["kernel_builds"] + context.counters()["binary_loads"]
    assert made == 1 and context.counters()["uploads"] == 0
    out = np.zeros(16, np.int32)
    view = tiles.array_view(out)
    tiles.parallel_for_each(domain, kernel, view, context=context)
    view.synchronize()
    assert out.tolist() == [4 * i for i in range(16)]
    assert context.counters()["kernel_builds"] + context.counters()["binary_loads"] == made
    with pytest.raises(tiles.BuildError, match="nowhere"):
        tiles.Kernel("__kernel void k(__global int* o) { o[0] = nowhere; }", "k").build(tiles.extent(4))
    with pytest.raises(tiles.InvalidArgument, match="extent or tiled_extent"):
        kernel.build((16,))


def test_the_enumerations_names_are_the_c_apis():
    """Each face reads the names of libtiles' enumerations from the C API's tables (against the
    names tiles.h documents): the type hints, the levels set_log_level takes, the reductions and
    the checked mode's kinds."""
    from tiles import _algorithms, _log, _tiles
    assert _tiles.names("reduction") == ["sum", "min", "max"]
    assert _tiles.names("log_level") == ["off", "info", "debug", "warning"]
    assert _tiles.names("diagnostic_kind") == ["read_write_race", "write_write_race", "uninitialized_read",
                                               "uninitialized_write", "out_of_bounds", "barrier_divergence", "other",
                                               "host_write"]
    assert _tiles.names("memory_space") == ["tile_static", "global", "constant", "private", "unknown"]
    assert list(typing.get_args(_algorithms.ReduceOp)) == _tiles.names("reduction")
    assert list(typing.get_args(_algorithms.Precision)) == _tiles.names("precision")
    assert sorted(_log._LEVELS) == sorted(_tiles.names("log_level"))
    assert len(_log._AS_LOGGING) == len(_tiles.names("log_level"))
    for name in _tiles.names("diagnostic_kind") + _tiles.names("memory_space")[:2]:
        assert name in inspect.getdoc(tiles.Diagnostic), name
    with pytest.raises(tiles.InvalidArgument, match='a reduction is "sum", "min" or "max", not "mean"'):
        tiles.reduce(tiles.array_view(np.ones(4, np.float32)), "mean")
    with pytest.raises(tiles.InvalidArgument, match="no enumeration is named 'colour'"):
        _tiles.names("colour")
