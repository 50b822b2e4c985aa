// libtiles algorithms: the factorizations' boxes and transfers (factor_transfer.hpp).
#include "factor_transfer.hpp"

#include "memory/buffer_in_place.hpp"

namespace tiles::algorithms {

engine::box box_of(std::size_t index, int row, int column, int rows, int columns) {
    return {{index, std::size_t(row), std::size_t(column)}, {1, std::size_t(rows), std::size_t(columns)}};
}

engine::box vector_box(const matrix_operand& vectors, std::size_t index) {
    const dims3& dims = engine::dims_of(*vectors.data);
    return {{index / dims[1], index % dims[1], 0}, {1, 1, std::size_t(vectors.columns)}};
}

std::shared_ptr<storage> new_matrix(const std::shared_ptr<context>& context, element_type type, int rows, int columns) {
    return storage_on_device(element_layout{type, element_size(type)},
                             dims3{1, std::size_t(rows), std::size_t(columns)}, context);
}

matrix_operand matrix_within(const std::shared_ptr<context>& context, element_type type, storage& space, int rows,
                             int columns) {
    _cl_mem* const buffer = engine::device_buffer_in_place(space, context, engine::host_access::read_write);
    return {engine::storage_over_buffer(element_layout{type, element_size(type)},
                                        dims3{1, std::size_t(rows), std::size_t(columns)}, context, buffer),
            rows, columns};
}

matrix_operand compact_copy(const std::shared_ptr<context>& context, element_type type, storage& data, int row,
                            int column, int rows, int columns) {
    const matrix_operand copy{new_matrix(context, type, rows, columns), rows, columns};
    engine::copy_async(data, box_of(0, row, column, rows, columns), *copy.data, whole_of(*copy.data));
    return copy;
}

void copy_back(const matrix_operand& copy, storage& data, int row, int column) {
    engine::copy_async(*copy.data, whole_of(*copy.data), data, box_of(0, row, column, copy.rows, copy.columns));
}

matrix_operand uploaded_matrix(const std::shared_ptr<context>& context, element_type type, int rows, int columns,
                               const std::vector<double>& values) {
    const matrix_operand result{new_matrix(context, type, rows, columns), rows, columns};
    uploaded(*result.data, whole_of(*result.data), type, values);
    return result;
}

std::vector<double> downloaded(storage& data, const engine::box& b, element_type type) {
    const std::size_t count = engine::volume(b);
    if (type == element_type::float64) {
        std::vector<double> values(count);
        engine::copy_out(data, b, values.data());
        return values;
    }
    std::vector<float> values(count);
    engine::copy_out(data, b, values.data());
    return {values.begin(), values.end()};
}

void uploaded(storage& data, const engine::box& b, element_type type, const std::vector<double>& values) {
    if (type == element_type::float64) return engine::copy_in(data, b, values.data());
    const std::vector<float> rounded(values.begin(), values.end());
    engine::copy_in(data, b, rounded.data());
}

std::vector<double> transposed(const std::vector<double>& matrix, int rows, int columns) {
    std::vector<double> result(matrix.size());
    for (int i = 0; i < rows; ++i)
        for (int j = 0; j < columns; ++j) result[std::size_t(j) * rows + i] = matrix[std::size_t(i) * columns + j];
    return result;
}

} // namespace tiles::algorithms
