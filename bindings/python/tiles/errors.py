"""Exceptions of libtiles: one class per family of the C API's statuses, all under Error."""

from typing import Dict


class Error(Exception):
    """A libtiles call failed. ``status`` is the C API's status code, ``status_name`` its name
    ("TILES_ERROR_BUILD", "CL_OUT_OF_RESOURCES"), and the message says what went wrong."""

    def __init__(self, message: str, status: int = -2099, status_name: str = "TILES_ERROR_INTERNAL"):
        super().__init__(message)
        self.status = status
        self.status_name = status_name


class InvalidArgument(Error, ValueError, TypeError):
    """A value that does not fit: a wrong type, dtype, shape, number or kind of kernel arguments.
    Also a ValueError and a TypeError, as numpy raises for the same mistakes."""


class InvalidComputeDomain(Error, ValueError):
    """An extent or tile that cannot be launched: not positive, not divisible, beyond the device."""


class OutOfMemory(Error, MemoryError):
    """The device or host could not provide the memory asked for."""


class BuildError(Error):
    """A kernel did not compile; the message holds the compiler's log, and build_log the log
    alone."""

    @property
    def build_log(self) -> str:
        # libtiles' message is "kernel '<name>' could not be built for '<device>': <why>:\n<log>".
        return str(self).partition(":\n")[2]


class Unsupported(Error):
    """The device lacks a feature the call needs (double precision, say)."""


class InvalidHandle(Error):
    """An object used after release(), or a handle of the wrong kind."""


class CheckFailed(Error):
    """A launch on a strict checked context found problems (the message lists them; the context's
    diagnostics() has them as objects)."""


class OpenCLError(Error):
    """An OpenCL call failed; ``status`` is OpenCL's own code."""


# How the extension finds the class for a status family.
BY_FAMILY: Dict[str, type] = {
    "error": Error,
    "invalid_argument": InvalidArgument,
    "invalid_compute_domain": InvalidComputeDomain,
    "out_of_memory": OutOfMemory,
    "build": BuildError,
    "unsupported": Unsupported,
    "invalid_handle": InvalidHandle,
    "check_failed": CheckFailed,
    "opencl": OpenCLError,
}
