// The names of the C API's enumerations' values, which the Python package reads rather than
// spelling them again: _tiles.names("reduction") is ["sum", "min", "max"], in the values' order.
#include <string>
#include <vector>

#include "common.hpp"
#include "registration.hpp"

namespace tiles_python {

void register_names(py::module_& m) {
    m.def(
        "names",
        [](const std::string& enumeration) -> std::vector<std::string> {
            if (enumeration == "log_level") return names_of(tiles_log_level_name);
            if (enumeration == "reduction") return names_of(tiles_reduction_name);
            if (enumeration == "precision") return names_of(tiles_precision_name);
            if (enumeration == "diagnostic_kind") return names_of(tiles_diagnostic_kind_name);
            if (enumeration == "memory_space") return names_of(tiles_memory_space_name);
            raise(TILES_ERROR_INVALID_ARGUMENT, "no enumeration is named '" + enumeration + "'");
        },
        py::arg("enumeration"));
}

} // namespace tiles_python
