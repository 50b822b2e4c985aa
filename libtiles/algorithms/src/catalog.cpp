// libtiles algorithms: the catalogue of the algorithms: the one list of their descriptions, which
// the faces read (tiles/algorithms/description.hpp), and of their parameter sets, handed to the
// engine's parameter lookup as the library is loaded: the lookup, the tuning file, the tuner,
// tiles-tune and checked mode then know them by name. Each algorithm describes its face and its
// sets in its own files, and hands them here through its entry (name_in_catalog()); adding one
// adds its line to TILES_ALGORITHMS (catalog.hpp). Every set's description calls on this file (its
// device's tile, its tuning matrices), so wherever an algorithm is linked, so is the catalogue.
#include "catalog.hpp"

#include <cstring>
#include <sstream>
#include <vector>

namespace tiles::algorithms {

namespace {

// Every algorithm's entry, made once.
const std::vector<catalog_entry>& catalog() {
#define TILES_CATALOG_ENTRY(name) name##_in_catalog(),
    static const engine::immortal<std::vector<catalog_entry>> entries(
        std::vector<catalog_entry>{TILES_ALGORITHMS(TILES_CATALOG_ENTRY)});
#undef TILES_CATALOG_ENTRY
    return *entries;
}

const bool registered = [] {
    for (const catalog_entry& algorithm : catalog()) engine::register_parameter_sets(algorithm.parameter_sets);
    return true;
}();

} // namespace

const std::vector<const algorithm_description*>& algorithm_descriptions() {
    static const engine::immortal<std::vector<const algorithm_description*>> all([] {
        std::vector<const algorithm_description*> descriptions;
        for (const catalog_entry& algorithm : catalog())
            descriptions.insert(descriptions.end(), algorithm.descriptions.begin(), algorithm.descriptions.end());
        return descriptions;
    }());
    return *all;
}

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
