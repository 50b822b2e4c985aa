"""Checked mode from Python: the seed's race found at its line, a clean report for the seed's
correct kernel, and a strict context raising CheckFailed."""

import logging
import os
import pathlib
import subprocess
import sys

import numpy as np
import pytest
import tiles


def sampling(context, kernel):
    matrix = tiles.array_view(np.arange(64, dtype=np.float32).reshape(8, 8))
    averages = tiles.array(np.zeros((4, 4), np.float32), context=context)
    tiles.parallel_for_each(matrix.extent.tile(2, 2), kernel, matrix, averages, context=context)
    return averages.numpy()


def test_the_seed_race_is_reported_at_its_line(seed_kernel):
    context = tiles.Context.checked()
    assert context.is_checked
    sampling(context, seed_kernel("race_condition.cl", "racy_total"))
    found = context.diagnostics()
    races = [d for d in found if d.kind == "write_write_race" and d.space == "tile_static" and d.line == 9]
    assert races and races[0].kernel == "racy_total" and races[0].source_line.startswith("total += matrix")
    assert races[0].work_items and len(races[0].work_items[0]) == 3
    # The total is read before anything stored it, at the same line.
    assert any(d.kind == "uninitialized_read" and d.space == "tile_static" and d.line == 9 for d in found)
    assert "race in tile_static memory" in str(races[0])
    context.clear_diagnostics()
    assert context.diagnostics() == []


def test_the_seed_correct_kernel_is_clean(seed_kernel):
    context = tiles.Context.checked(strict=True)
    result = sampling(context, seed_kernel("tile_average.cl", "tile_average"))
    assert result[3, 3] == 58.5 and context.diagnostics() == []


def test_a_strict_context_raises_check_failed(seed_kernel):
    context = tiles.Context.checked(strict=True)
    with pytest.raises(tiles.CheckFailed, match="racy_total' at line 9"):
        sampling(context, seed_kernel("race_condition.cl", "racy_total"))
    assert context.diagnostics()  # the failing launch's findings are kept too


def test_a_divergent_barrier_names_its_tiles_and_how_many_reached_it():
    source = """__kernel void some_wait(__global int* out) {
    tiled_index t = get_tiled_index();
    out[linear_index(t.global_id, t.extent)] = 1;
    if (t.local_id[0] < 3)
        tile_barrier_wait();
}"""
    context = tiles.Context.checked()
    out = tiles.array(np.zeros(16, np.int32), context=context)
    tiles.parallel_for_each(tiles.extent(16).tile(8), tiles.Kernel(source, "some_wait"), out, context=context)
    [found] = context.diagnostics()
    assert found.kind == "barrier_divergence" and found.line == 5
    assert sorted(found.tiles) == [(0, 0, 0), (0, 0, 1)]
    assert (found.reached_barrier, found.tile_size) == (3, 8)


def test_a_plain_context_is_not_checked():
    context = tiles.Context()
    assert not context.is_checked and context.diagnostics() == []


EXAMPLES = pathlib.Path(__file__).resolve().parents[2] / "examples" / "python"


def test_tiles_checked_alone_reports_the_race_on_stderr_and_names_the_simulator():
    """TILES_CHECKED=1 with nothing else: what the simulator finds reaches stderr through the log
    (at WARNING, where logging is not configured, as "libtiles warning: ..."), and the example says it runs on Oclgrind."""
    done = subprocess.run([sys.executable, str(EXAMPLES / "race_condition.py")], capture_output=True, text=True,
                          timeout=600, env=dict(os.environ, TILES_CHECKED="1"), cwd=EXAMPLES)
    assert done.returncode == 0, done.stderr
    assert done.stdout.startswith("Running on Oclgrind Simulator\n"), done.stdout[:200]
    # With the prefix C and C++ give, TILES_LOG unset.
    assert ("libtiles warning: checked mode: write-write race in tile_static memory in kernel 'racy_total' "
            "at line 9, column 11: total += matrix") in done.stderr
    assert "serialized_total" not in done.stderr and "tile_average" not in done.stderr  # the correct kernels


def test_findings_reach_the_tiles_logger_as_warnings(seed_kernel, caplog):
    caplog.set_level(logging.WARNING, logger="tiles")
    sampling(tiles.Context.checked(), seed_kernel("race_condition.cl", "racy_total"))
    warnings = [r.getMessage() for r in caplog.records if r.name == "tiles" and r.levelno == logging.WARNING]
    assert len(warnings) == 3, warnings
    assert all(w.startswith("checked mode: ") and "in kernel 'racy_total' at line 9" in w for w in warnings)
