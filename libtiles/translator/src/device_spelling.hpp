// tiles-amp: the host's types and constants spelled as the library spells them in a kernel's text
// at run time (capture_of, make_constant in tiles/amp.hpp), so that the kernel compiled at build
// time is the one a launch asks for. Each gives nothing where the spelling is not certain (a
// template, a short vector, a type of the library's own): that kernel is compiled at run time.
#pragma once

#include <array>
#include <map>
#include <optional>
#include <string>

#include "clang/AST/ASTContext.h"
#include "clang/AST/ExprCXX.h"

namespace tiles_amp {

// The declaration of capture `v` in the kernel function: "const array_view<const float, 2>",
// "array<int, 1>&", "const uint", "const Params".
std::optional<std::string> capture_type(const clang::ASTContext& context, const clang::VarDecl* v);

// The device's definition of the host's number constant `v`: "constexpr int TS = 16;".
std::optional<std::string> constant_definition(const clang::ASTContext& context, const clang::VarDecl* v);

// The launch a kernel's index asks for: index<N>, or C++ AMP's tiled_index<D0, D1, D2>.
struct index_shape {
    int rank = 0;
    bool tiled = false;
    std::array<int, 3> tile{};
};
std::optional<index_shape> index_shape_of(clang::QualType index);

// The signature of the function a lambda is written in, as __PRETTY_FUNCTION__ gives it there
// (an instantiation's with its template arguments), where nothing around it is a template's pattern.
std::optional<std::string> enclosing_signature(const clang::LambdaExpr* lambda);

// The template arguments of the functions and classes around a lambda, as the device defines the
// parameters the kernel names (TILES_TYPE, TILES_CONSTANT): "typedef float T;", "constexpr int N =
// 16;", by parameter. False where one is not spelled (a template template argument, a pack).
bool template_arguments_of(const clang::ASTContext& context, const clang::LambdaExpr* lambda,
                           std::map<std::string, std::string>& definitions);

} // namespace tiles_amp
