"""libtiles' log in Python's logging module, under the logger "tiles": what checked contexts find
at WARNING, kernel builds (a line when one starts, another with its time and compiler warnings),
program-cache hits and misses and tuning at INFO, transfers at DEBUG. libtiles logs at the level
the logger has, so `logging.getLogger("tiles").setLevel(logging.INFO)` (or the root logger's
level) with a handler is all it takes. Messages arrive as they happen, from the thread
"tiles-log" while a call that released the GIL runs, and all of a call's before it returns.
TILES_LOG=info (or warning, debug, off) in the environment sets the logger's level, and prints
the messages on stderr where logging is not configured."""

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


def _from_environment() -> None:
    level = os.environ.get("TILES_LOG", "")
    if level not in _LEVELS:
        return  # the library itself warns about values it does not know
    set_log_level(level)
    if level != "off" and not logger.handlers and not logging.getLogger().handlers:
        handler = logging.StreamHandler(sys.stderr)
        handler.setFormatter(_Formatter())
        logger.addHandler(handler)


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
