// libtiles' element types as numpy's and DLPack's: maps made once, at import, from the C API's
// table of them (tiles_dtype_describe), which the rest of the extension and the package read.
#include <string>
#include <unordered_map>
#include <vector>

#include "common.hpp"
#include "registration.hpp"

namespace tiles_python {
namespace {

// An element type as Python sees it.
struct element {
    tiles_dtype_info info;
    py::object numpy;       // numpy's dtype of it; None for TILES_OPAQUE
    bool through_ml_dtypes; // numpy knows its name once ml_dtypes has registered it (bfloat16)
    bool as_bits;           // ... and ml_dtypes is missing: `numpy` is the unsigned integer of its size
    std::string listed_as;  // how messages list it: "float16", "bfloat16 (ml_dtypes')"
};

// Made at import and never freed: a static's destructor would release Python objects after the
// interpreter has gone.
std::vector<element>* elements = nullptr;
std::unordered_map<std::string, tiles_dtype>* by_numpy_name = nullptr;
// numpy's type numbers of the same dtypes: a native dtype's number names its type as its name does,
// and is read from the dtype itself, where the name is a Python property that costs the most of a
// small array's creation. A type of another number (numpy's long long, int64 as its long is) is
// found by name.
std::unordered_map<int, tiles_dtype>* by_type_number = nullptr;

py::object numpy_dtype_named(const std::string& name) { return py::module_::import("numpy").attr("dtype")(name); }

// numpy's dtype of `info`, importing ml_dtypes for the names numpy knows only through it.
element element_of(const tiles_dtype_info& info) {
    element e{info, py::none(), false, false, info.numpy_name};
    if (info.dtype == TILES_OPAQUE) return e;
    try {
        e.numpy = numpy_dtype_named(info.numpy_name);
        return e;
    } catch (const py::error_already_set&) {
    }
    e.through_ml_dtypes = true;
    e.listed_as += " (ml_dtypes')";
    try {
        py::module_::import("ml_dtypes");
        e.numpy = numpy_dtype_named(info.numpy_name);
    } catch (const py::error_already_set&) {
        e.as_bits = true; // without ml_dtypes, its data are its bits
        e.numpy = numpy_dtype_named("uint" + std::to_string(info.dlpack_bits));
    }
    return e;
}

// The element types libtiles takes, as messages list them: "int8, uint8, ... and bfloat16
// (ml_dtypes')", `last` before the last one.
std::string listed(const char* last) {
    std::vector<std::string> names;
    for (const element& e : *elements)
        if (e.info.dtype != TILES_OPAQUE) names.push_back(e.listed_as);
    std::string text;
    for (std::size_t i = 0; i < names.size(); ++i)
        text += (i == 0 ? "" : i + 1 == names.size() ? last : ", ") + names[i];
    return text;
}

const element& element_of(tiles_dtype dtype) { return elements->at(std::size_t(dtype)); }

} // namespace

tiles_dtype dtype_of(const py::dtype& dt) {
    // OpenCL devices read bytes in the host's order; other data would be reinterpreted, not read.
    if (!dt.attr("isnative").cast<bool>())
        raise(TILES_ERROR_INVALID_ARGUMENT, "numpy dtype " + std::string(py::str(dt.attr("str"))) +
                                                " is not in the machine's byte order; convert it first with "
                                                "a.astype(a.dtype.newbyteorder('='))");
    const auto numbered = by_type_number->find(dt.num());
    if (numbered != by_type_number->end()) return numbered->second;
    const auto found = by_numpy_name->find(dt.attr("name").cast<std::string>());
    if (found != by_numpy_name->end()) return found->second;
    if (dt.kind() == 'V' && dt.itemsize() > 0)
        return TILES_OPAQUE; // a structured dtype: the kernel's struct, of the same size on the device
    raise(TILES_ERROR_INVALID_ARGUMENT, "numpy dtype " + std::string(py::str(dt)) +
                                            " has no OpenCL element type: use " + listed(", ") +
                                            ", or a structured dtype for a struct");
}

py::dtype numpy_dtype_of(tiles_dtype dtype) { return element_of(dtype).numpy.cast<py::dtype>(); }

const tiles_dtype_info& dtype_info(tiles_dtype dtype) { return element_of(dtype).info; }

py::dtype numpy_dtype_of_dlpack(int code, int bits) {
    for (const element& e : *elements)
        if (e.info.dtype != TILES_OPAQUE && e.info.dlpack_code == code && e.info.dlpack_bits == bits)
            return e.numpy.cast<py::dtype>();
    raise(TILES_ERROR_INVALID_ARGUMENT, "the DLPack tensor's element type (code " + std::to_string(code) + ", " +
                                            std::to_string(bits) +
                                            " bits) has no OpenCL element type: libtiles takes " + listed(" and "));
}

void register_dtypes(py::module_& m) {
    elements = new std::vector<element>();
    by_numpy_name = new std::unordered_map<std::string, tiles_dtype>();
    by_type_number = new std::unordered_map<int, tiles_dtype>();
    tiles_dtype_info info = TILES_DTYPE_INFO_INIT;
    for (int d = 0; tiles_dtype_describe(&info, tiles_dtype(d)) == TILES_SUCCESS; ++d) {
        elements->push_back(element_of(info));
        if (d == TILES_OPAQUE || elements->back().as_bits) continue;
        (*by_numpy_name)[info.numpy_name] = info.dtype;
        (*by_type_number)[elements->back().numpy.cast<py::dtype>().num()] = info.dtype;
    }
    m.def("dtypes", [] {
        py::list all;
        for (const element& e : *elements) {
            if (e.info.dtype == TILES_OPAQUE) continue;
            py::dict d;
            d["name"] = e.info.numpy_name;
            d["opencl"] = e.info.opencl_name;
            d["dtype"] = e.numpy;
            d["computed"] = element_of(e.info.computed_as).numpy;
            d["as_bits"] = e.as_bits;
            all.append(d);
        }
        return all;
    });
}

} // namespace tiles_python
