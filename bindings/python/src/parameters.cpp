// The tiled algorithms' launch parameters by name: the sets and their parameters, the values in
// effect on a device, and overrides of them (tiles_parameters_*).
#include <optional>
#include <string>
#include <vector>

#include "common.hpp"
#include "registration.hpp"

namespace tiles_python {

void register_parameters(py::module_& m) {
    m.def(
        "parameters_list",
        [](const std::optional<std::string>& set) {
            const char* list = nullptr;
            check(tiles_parameters_list(&list, set ? set->c_str() : nullptr));
            return std::string(list);
        },
        py::arg("set"));
    m.def(
        "parameters_get",
        [](const Device* device, const std::string& set, const std::string& name) {
            int value = 0;
            check(tiles_parameters_get(&value, device_or_null(device), set.c_str(), name.c_str()));
            return value;
        },
        py::arg("device"), py::arg("set"), py::arg("name"));
    m.def(
        "parameters_set",
        [](const Device* device, const std::string& set, const std::vector<std::string>& names,
           const std::vector<int>& values) {
            if (names.size() != values.size())
                raise(TILES_ERROR_INVALID_ARGUMENT, "parameters_set: " + std::to_string(names.size()) + " names and " +
                                                        std::to_string(values.size()) + " values");
            std::vector<const char*> pointers;
            for (const std::string& name : names) pointers.push_back(name.c_str());
            check(tiles_parameters_set(device_or_null(device), set.c_str(), pointers.data(), values.data(),
                                       values.size()));
        },
        py::arg("device"), py::arg("set"), py::arg("names"), py::arg("values"));
    m.def(
        "parameters_reset",
        [](const Device* device, const std::optional<std::string>& set) {
            check(tiles_parameters_reset(device_or_null(device), set ? set->c_str() : nullptr));
        },
        py::arg("device"), py::arg("set"));
}

} // namespace tiles_python
