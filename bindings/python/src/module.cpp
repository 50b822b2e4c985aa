// libtiles Python bindings: the _tiles extension, over the C API (tiles.h) alone. It turns
// handles into Python objects that release them when collected, statuses into the exceptions
// of tiles.errors, numpy arrays into views of their memory, and Python values into launch
// arguments. The Pythonic surface is the pure-Python package `tiles` around it.
#include <pybind11/pybind11.h>

#include <string>

#include "registration.hpp"
#include "tiles.h"

PYBIND11_MODULE(_tiles, m) {
    m.doc() = "libtiles' C API for Python; use the package `tiles`, which wraps it.";
    m.def("version", [] { return std::string(tiles_version_string()); });
    tiles_python::register_errors(m);
    tiles_python::register_log(m);
    tiles_python::register_dtypes(m);
    tiles_python::register_devices(m);
    tiles_python::register_data(m);
    tiles_python::register_launch(m);
    tiles_python::register_algorithms(m);
    tiles_python::register_dlpack(m);
    tiles_python::register_parameters(m);
    tiles_python::register_split(m);
    tiles_python::register_elementwise(m);
    tiles_python::register_names(m);
}
