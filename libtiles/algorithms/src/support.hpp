// libtiles algorithms: what the algorithms share: the engine's names they are written in, their
// kernels (a kernels/*.cl text after kernels/elements.cl, specialised by -D options and kept for
// reuse), the checks of their operands with messages that name the numbers, and their launches
// through the engine.
#pragma once

#include <array>
#include <cstdint>
#include <initializer_list>
#include <memory>
#include <string>
#include <vector>

#include "seam/algorithm_context.hpp"
#include "tiles/algorithms/description.hpp"
#include "tiles/engine/launch.hpp"
#include "tiles/engine/split.hpp"
#include "tiles/engine/storage.hpp"
#include "tiles/kernel.hpp"

namespace tiles::algorithms {

// The engine's names the algorithms are written in.
using engine::context;
using engine::copy_in_at_once;
using engine::device_info;
using engine::dims3;
using engine::element_count;
using engine::host_access;
using engine::host_piece;
using engine::launch_arg;
using engine::launch_domain;
using engine::layout_of;
using engine::matrix_operand;
using engine::scalar_arg;
using engine::split_matrix;
using engine::storage;
using engine::storage_on_device;
using engine::storage_over_buffer;
using engine::whole_of;

// The kernel `name` of an algorithm's source (an embedded kernels/*.cl text), built with the
// element type's definitions and `options`, for data of `storage` elements where they are not
// `element` (16-bit floats, which kernels compute on as float or move as ushort: elements.cl).
// The same object for the same arguments, so that a repeated launch finds its compiled kernel at
// once.
const kernel& algorithm_kernel(const char* source, const char* name, element_type element, const std::string& options);
const kernel& algorithm_kernel(const char* source, const char* name, element_type element, const std::string& options,
                               element_type storage);

// The 16-bit floats: the element types the algorithms compute in another (computed_as), float.
inline bool is_16_bit_float(element_type type) { return computed_as(type) != type; }

// "3x4", how messages write a shape.
std::string shape_text(int rows, int columns);

// Throws invalid_argument unless `type` is one of `supported` (an operand's element types in its
// algorithm's description), and unsupported_feature for double elements on a device without
// double precision.
void check_element_type(const char* algorithm, element_type type, const std::vector<element_type>& supported,
                        const device_info& device);

// In messages, `role` names an operand with its article: "the input", "C".

// Throws invalid_argument unless the operand has positive dimensions, its storage holds exactly
// rows x columns elements, and they can be indexed with an int.
void check_operand(const char* algorithm, const char* role, const matrix_operand& operand);

// Throws invalid_argument unless the operand's elements are of the reference operand's type.
void check_same_element_type(const char* algorithm, const char* role, const matrix_operand& operand,
                             const char* reference_role, element_type reference_type);

// Throws invalid_argument unless the operand is rows x columns; `why` completes the sentence.
// `rows` is a size_t, so that a stack's rows (matrices x rows of each) are counted without wrapping.
void check_shape(const char* algorithm, const char* role, const matrix_operand& operand, std::size_t rows, int columns,
                 const std::string& why);

// Throws invalid_argument if an output shares its storage with an input, which it would
// overwrite while it is still being read.
void check_not_aliased(const char* algorithm, const char* output_role, const matrix_operand& output,
                       const char* input_role, const matrix_operand& input);

element_type element_type_of(const matrix_operand& operand);

// check_operand of each of `operands`, given in the order of `algorithm`'s description and named
// by its roles, and check_element_type of the first against the element types described; its
// element type.
element_type check_described(const algorithm_description& algorithm,
                             std::initializer_list<const matrix_operand*> operands, const device_info& device);

launch_arg input_arg(const std::shared_ptr<storage>& data);
launch_arg output_arg(const std::shared_ptr<storage>& data);
// A scalar argument of the element type (float or double).
launch_arg element_arg(element_type type, double value);

// How many blocks of `block` elements cover `count` elements (counted without adding, which would
// overflow for counts near INT_MAX).
int blocks_covering(int count, int block);

// Refuses (invalid_argument) a launch whose tiles, covering the `count` elements of `what` (such
// as "C's rows"), reach position `reach`: the kernels compute positions up to the end of their
// last block, and past it by a halo, in int, which must not overflow near INT_MAX.
void check_reach(const char* algorithm, const char* what, int count, std::int64_t reach);

// A tiled launch of tile_rows x tile_columns work-items per tile with enough tiles for
// rows x columns work-items; invalid_argument where that is more than an int indexes. The counts
// are 64-bit, so that products of block counts and tile sizes reach it whole.
launch_domain covering_domain(std::int64_t rows, std::int64_t columns, int tile_rows, int tile_columns);
// The same in one dimension.
launch_domain covering_domain(std::int64_t count, int tile);

template <std::size_t N>
void launch_algorithm(const std::shared_ptr<context>& context, const launch_domain& domain, const kernel& k,
                      const std::array<launch_arg, N>& args) {
    engine::launch(context, domain, k, args.data(), args.size());
}

} // namespace tiles::algorithms
