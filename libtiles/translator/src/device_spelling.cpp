// tiles-amp: the host's types and constants as the library spells them (device_spelling.hpp).
#include "device_spelling.hpp"

#include <vector>

#include "tiles/detail/amp_kernel_text.hpp"
#include "tiles/element_type.hpp"
#include "clang/AST/DeclTemplate.h"
#include "clang/AST/Expr.h"
#include "clang/AST/ParentMapContext.h"

namespace tiles_amp {
namespace {

using namespace clang;

// Whether `d` is declared in the namespace `name` ("tiles", "tiles::amp") itself.
bool in_namespace(const Decl* d, const char* name) {
    const auto* n = dyn_cast<NamespaceDecl>(d->getDeclContext());
    return n && n->getQualifiedNameAsString() == name;
}

// A specialization of the library's class template `name` in namespace `space`, or nullptr.
const ClassTemplateSpecializationDecl* library_template(QualType t, const char* space, const char* name) {
    const auto* s = dyn_cast_or_null<ClassTemplateSpecializationDecl>(t->getAsCXXRecordDecl());
    return s && s->getNameAsString() == name && in_namespace(s, space) ? s : nullptr;
}

std::optional<long long> integer_argument(const ClassTemplateSpecializationDecl* s, unsigned i) {
    const TemplateArgumentList& args = s->getTemplateArgs();
    if (i >= args.size() || args[i].getKind() != TemplateArgument::Integral) return std::nullopt;
    return args[i].getAsIntegral().getExtValue();
}

// A number type's element type, as element_type_of reads it (by size and signedness).
std::optional<tiles::element_type> number_element(const ASTContext& context, QualType t) {
    const auto* b = t->getAs<BuiltinType>();
    if (!b) return std::nullopt;
    if (b->getKind() == BuiltinType::Float) return tiles::element_type::float32;
    if (b->getKind() == BuiltinType::Double) return tiles::element_type::float64;
    if (!b->isInteger() || b->getKind() == BuiltinType::Bool) return std::nullopt;
    const bool is_signed = b->isSignedInteger();
    switch (context.getTypeSizeInChars(t).getQuantity()) {
    case 1:
        return is_signed ? tiles::element_type::int8 : tiles::element_type::uint8;
    case 2:
        return is_signed ? tiles::element_type::int16 : tiles::element_type::uint16;
    case 4:
        return is_signed ? tiles::element_type::int32 : tiles::element_type::uint32;
    case 8:
        return is_signed ? tiles::element_type::int64 : tiles::element_type::uint64;
    default:
        return std::nullopt;
    }
}

// device_type_name<T>(): OpenCL's name of a number type; a struct's or enum's own name, less its
// namespaces (the source's own, which the device code declares at its top level).
std::optional<std::string> element_name(const ASTContext& context, QualType t) {
    const std::string constness = t.isConstQualified() ? "const " : "";
    t = t.getCanonicalType().getUnqualifiedType();
    if (const auto number = number_element(context, t)) return constness + tiles::opencl_name(*number);
    const TagDecl* tag = t->getAsTagDecl();
    if (!tag || tag->getName().empty() || isa<ClassTemplateSpecializationDecl>(tag)) return std::nullopt;
    // C++ AMP's short vectors keep their namespace, which the device has too (one header for both,
    // of the same layout: a float_3 is three floats on each), as the run time spells them.
    if (const auto* n = dyn_cast<NamespaceDecl>(tag->getDeclContext());
        n && n->getQualifiedNameAsString() == "concurrency::graphics")
        return constness + "concurrency::graphics::" + tag->getNameAsString();
    // The library's other types (half) are spelled by rules of their own.
    for (const DeclContext* c = tag->getDeclContext(); c; c = c->getParent())
        if (const auto* n = dyn_cast<NamespaceDecl>(c))
            if (n->getName() == "tiles" || n->getName() == "concurrency" || n->getName() == "std") return std::nullopt;
    return constness + tag->getNameAsString();
}

// C++ AMP's index<N> or extent<N>, as the device spells it ("index<2>"), or nothing.
std::optional<std::string> index_or_extent(QualType t) {
    for (const char* name : {"extent", "index"})
        if (const auto* s = library_template(t, "tiles", name)) {
            const auto rank = integer_argument(s, 0);
            if (!rank) return std::nullopt;
            return std::string(name) + "<" + std::to_string(*rank) + ">";
        }
    return std::nullopt;
}

} // namespace

std::optional<std::string> capture_type(const ASTContext& context, QualType declared) {
    const bool read_only = declared.isConstQualified();
    const QualType t = declared.getCanonicalType().getUnqualifiedType();
    for (const char* name : {"array_view", "array"})
        if (const auto* s = library_template(t, "tiles", name)) {
            const auto rank = integer_argument(s, 1);
            if (s->getTemplateArgs().size() != 2 || s->getTemplateArgs()[0].getKind() != TemplateArgument::Type ||
                !rank)
                return std::nullopt;
            const auto element = element_name(context, s->getTemplateArgs()[0].getAsType());
            if (!element) return std::nullopt;
            const std::string type = std::string(name) + "<" + *element + ", " + std::to_string(*rank) + ">";
            if (std::string(name) == "array_view") return "const " + type;
            return (read_only ? "const " : "") + type + "&";
        }
    for (const char* name : {"texture", "texture_view", "writeonly_texture_view"})
        if (const auto* s = library_template(t, "tiles::graphics", name)) {
            const auto rank = integer_argument(s, 1);
            const auto element = rank ? element_name(context, s->getTemplateArgs()[0].getAsType()) : std::nullopt;
            if (!element) return std::nullopt;
            const std::string type =
                "concurrency::graphics::" + std::string(name) + "<" + *element + ", " + std::to_string(*rank) + ">";
            if (std::string(name) != "texture") return "const " + type;
            return (read_only ? "const " : "") + type + "&";
        }
    if (const CXXRecordDecl* r = t->getAsCXXRecordDecl();
        r && r->getQualifiedNameAsString() == "tiles::graphics::sampler")
        return std::string("const concurrency::graphics::sampler");
    if (const auto spelled = index_or_extent(t)) return "const " + *spelled;
    if (const auto* s = library_template(t, "tiles::amp", "tiled_extent")) {
        std::string type = "const tiled_extent<";
        for (unsigned i = 0; i < 3; ++i) {
            const auto d = integer_argument(s, i);
            if (!d) return std::nullopt;
            type += (i ? ", " : "") + std::to_string(*d);
        }
        return type + ">";
    }
    if (t->isBooleanType() || t->isPointerType()) return std::nullopt;
    if (!t->isArithmeticType() && !t->isEnumeralType() && !t->isRecordType()) return std::nullopt;
    const auto element = element_name(context, t);
    if (!element) return std::nullopt;
    return (t->isEnumeralType() ? "const enum " : "const ") + *element; // as capture_of<T>::type spells it
}

std::optional<std::string> constant_definition(const ASTContext& context, const VarDecl* v) {
    const QualType t = v->getType().getCanonicalType().getUnqualifiedType();
    const APValue* value = v->evaluateValue();
    if (!value) return std::nullopt;
    const std::string name = v->getNameAsString();
    const std::size_t size = std::size_t(context.getTypeSizeInChars(t).getQuantity());
    if (t->isBooleanType() && value->isInt())
        return tiles::amp_detail::constant_definition(name, "bool", value->getInt().getBoolValue() ? 1 : 0, false,
                                                      false, size);
    const auto number = number_element(context, t);
    if (!number) return std::nullopt;
    const std::string type = tiles::opencl_name(*number);
    if (value->isInt()) {
        const llvm::APSInt& i = value->getInt();
        const long double as_long_double =
            i.isSigned() ? static_cast<long double>(i.getExtValue()) : static_cast<long double>(i.getZExtValue());
        return tiles::amp_detail::constant_definition(name, type, as_long_double, false, i.isSigned(), size);
    }
    if (value->isFloat()) {
        const llvm::APFloat& f = value->getFloat();
        const double d = size == sizeof(float) ? double(f.convertToFloat()) : f.convertToDouble();
        return tiles::amp_detail::constant_definition(name, type, static_cast<long double>(d), true, true, size);
    }
    return std::nullopt;
}

std::optional<index_shape> index_shape_of(QualType index) {
    const QualType t = index.getNonReferenceType().getCanonicalType().getUnqualifiedType();
    if (const auto* s = library_template(t, "tiles", "index")) {
        const auto rank = integer_argument(s, 0);
        if (!rank || *rank < 1 || *rank > 3) return std::nullopt;
        return index_shape{int(*rank), false, {}};
    }
    if (const auto* s = library_template(t, "tiles::amp", "tiled_index")) {
        index_shape shape{0, true, {}};
        for (unsigned i = 0; i < 3; ++i) {
            const auto d = integer_argument(s, i);
            if (!d) return std::nullopt;
            shape.tile[i] = int(*d);
            if (*d > 0) shape.rank = int(i) + 1;
        }
        return shape;
    }
    return std::nullopt;
}

const FunctionDecl* function_around(const LambdaExpr* lambda) {
    return dyn_cast<FunctionDecl>(lambda->getLambdaClass()->getDeclContext());
}

const FunctionDecl* function_around(ASTContext& context, const Expr* e) {
    DynTypedNodeList parents = context.getParents(*e);
    while (!parents.empty()) {
        if (const auto* f = parents[0].get<FunctionDecl>()) return f;
        if (const auto* l = parents[0].get<LambdaExpr>()) return l->getCallOperator();
        parents = context.getParents(parents[0]);
    }
    return nullptr;
}

std::optional<std::string> pretty_signature(const FunctionDecl* f) {
    if (!f || f->isDependentContext()) return std::nullopt;
    std::string signature = PredefinedExpr::ComputeName(PredefinedExpr::PrettyFunction, f);
    // clang's own list of the template arguments leaves out a function template's where the
    // function is a lambda's: the list is rewritten with every template's around `f`, outermost
    // first, as GCC spells them in a lambda's signature (kernel_name reads both).
    if (const std::size_t list = signature.rfind(" [");
        !signature.empty() && signature.back() == ']' && list != std::string::npos)
        signature.erase(list);
    std::vector<std::string> levels; // innermost first
    const PrintingPolicy policy = f->getASTContext().getPrintingPolicy();
    const auto add = [&](const TemplateParameterList* parameters, llvm::ArrayRef<TemplateArgument> arguments) {
        std::string level;
        for (unsigned i = 0; i < arguments.size() && parameters && i < parameters->size(); ++i) {
            std::string value;
            llvm::raw_string_ostream out(value);
            arguments[i].print(policy, out, false);
            level += (level.empty() ? "" : ", ") + parameters->getParam(i)->getNameAsString() + " = " + out.str();
        }
        if (!level.empty()) levels.push_back(level);
    };
    for (const DeclContext* c = f; c; c = c->getParent()) {
        if (const auto* g = dyn_cast<FunctionDecl>(c); g && g->getPrimaryTemplate())
            add(g->getPrimaryTemplate()->getTemplateParameters(), g->getTemplateSpecializationArgs()->asArray());
        if (const auto* r = dyn_cast<ClassTemplateSpecializationDecl>(c))
            add(r->getSpecializedTemplate()->getTemplateParameters(), r->getTemplateArgs().asArray());
    }
    std::string arguments;
    for (auto level = levels.rbegin(); level != levels.rend(); ++level)
        arguments += (arguments.empty() ? "" : ", ") + *level;
    return arguments.empty() ? signature : signature + " [" + arguments + "]";
}

std::optional<std::string> type_definition(const ASTContext& context, const std::string& name, QualType type) {
    // A class's `typedef index<1> index_type;` too, as a library of templates has it.
    auto spelled = index_or_extent(type.getCanonicalType().getUnqualifiedType());
    if (!spelled) spelled = element_name(context, type);
    if (!spelled) return std::nullopt;
    return "typedef " + *spelled + " " + name + ";";
}

bool template_arguments_of(const ASTContext& context, const FunctionDecl* around,
                           std::map<std::string, std::string>& definitions) {
    // What make_type and make_constant define of the parameter `p` bound to `a`.
    const auto define = [&](const NamedDecl* p, const TemplateArgument& a) {
        const std::string name = p->getNameAsString();
        if (a.getKind() == TemplateArgument::Type) {
            const auto definition = type_definition(context, name, a.getAsType());
            if (!definition) return false;
            definitions[name] = *definition;
            return true;
        }
        if (a.getKind() != TemplateArgument::Integral) return false;
        const QualType t = a.getIntegralType().getCanonicalType();
        const llvm::APSInt& v = a.getAsIntegral();
        const std::size_t size = std::size_t(context.getTypeSizeInChars(t).getQuantity());
        if (t->isEnumeralType()) {
            const auto spelled = element_name(context, t);
            if (!spelled) return false;
            definitions[name] = tiles::amp_detail::enum_constant_definition(name, *spelled, v.getExtValue());
            return true;
        }
        if (t->isBooleanType()) {
            definitions[name] =
                tiles::amp_detail::constant_definition(name, "bool", v.getBoolValue() ? 1 : 0, false, false, size);
            return true;
        }
        const auto number = number_element(context, t);
        if (!number) return false;
        const long double value =
            v.isSigned() ? static_cast<long double>(v.getExtValue()) : static_cast<long double>(v.getZExtValue());
        definitions[name] = tiles::amp_detail::constant_definition(name, tiles::opencl_name(*number), value, false,
                                                                   t->isSignedIntegerType(), size);
        return true;
    };
    const auto bind = [&](const TemplateParameterList* parameters, llvm::ArrayRef<TemplateArgument> arguments) {
        if (!parameters || parameters->size() != arguments.size()) return false;
        for (unsigned i = 0; i < arguments.size(); ++i)
            if (!define(parameters->getParam(i), arguments[i])) return false;
        return true;
    };
    for (const DeclContext* c = around; c; c = c->getParent()) {
        if (const auto* f = dyn_cast<FunctionDecl>(c); f && f->getTemplateSpecializationArgs())
            if (!f->getPrimaryTemplate() ||
                !bind(f->getPrimaryTemplate()->getTemplateParameters(), f->getTemplateSpecializationArgs()->asArray()))
                return false;
        if (const auto* r = dyn_cast<ClassTemplateSpecializationDecl>(c))
            if (!bind(r->getSpecializedTemplate()->getTemplateParameters(), r->getTemplateArgs().asArray()))
                return false;
    }
    return true;
}

} // namespace tiles_amp
