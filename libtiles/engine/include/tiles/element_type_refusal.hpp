// libtiles: refusals of an element type that carry the types and the operand beside their message,
// so that a face saying them in its own words (Python's astype() that converts the data) reads
// them instead of the sentence. Caught as invalid_argument or unsupported_feature as before.
#pragma once

#include <optional>
#include <string>
#include <utility>

#include "tiles/element_type.hpp"
#include "tiles/exceptions.hpp"
#include "tiles/marked_names.hpp"

namespace tiles {

// Why an element type was refused (numbered from 1, as tiles.h's tiles_refusal, whose 0 is none).
enum class refusal_kind {
    parameter = 1,      // a kernel's pointer parameter of element type `wanted` was given data of `given`
    operands_differ,    // an algorithm's operand `role` has `given` elements, not the `wanted` of its input
    no_double_precision // an algorithm was given `given` (float64) elements on a device without doubles
};

// What a refusal of an element type says besides its message.
struct element_type_refusal {
    refusal_kind kind;                  // what was refused
    element_type given;                 // the element type given
    std::optional<element_type> wanted; // none where the parameter's type is no element type (bool, size_t)
    std::string role;                   // the operand as messages name it ("the mask", "B"); "" for a parameter
};

// The parts of a refusal, beside the exception that says it: the C API finds them from the
// exception it caught (dynamic_cast), whatever class that exception is.
class with_element_type_refusal {
  public:
    // Holds `parts` for the exception that says them.
    explicit with_element_type_refusal(element_type_refusal parts) : parts_(std::move(parts)) {}
    // Virtual, so that the C API's dynamic_cast finds these parts in any exception that has them.
    virtual ~with_element_type_refusal() = default;
    // The refusal's parts.
    const element_type_refusal& refusal() const noexcept { return parts_; }

  private:
    element_type_refusal parts_;
};

// `Base` (invalid_argument, unsupported_feature) that refuses an element type, with the parts; its
// message may mark its names (marked_names.hpp).
template <class Base> class refused_element_type : public names_marked<Base>, public with_element_type_refusal {
  public:
    // `Base`'s exception saying `message`, with the refusal's `parts` beside it.
    refused_element_type(const std::string& message, element_type_refusal parts)
        : names_marked<Base>(message), with_element_type_refusal(std::move(parts)) {}
};

} // namespace tiles
