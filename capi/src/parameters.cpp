// libtiles C API: the tiled algorithms' launch parameters by name (tiles/parameters.hpp).
#include <map>
#include <mutex>

#include "capi_internal.hpp"
#include "tiles/marked_names.hpp"
#include "tiles/parameters.hpp"

using namespace tiles::capi;

namespace {

tiles::accelerator device_or_default(const tiles_device* device) {
    return device == nullptr ? tiles::accelerator() : live(device, "device").accelerator;
}

std::string text_of(const char* text, const char* what) {
    if (text == nullptr) throw tiles::invalid_argument(std::string(what) + " is NULL");
    return text;
}

// "a b c": the names, space-separated, kept for the process's life so that callers may hold them.
const char* static_list(const std::string& key, const std::vector<std::string>& names) {
    static std::mutex mutex;
    static tiles::engine::immortal<std::map<std::string, std::string>> lists;
    std::lock_guard<std::mutex> lock(mutex);
    auto found = lists->find(key);
    if (found == lists->end()) {
        std::string list;
        for (const std::string& name : names) list += (list.empty() ? "" : " ") + name;
        found = lists->emplace(key, list).first;
    }
    return found->second.c_str();
}

} // namespace

extern "C" {

tiles_status tiles_parameters_list(const char** out, const char* set) {
    return guard([&] {
        check_out(out);
        *out =
            set == nullptr ? static_list("", tiles::parameter_sets()) : static_list(set, tiles::parameter_names(set));
    });
}

tiles_status tiles_parameters_get(int* out, const tiles_device* device, const char* set, const char* name) {
    return guard([&] {
        check_out(out);
        const std::string wanted = text_of(name, "the parameter's name");
        const std::string set_name = text_of(set, "the parameter set's name");
        for (const auto& [parameter, value] : tiles::get_parameters(device_or_default(device), set_name))
            if (parameter == wanted) {
                *out = value;
                return;
            }
        throw tiles::invalid_argument("the parameter set " + set_name + " has no parameter '" + wanted +
                                      "'; tiles_parameters_list names them");
    });
}

tiles_status tiles_parameters_set(const tiles_device* device, const char* set, const char* const* names,
                                  const int* values, size_t count) {
    return guard([&] {
        if (count > 0 && (names == nullptr || values == nullptr))
            throw tiles::names_marked<tiles::invalid_argument>(tiles::marked_function("tiles_parameters_set") +
                                                               ": names or values is NULL, with a count of " +
                                                               std::to_string(count));
        tiles::parameter_values named;
        for (size_t i = 0; i < count; ++i) named.emplace_back(text_of(names[i], "a parameter's name"), values[i]);
        tiles::set_parameters(device_or_default(device), text_of(set, "the parameter set's name"), named);
    });
}

tiles_status tiles_parameters_reset(const tiles_device* device, const char* set) {
    return guard([&] { tiles::reset_parameters(device_or_default(device), set == nullptr ? "" : set); });
}

} // extern "C"
