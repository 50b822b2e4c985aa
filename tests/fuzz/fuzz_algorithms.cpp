// libtiles' fuzz target: the tiled algorithms (tiles_reduce ... tiles_stencil, and over several
// contexts) and split matrices on views made for them, of the element types and ranks they take
// and of others, and on every other view of the run: sections, views of released handles, NULL,
// an output that is also an input.
#include <vector>

#include "any_int_enums.h"
#include "fuzz_calls.hpp"

namespace fuzz {
namespace {

// A matrix dimension: small, so that a run stays fast on PoCL and on Oclgrind, now and then past
// the algorithms' tiles, now and then one that is refused.
int dimension(input& in) {
    const unsigned c = in.byte();
    if (c < 224) return 1 + int(c % 8);
    if (c < 248) return 1 + int(c % 40);
    const int others[] = {0, -1, INT_MIN, INT_MAX, 1 << 30, 1025, 64, 33};
    return others[c % 8];
}

// Block sizes and grid dimensions: any int, mostly small.
int block_dimension(input& in) { return in.one_in(16) ? in.value<int>() : dimension(in); }

double scalar(input& in) {
    const double values[] = {0.0, 1.0, -1.0, 0.5, __builtin_nan(""), __builtin_inf(), 1e300, -0.0};
    return in.one_in(8) ? in.value<double>() : values[in.below(8)];
}

// The bytes of one element of `view`, as tiles_view_get_shape says (0 for a view it refuses).
std::size_t element_size(const tiles_view* view) {
    tiles_shape shape = TILES_SHAPE_INIT;
    return tiles_view_get_shape(&shape, view) == TILES_SUCCESS ? shape.element_size : 0;
}

void reduce(input& in, tiles_context* context, const tiles_view* input) {
    // Room for any element, and a guard past it: what tiles_reduce writes beyond out_size, or at
    // all when it fails, shows in the guard bytes.
    unsigned char result[16];
    std::memset(result, 0xA5, sizeof result);
    const std::size_t out_size = in.one_in(4) ? in.below(sizeof result + 1) : element_size(input);
    const int op = in.one_in(8) ? int(in.byte()) - 128 : int(in.below(3));
    const bool null_out = in.one_in(32);
    const tiles_status status = checked(fuzz_reduce(null_out ? nullptr : result, out_size, context, input, op));
    const std::size_t written = status == TILES_SUCCESS ? out_size : 0;
    for (std::size_t i = written; i < sizeof result; ++i)
        if (result[i] != 0xA5) __builtin_trap();
}

void block_grid(input& in) {
    int grid[2] = {-7, -7};
    const int rows = block_dimension(in), columns = block_dimension(in);
    const int block_rows = block_dimension(in), block_columns = block_dimension(in);
    int* const rows_out = in.one_in(32) ? nullptr : &grid[0];
    const tiles_status status = query(grid, [&](int(*)[2]) {
        return tiles_block_grid(rows_out, &grid[1], rows, columns, block_rows, block_columns);
    });
    if (status == TILES_SUCCESS && (grid[0] < 1 || grid[1] < 1 || grid[0] > rows || grid[1] > columns))
        __builtin_trap();
}

// Up to three of the run's contexts (live, released or NULL), for the algorithms and the split
// matrices over several contexts; now and then a NULL list.
void over_several_contexts(handles& h, input& in, tiles_view* input, tiles_view* second, tiles_view* output) {
    std::vector<tiles_context*> contexts;
    for (unsigned n = in.below(4); n > 0; --n) contexts.push_back(pick(h.contexts, in));
    tiles_context* const* list = in.one_in(32) ? nullptr : contexts.data();
    const std::size_t count = contexts.size();
    switch (in.below(4)) {
    case 0: {
        float result = -7.0f;
        query(result, [&](float* out) {
            return tiles_reduce_split(out, sizeof *out, TILES_FLOAT32, list, count, input, TILES_REDUCE_SUM);
        });
        break;
    }
    case 1:
        checked(tiles_gemm_split(TILES_PRECISION_EXACT, list, count, scalar(in), input, second, scalar(in), output));
        break;
    case 2:
        checked(tiles_stencil_split(list, count, input, second, output, int(in.below(4))));
        break;
    default: {
        tiles_shape shape = TILES_SHAPE_INIT;
        shape.rank = 2;
        shape.extent[0] = dimension(in);
        shape.extent[1] = dimension(in);
        const int halo = int(in.below(3)), granularity = 1 + int(in.below(2));
        tiles_split* split = sentinel<tiles_split*>();
        if (query(split, [&](tiles_split** out) {
                return tiles_split_create(out, list, count, &shape, halo, granularity);
            }) != TILES_SUCCESS)
            break;
        tiles_band band = TILES_BAND_INIT;
        const std::size_t part = in.below(4);
        query(band, [&](tiles_band* out) { return tiles_split_get_band(out, split, part); });
        checked(in.one_in(2) ? tiles_split_scatter(split, input) : tiles_split_gather(split, output));
        checked(tiles_split_exchange_halo(split));
        tiles_array* array = sentinel<tiles_array*>();
        const std::size_t array_part = in.below(4);
        if (query(array, [&](tiles_array** out) { return tiles_split_get_array(out, split, array_part); }) ==
            TILES_SUCCESS)
            tiles_array_release(array);
        tiles_split_release(split);
    }
    }
}

} // namespace

void matrix(handles& h, input& in) {
    tiles_shape shape = TILES_SHAPE_INIT;
    const int types[] = {TILES_FLOAT32, TILES_FLOAT32, TILES_FLOAT32, TILES_INT32,
                         TILES_UINT32,  TILES_FLOAT64, TILES_INT64,   TILES_UINT8};
    const int dtype = in.one_in(8) ? random_dtype(in) : types[in.below(8)];
    fuzz_set_dtype(&shape.dtype, dtype);
    shape.element_size = dtype == TILES_OPAQUE ? 1 + in.below(8) : 0;
    shape.rank = in.one_in(8) ? 3 : 1 + int(in.below(2));
    std::size_t bytes = dtype_size(dtype) != 0 ? dtype_size(dtype) : shape.element_size;
    for (int d = 0; d < 3; ++d) {
        shape.extent[d] = d < shape.rank ? dimension(in) : 1;
        bytes *= shape.extent[d] > 0 && shape.extent[d] <= 64 ? std::size_t(shape.extent[d]) : 0;
    }
    if (bytes == 0) return; // a refused shape is the other parts' business; this one makes operands
    h.host.push_back(std::make_unique<unsigned char[]>(bytes));
    unsigned char* memory = h.host.back().get();
    in.bytes(memory, bytes < 16 ? bytes : 16);
    switch (in.below(4)) {
    case 0:
        make(h.views, [&](tiles_view** out) { return tiles_view_create(out, &shape, memory); });
        break;
    case 1:
        make(h.views, [&](tiles_view** out) { return tiles_view_create_const(out, &shape, memory); });
        break;
    default: {
        tiles_context* context = pick(h.contexts, in);
        const void* initial = in.one_in(2) ? memory : nullptr;
        const std::size_t arrays = h.arrays.size();
        make(h.arrays, [&](tiles_array** out) { return tiles_array_create(out, context, &shape, initial); });
        if (h.arrays.size() > arrays)
            make(h.views, [&](tiles_view** out) { return tiles_array_get_view(out, h.arrays.back()); });
    }
    }
}

void algorithm(handles& h, input& in) {
    tiles_context* context = in.one_in(2) ? nullptr : pick(h.contexts, in);
    tiles_view* input = pick(h.views, in);
    tiles_view* second = pick(h.views, in); // gemm's B, stencil's mask
    // Now and then the output is also an input, which every algorithm refuses.
    const unsigned alias = in.below(8);
    tiles_view* output = alias == 0 ? input : alias == 1 ? second : pick(h.views, in);
    switch (in.below(9)) {
    case 8:
        over_several_contexts(h, in, input, second, output);
        break;
    case 0:
        reduce(in, context, input);
        break;
    case 1:
        block_grid(in);
        break;
    case 2:
    case 3: {
        const int block_rows = block_dimension(in), block_columns = block_dimension(in);
        checked(in.one_in(2) ? tiles_block_sum(context, input, block_rows, block_columns, output)
                             : tiles_block_average(context, input, block_rows, block_columns, output));
        break;
    }
    case 4:
        checked(tiles_transpose(context, input, output));
        break;
    case 5:
    case 6: {
        const double alpha = scalar(in), beta = scalar(in);
        // Half the time at a precision, one past the enum's last now and then.
        checked(in.one_in(2)
                    ? tiles_gemm(context, alpha, input, second, beta, output)
                    : tiles_gemm_as(tiles_precision(in.below(6)), context, alpha, input, second, beta, output));
        break;
    }
    default:
        checked(tiles_stencil(context, input, second, output));
        break;
    }
}

} // namespace fuzz
