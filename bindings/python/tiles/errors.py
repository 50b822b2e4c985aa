"""Exceptions of libtiles: one class per family of the C API's statuses, all under Error."""

from typing import Callable, Dict, List, Optional


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


class IndexOutOfRange(InvalidArgument, IndexError):
    """An index outside its dimension (view[3] of 3 elements): also an IndexError, as numpy
    raises, so that iterating over a view or an array ends at its last element."""


class InvalidComputeDomain(Error, ValueError):
    """An extent or tile that cannot be launched: not positive, not divisible, beyond the device."""


class OutOfMemory(Error, MemoryError):
    """The device or host could not provide the memory asked for."""


class BuildError(Error):
    """A kernel did not compile; the message holds the compiler's log, and build_log the log
    alone."""

    @property
    def build_log(self) -> str:
        """The compiler's log, without the message's first line naming the kernel and device."""
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


# The Python face of the functions that Python reaches, by the key a message marks them with; the
# algorithms' (tiles_<name>, tiles_<name>_as, _into and _split: <name>) come from their descriptions.
_PYTHON_NAMES: Dict[str, str] = {
    "tiles_block_grid": "the blocks", "tiles_parameters_set": "set_parameters",
    "tiles_split_create": "tiles.Split", "tiles_split_scatter": "Split.scatter", "tiles_split_gather": "Split.gather",
    "split_matrix::scatter": "Split.scatter", "split_matrix::gather": "Split.gather",
    "tiles_view_reshape": "view_as", "tiles_view_reinterpret": "reinterpret_as", "tiles_copy": "copy",
    "tiles_view_read": "a read", "tiles_view_write": "writing into the view",
    "tiles_view_data with TILES_ACCESS_READ_WRITE": "writing through numpy",
    "tiles_view_get_opencl_buffer for writing": "opencl_buffer(write=True)",
}

# tiles.h's marked_message: each name the message gives is _BOUND kind _FIELD key _FIELD text _BOUND.
_BOUND, _FIELD = "\x1e", "\x1f"

# _PYTHON_NAMES with the algorithms' functions, made on first use from the extension's descriptions.
_python_names: Optional[Dict[str, str]] = None


def _function_names() -> Dict[str, str]:
    global _python_names
    if _python_names is None:
        from . import _tiles
        names = {f"tiles_{a['name']}{suffix}": a["name"]
                 for a in _tiles.algorithms() for suffix in ("", "_as", "_into", "_split")}
        names.update(_PYTHON_NAMES)
        _python_names = names  # whole before another thread can see it
    return _python_names


def _said_in_python(kind: str, key: str, text: str) -> str:
    """A name marked in a message, as Python says it: a C function by its Python name (as C names
    it where Python has none), an element type by numpy's ("structured" for a struct)."""
    if kind == "f":
        return _function_names().get(key, text)
    if kind not in ("e", "a"):  # a kind this Python does not know: as C says it
        return text
    dtype = key or "structured"
    if kind == "a":  # the article of numpy's name, which may not be that of OpenCL's ("a long", "an int64")
        return ("an " if dtype[0] in "aeio" else "a ") + dtype
    return dtype


def _marked_names_in_python(marked: str) -> str:
    """tiles.h's marked_message with each marked name as Python says it."""
    pieces = marked.split(_BOUND)  # text, then a name, text, a name, ..., text
    for i in range(1, len(pieces), 2):
        pieces[i] = _said_in_python(*pieces[i].split(_FIELD, 2))
    return "".join(pieces)


def conversion(given: str, taken: List[str]) -> str:
    """What a refusal of dtype `given` adds, where `taken` are the dtypes that will do: the astype()
    that converts the data."""
    kind = given.rstrip("0123456789")
    bits = int(given[len(kind):] or 0)
    same_kind = [t for t in taken if t.rstrip("0123456789") == kind and t != given]
    # Exact conversions first: a wider type of the kind, or for unsigned integers a wider signed
    # one; then a narrower one of the kind, where the values fit.
    exact = [t for t in same_kind if int(t[len(kind):] or 0) > bits] + [
        t for t in taken if kind == "uint" and t.startswith("int") and int(t[3:]) > bits]
    target = (exact[0] if exact else same_kind[0] if same_kind else
              "float32" if "float32" in taken else taken[0])
    fits = (f" (where its values fit in {target})" if kind in ("int", "uint") and target != "float32" and
            not exact else "")
    return f"convert it first, with x.astype(np.{target}){fits}"


def _conversion_hint(message: str, refusal: Optional[Dict[str, Optional[str]]]) -> str:
    """A refusal of a kernel's argument's or an operand's dtype, with what converts it. `refusal` is
    the C API's parts of the refusal (tiles_last_error_parts) with numpy's names, or None."""
    if refusal is None:
        return message
    given, wanted = refusal["given"], refusal["wanted"]
    if refusal["kind"] == "no_double_precision":
        return f"{message}: convert it first, with x.astype(np.float32)"
    if wanted is None:
        return message
    if refusal["kind"] == "operands_differ":
        return f"{message}: convert {refusal['role']} first, with .astype(np.{wanted})"
    if given is None:  # bytes of a struct: no astype() makes them the parameter's type
        return message
    return f"{message}: pass x.astype(np.{wanted}), or declare the parameter a {refusal['given_opencl']}*"


def for_python(message: str, refusal: Optional[Dict[str, Optional[str]]] = None,
               marked: Optional[str] = None) -> str:
    """A C API message as Python says it: numpy's dtype names for OpenCL's types ("int64", not
    "long (int64)"), Python's names for the C API's functions, and, for a dtype a kernel's argument
    or an operand does not take (`refusal`, its parts), the astype() that converts the data.
    `marked` is the message with its names marked (tiles.h's marked_message), where it names any;
    a message without marks is said as it is, whatever it holds."""
    text = _marked_names_in_python(marked) if marked is not None else message
    return _conversion_hint(text, refusal)


#: How the extension finds the class for a status family, and (for_python) how to say a message.
BY_FAMILY: Dict[str, Callable] = {
    "error": Error,
    "invalid_argument": InvalidArgument,
    "invalid_compute_domain": InvalidComputeDomain,
    "out_of_memory": OutOfMemory,
    "build": BuildError,
    "unsupported": Unsupported,
    "invalid_handle": InvalidHandle,
    "check_failed": CheckFailed,
    "opencl": OpenCLError,
    "for_python": for_python,
}
