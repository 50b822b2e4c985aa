// libtiles engine: the parameter tables' classes of devices and the rule that picks a device's row.
#include "devices/device_class.hpp"

#include <cstdlib>
#include <cstring>
#include <iterator>

namespace tiles::engine {
namespace {

// The devices TILES_CHECKED_AS may name, each with its class, longer names before those they
// contain ("GH200" before "H200", "H200" before "H20").
struct named_class {
    const char* name;
    device_class kind;
};
constexpr named_class named_classes[] = {
    {"gpu", {CL_DEVICE_TYPE_GPU, "", 0}},          {"cpu", {CL_DEVICE_TYPE_CPU, "", 0}},
    {"GH200", {CL_DEVICE_TYPE_GPU, "NVIDIA", 90}}, {"H200", {CL_DEVICE_TYPE_GPU, "NVIDIA", 90}},
    {"H100", {CL_DEVICE_TYPE_GPU, "NVIDIA", 90}},  {"H20", {CL_DEVICE_TYPE_GPU, "NVIDIA", 90}},
};

} // namespace

std::string class_description(const device_class& kind) {
    const std::string vendor = *kind.vendor != '\0' ? std::string(kind.vendor) + " " : "";
    const char* type = kind.type == CL_DEVICE_TYPE_GPU ? "GPUs" : kind.type == CL_DEVICE_TYPE_CPU ? "CPUs" : "devices";
    std::string description = kind.type == CL_DEVICE_TYPE_ALL && vendor.empty() ? "every device" : vendor + type;
    if (kind.compute_capability != 0)
        description += " of compute capability " + std::to_string(kind.compute_capability / 10) + ".x";
    return description;
}

device_class class_of(const device_info& device) {
    return {device.type, device.vendor.c_str(), device.compute_capability};
}

std::optional<int> distance(const device_class& row, const device_class& device) {
    if ((device.type & row.type) == 0 || std::strstr(device.vendor, row.vendor) == nullptr) return std::nullopt;
    if (row.compute_capability == 0) return *row.vendor != '\0' ? 10000 : 20000;
    if (device.compute_capability == 0) return std::nullopt;
    const int apart = std::abs(device.compute_capability - row.compute_capability);
    const bool same_major = device.compute_capability / 10 == row.compute_capability / 10;
    return (same_major ? 0 : 1000) + 2 * apart + (row.compute_capability < device.compute_capability ? 1 : 0);
}

bool of_class(const device_class& row, const device_class& device) {
    return distance(row, device).has_value() &&
           (row.compute_capability == 0 || row.compute_capability / 10 == device.compute_capability / 10);
}

std::optional<device_class> class_named(const std::string& name) {
    for (const named_class& known : named_classes)
        if (known.kind.compute_capability == 0 ? name == known.name : name.find(known.name) != std::string::npos)
            return known.kind;
    return std::nullopt;
}

std::string known_device_names() {
    std::string names;
    const std::size_t known = std::size(named_classes);
    for (std::size_t i = 0; i < known; ++i)
        if (named_classes[i].kind.compute_capability != 0)
            names += std::string(names.empty() ? "" : i + 1 == known ? " or " : ", ") + named_classes[i].name;
    return names;
}

} // namespace tiles::engine
