"""libtiles' log in Python's logging module, under the logger "tiles": kernel builds with their
time and compiler warnings, program-cache hits and misses and gemm's tuning at INFO, transfers at
DEBUG. set_log_level("info") turns it on; so does TILES_LOG=info (or debug) in the environment,
which also prints the messages on stderr where logging is not configured."""

from __future__ import annotations

import logging
import os
import sys

from . import _tiles
from .errors import InvalidArgument

logger = logging.getLogger("tiles")

_LEVELS = {"off": 0, "info": 1, "debug": 2}


def _deliver(level: int, message: str) -> None:
    logger.log(logging.DEBUG if level == 2 else logging.INFO, message)


def set_log_level(level: str) -> None:
    """Sends libtiles' messages up to `level` ("off", "info" or "debug") to the logger "tiles";
    they arrive when the call that caused them returns."""
    if level not in _LEVELS:
        raise InvalidArgument(f"the log level is 'off', 'info' or 'debug', not {level!r}")
    _tiles._set_log(_LEVELS[level], _deliver if level != "off" else None)


def _from_environment() -> None:
    level = os.environ.get("TILES_LOG", "")
    if level not in ("info", "debug"):
        return  # the library itself warns about values it does not know
    set_log_level(level)
    if not logger.handlers and not logging.getLogger().handlers:
        handler = logging.StreamHandler(sys.stderr)
        handler.setFormatter(logging.Formatter("libtiles %(levelname)s: %(message)s"))
        logger.addHandler(handler)
    logger.setLevel(logging.DEBUG if level == "debug" else logging.INFO)
