// libtiles engine: the kinds of device that the rows of the parameter tables (the algorithms' and
// the engine's staging table) are for, and the one rule that picks a device's row. A row states
// what devices report (their type, their vendor, NVIDIA's compute capability), never a device's
// name, so that every device of a measured kind takes its values: an H100, a GH200 or an H20
// those measured on the H200, all of compute capability 9.0.
#pragma once

#include <cstddef>
#include <iterator>
#include <optional>
#include <string>

#include "devices/device_info.hpp"

namespace tiles::engine {

// Devices of `type` (CL_DEVICE_TYPE_ALL: any) whose CL_DEVICE_VENDOR contains `vendor` ("": any
// vendor's) and, where `compute_capability` is not 0, of NVIDIA's compute capability of that
// major number (major * 10 + minor).
struct device_class {
    cl_device_type type;
    const char* vendor;
    int compute_capability;
};

// The classes the tables' rows are for.
constexpr device_class nvidia_hopper{CL_DEVICE_TYPE_GPU, "NVIDIA", 90}; // H100, H200, GH200, H20
constexpr device_class every_cpu{CL_DEVICE_TYPE_CPU, "", 0};
constexpr device_class every_device{CL_DEVICE_TYPE_ALL, "", 0};

// "NVIDIA GPUs of compute capability 9.x", "CPUs", "every device": what messages call a class.
std::string class_description(const device_class& kind);

// The values of a parameter table for the devices of a class.
template <class Values> struct device_row {
    device_class kind;
    Values values;
};

// What a device is, in a class's terms: its type, its vendor and its compute capability.
device_class class_of(const device_info& device);

// How far a device of class `device` lies from the class of a row: nullopt where it is not of the
// row's type and vendor, else the lower the nearer. The rule for every table: a device takes the
// first of the rows nearest it. A row that names a compute capability is nearer than one that names
// none: its own major number first, else the nearest capability (an Ampere or Ada GPU takes
// Hopper's row while no row is nearer; of two equally near, the newer). A row that names a vendor
// is nearer than one that names none. The last row of every table is for every device: the
// generic values that a device without a row of its own starts from, until tiles-tune measures it.
std::optional<int> distance(const device_class& row, const device_class& device);

// The index of the row of `rows` (an array or a vector of device_row) for a device of `device`.
template <class Rows> std::size_t nearest_row(const Rows& rows, const device_class& device) {
    std::size_t nearest = std::size(rows) - 1;
    std::optional<int> least;
    for (std::size_t i = 0; i < std::size(rows); ++i)
        if (const std::optional<int> d = distance(std::begin(rows)[i].kind, device); d && (!least || *d < *least))
            nearest = i, least = d;
    return nearest;
}

// Whether a device of `device` is of `row`'s class itself, compute capability's major number
// included: the row was measured on its kind of device, rather than being the nearest or the
// generic one.
bool of_class(const device_class& row, const device_class& device);

// What TILES_CHECKED_AS may name: "gpu" and "cpu" (a GPU and a CPU of no vendor that a row names),
// or a name that contains a known device's ("H200", "NVIDIA H100 80GB HBM3"), as the class of that
// device; nullopt for any other name.
std::optional<device_class> class_named(const std::string& name);

// The known devices' names class_named takes, for messages: "GH200, H200, H100 or H20".
std::string known_device_names();

} // namespace tiles::engine
