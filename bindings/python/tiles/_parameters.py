"""The tiled algorithms' launch parameters by name (the C API's tiles_parameters_*): the parameter
sets ("stencil", "gemm_float", ...), the values in effect on a device, and overrides of them for
this process. Values come from an override, else the tuning file (TILES_TUNING_FILE, which the
tiles-tune command fills), else the table shipped with libtiles."""

from __future__ import annotations

from typing import Dict, List, Mapping, Optional

from . import _tiles
from ._checks import describe, integer, text
from ._devices import Device, device_handle
from .errors import InvalidArgument


def parameter_sets() -> List[str]:
    """The names of the parameter sets."""
    return _tiles.parameters_list(None).split()


def get_parameters(set: str, *, device: Optional[Device] = None) -> Dict[str, int]:
    """The values of `set`'s parameters in effect on `device` (None: the default device), by name."""
    set = text(set, "a parameter set")
    handle = device_handle(device)
    return {name: _tiles.parameters_get(handle, set, name) for name in _tiles.parameters_list(set).split()}


def set_parameters(set: str, values: Mapping[str, int], *, device: Optional[Device] = None) -> None:
    """From now on, in this process, `set` runs on `device` (None: the default device) with `values`
    for the parameters they name and its current values for the others. Raises InvalidArgument,
    changing nothing, for an unknown set or name or values the kernel or device cannot run with."""
    set = text(set, "a parameter set")
    if not isinstance(values, Mapping):
        raise InvalidArgument(f"values is a mapping of parameter names to ints, not {describe(values)}")
    names = [text(name, "a parameter's name") for name in values]
    numbers = [integer(values[name], f"{name}'s value", -2**31, 2**31 - 1) for name in names]
    _tiles.parameters_set(device_handle(device), set, names, numbers)


def reset_parameters(set: Optional[str] = None, *, device: Optional[Device] = None) -> None:
    """Forgets the overrides of `set` (None: of every set) on `device` (None: the default device)."""
    _tiles.parameters_reset(device_handle(device), None if set is None else text(set, "a parameter set"))
