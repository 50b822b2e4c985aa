"""libtiles for Python: C++ AMP's tiling model on OpenCL, on numpy arrays.

    import numpy as np, tiles
    matrix = tiles.array_view(np.arange(64, dtype=np.float32).reshape(8, 8))
    averages = tiles.array_view(np.zeros((4, 4), dtype=np.float32))
    kernel = tiles.Kernel(source, "tile_average")        # OpenCL C with libtiles' prelude
    tiles.parallel_for_each(matrix.extent.tile(2, 2), kernel, matrix, averages)
    np.asarray(averages)                                  # brings the results home

Views share the numpy array's memory: after synchronize() (or numpy.asarray(view)) the
caller's array holds what the kernels wrote. Data moves only when it must; counters() shows it.
So writes into that numpy array after a launch used the view need view.refresh() before the next
launch, which would otherwise read the device's old copy (checked mode, TILES_CHECKED=1, warns
of them); assignments through the view (view[1, 2] = 5) need nothing.
The tiled algorithms (tiles.reduce, gemm, stencil and the others the algorithms guide lists)
take numpy arrays or tiles data and return numpy arrays; their launch parameters are
named data (tiles.get_parameters, set_parameters). reduce, gemm, matrix_multiply and stencil
also run on several contexts at once (contexts=[...], tiles.gpu_contexts()), and tiles.Split
splits a matrix's rows over them for kernels of one's own.
"""

from . import _algorithms, _log, _tiles, errors
from ._algorithms import *  # the algorithms, as its __all__ names them
from ._data import (array, array_view, asarray, copy, copy_async, empty, empty_like, from_dlpack, full, full_like, ones,
                    ones_like, pinned_empty, zeros, zeros_like)
from ._devices import (Context, Device, Diagnostic, Event, EventProfile, default_device, devices, reset_total_counters,
                       set_default_device, total_counters)
from ._fuse import fuse
from ._log import set_log_level
from ._parameters import get_parameters, parameter_sets, reset_parameters, set_parameters
from ._launch import Kernel, extent, local_memory, parallel_for_each, tiled_extent
from ._program import Program
from ._ranges import arange, linspace
from ._split import Band, Split, gpu_contexts
from ._user_kernels import ElementwiseKernel, ReductionKernel
from .errors import (BuildError, CheckFailed, Error, IndexOutOfRange, InvalidArgument, InvalidComputeDomain,
                     InvalidHandle, OpenCLError, OutOfMemory, Unsupported)

_tiles._set_error_classes(errors.BY_FAMILY)
_log._from_environment()
_log._start()

__version__: str = _tiles.version()

__all__ = [
    "array", "array_view", "asarray", "empty", "zeros", "ones", "full", "empty_like", "zeros_like", "ones_like",
    "full_like", "pinned_empty", "from_dlpack", "copy", "copy_async", "arange", "linspace",
    "Context", "Device", "Diagnostic", "Event", "EventProfile", "default_device", "devices", "total_counters",
    "reset_total_counters", "set_default_device",
    "Kernel", "Program", "ElementwiseKernel", "ReductionKernel", "extent", "tiled_extent", "local_memory",
    "parallel_for_each",
    "Error", "InvalidArgument", "IndexOutOfRange", "InvalidComputeDomain", "OutOfMemory", "BuildError", "Unsupported",
    "InvalidHandle", "CheckFailed", "OpenCLError", "__version__",
    "set_log_level", "fuse",
    "parameter_sets", "get_parameters", "set_parameters", "reset_parameters",
    "Split", "Band", "gpu_contexts",
]
__all__ += _algorithms.__all__
