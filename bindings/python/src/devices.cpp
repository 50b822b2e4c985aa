// Devices, contexts (C++ AMP's accelerator views), their counters and checked mode's reports.
#include <cstdint>
#include <string>

#include "common.hpp"
#include "registration.hpp"

namespace tiles_python {

namespace {

py::dict counters_dict(const tiles_counters& c) {
    py::dict d;
    d["uploads"] = c.uploads;
    d["downloads"] = c.downloads;
    d["bytes_uploaded"] = c.bytes_uploaded;
    d["bytes_downloaded"] = c.bytes_downloaded;
    d["device_copies"] = c.device_copies;
    d["bytes_copied_on_device"] = c.bytes_copied_on_device;
    d["kernel_builds"] = c.kernel_builds;
    d["cache_hits"] = c.cache_hits;
    d["launches"] = c.launches;
    d["binary_loads"] = c.binary_loads;
    d["staged_transfers"] = c.staged_transfers;
    d["bytes_staged"] = c.bytes_staged;
    d["buffers_allocated"] = c.buffers_allocated;
    d["buffers_reused"] = c.buffers_reused;
    return d;
}

py::dict counters_of(tiles_context* context) {
    tiles_counters c = TILES_COUNTERS_INIT;
    check(tiles_context_get_counters(&c, context));
    return counters_dict(c);
}

// `count` indices of 3 ints each, as tuples.
py::list index_tuples(const int* flat, size_t count) {
    py::list tuples;
    for (size_t i = 0; i < count; ++i) tuples.append(py::make_tuple(flat[3 * i], flat[3 * i + 1], flat[3 * i + 2]));
    return tuples;
}

// What a checked context found, as a list of dicts (tiles.Diagnostic wraps them).
py::list report_of(const tiles_context* context) {
    tiles_report* report = nullptr;
    check(tiles_context_get_report(&report, context));
    py::list diagnostics;
    size_t count = 0;
    tiles_status status = tiles_report_count(&count, report);
    for (size_t i = 0; status == TILES_SUCCESS && i < count; ++i) {
        tiles_diagnostic d = TILES_DIAGNOSTIC_INIT;
        status = tiles_report_get(&d, report, i);
        if (status != TILES_SUCCESS) break;
        py::dict entry;
        entry["kind"] = tiles_diagnostic_kind_name(d.kind);
        entry["space"] = tiles_memory_space_name(d.space);
        entry["kernel"] = d.kernel;
        entry["line"] = d.line;
        entry["column"] = d.column;
        entry["source_line"] = d.source_line;
        entry["other_line"] = d.other_line;
        entry["other_column"] = d.other_column;
        entry["work_items"] = index_tuples(d.work_items, d.work_item_count);
        entry["message"] = d.message;
        entry["text"] = d.text;
        entry["tiles"] = index_tuples(d.tiles, d.tile_count);
        entry["reached_barrier"] = d.reached_barrier;
        entry["tile_size"] = d.tile_size;
        diagnostics.append(entry);
    }
    tiles_report_release(report);
    check(status);
    return diagnostics;
}

// Each backend's verdict on the device (tiles_device_backend_verdict), as tiles-info's JSON has it.
py::list backends_of(const Device& device) {
    size_t count = 0;
    check(tiles_device_backend_count(&count, device.get()));
    py::list verdicts;
    for (size_t b = 0; b < count; ++b) {
        tiles_backend_verdict v = TILES_BACKEND_VERDICT_INIT;
        check(tiles_device_backend_verdict(&v, device.get(), b));
        py::dict d;
        d["name"] = v.name;
        d["serves"] = bool(v.serves);
        d["probed"] = std::vector<std::string>(v.probed, v.probed + v.probed_count);
        d["refused"] = std::vector<std::string>(v.refused, v.refused + v.refused_count);
        verdicts.append(d);
    }
    return verdicts;
}

// Device: C++ AMP's accelerator.
void register_device(py::module_& m) {
    py::class_<Device>(m, "Device")
        .def_static("count",
                    [] {
                        size_t n = 0;
                        check(tiles_device_count(&n));
                        return n;
                    })
        .def_static(
            "get",
            [](size_t index) {
                tiles_device* d = nullptr;
                check(tiles_device_get(&d, index));
                return new Device(d, "device");
            },
            py::arg("index"))
        .def_static("default",
                    [] {
                        tiles_device* d = nullptr;
                        check(tiles_device_default(&d));
                        return new Device(d, "device");
                    })
        .def_static(
            "select",
            [](const std::string& selector) {
                tiles_device* d = nullptr;
                check(tiles_device_select(&d, selector.c_str()));
                return new Device(d, "device");
            },
            py::arg("selector"))
        .def_static("default_reason",
                    [] {
                        const char* r = nullptr;
                        check(tiles_device_default_reason(&r));
                        return std::string(r);
                    })
        .def("info",
             [](const Device& self) {
                 tiles_device_info i = TILES_DEVICE_INFO_INIT;
                 check(tiles_device_get_info(&i, self.get()));
                 py::dict d;
                 d["name"] = i.name;
                 d["vendor"] = i.vendor;
                 d["platform_name"] = i.platform_name;
                 d["driver_version"] = i.driver_version;
                 d["device_version"] = i.device_version;
                 d["is_gpu"] = bool(i.is_gpu);
                 d["is_cpu"] = bool(i.is_cpu);
                 d["platform_index"] = i.platform_index;
                 d["device_index"] = i.device_index;
                 d["max_tile_size"] = i.max_tile_size;
                 d["max_tile_extent"] =
                     py::make_tuple(i.max_tile_extent[0], i.max_tile_extent[1], i.max_tile_extent[2]);
                 d["tile_static_memory"] = i.tile_static_memory;
                 d["global_memory"] = i.global_memory;
                 d["max_allocation"] = i.max_allocation;
                 d["supports_fp64"] = bool(i.supports_fp64);
                 d["device_path"] = i.device_path;
                 d["version"] = py::make_tuple(i.version >> 16, i.version & 0xFFFF);
                 d["is_debug"] = bool(i.is_debug);
                 d["is_emulated"] = bool(i.is_emulated);
                 d["has_display"] = bool(i.has_display);
                 d["supports_limited_fp64"] = bool(i.supports_limited_fp64);
                 d["supports_cpu_shared_memory"] = bool(i.supports_cpu_shared_memory);
                 return d;
             })
        .def("backends", &backends_of)
        .def_static(
            "set_default",
            [](const std::string& selector) {
                int set = 0;
                check(tiles_device_set_default(&set, selector.c_str()));
                return bool(set);
            },
            py::arg("selector"))
        .def("release", &Device::release);
}

// A context's making and its queue: its device, waits, flushes and markers.
void add_context_queue(py::class_<Context>& context_class) {
    context_class
        .def_static(
            "create",
            [](const Device* d, bool immediate) {
                tiles_context* c = nullptr;
                check(tiles_context_create_with_queuing_mode(
                    &c, device_or_null(d), immediate ? TILES_QUEUING_IMMEDIATE : TILES_QUEUING_AUTOMATIC));
                return new Context(c, "context");
            },
            py::arg("device") = nullptr, py::arg("immediate") = false)
        .def_static(
            "default",
            [](const Device* d) {
                tiles_context* c = nullptr;
                check(tiles_context_default(&c, device_or_null(d)));
                return new Context(c, "context");
            },
            py::arg("device") = nullptr)
        .def("device",
             [](const Context& self) {
                 tiles_device* d = nullptr;
                 check(tiles_context_get_device(&d, self.get()));
                 return new Device(d, "device");
             })
        .def("wait",
             [](const Context& self) {
                 tiles_context* c = self.get();
                 check(without_gil([&] { return tiles_context_wait(c); }));
             })
        .def("is_immediate",
             [](const Context& self) {
                 tiles_queuing_mode mode = TILES_QUEUING_AUTOMATIC;
                 check(tiles_context_get_queuing_mode(&mode, self.get()));
                 return mode == TILES_QUEUING_IMMEDIATE;
             })
        .def("flush", [](const Context& self) { check(tiles_context_flush(self.get())); })
        .def("create_marker", [](const Context& self) {
            tiles_event* e = nullptr;
            check(tiles_context_create_marker(&e, self.get()));
            return new Event(e, "event");
        });
}

// A context's counters and its memory pool.
void add_context_counters_and_pool(py::class_<Context>& context_class) {
    context_class.def("counters", [](const Context& self) { return counters_of(self.get()); })
        .def("reset_counters", [](const Context& self) { check(tiles_context_reset_counters(self.get())); })
        .def("pool",
             [](const Context& self) {
                 std::uint64_t bytes = 0, limit = 0;
                 check(tiles_context_get_pool(&bytes, &limit, self.get()));
                 return py::make_tuple(bytes, limit);
             })
        .def(
            "set_pool_limit",
            [](const Context& self, std::uint64_t bytes) { check(tiles_context_set_pool_limit(self.get(), bytes)); },
            py::arg("bytes"))
        .def("free_pool", [](const Context& self) { check(tiles_context_free_pool(self.get())); });
}

// A context of an OpenCL context and queue, or of checked mode, with its report.
void add_context_opencl_and_checked(py::class_<Context>& context_class) {
    context_class
        .def_static(
            "from_opencl",
            [](std::uintptr_t context, std::uintptr_t queue) {
                tiles_context* c = nullptr;
                check(tiles_context_create_from_opencl(&c, from_int<cl_context>(context),
                                                       from_int<cl_command_queue>(queue)));
                return new Context(c, "context");
            },
            py::arg("context"), py::arg("queue"))
        .def_static(
            "create_checked",
            [](bool strict) {
                tiles_context* c = nullptr;
                check(tiles_context_create_checked(&c, strict));
                return new Context(c, "context");
            },
            py::arg("strict"))
        .def("is_checked",
             [](const Context& self) {
                 int checked = 0;
                 check(tiles_context_is_checked(&checked, self.get()));
                 return bool(checked);
             })
        .def("report", [](const Context& self) { return report_of(self.get()); })
        .def("clear_report", [](const Context& self) { check(tiles_context_clear_report(self.get())); })
        .def("opencl",
             [](const Context& self) {
                 cl_context context = nullptr;
                 cl_command_queue queue = nullptr;
                 check(tiles_context_get_opencl(&context, &queue, self.get()));
                 return py::make_tuple(to_int(context), to_int(queue));
             })
        .def("release", &Context::release);
}

// Context: C++ AMP's accelerator_view.
void register_context(py::module_& m) {
    py::class_<Context> context_class(m, "Context");
    add_context_queue(context_class);
    add_context_counters_and_pool(context_class);
    add_context_opencl_and_checked(context_class);
}

// The counters of every context together.
void register_total_counters(py::module_& m) {
    m.def("total_counters", [] { return counters_of(nullptr); });
    m.def("reset_total_counters", [] { check(tiles_context_reset_counters(nullptr)); });
}

} // namespace

void register_devices(py::module_& m) {
    register_device(m);
    register_context(m);
    register_total_counters(m);
}

} // namespace tiles_python
