"""libtiles' log in Python's logging module: TILES_LOG=info prints kernel builds on stderr as C and
C++ do, the logger "tiles" gets builds, cache hits and transfers at its own level, and messages
arrive while the call that caused them runs; a TILES_LOG value libtiles does not take is a warning
of that logger."""

import logging
import os
import subprocess
import sys
import time
from contextlib import contextmanager

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
    assert "libtiles info: building kernel 'logged' for '" in done.stderr
    assert "libtiles info: built kernel 'logged' for '" in done.stderr
    # What the first call spends besides the build: the first run, with what the driver compiles then.
    assert "libtiles info: first run of kernel 'logged' on '" in done.stderr
    assert "upload of" not in done.stderr  # transfers are at the debug level


def test_a_tiles_log_value_it_does_not_take_is_a_warning_of_the_tiles_logger():
    """The complaint about TILES_LOG goes through the log, so that the handler an application
    configured gets it, rather than stderr beside it."""
    script = "import logging, sys\n" \
             "logging.basicConfig(stream=sys.stdout, format='%(name)s %(levelname)s %(message)s')\n" \
             "import tiles\n" \
             "tiles.zeros((4,), 'float32').get()\n"
    done = subprocess.run([sys.executable, "-c", script], capture_output=True, text=True, timeout=300,
                          env=dict(os.environ, TILES_LOG="loud"))
    assert done.returncode == 0, done.stderr
    complaint = "TILES_LOG is 'loud'; it takes off, warning, info or debug, so the log stays at warning"
    assert done.stdout.splitlines().count("tiles WARNING " + complaint) == 1, done.stdout
    assert complaint not in done.stderr


def test_where_logging_is_not_configured_the_complaint_about_tiles_log_has_the_prefix_c_gives():
    script = "import tiles\ntiles.zeros((4,), 'float32').get()\n"
    done = subprocess.run([sys.executable, "-c", script], capture_output=True, text=True, timeout=300,
                          env=dict(os.environ, TILES_LOG="nonsense"))
    assert done.returncode == 0, done.stderr
    assert done.stderr == "libtiles warning: TILES_LOG is 'nonsense'; it takes off, warning, info or debug, " \
        "so the log stays at warning\n"


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
    with pytest.raises(tiles.InvalidArgument, match="'off', 'warning', 'info' or 'debug', not 'loud'"):
        tiles.set_log_level("loud")


class Arrivals(logging.Handler):
    """Each message with the time it arrived."""

    def __init__(self):
        super().__init__(logging.DEBUG)
        self.arrived = []

    def emit(self, record):
        self.arrived.append((time.monotonic(), record.levelno, record.getMessage()))


@contextmanager
def arrivals(level):
    """An Arrivals handler on the "tiles" logger, set to `level`, as a user sets them up; both as
    they were afterwards."""
    handler = Arrivals()
    logger = logging.getLogger("tiles")
    logger.addHandler(handler)
    logger.setLevel(level)
    try:
        yield handler
    finally:
        logger.removeHandler(handler)
        logger.setLevel(logging.NOTSET)


def test_the_loggers_level_and_a_handler_are_all_it_takes():
    logger = logging.getLogger("tiles")
    with arrivals(logging.INFO) as handler:
        add_one(source_never_built())
        at_info = [m for _, _, m in handler.arrived]
        logger.setLevel(logging.DEBUG)
        add_one(source_never_built())
        at_debug = [(level, m) for _, level, m in handler.arrived[len(at_info):]]
        logger.setLevel(logging.WARNING)
        add_one(source_never_built())
        at_warning = handler.arrived[len(at_info) + len(at_debug):]
    assert any(m.startswith("building kernel 'logged' for '") for m in at_info), at_info
    assert any(m.startswith("built kernel 'logged' for '") for m in at_info), at_info
    assert not any(m.startswith("upload of") for m in at_info)
    assert (logging.DEBUG, "upload of 64 bytes on '" + tiles.Context().device.name + "'") in at_debug
    assert at_warning == []


def test_messages_arrive_while_the_call_runs():
    """"building" arrives as the build starts, not with "built" once the call returns: they
    arrive about as far apart as the build took."""
    with arrivals(logging.INFO) as handler:
        add_one(source_never_built())
    building = [t for t, _, m in handler.arrived if m.startswith("building kernel 'logged'")]
    built = [(t, m) for t, _, m in handler.arrived if m.startswith("built kernel 'logged'")]
    assert len(building) == 1 and len(built) == 1, handler.arrived
    build_seconds = int(built[0][1].split(" in ")[1].split(" ms")[0]) / 1000
    # PoCL takes some milliseconds or more (20 ms in a Release build here), enough for the gap
    # below to tell a message said as the build starts from one held back to the call's end.
    assert build_seconds >= 0.005, built
    assert built[0][0] - building[0] > build_seconds / 2
