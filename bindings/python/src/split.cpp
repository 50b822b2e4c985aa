// Several contexts at once: Split, a matrix split by rows over a list of contexts, or held whole on
// each (tiles_split), and split_rows, where each band of such a split lies.
#include <string>
#include <vector>

#include "common.hpp"
#include "registration.hpp"

namespace tiles_python {

using Split = owned<tiles_split, tiles_split_release>;

namespace {

// The algorithms that run on a split's bands where they are.
void define_algorithms(py::class_<Split>& split_class) {
    split_class
        .def(
            "stencil",
            [](const Split& s, const View& mask, int iterations) {
                tiles_split* split = s.get();
                const tiles_view* weights = mask.get();
                check(without_gil([&] { return tiles_split_stencil(split, weights, iterations); }));
            },
            py::arg("mask"), py::arg("iterations"))
        .def(
            "reduce",
            [](const Split& s, const py::dtype& accumulator, const std::string& op) {
                const tiles_reduction reduction = value_named(tiles_reduction_name, op, "reduction");
                const tiles_dtype type = dtype_of(accumulator);
                py::array result(accumulator, std::vector<py::ssize_t>{1});
                void* out = result.mutable_data();
                const size_t size = size_t(result.itemsize());
                const tiles_split* split = s.get();
                check(without_gil([&] { return tiles_split_reduce(out, size, type, split, reduction); }));
                return py::object(result[py::int_(0)]);
            },
            py::arg("accumulator"), py::arg("op"))
        .def(
            "gemm",
            [](const Split& a, const std::string& precision, double alpha, const Split& b, double beta,
               const Split& c) {
                const tiles_precision how = value_named(tiles_precision_name, precision, "precision");
                const tiles_split *a_split = a.get(), *b_split = b.get();
                tiles_split* c_split = c.get();
                check(without_gil([&] { return tiles_split_gemm(how, alpha, a_split, b_split, beta, c_split); }));
            },
            py::arg("precision"), py::arg("alpha"), py::arg("b"), py::arg("beta"), py::arg("c"));
}

} // namespace

void register_split(py::module_& m) {
    m.def(
        "split_rows",
        [](int grid_rows, int halo, int part, int parts, int granularity) {
            tiles_band b = TILES_BAND_INIT;
            check(tiles_split_rows(&b, grid_rows, halo, part, parts, granularity));
            return py::make_tuple(b.first, b.rows, b.halo_above, b.halo_below);
        },
        py::arg("grid_rows"), py::arg("halo"), py::arg("part"), py::arg("parts"), py::arg("granularity"));
    py::class_<Split> split_class(m, "Split");
    split_class
        .def_static(
            "create",
            [](const std::vector<const Context*>& contexts, const py::dtype& dtype, int rows, int columns, int halo,
               int granularity) {
                const std::vector<tiles_context*> handles = context_handles(contexts);
                shape_with_components shape = shape_of(dtype, {rows, columns});
                tiles_split* s = nullptr;
                check(tiles_split_create(&s, handles.data(), handles.size(), shape.get(), halo, granularity));
                return new Split(s, "split");
            },
            py::arg("contexts"), py::arg("dtype"), py::arg("rows"), py::arg("columns"), py::arg("halo"),
            py::arg("granularity"))
        .def_static(
            "create_copies",
            [](const std::vector<const Context*>& contexts, const py::dtype& dtype, int rows, int columns) {
                const std::vector<tiles_context*> handles = context_handles(contexts);
                shape_with_components shape = shape_of(dtype, {rows, columns});
                tiles_split* s = nullptr;
                check(tiles_split_create_copies(&s, handles.data(), handles.size(), shape.get()));
                return new Split(s, "split");
            },
            py::arg("contexts"), py::arg("dtype"), py::arg("rows"), py::arg("columns"))
        .def(
            "band",
            [](const Split& s, size_t part) {
                tiles_band b = TILES_BAND_INIT;
                check(tiles_split_get_band(&b, s.get(), part));
                return py::make_tuple(b.first, b.rows, b.halo_above, b.halo_below);
            },
            py::arg("part"))
        .def("count",
             [](const Split& s) {
                 size_t count = 0;
                 check(tiles_split_get_count(&count, s.get()));
                 return count;
             })
        .def(
            "array",
            [](const Split& s, size_t part) {
                tiles_array* a = nullptr;
                check(tiles_split_get_array(&a, s.get(), part));
                return new Array(a, "array");
            },
            py::arg("part"))
        .def(
            "scatter",
            [](const Split& s, const View& matrix) {
                tiles_split* split = s.get();
                const tiles_view* v = matrix.get();
                check(without_gil([&] { return tiles_split_scatter(split, v); }));
            },
            py::arg("matrix"))
        .def(
            "gather",
            [](const Split& s, const View& matrix) {
                const tiles_split* split = s.get();
                tiles_view* v = matrix.get();
                check(without_gil([&] { return tiles_split_gather(split, v); }));
            },
            py::arg("matrix"))
        .def("exchange_halo",
             [](const Split& s) {
                 tiles_split* split = s.get();
                 check(without_gil([&] { return tiles_split_exchange_halo(split); }));
             })
        .def("release", &Split::release);
    define_algorithms(split_class);
}

} // namespace tiles_python
