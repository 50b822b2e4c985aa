// DLPack: a view of host memory exported as a kDLCPU tensor of that memory (or of a copy), an
// array as a kDLOpenCL tensor of its cl_mem, and capsules of either kind taken in without a copy,
// their producer's tensor kept until libtiles lets go of it.
#include <algorithm>
#include <cstdint>
#include <memory>
#include <string>
#include <type_traits>
#include <utility>
#include <vector>

#include "common.hpp"
#include "dlpack.h"
#include "registration.hpp"

namespace tiles_python {

namespace {

using namespace dlpack;

template <class Managed> constexpr bool is_versioned = std::is_same_v<Managed, DLManagedTensorVersioned>;
template <class Managed>
constexpr const char* unused_name = is_versioned<Managed> ? versioned_capsule_name : capsule_name;

// The data cannot be exported as asked: the array API's BufferError.
[[noreturn]] void buffer_error(const std::string& message) {
    PyErr_SetString(PyExc_BufferError, message.c_str());
    throw py::error_already_set();
}

// The position of the context's device in tiles_device_get's numbering, DLPack's device_id for
// kDLOpenCL; -1 for a device libtiles does not list (a checked context's simulator).
int device_number(const tiles_context* context) {
    tiles_device* own = nullptr;
    check(tiles_context_get_device(&own, context));
    const Device held(own, "device");
    tiles_device_info wanted = TILES_DEVICE_INFO_INIT;
    check(tiles_device_get_info(&wanted, own));
    size_t count = 0;
    check(tiles_device_count(&count));
    for (size_t i = 0; i < count; ++i) {
        tiles_device* listed = nullptr;
        check(tiles_device_get(&listed, i));
        const Device listed_held(listed, "device");
        tiles_device_info info = TILES_DEVICE_INFO_INIT;
        check(tiles_device_get_info(&info, listed));
        if (info.platform_index == wanted.platform_index && info.device_index == wanted.device_index &&
            std::string(info.name) == wanted.name)
            return int(i);
    }
    return -1;
}

std::string device_text(const tiles_context* context) {
    tiles_device* device = nullptr;
    check(tiles_context_get_device(&device, context));
    const Device held(device, "device");
    tiles_device_info info = TILES_DEVICE_INFO_INIT;
    check(tiles_device_get_info(&info, device));
    return "'" + std::string(info.name) + "'";
}

const char* device_type_name(std::int32_t type) {
    switch (type) {
    case kDLCPU:
        return "CPU";
    case kDLCUDA:
        return "CUDA";
    case kDLCUDAHost:
        return "CUDA host";
    case kDLOpenCL:
        return "OpenCL";
    case kDLVulkan:
        return "Vulkan";
    case kDLMetal:
        return "Metal";
    case kDLROCM:
        return "ROCm";
    case kDLCUDAManaged:
        return "CUDA managed";
    case kDLOneAPI:
        return "oneAPI";
    default:
        return "non-CPU, non-OpenCL";
    }
}

// DLPack's element type for a numpy dtype; structured dtypes (a kernel's structs) have none.
DLDataType dl_type_of(const py::dtype& dt) {
    const tiles_dtype dtype = dtype_of(dt);
    if (dtype == TILES_OPAQUE)
        buffer_error("DLPack has no element type for numpy dtype " + std::string(py::str(dt)) +
                     " (a struct's bytes): export the fields as arrays of their own");
    const tiles_dtype_info& info = dtype_info(dtype);
    return {std::uint8_t(info.dlpack_code), std::uint8_t(info.dlpack_bits), 1};
}

// The numpy dtype of a DLPack element type of libtiles' (bfloat16: as numpy_dtype_of gives it).
py::dtype numpy_type_of(const DLDataType& type) {
    if (type.lanes != 1)
        raise(TILES_ERROR_INVALID_ARGUMENT, "the DLPack tensor's elements are vectors of " +
                                                std::to_string(type.lanes) + " lanes; libtiles takes scalar elements");
    return numpy_dtype_of_dlpack(type.code, type.bits);
}

std::vector<std::int64_t> compact_strides(const std::vector<std::int64_t>& shape) {
    std::vector<std::int64_t> strides(shape.size(), 1);
    for (std::size_t d = shape.size(); d-- > 1;) strides[d - 1] = strides[d] * shape[d];
    return strides;
}

// ---- Export ----------------------------------------------------------------------------------

// What a tensor libtiles exports owns, freed by its deleter: the shape and strides the tensor
// points to, the Python object whose memory it is, and for an array a reference to its view,
// which keeps the cl_mem alive through a release() of the array in Python.
template <class Managed> struct exported {
    Managed managed{};
    std::vector<std::int64_t> shape, strides;
    py::object owner;
    tiles_view* retained = nullptr;
    exported() = default;
    exported(const exported&) = delete;
    exported& operator=(const exported&) = delete;
    ~exported() { tiles_view_release(retained); }
};

// The deleter of every tensor libtiles exports. Consumers call it from any thread, holding the
// GIL or not; after the interpreter is gone the owner can only be left, as numpy leaves its own.
template <class Managed> void delete_exported(Managed* managed) {
    auto* e = static_cast<exported<Managed>*>(managed->manager_ctx);
    if (!Py_IsInitialized()) {
        e->owner.release();
        delete e;
        return;
    }
    const PyGILState_STATE gil = PyGILState_Ensure();
    delete e;
    PyGILState_Release(gil);
}

// The destructor of the capsules libtiles makes: a capsule no consumer took (and renamed) still
// owns its tensor.
template <class Managed> void free_unconsumed(PyObject* capsule) {
    if (!PyCapsule_IsValid(capsule, unused_name<Managed>)) return;
    const py::error_scope keep_pending_error;
    auto* managed = static_cast<Managed*>(PyCapsule_GetPointer(capsule, unused_name<Managed>));
    if (managed != nullptr) managed->deleter(managed);
}

// What an export hands out: `data` on `device`, compact row-major unless `strides` says.
struct tensor {
    void* data = nullptr;
    DLDevice device{kDLCPU, 0};
    py::dtype dtype;
    std::vector<std::int64_t> shape, strides;
    std::uint64_t flags = 0;
    py::object owner;
    tiles_view* to_retain = nullptr;
};

template <class Managed> py::capsule capsule_of(tensor t) {
    const DLDataType type = dl_type_of(t.dtype);
    auto e = std::make_unique<exported<Managed>>();
    e->shape = std::move(t.shape);
    e->strides = t.strides.empty() ? compact_strides(e->shape) : std::move(t.strides);
    e->owner = std::move(t.owner);
    DLTensor& d = e->managed.dl_tensor;
    d.data = t.data;
    d.device = t.device;
    d.ndim = std::int32_t(e->shape.size());
    d.dtype = type;
    d.shape = e->shape.data();
    d.strides = e->strides.data();
    d.byte_offset = 0;
    e->managed.manager_ctx = e.get();
    e->managed.deleter = &delete_exported<Managed>;
    if constexpr (is_versioned<Managed>) {
        e->managed.version = {major_version, minor_version};
        e->managed.flags = t.flags;
    }
    if (t.to_retain != nullptr) {
        check(tiles_view_retain(t.to_retain));
        e->retained = t.to_retain;
    }
    PyObject* capsule = PyCapsule_New(&e->managed, unused_name<Managed>, &free_unconsumed<Managed>);
    if (capsule == nullptr) throw py::error_already_set();
    e.release(); // the capsule's now, or its consumer's
    return py::reinterpret_steal<py::capsule>(capsule);
}

py::capsule capsule_of(tensor t, bool versioned) {
    if (versioned) return capsule_of<DLManagedTensorVersioned>(std::move(t));
    if (t.flags & flag_read_only)
        buffer_error("the view is const (read-only), which a DLPack capsule older than version 1.0 cannot say: "
                     "ask for max_version=(1, 0), as numpy 2 does, or for copy=True");
    return capsule_of<DLManagedTensor>(std::move(t));
}

std::vector<std::int64_t> shape_of_view(const tiles_shape& s) {
    return std::vector<std::int64_t>(s.extent, s.extent + s.rank);
}

// A kDLCPU tensor of a view: of the numpy memory a host view views, after what launches wrote
// came home (tiles_view_data synchronizes), or of a new copy when `copy` asks for one or the
// view is of an array.
py::capsule host_tensor(const View& view, bool versioned, bool copy) {
    const tiles_shape s = view_shape(view);
    tensor t;
    t.dtype = numpy_dtype(s, view.keeps_alive());
    t.shape = shape_of_view(s);
    tiles_view* v = view.get();
    if (copy || !py::isinstance<py::array>(view.keeps_alive())) {
        py::array elements(t.dtype, extent_of(s));
        void* destination = elements.mutable_data();
        const size_t bytes = size_t(elements.nbytes());
        check(without_gil([&] { return tiles_view_read(v, destination, bytes); }));
        t.data = destination;
        t.flags = flag_is_copied;
        t.owner = std::move(elements);
        return capsule_of(std::move(t), versioned);
    }
    // The host view's rows lie as far apart as in the C-contiguous numpy array it views (a
    // section's too); a view has the array's rank.
    const py::array memory = view.keeps_alive().cast<py::array>();
    std::vector<std::int64_t> memory_shape(memory.shape(), memory.shape() + memory.ndim());
    t.strides = compact_strides(memory_shape);
    int is_const = 0;
    check(tiles_view_is_const(&is_const, v));
    check(without_gil([&] { return tiles_view_data(&t.data, v, TILES_ACCESS_READ); }));
    t.flags = is_const ? flag_read_only : 0;
    t.owner = memory;
    return capsule_of(std::move(t), versioned);
}

// A kDLOpenCL tensor of an array's view: its cl_mem on the array's context, made current there,
// ordered for the consumer as `stream` says: None, the host waits for the context's queue; -1,
// no synchronization; otherwise the consumer's cl_command_queue, which waits on the device.
py::capsule opencl_tensor(const py::object& view_object, const py::object& stream, bool versioned) {
    const View& view = view_object.cast<const View&>();
    tiles_view* v = view.get();
    tiles_context* context = nullptr;
    check(tiles_view_get_context(&context, v));
    if (context == nullptr)
        raise(TILES_ERROR_INVALID_ARGUMENT, "a view of host memory is exported as a kDLCPU tensor, not an OpenCL one");
    const Context held(context, "context");
    const int number = device_number(context);
    if (number < 0)
        buffer_error("the array lives on " + device_text(context) +
                     ", which is not among the OpenCL devices libtiles lists (a checked context's simulator), so "
                     "DLPack has no device_id for it");
    tensor t;
    const tiles_shape s = view_shape(view);
    tiles_shape whole = TILES_SHAPE_INIT;
    check(tiles_array_get_shape(&whole, view.keeps_alive().cast<const Array&>().get()));
    // Of the same rank and extents, the view is all of the array (a projection, a[3] of a square
    // array, matches its leading extents alone).
    if (s.rank != whole.rank || !std::equal(s.extent, s.extent + s.rank, whole.extent))
        buffer_error("a section of an array has no buffer of its own: export the whole array, or a CPU copy of "
                     "the section (dl_device=(1, 0))");
    t.dtype = numpy_dtype(s, view.keeps_alive());
    t.shape = shape_of_view(s);
    t.device = {kDLOpenCL, number};
    cl_mem buffer = nullptr;
    // The consumer may write the buffer: libtiles' other copies of the array count as stale.
    check(tiles_view_get_opencl_buffer(&buffer, v, context, TILES_ACCESS_READ_WRITE));
    t.data = buffer;
    if (stream.is_none())
        check(without_gil([&] { return tiles_context_wait(context); }));
    else if (!stream.equal(py::int_(-1)))
        check(tiles_context_order_queue(context, from_int<cl_command_queue>(stream.cast<std::uintptr_t>())));
    t.owner = view_object;
    t.to_retain = v;
    return capsule_of(std::move(t), versioned);
}

// ---- Import ----------------------------------------------------------------------------------

// A consumed tensor's producer, told through the deleter when libtiles lets go of the tensor.
template <class Managed> void call_deleter(void* pointer) {
    auto* managed = static_cast<Managed*>(pointer);
    if (managed->deleter != nullptr) managed->deleter(managed);
}
template <class Managed> py::capsule producer_of(Managed* managed) {
    return py::capsule(managed, &call_deleter<Managed>);
}

// Refuses a tensor whose strides are not those of compact, row-major memory: views and arrays
// are dense. Extents of 1 may have any stride, and so may every extent of a tensor of no elements,
// which addresses no memory (numpy exports its empty arrays with strides of 0).
void check_compact(const DLTensor& t, const std::vector<std::int64_t>& shape) {
    if (t.strides == nullptr || std::find(shape.begin(), shape.end(), 0) != shape.end()) return;
    const std::vector<std::int64_t> compact = compact_strides(shape);
    for (int d = 0; d < t.ndim; ++d) {
        if (shape[d] == 1 || t.strides[d] == compact[d]) continue;
        std::string given, wanted;
        for (int i = 0; i < t.ndim; ++i) {
            given += (i ? ", " : "") + std::to_string(t.strides[i]);
            wanted += (i ? ", " : "") + std::to_string(compact[i]);
        }
        raise(TILES_ERROR_INVALID_ARGUMENT,
              "the DLPack tensor's strides are (" + given + ") elements, not those of C-contiguous data (" + wanted +
                  "): libtiles views dense, row-major memory; pass a contiguous copy (numpy.ascontiguousarray(x), "
                  "x.contiguous() in PyTorch)");
    }
}

// The context an OpenCL tensor is taken on: `given`, which must be on the tensor's device, else
// the default context of that device (held in `made`).
tiles_context* context_for(const DLDevice& device, const Context* given, std::unique_ptr<Context>& made) {
    if (given != nullptr) {
        const int number = device_number(given->get());
        if (number != device.device_id)
            raise(TILES_ERROR_INVALID_ARGUMENT, "the DLPack tensor lives on OpenCL device " +
                                                    std::to_string(device.device_id) +
                                                    " (as libtiles numbers devices), but the context is on device " +
                                                    std::to_string(number) + " (" + device_text(given->get()) + ")");
        return given->get();
    }
    size_t count = 0;
    check(tiles_device_count(&count));
    if (device.device_id < 0 || size_t(device.device_id) >= count)
        raise(TILES_ERROR_INVALID_ARGUMENT, "the DLPack tensor lives on OpenCL device " +
                                                std::to_string(device.device_id) + ", but libtiles lists " +
                                                std::to_string(count) + " devices");
    tiles_device* d = nullptr;
    check(tiles_device_get(&d, size_t(device.device_id)));
    const Device held(d, "device");
    tiles_context* c = nullptr;
    check(tiles_context_default(&c, d));
    made = std::make_unique<Context>(c, "context");
    return c;
}

// The tensor of a DLPack capsule, taken over without a copy: a kDLCPU tensor as a numpy array of
// its memory (read-only if the tensor is), a kDLOpenCL one as an Array over its cl_mem on
// `context` (None: the default context of its device). The capsule is consumed (renamed) only
// once nothing is left to refuse, so a refused one still frees its tensor when it goes.
template <class Managed> py::object take(const py::capsule& capsule, Managed* managed, const Context* context) {
    const DLTensor& t = managed->dl_tensor;
    std::uint64_t flags = 0;
    if constexpr (is_versioned<Managed>) {
        if (managed->version.major != major_version)
            raise(TILES_ERROR_INVALID_ARGUMENT,
                  "the DLPack tensor is of DLPack " + std::to_string(managed->version.major) + "." +
                      std::to_string(managed->version.minor) + "; libtiles reads version 1");
        flags = managed->flags;
    }
    const py::dtype dt = numpy_type_of(t.dtype);
    if (t.ndim < 1)
        raise(TILES_ERROR_INVALID_ARGUMENT,
              "the DLPack tensor has " + std::to_string(t.ndim) + " dimensions; libtiles data has at least 1");
    const std::vector<std::int64_t> shape(t.shape, t.shape + t.ndim);
    std::vector<py::ssize_t> extent;
    for (std::int64_t n : shape) {
        if (n < 0) raise(TILES_ERROR_INVALID_ARGUMENT, "the DLPack tensor has a negative extent");
        extent.push_back(py::ssize_t(n));
    }
    shape_with_components s = shape_of(dt, extent); // refuses element types and extents libtiles lacks
    check_compact(t, shape);
    const char* used = is_versioned<Managed> ? used_versioned_capsule_name : used_capsule_name;

    if (t.device.device_type == kDLCPU) {
        if (t.data == nullptr) raise(TILES_ERROR_INVALID_ARGUMENT, "the DLPack tensor's data pointer is NULL");
        char* data = static_cast<char*>(t.data) + t.byte_offset;
        std::vector<py::ssize_t> strides;
        for (std::int64_t stride : compact_strides(shape)) strides.push_back(py::ssize_t(stride) * dt.itemsize());
        const py::capsule producer = producer_of(managed);
        PyCapsule_SetName(capsule.ptr(), used);
        py::array memory(dt, extent, strides, data, producer);
        if (flags & flag_read_only) memory.attr("setflags")(py::arg("write") = false);
        return py::object(std::move(memory));
    }
    if (t.device.device_type != kDLOpenCL)
        raise(TILES_ERROR_INVALID_ARGUMENT, std::string("the DLPack tensor lives on a ") +
                                                device_type_name(t.device.device_type) + " device (device_type " +
                                                std::to_string(t.device.device_type) +
                                                "); libtiles takes CPU (1) and OpenCL (4) tensors");
    if (t.byte_offset != 0)
        raise(TILES_ERROR_INVALID_ARGUMENT, "the DLPack tensor starts " + std::to_string(t.byte_offset) +
                                                " bytes into its cl_mem (byte_offset); a libtiles array starts at its "
                                                "buffer's beginning: copy the tensor to a buffer of its own");
    if (flags & flag_read_only)
        raise(TILES_ERROR_INVALID_ARGUMENT, "the DLPack tensor is read-only, and kernels may write libtiles arrays: "
                                            "copy it first");
    std::unique_ptr<Context> made;
    tiles_context* c = context_for(t.device, context, made);
    tiles_array* array = nullptr;
    check(tiles_array_create_from_opencl(&array, c, s.get(), static_cast<cl_mem>(t.data)));
    auto taken = std::make_unique<Array>(array, "array", producer_of(managed));
    PyCapsule_SetName(capsule.ptr(), used);
    return py::cast(taken.release(), py::return_value_policy::take_ownership);
}

py::object from_dlpack(const py::capsule& capsule, const Context* context) {
    const char* name = PyCapsule_GetName(capsule.ptr());
    const std::string n = name == nullptr ? "" : name;
    if (n == versioned_capsule_name) return take(capsule, capsule.get_pointer<DLManagedTensorVersioned>(), context);
    if (n == capsule_name) return take(capsule, capsule.get_pointer<DLManagedTensor>(), context);
    if (n == used_capsule_name || n == used_versioned_capsule_name)
        raise(TILES_ERROR_INVALID_ARGUMENT, "the DLPack capsule was consumed already (it is named '" + n +
                                                "'): a capsule is taken once; ask the producer for another");
    raise(TILES_ERROR_INVALID_ARGUMENT,
          "a capsule named '" + n + "' is not a DLPack tensor ('dltensor' or 'dltensor_versioned')");
}

} // namespace

void register_dlpack(py::module_& m) {
    m.def(
        "dlpack_device",
        [](const View& view) {
            tiles_context* context = nullptr;
            check(tiles_view_get_context(&context, view.get()));
            if (context == nullptr) return py::make_tuple(int(kDLCPU), 0);
            const Context held(context, "context");
            return py::make_tuple(int(kDLOpenCL), device_number(context));
        },
        py::arg("view"));
    m.def("to_dlpack_host", &host_tensor, py::arg("view"), py::arg("versioned"), py::arg("copy"));
    m.def("to_dlpack_opencl", &opencl_tensor, py::arg("view"), py::arg("stream"), py::arg("versioned"));
    m.def("from_dlpack", &from_dlpack, py::arg("capsule"), py::arg("context"));
}

} // namespace tiles_python
