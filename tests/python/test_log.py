"""libtiles' log in Python's logging module: TILES_LOG=info prints kernel builds on stderr, and
set_log_level routes builds, cache hits and transfers to the logger "tiles"."""

import logging
import os
import subprocess
import sys
import time

import numpy as np
import pytest
import tiles


def source_never_built():
    return f"__kernel void logged(__global float* v) {{ v[get_global_id(0)] += 1; }} /* {time.time_ns()} */"


def add_one(source):
    data = np.zeros(16, np.float32)
    tiles.parallel_for_each(tiles.extent(16), tiles.Kernel(source, "logged"), tiles.array_view(data),
                            context=tiles.Context())
    assert np.asarray(data).sum() == 16


def test_tiles_log_info_prints_builds_on_stderr():
    script = f"import tiles, numpy as np\n" \
             f"k = tiles.Kernel({source_never_built()!r}, 'logged')\n" \
             f"tiles.parallel_for_each(tiles.extent(4), k, tiles.array_view(np.zeros(4, np.float32)))\n"
    done = subprocess.run([sys.executable, "-c", script], capture_output=True, text=True, timeout=300,
                          env=dict(os.environ, TILES_LOG="info"))
    assert done.returncode == 0, done.stderr
    assert "libtiles INFO: built kernel 'logged' for '" in done.stderr
    assert "upload of" not in done.stderr  # transfers are at the debug level


def test_set_log_level_routes_messages_to_the_tiles_logger(caplog):
    source = source_never_built()
    caplog.set_level(logging.DEBUG, logger="tiles")
    tiles.set_log_level("debug")
    try:
        add_one(source)
        add_one(source)
    finally:
        tiles.set_log_level("off")
    messages = [(r.levelno, r.getMessage()) for r in caplog.records if r.name == "tiles"]
    assert any(level == logging.INFO and "built kernel 'logged'" in m for level, m in messages)
    assert any(level == logging.DEBUG and m.startswith("upload of 64 bytes") for level, m in messages)
    caplog.clear()
    add_one(source)
    assert not [r for r in caplog.records if r.name == "tiles"]


def test_an_unknown_level_is_refused():
    with pytest.raises(tiles.InvalidArgument, match="'off', 'info' or 'debug', not 'loud'"):
        tiles.set_log_level("loud")
