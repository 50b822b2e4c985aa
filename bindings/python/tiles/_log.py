"""libtiles' log in Python's logging module, under the logger "tiles": what checked contexts find
at WARNING, kernel builds (a line when one starts, another with its time and compiler warnings),
program-cache hits and misses and tuning at INFO, transfers at DEBUG. libtiles logs at the level
the logger has, so `logging.getLogger("tiles").setLevel(logging.INFO)` (or the root logger's
level) with a handler is all it takes. Messages arrive as they happen, from the thread
"tiles-log" while a call that released the GIL runs, and all of a call's before it returns.
TILES_LOG=info (or warning, debug, off) in the environment sets the logger's level. Where logging
is not configured, the messages go to stderr as C and C++ write them, "libtiles LEVEL: message"."""

from __future__ import annotations

import atexit
import logging
import os
import sys
import threading

from . import _tiles
from .errors import InvalidArgument

logger = logging.getLogger("tiles")

# logging's level for each of libtiles' (tiles_log_level's values in order), whose names the C API
# gives; "off" is above every level logging has.
_AS_LOGGING = (logging.CRITICAL + 1, logging.INFO, logging.DEBUG, logging.WARNING)
_FROM_LIBTILES = dict(enumerate(_AS_LOGGING))
# The names set_log_level takes, from the quietest level to the most talkative.
_LEVELS = dict(sorted(zip(_tiles.names("log_level"), _AS_LOGGING), key=lambda level: -level[1]))


def _deliver(level: int, message: str) -> None:
    logger.log(_FROM_LIBTILES.get(level, logging.INFO), message)


def set_log_level(level: str) -> None:
    """Sets the level of the logger "tiles": "off", "warning" (what checked contexts find, the
    default), "info" or "debug"; the same as logger.setLevel with logging's levels."""
    if level not in _LEVELS:
        *most, last = (repr(name) for name in _LEVELS)
        raise InvalidArgument(f"the log level is {', '.join(most)} or {last}, not {level!r}")
    logger.setLevel(_LEVELS[level])


class _Formatter(logging.Formatter):
    """"libtiles info: message", as libtiles writes its log on stderr in C and C++."""

    def format(self, record: logging.LogRecord) -> str:
        return f"libtiles {record.levelname.lower()}: {record.getMessage()}"


class _StderrWhereUnconfigured(logging.StreamHandler):
    """The log on stderr as C and C++ write it, for as long as the application has configured no
    handler of its own (where logging's last resort would print the bare message): every line
    with the same "libtiles LEVEL: " prefix, whatever TILES_LOG says."""

    def __init__(self) -> None:
        super().__init__(sys.stderr)
        self.setFormatter(_Formatter())

    def emit(self, record: logging.LogRecord) -> None:
        if logging.getLogger().handlers or any(h is not self for h in logger.handlers):
            return  # the application's handlers have it
        self.stream = sys.stderr  # as logging's last resort, the stderr of the moment
        super().emit(record)


def _from_environment() -> None:
    level = os.environ.get("TILES_LOG", "")
    stderr = _StderrWhereUnconfigured()
    if level in _LEVELS:
        set_log_level(level)
    else:
        stderr.setLevel(logging.WARNING)  # as logging's last resort; the library warns about a value it does not take
    logger.addHandler(stderr)


_delivery: threading.Thread


def _start_delivery() -> None:
    global _delivery
    _delivery = threading.Thread(target=_tiles._deliver_log_forever, name="tiles-log", daemon=True)
    _delivery.start()


def _stop_delivery() -> None:
    _tiles._stop_log_delivery()
    _delivery.join()


def _after_fork_in_child() -> None:
    _tiles._renew_log_delivery_after_fork()
    _start_delivery()


def _start() -> None:
    _tiles._set_log(logger, _deliver)
    _start_delivery()
    atexit.register(_stop_delivery)
    os.register_at_fork(after_in_child=_after_fork_in_child)
