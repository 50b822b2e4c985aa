// libtiles algorithms: the catalogue of the algorithms: the one list of their descriptions, which
// the faces read (tiles/algorithms/description.hpp), and of their parameter sets, handed to the
// engine's parameter lookup as the library is loaded: the lookup, the tuning file, the tuner,
// tiles-tune and checked mode then know them by name. Each algorithm describes its face and its
// sets in its own files; adding one adds its lines here. Every set's description calls on this
// file (its device's tile, its tuning matrices), so wherever an algorithm is linked, so is the
// catalogue.
#include "catalog.hpp"

#include "tiles/algorithms/description.hpp"

#include <cstring>
#include <sstream>
#include <vector>

namespace tiles::algorithms {

std::vector<const parameter_set*> reduce_parameter_sets();
std::vector<const parameter_set*> block_reduce_parameter_sets();
std::vector<const parameter_set*> transpose_parameter_sets();
std::vector<const parameter_set*> stencil_parameter_sets();
std::vector<const parameter_set*> gemm_parameter_sets();

const algorithm_description& reduce_description();
const algorithm_description& block_sum_description();
const algorithm_description& block_average_description();
const algorithm_description& transpose_description();
const algorithm_description& stencil_description();
const algorithm_description& gemm_description();

const std::vector<const algorithm_description*>& algorithm_descriptions() {
    static const engine::immortal<std::vector<const algorithm_description*>> all(
        std::vector<const algorithm_description*>{&reduce_description(), &block_sum_description(),
                                                  &block_average_description(), &transpose_description(),
                                                  &stencil_description(), &gemm_description()});
    return *all;
}

namespace {

const bool registered = [] {
    for (const std::vector<const parameter_set*>& algorithm :
         {reduce_parameter_sets(), block_reduce_parameter_sets(), transpose_parameter_sets(), stencil_parameter_sets(),
          gemm_parameter_sets()})
        engine::register_parameter_sets(algorithm);
    return true;
}();

} // namespace

std::string tile_problem(std::size_t rows, std::size_t columns, std::size_t local_bytes, const char* worst,
                         const device_info& device) {
    std::ostringstream os;
    if (rows * columns > device.max_work_group_size || rows > device.max_work_item_sizes[1] ||
        columns > device.max_work_item_sizes[0])
        os << "a tile of " << rows << "x" << columns << " work-items is more than '" << device.name << "' runs ("
           << device.max_work_group_size << " work-items, at most " << device.max_work_item_sizes[1] << "x"
           << device.max_work_item_sizes[0] << ")";
    else if (local_bytes > device.local_mem_size)
        os << "a tile needs " << local_bytes << " bytes of tile_static memory " << worst << ", more than the "
           << device.local_mem_size << " of '" << device.name << "'";
    return os.str();
}

engine::matrix_operand tuning_matrix(const std::shared_ptr<engine::context>& context, element_type type, int rows,
                                     int columns, const std::function<double(std::size_t)>& value) {
    const element_layout layout{type, element_size(type)};
    const std::size_t count = std::size_t(rows) * std::size_t(columns);
    engine::matrix_operand matrix{
        engine::storage_on_device(layout, engine::dims3{1, std::size_t(rows), std::size_t(columns)}, context), rows,
        columns};
    if (!value) return matrix;
    std::vector<unsigned char> bytes(count * layout.size);
    for (std::size_t i = 0; i < count; ++i) {
        if (type == element_type::float64) {
            const double v = value(i);
            std::memcpy(bytes.data() + i * layout.size, &v, sizeof v);
        } else {
            const float v = float(value(i));
            std::memcpy(bytes.data() + i * layout.size, &v, sizeof v);
        }
    }
    engine::copy_in(*matrix.data, engine::whole_of(*matrix.data), bytes.data());
    return matrix;
}

} // namespace tiles::algorithms
