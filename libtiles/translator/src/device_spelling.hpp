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

// The declaration in the kernel function of a capture, or of a functor's constructor's argument,
// of type `value` (no reference; const where the host's is): "const array_view<const float, 2>",
// "array<int, 1>&", "const uint", "const Params".
std::optional<std::string> capture_type(const clang::ASTContext& context, clang::QualType value);

// What TILES_TYPE (make_type) defines of the host's type `type` named `name`: "typedef float T;".
std::optional<std::string> type_definition(const clang::ASTContext& context, const std::string& name,
                                           clang::QualType type);

// The device's definition of the host's number constant `v`: "constexpr int TS = 16;".
std::optional<std::string> constant_definition(const clang::ASTContext& context, const clang::VarDecl* v);

// The launch a kernel's index asks for: index<N>, or C++ AMP's tiled_index<D0, D1, D2>.
struct index_shape {
    int rank = 0;
    bool tiled = false;
    std::array<int, 3> tile{};
};
std::optional<index_shape> index_shape_of(clang::QualType index);

// The function a call site is written in: around a lambda, or around an expression (a functor's
// construction), where __PRETTY_FUNCTION__ names it.
const clang::FunctionDecl* function_around(const clang::LambdaExpr* lambda);
const clang::FunctionDecl* function_around(clang::ASTContext& context, const clang::Expr* e);

// The signature of `f` as clang's __PRETTY_FUNCTION__ gives it there, where it is no template's
// pattern, ending with the arguments of every template around it, outermost first: "[A = 64, B = 2]".
std::optional<std::string> pretty_signature(const clang::FunctionDecl* f);

// The template arguments of `f` and the functions and classes around it, as the device defines the
// parameters a kernel names (TILES_TYPE, TILES_CONSTANT): "typedef float T;", "constexpr int N =
// 16;", by parameter. False where one is not spelled (a template template argument, a pack).
bool template_arguments_of(const clang::ASTContext& context, const clang::FunctionDecl* f,
                           std::map<std::string, std::string>& definitions);

} // namespace tiles_amp
