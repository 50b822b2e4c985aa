// The parts of the _tiles extension, each adding its functions and classes to the module.
#pragma once

#include <pybind11/pybind11.h>

namespace tiles_python {

void register_errors(pybind11::module_& m);      // errors.cpp: the exception classes, status names
void register_log(pybind11::module_& m);         // log.cpp: libtiles' log for Python's logging
void register_dtypes(pybind11::module_& m);      // dtypes.cpp: the element types' maps, from the C API's table
void register_devices(pybind11::module_& m);     // devices.cpp: Device, Context, counters
void register_data(pybind11::module_& m);        // data.cpp: Array, View, Event, copies
void register_launch(pybind11::module_& m);      // launch.cpp: Kernel, LocalMemory, launches, users' kernels
void register_algorithms(pybind11::module_& m);  // algorithms.cpp: reduce, block_sum, gemm, ...
void register_dlpack(pybind11::module_& m);      // dlpack.cpp: DLPack capsules out of views and in
void register_parameters(pybind11::module_& m);  // parameters.cpp: the algorithms' launch parameters
void register_split(pybind11::module_& m);       // split.cpp: Split, a matrix split over contexts
void register_elementwise(pybind11::module_& m); // elementwise.cpp: numpy's arithmetic, one C call each
void register_names(pybind11::module_& m);       // names.cpp: the names of the C API's enumerations

} // namespace tiles_python
