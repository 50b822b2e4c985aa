// libtiles algorithms: the kernels, checks and launches every algorithm engine shares.
#include "support.hpp"

#include <algorithm>
#include <climits>
#include <cstdint>
#include <map>
#include <mutex>
#include <sstream>
#include <tuple>

#include "programs/program_text.hpp"
#include "tiles/element_type_refusal.hpp"
#include "tiles/engine/immortal.hpp"
#include "tiles/exceptions.hpp"
#include "tiles/marked_names.hpp"

extern const char tiles_kernel_elements[];

namespace tiles::algorithms {
namespace {

// The element type as these messages name it, marked (tiles/marked_names.hpp).
std::string element_name(element_type type) {
    return marked_element(type, type == element_type::opaque ? "opaque (struct)" : element_description(type));
}

// "int, float and double"
std::string name_list(const std::vector<element_type>& types) {
    std::string list;
    std::size_t i = 0;
    for (const element_type type : types) {
        if (i > 0) list += i + 1 == types.size() ? " and " : ", ";
        list += element_name(type);
        ++i;
    }
    return list;
}

bool is_floating(element_type type) { return type == element_type::float32 || type == element_type::float64; }

int checked_cover(std::int64_t count, int tile, const char* what) {
    const std::int64_t covered = (count + tile - 1) / tile * tile;
    if (covered > INT_MAX)
        throw invalid_argument("a launch would need " + std::to_string(covered) + " work-items along the " + what +
                               ", more than the " + std::to_string(INT_MAX) + " libtiles can index");
    return int(covered);
}

} // namespace

const kernel& algorithm_kernel(const char* source, const char* name, element_type element, const std::string& options,
                               element_type storage) {
    static engine::immortal<std::map<std::tuple<const char*, std::string, std::string>, kernel>> kernels;
    static std::mutex mutex;
    std::string all_options = std::string("-DELEMENT=") + opencl_name(element) +
                              " -DELEMENT_IS_FLOAT=" + (is_floating(element) ? "1 " : "0 ") + options;
    if (storage != element)
        all_options += std::string(" -DSTORAGE=") + opencl_name(storage) +
                       " -DSTORAGE_IS_HALF=" + (storage == element_type::float16 ? "1" : "0") +
                       " -DSTORAGE_IS_BFLOAT16=" + (storage == element_type::bfloat16 ? "1" : "0");
    std::lock_guard<std::mutex> lock(mutex);
    auto key = std::make_tuple(source, std::string(name), all_options);
    auto found = kernels->find(key);
    if (found == kernels->end()) {
        // #line makes build logs and checked mode count lines in the algorithm's own file, and
        // tells the shared header's apart.
        kernel k(std::string("#line 1 \"elements.cl\"\n") + tiles_kernel_elements + "\n#line 1 \"" +
                     engine::kernel_source_name + "\"\n" + source,
                 name, all_options);
        found = kernels->emplace(std::move(key), std::move(k)).first;
    }
    return found->second;
}

const kernel& algorithm_kernel(const char* source, const char* name, element_type element, const std::string& options) {
    return algorithm_kernel(source, name, element, options, element);
}

std::string shape_text(int rows, int columns) { return std::to_string(rows) + "x" + std::to_string(columns); }

void check_element_type(const char* algorithm, element_type type, const std::vector<element_type>& supported,
                        const device_info& device) {
    if (std::find(supported.begin(), supported.end(), type) == supported.end())
        throw names_marked<invalid_argument>(std::string(algorithm) + " supports " + name_list(supported) +
                                             " elements, not " + element_name(type));
    if (type == element_type::float64 && !device.fp64)
        throw refused_element_type<unsupported_feature>(std::string(algorithm) +
                                                            " of double elements needs double precision, which '" +
                                                            device.name + "' does not have",
                                                        {refusal_kind::no_double_precision, type, std::nullopt, ""});
}

element_type check_described(const algorithm_description& algorithm,
                             std::initializer_list<const matrix_operand*> operands, const device_info& device) {
    std::size_t i = 0;
    for (const matrix_operand* operand : operands)
        check_operand(algorithm.name, algorithm.operands.at(i++).role, *operand);
    const element_type type = element_type_of(**operands.begin());
    check_element_type(algorithm.name, type, algorithm.operands.front().element_types, device);
    return type;
}

void check_operand(const char* algorithm, const char* role, const matrix_operand& operand) {
    std::ostringstream os;
    os << algorithm << ": " << role;
    if (operand.data == nullptr) {
        os << " has no storage";
    } else if (operand.rows <= 0 || operand.columns <= 0) {
        os << " is " << shape_text(operand.rows, operand.columns) << "; every dimension must be at least 1";
    } else if (std::int64_t(operand.rows) * operand.columns > INT_MAX) {
        os << " is " << shape_text(operand.rows, operand.columns) << ", "
           << std::int64_t(operand.rows) * operand.columns << " elements, more than the " << INT_MAX
           << " libtiles' algorithms can index";
    } else if (element_count(*operand.data) != std::size_t(operand.rows) * operand.columns) {
        os << " is " << shape_text(operand.rows, operand.columns) << " (" << std::size_t(operand.rows) * operand.columns
           << " elements) but its storage holds " << element_count(*operand.data);
    } else {
        return;
    }
    throw invalid_argument(os.str());
}

void check_same_element_type(const char* algorithm, const char* role, const matrix_operand& operand,
                             const char* reference_role, element_type reference_type) {
    if (element_type_of(operand) != reference_type)
        throw refused_element_type<invalid_argument>(
            std::string(algorithm) + ": " + role + " has " + element_name(element_type_of(operand)) + " elements, " +
                reference_role + " " + element_name(reference_type) + " elements; they must be the same",
            {refusal_kind::operands_differ, element_type_of(operand), reference_type, role});
}

void check_shape(const char* algorithm, const char* role, const matrix_operand& operand, std::size_t rows, int columns,
                 const std::string& why) {
    if (std::size_t(operand.rows) != rows || operand.columns != columns)
        throw invalid_argument(std::string(algorithm) + ": " + role + " is " +
                               shape_text(operand.rows, operand.columns) + " but must be " + std::to_string(rows) +
                               "x" + std::to_string(columns) + ", " + why);
}

void check_not_aliased(const char* algorithm, const char* output_role, const matrix_operand& output,
                       const char* input_role, const matrix_operand& input) {
    if (output.data == input.data)
        throw invalid_argument(std::string(algorithm) + ": " + output_role + " and " + input_role +
                               " are the same data; " + output_role + " would be overwritten while it is read");
}

element_type element_type_of(const matrix_operand& operand) { return layout_of(*operand.data).type; }

launch_arg input_arg(const std::shared_ptr<storage>& data) {
    return {launch_arg::kind::memory, data, whole_of(*data), layout_of(*data), true, "array"};
}

launch_arg output_arg(const std::shared_ptr<storage>& data) {
    return {launch_arg::kind::memory, data, whole_of(*data), layout_of(*data), false, "array"};
}

launch_arg element_arg(element_type type, double value) {
    return type == element_type::float64 ? scalar_arg(value) : scalar_arg(static_cast<float>(value));
}

int blocks_covering(int count, int block) { return count / block + (count % block != 0 ? 1 : 0); }

void check_reach(const char* algorithm, const char* what, int count, std::int64_t reach) {
    if (reach > INT_MAX)
        throw invalid_argument(std::string(algorithm) + ": the tiles over " + what + " (" + std::to_string(count) +
                               ") reach position " + std::to_string(reach) + ", past the " + std::to_string(INT_MAX) +
                               " the kernel indexes in an int");
}

launch_domain covering_domain(std::int64_t rows, std::int64_t columns, int tile_rows, int tile_columns) {
    launch_domain domain;
    domain.rank = 2;
    domain.tiled = true;
    domain.extent = {checked_cover(rows, tile_rows, "rows"), checked_cover(columns, tile_columns, "columns"), 0};
    domain.tile = {tile_rows, tile_columns, 0};
    return domain;
}

launch_domain covering_domain(std::int64_t count, int tile) {
    launch_domain domain;
    domain.rank = 1;
    domain.tiled = true;
    domain.extent = {checked_cover(count, tile, "data"), 0, 0};
    domain.tile = {tile, 0, 0};
    return domain;
}

} // namespace tiles::algorithms
