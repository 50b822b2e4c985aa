// libtiles C API: a matrix split over several contexts (tiles/engine/split.hpp), as handles.
#include "capi_internal.hpp"

#include "tiles/algorithms/stencil.hpp"
#include "tiles/engine/split.hpp"
#include "tiles/marked_names.hpp"

using namespace tiles::capi;

namespace {

void write_band(tiles_band* out, const tiles::band& b) {
    write_struct(out, tiles_band{sizeof(tiles_band), b.first, b.rows, b.halo_above, b.halo_below}, "tiles_band");
}

// The shape of a split matrix: of rank 2 (rows x columns), else refused naming `function`.
checked_shape matrix_shape(const tiles_shape* shape, const char* function) {
    checked_shape s = check_shape(shape);
    if (s.extent.size() != 2)
        throw tiles::names_marked<tiles::invalid_argument>(tiles::marked_function(function) + ": the shape has rank " +
                                                           std::to_string(s.extent.size()) +
                                                           "; a split matrix has rank 2 (rows x columns)");
    return s;
}

} // namespace

extern "C" {

tiles_status tiles_split_rows(tiles_band* out, int grid_rows, int halo, int part, int parts, int granularity) {
    return guard([&] { write_band(out, tiles::split_rows(grid_rows, halo, part, parts, granularity)); });
}

tiles_status tiles_split_create(tiles_split** out, tiles_context* const* contexts, size_t count,
                                const tiles_shape* shape, int halo, int granularity) {
    return guard([&] {
        check_out(out);
        const checked_shape s = matrix_shape(shape, "tiles_split_create");
        *out = make_handle<tiles_split>(std::make_shared<tiles::engine::split_matrix>(
            contexts_of(contexts, count, "tiles_split_create"), s.layout, s.extent[0], s.extent[1], halo, granularity));
    });
}

tiles_status tiles_split_create_copies(tiles_split** out, tiles_context* const* contexts, size_t count,
                                       const tiles_shape* shape) {
    return guard([&] {
        check_out(out);
        const checked_shape s = matrix_shape(shape, "tiles_split_create_copies");
        *out =
            make_handle<tiles_split>(std::make_shared<tiles::engine::split_matrix>(tiles::engine::split_matrix::copies(
                contexts_of(contexts, count, "tiles_split_create_copies"), s.layout, s.extent[0], s.extent[1])));
    });
}

tiles_status tiles_split_get_count(size_t* out, const tiles_split* split) {
    return guard([&] {
        check_out(out);
        *out = live(split, "split").matrix->parts();
    });
}

tiles_status tiles_split_get_band(tiles_band* out, const tiles_split* split, size_t part) {
    return guard([&] { write_band(out, live(split, "split").matrix->band_of(part)); });
}

tiles_status tiles_split_get_array(tiles_array** out, tiles_split* split, size_t part) {
    return guard([&] {
        check_out(out);
        const tiles::engine::matrix_operand& local = live(split, "split").matrix->local(part);
        *out = make_handle<tiles_array>(local.data, std::vector<int>{local.rows, local.columns});
    });
}

tiles_status tiles_split_scatter(tiles_split* split, const tiles_view* matrix) {
    return guard([&] {
        tiles::engine::split_matrix& m = *live(split, "split").matrix;
        m.scatter(matrix_operand_of(matrix, "tiles_split_scatter", "matrix view"));
    });
}

tiles_status tiles_split_gather(const tiles_split* split, tiles_view* matrix) {
    return guard([&] {
        const tiles::engine::split_matrix& m = *live(split, "split").matrix;
        m.gather(output_operand_of(matrix, "tiles_split_gather", "matrix view"));
    });
}

tiles_status tiles_split_exchange_halo(tiles_split* split) {
    return guard([&] { live(split, "split").matrix->exchange_halo(); });
}

tiles_status tiles_split_stencil(tiles_split* split, const tiles_view* mask, int iterations) {
    return guard([&] {
        tiles::engine::split_matrix& m = *live(split, "split").matrix;
        tiles::algorithms::stencil(m, matrix_operand_of(mask, "tiles_split_stencil", "mask view"), iterations);
    });
}

tiles_status tiles_split_retain(tiles_split* split) { return retain(split, "split"); }
tiles_status tiles_split_release(tiles_split* split) { return release(split, "split"); }

} // extern "C"
