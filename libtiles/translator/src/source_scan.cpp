// tiles-amp: reading the kernels off clang's AST (source_scan.hpp).
#include "source_scan.hpp"

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <functional>

#include "device_spelling.hpp"
#include "restrict_marks.hpp"
#include "translated_files.hpp"
#include "clang/AST/ParentMapContext.h"
#include "clang/AST/RecursiveASTVisitor.h"
#include "clang/Lex/Lexer.h"

namespace tiles_amp {
namespace {

using namespace clang;

// Positions in the files tiles-amp translates: the source and its headers (translated_files.hpp).
class places {
  public:
    explicit places(ASTContext& c) : sm_(c.getSourceManager()), lang_(c.getLangOpts()) {}

    // The translated file `l` lies in, or "".
    std::string file_of(SourceLocation l) const { return translated_file(sm_, l); }
    bool translated(SourceLocation l) const { return !file_of(l).empty(); }
    // In the file `l` lies in.
    unsigned offset(SourceLocation l) const { return sm_.getFileOffset(sm_.getExpansionLoc(l)); }
    // Past the token at `l`, or past the macro's invocation that `l` is in (a declaration's last
    // token, restrict(amp)'s annotation, is in restrict's).
    unsigned end_of(SourceLocation l) const {
        return offset(Lexer::getLocForEndOfToken(sm_.getExpansionRange(l).getEnd(), 0, sm_, lang_));
    }
    // The range of a declaration with the ';' after it, where one follows.
    span of_declaration(const Decl* d) const {
        span s{offset(d->getBeginLoc()), end_of(d->getEndLoc())};
        if (const auto next = Lexer::findNextToken(sm_.getExpansionRange(d->getEndLoc()).getEnd(), sm_, lang_))
            if (next->is(tok::semi)) s.end = offset(next->getLocation()) + 1;
        return s;
    }
    std::string where(SourceLocation l) const {
        const PresumedLoc p = sm_.getPresumedLoc(sm_.getExpansionLoc(l));
        if (p.isInvalid()) return "<unknown>";
        return std::string(p.getFilename()) + ":" + std::to_string(p.getLine()) + ":" + std::to_string(p.getColumn());
    }
    int line(SourceLocation l) const { return int(sm_.getPresumedLoc(sm_.getExpansionLoc(l)).getLine()); }
    int column(SourceLocation l) const { return int(sm_.getPresumedLoc(sm_.getExpansionLoc(l)).getColumn()); }
    // The text of `s` in the file `in` lies in.
    std::string text(SourceLocation in, const span& s) const {
        return sm_.getBufferData(sm_.getFileID(sm_.getExpansionLoc(in))).substr(s.begin, s.end - s.begin).str();
    }
    bool before(SourceLocation a, SourceLocation b) const {
        return sm_.isBeforeInTranslationUnit(sm_.getExpansionLoc(a), sm_.getExpansionLoc(b));
    }
    // Whether `other` lies in the file of `at` or in a header that file includes, at any depth.
    bool reads(SourceLocation at, SourceLocation other) const {
        const FileID file = sm_.getFileID(sm_.getExpansionLoc(at));
        for (FileID f = sm_.getFileID(sm_.getExpansionLoc(other)); f.isValid();) {
            if (f == file) return true;
            const SourceLocation included = sm_.getIncludeLoc(f);
            if (included.isInvalid()) break;
            f = sm_.getFileID(sm_.getExpansionLoc(included));
        }
        return false;
    }

  private:
    const SourceManager& sm_;
    const LangOptions& lang_;
};

const CXXMethodDecl* call_operator(const CXXRecordDecl* r) {
    if (!r || !r->hasDefinition()) return nullptr;
    for (const CXXMethodDecl* m : r->getDefinition()->methods())
        if (m->getOverloadedOperator() == OO_Call && runs_on_device(m)) return m;
    return nullptr;
}

// Whether a kernel's parameter is C++ AMP's index or tiled_index.
bool is_index(QualType t) {
    const CXXRecordDecl* r = t.getNonReferenceType()->getAsCXXRecordDecl();
    if (!r) {
        if (const auto* s = t.getNonReferenceType()->getAs<TemplateSpecializationType>())
            if (const TemplateDecl* d = s->getTemplateName().getAsTemplateDecl())
                return d->getNameAsString() == "index" || d->getNameAsString() == "tiled_index";
        return false;
    }
    return r->getNameAsString() == "index" || r->getNameAsString() == "tiled_index";
}

// The declaration at namespace scope that holds `d` (a template's, where it is one).
const Decl* outermost(const Decl* d) {
    while (!d->getDeclContext()->isFileContext()) {
        const auto* parent = dyn_cast<Decl>(d->getDeclContext());
        if (!parent) break;
        d = parent;
    }
    if (const auto* f = dyn_cast<FunctionDecl>(d))
        if (const FunctionTemplateDecl* t = f->getDescribedFunctionTemplate()) return t;
    if (const auto* r = dyn_cast<CXXRecordDecl>(d))
        if (const ClassTemplateDecl* t = r->getDescribedClassTemplate()) return t;
    return d;
}

// A #line directive and the spaces that put the next text where `block`'s begins.
std::string line_directive(const device_block& block) {
    std::string file;
    for (const char c : block.file) file += c == '"' || c == '\\' ? std::string("\\") + c : std::string(1, c);
    return "#line " + std::to_string(block.line) + " \"" + file + "\"\n" +
           std::string(std::size_t(block.column - 1), ' ');
}

// `block`, the text of `d`, inside the namespaces `d` is written in, so that device code names it as
// the source does (`details::kInclusive`); the text keeps its line and column under a #line.
device_block in_namespaces(const Decl* d, device_block block) {
    std::string open, close;
    for (const DeclContext* c = d->getLexicalDeclContext(); c && !c->isTranslationUnit(); c = c->getLexicalParent())
        if (const auto* n = dyn_cast<NamespaceDecl>(c)) {
            open = std::string(n->isInline() ? "inline " : "") + "namespace " +
                   (n->isAnonymousNamespace() ? "" : n->getNameAsString() + " ") + "{ " + open;
            close += "}";
        }
    if (open.empty()) return block;
    block.text = open + "\n" + line_directive(block) + block.text + "\n" + close;
    block.column = 1;
    return block;
}

// `block`, a lambda's text, as the function `name` that makes the lambda and calls it with its
// arguments; the text keeps its line and column under a #line.
device_block in_function(const std::string& name, device_block block) {
    block.text = "template <class... tiles_amp_A> decltype(auto) " + name +
                 "(tiles_amp_A&&... tiles_amp_a) { return\n" + line_directive(block) + block.text +
                 "\n(static_cast<tiles_amp_A&&>(tiles_amp_a)...); }";
    block.column = 1;
    return block;
}

const FunctionDecl* pattern_of(const FunctionDecl* f) {
    if (const FunctionDecl* p = f->getTemplateInstantiationPattern()) f = p;
    if (const FunctionDecl* d = f->getDefinition()) f = d;
    return f;
}

const Decl* pattern_of_type(const TagDecl* t) {
    if (const auto* r = dyn_cast<CXXRecordDecl>(t)) {
        if (const auto* s = dyn_cast<ClassTemplateSpecializationDecl>(r))
            return s->getSpecializedTemplate()->getTemplatedDecl();
        if (const CXXRecordDecl* p = r->getTemplateInstantiationPattern()) return p;
        if (const CXXRecordDecl* d = r->getDefinition()) return d;
    }
    return t;
}

std::string literal_of(const APValue& v, QualType t) {
    char text[64];
    if (t->isBooleanType()) return v.getInt().getBoolValue() ? "true" : "false";
    if (v.isInt()) {
        std::string s = llvm::toString(v.getInt(), 10);
        return s + (t->isUnsignedIntegerType() ? "u" : "");
    }
    const bool is_float = t->isSpecificBuiltinType(BuiltinType::Float);
    std::snprintf(text, sizeof text, is_float ? "%af" : "%a", v.getFloat().convertToDouble());
    return text;
}

std::string spelled(QualType t) {
    PrintingPolicy policy{LangOptions()};
    policy.SuppressTagKeyword = true;
    return t.getUnqualifiedType().getAsString(policy);
}

// Why a value of type `t` cannot reach the device by its bytes, or "" where it can: numbers, and
// trivially copyable structs of them (arrays of them included) declared in the files tiles-amp
// translates.
// `member` names the part of the capture that is `t` ("" for the capture itself).
std::string not_by_copy(const ASTContext& c, const places& at, QualType t, const std::string& member) {
    t = t.getCanonicalType();
    const std::string part = member.empty() ? "it" : "its member '" + member + "' ('" + spelled(t) + "')";
    while (const ArrayType* a = c.getAsArrayType(t)) t = a->getElementType().getCanonicalType();
    if (t->isPointerType() || t->isReferenceType() || t->isMemberPointerType())
        return part + " is a pointer or reference, and the device cannot read the host's memory";
    if (t->isArithmeticType() || t->isEnumeralType()) return "";
    const CXXRecordDecl* r = t->getAsCXXRecordDecl();
    if (!r || !r->hasDefinition()) return part + " is of a type a kernel cannot take from the host";
    const std::string name = r->getQualifiedNameAsString();
    if (name == "tiles::array" || name == "tiles::array_view")
        return part + " is an " + r->getNameAsString() + ", which a kernel captures by itself, not inside a struct";
    if (!t.isTriviallyCopyableType(c))
        return part + " is not trivially copyable (a copy constructor, assignment or destructor of its own), and the "
                      "kernel receives its bytes";
    if (!at.translated(r->getLocation()))
        return part + " is declared in a system header or libtiles' own, which tiles-amp does not translate, so it "
                      "cannot take it to the device; declare it in the source or a header of your own";
    for (const CXXBaseSpecifier& b : r->bases())
        if (std::string why = not_by_copy(c, at, b.getType(), member); !why.empty()) return why;
    for (const FieldDecl* f : r->fields())
        if (std::string why =
                not_by_copy(c, at, f->getType(), (member.empty() ? "" : member + ".") + f->getNameAsString());
            !why.empty())
            return why;
    return "";
}

// The library's class `name` ("tiles::array") that `t` is, less references and const.
bool is_library_class(QualType t, const char* name) {
    const CXXRecordDecl* r = t.getNonReferenceType()->getAsCXXRecordDecl();
    return r && r->getQualifiedNameAsString() == name;
}

// Whether `t` is a struct that holds views: an array_view, or a reference to an array.
bool holds_views(QualType t) {
    const CXXRecordDecl* r = t.getNonReferenceType()->getAsCXXRecordDecl();
    if (!r || !r->hasDefinition() || r->getQualifiedNameAsString().rfind("tiles::", 0) == 0) return false;
    for (const FieldDecl* f : r->fields())
        if (is_library_class(f->getType(), "tiles::array_view") ||
            (f->getType()->isReferenceType() && is_library_class(f->getType(), "tiles::array")))
            return true;
    return false;
}

// Why the member `f` of a struct of views cannot reach the device, or "" where it can: an
// array_view, a reference to an array, or what a kernel takes by copy.
std::string not_a_view_member(const ASTContext& c, const places& at, const FieldDecl* f) {
    const std::string member = "its member '" + f->getNameAsString() + "' ('" + spelled(f->getType()) + "')";
    if (f->getAccess() != AS_public)
        return member + " is not public, and the host passes each member of a struct of views by itself";
    if (is_library_class(f->getType(), "tiles::array_view") ||
        (f->getType()->isReferenceType() && is_library_class(f->getType(), "tiles::array")))
        return "";
    if (is_library_class(f->getType(), "tiles::array"))
        return member + " is an array held by value; hold a reference to it (array<T, N>&), as C++ AMP's kernels do";
    if (!f->getType()->isReferenceType() && holds_views(f->getType()))
        return member + " is a struct of views inside a struct of views, which a kernel does not take; capture it "
                        "by itself";
    return not_by_copy(c, at, f->getType(), f->getNameAsString());
}

// Why a kernel cannot capture `r`, a struct of views, or "" where it can: its members are views,
// references to arrays and what a kernel takes by copy, and the device makes it of them as
// `Type{members...}` (an aggregate, or a constructor taking them in order).
std::string not_a_view_struct(const ASTContext& c, const places& at, const CXXRecordDecl* r) {
    if (!at.translated(r->getLocation()))
        return "it is declared in a system header or libtiles' own, which tiles-amp does not translate";
    if (isa<ClassTemplateSpecializationDecl>(r) || r->getNumBases() != 0)
        return "it holds views and is a template's or has base classes, which a kernel does not take; capture its "
               "views by themselves";
    unsigned members = 0;
    for (const FieldDecl* f : r->fields()) {
        ++members;
        if (std::string why = not_a_view_member(c, at, f); !why.empty()) return why;
    }
    if (r->isAggregate()) return "";
    for (const CXXConstructorDecl* k : r->ctors())
        if (!k->isCopyOrMoveConstructor() && k->getNumParams() == members) return "";
    return "it holds views and has constructors, none of which takes its " + std::to_string(members) +
           " members in order: the device makes it as '" + r->getNameAsString() + "{members...}'";
}

// Why a kernel cannot capture `v`, or "" where it can: arrays, array_views, numbers, and by copy
// trivially copyable structs of numbers and C++ AMP's extent, index and tiled_extent, and structs
// of views (array_views and references to arrays) beside them.
std::string capture_refusal(const ASTContext& c, const places& at, const VarDecl* v) {
    const QualType t = v->getType().getNonReferenceType().getCanonicalType();
    if (t->isDependentType()) return "";
    const std::string refused = "the kernel captures '" + v->getNameAsString() + "' of type '" +
                                spelled(v->getType().getNonReferenceType()) + "': ";
    if (t->isBooleanType())
        return refused + "a kernel takes no bool from the host (C++ AMP's kernels have none); capture an int";
    const CXXRecordDecl* r = t->getAsCXXRecordDecl();
    const std::string name = r ? r->getQualifiedNameAsString() : "";
    if (name == "tiles::array" || name == "tiles::array_view" || name == "tiles::extent" || name == "tiles::index" ||
        name == "tiles::amp::tiled_extent" || name.rfind("tiles::graphics::", 0) == 0)
        return "";
    if (name == "tiles::tiled_extent")
        return refused + "its tile is a run-time value, which the device's tiled_extent<D0, D1, D2> has in its type; "
                         "capture extent.tile<D0, D1>() as C++ AMP writes it";
    if (holds_views(t)) {
        const std::string why = not_a_view_struct(c, at, r);
        return why.empty() ? "" : refused + why;
    }
    if (const std::string why = not_by_copy(c, at, t, ""); !why.empty())
        return refused + why +
               "; a kernel takes arrays, array_views, numbers, and by copy trivially copyable structs of numbers, "
               "extents, indices and tiled_extents";
    return "";
}

// One kernel's reach: what its body and the device code it calls use.
class reach : public RecursiveASTVisitor<reach> {
  public:
    // `instance`: the kernel the build compiles of this visit of the site, or nullptr (a
    // template's pattern, a functor).
    reach(ASTContext& c, const places& at, const macro_log& macros, plan& out, kernel_site& site,
          std::map<std::string, SourceLocation>& code_at, kernel_instance* instance = nullptr)
        : context_(c), at_(at), macros_(macros), out_(out), site_(site), code_at_(code_at), instance_(instance) {}

    bool shouldVisitTemplateInstantiations() const { return false; }
    bool shouldVisitImplicitCode() const { return false; }

    // The body of device function `f` (a kernel's operator() included), whose calls are checked.
    void function(const FunctionDecl* f, bool is_kernel) {
        // Its definition, whose parameters the body names, where `f` is a declaration before it.
        if (!f->hasBody(f) || !scanned_.insert(f).second) return;
        const FunctionDecl* saved = current_;
        current_ = f;
        const bool was_kernel = in_kernel_;
        in_kernel_ = is_kernel;
        for (const ParmVarDecl* p : f->parameters())
            if (p->getTypeSourceInfo()) TraverseTypeLoc(p->getTypeSourceInfo()->getTypeLoc());
        TraverseStmt(f->getBody());
        if (const auto* c = dyn_cast<CXXConstructorDecl>(f))
            for (const CXXCtorInitializer* i : c->inits()) TraverseStmt(i->getInit());
        current_ = saved;
        in_kernel_ = was_kernel;
    }

    // A variable of the host that the kernel captures, named at `at`: refused where it cannot be
    // passed, and a struct's definition device code.
    void capture(const VarDecl* v, SourceLocation at) {
        if (device_lambda(v)) return;
        const std::string name = v->getNameAsString();
        // Each instantiation's kernel captures the variable with its own type.
        if (instance_ != nullptr && !instance_->capture_types.count(name)) {
            if (const auto spelled = capture_type(context_, v->getType().getNonReferenceType()))
                instance_->capture_types[name] = *spelled;
            else
                not_ahead("it captures '" + name + "', of a type the build does not spell");
        }
        // A struct of views' members too, for every instantiation, not only the site's first walk.
        if (instance_ != nullptr && holds_views(v->getType())) member_types(v);
        auto& captures = site_.captures;
        if (std::find(captures.begin(), captures.end(), name) != captures.end()) return;
        captures.push_back(name);
        if (const std::string refusal = capture_refusal(context_, at_, v); !refusal.empty()) {
            out_.problems.push_back({at_.where(at), refusal});
            return;
        }
        if (holds_views(v->getType())) members(v);
        const TagDecl* t = v->getType().getNonReferenceType()->getAsTagDecl();
        if (!t) return;
        type(t, at);
        // An array's or view's elements: a struct of the source is device code too.
        if (const auto* s = dyn_cast<ClassTemplateSpecializationDecl>(t))
            for (const TemplateArgument& a : s->getTemplateArgs().asArray())
                if (a.getKind() == TemplateArgument::Type)
                    if (const TagDecl* element = a.getAsType()->getAsTagDecl()) type(element, at);
    }

    bool VisitDeclRefExpr(DeclRefExpr* e) {
        const ValueDecl* d = e->getDecl();
        if (const auto* f = dyn_cast<FunctionDecl>(d))
            called(f, e->getLocation());
        else if (const auto* v = dyn_cast<VarDecl>(d))
            variable(v, e);
        else if (const auto* c = dyn_cast<EnumConstantDecl>(d))
            type(cast<TagDecl>(c->getDeclContext()), e->getLocation());
        else if (isa<NonTypeTemplateParmDecl>(d) && in_kernel_) {
            site_.template_names.emplace(d->getNameAsString(), false);
            // An enum's parameter: its constant is of the enum, which the device defines too.
            if (const TagDecl* tag = d->getType()->getAsTagDecl()) type(tag, e->getLocation());
        }
        return true;
    }
    // A call whose arguments depend on a template parameter, named in the template's pattern: the
    // device functions of the user's it may call are device code, since the instantiation's
    // body can be lost to the parse (a tile barrier, which the host's tiled_index lacks).
    bool VisitUnresolvedLookupExpr(UnresolvedLookupExpr* e) {
        for (const NamedDecl* d : e->decls()) {
            const NamedDecl* named = d->getUnderlyingDecl();
            if (const auto* t = dyn_cast<FunctionTemplateDecl>(named)) named = t->getTemplatedDecl();
            const auto* f = dyn_cast<FunctionDecl>(named);
            if (f && at_.translated(f->getLocation()) && runs_on_device(pattern_of(f))) called(f, e->getNameLoc());
        }
        return true;
    }
    bool VisitMemberExpr(MemberExpr* e) {
        if (const auto* m = dyn_cast<CXXMethodDecl>(e->getMemberDecl())) called(m, e->getMemberLoc());
        if (isa<VarDecl>(e->getMemberDecl()) || isa<FieldDecl>(e->getMemberDecl())) type_of_context(e->getMemberDecl());
        return true;
    }
    bool VisitCXXConstructExpr(CXXConstructExpr* e) {
        const CXXConstructorDecl* c = e->getConstructor();
        type(c->getParent(), e->getLocation());
        if (!c->isImplicit()) {
            const FunctionDecl* p = pattern_of(c);
            if (at_.translated(p->getLocation())) function(c, false);
        }
        return true;
    }
    bool VisitTypeLoc(TypeLoc l) {
        const Type* t = l.getTypePtr();
        if (const auto* p = dyn_cast<TemplateTypeParmType>(t)) {
            if (in_kernel_ && p->getDecl() && !p->getDecl()->getNameAsString().empty())
                site_.template_names.emplace(p->getDecl()->getNameAsString(), true);
        } else if (const auto* alias = dyn_cast<TypedefType>(t)) {
            type(alias->getDecl(), l.getBeginLoc());
        } else if (const auto* s = dyn_cast<TemplateSpecializationType>(t)) {
            if (const TemplateDecl* named = s->getTemplateName().getAsTemplateDecl())
                if (const auto* templated = dyn_cast_or_null<TypeDecl>(named->getTemplatedDecl()))
                    type(templated, l.getBeginLoc());
        } else if (const TagDecl* tag = t->getAsTagDecl()) {
            type(tag, l.getBeginLoc());
        }
        return true;
    }

  private:
    // The captured struct of views `v`: the host passes its members, and the device rebuilds it.
    void members(const VarDecl* v) {
        const std::string name = v->getNameAsString();
        const CXXRecordDecl* r = v->getType().getNonReferenceType()->getAsCXXRecordDecl();
        view_struct& s = site_.view_structs[name];
        s.type = r->getNameAsString();
        for (const FieldDecl* f : r->fields()) s.members.push_back(f->getNameAsString());
    }

    // The types of the captured struct of views `v`'s members in this instantiation.
    void member_types(const VarDecl* v) {
        const std::string name = v->getNameAsString();
        const CXXRecordDecl* r = v->getType().getNonReferenceType()->getAsCXXRecordDecl();
        for (const FieldDecl* f : r->fields()) {
            if (const auto spelled = capture_type(context_, f->getType().getNonReferenceType()))
                instance_->capture_types[name + "." + f->getNameAsString()] = *spelled;
            else
                not_ahead("it captures '" + name + "." + f->getNameAsString() +
                          "', of a type the build does not spell");
        }
    }

    // Why the site's kernel cannot be compiled at build time, where it is the first reason.
    void not_ahead(const std::string& why) {
        if (instance_->not_ahead.empty()) instance_->not_ahead = why;
    }
    // A variable of the host's function that holds a restrict(amp) lambda capturing nothing, which
    // the kernel calls: device code of its own, a function of the variable's name that makes the
    // lambda as written and calls it, in place of a capture (no closure crosses to the device).
    bool device_lambda(const VarDecl* v) {
        const auto* l = v->hasInit() ? dyn_cast<LambdaExpr>(v->getInit()->IgnoreImplicit()) : nullptr;
        if (!l || !runs_on_device(l->getCallOperator()) || l->capture_size() != 0 ||
            !at_.translated(l->getBeginLoc()) || l->getBeginLoc().isMacroID())
            return false;
        const span s{at_.offset(l->getBeginLoc()), at_.end_of(l->getEndLoc())};
        const std::string file = at_.file_of(l->getBeginLoc());
        const std::string key = "lambda:" + file + ":" + std::to_string(s.begin);
        site_.blocks.insert(key);
        if (out_.blocks.count(key)) return true;
        device_block b{at_.text(l->getBeginLoc(), s), file, at_.line(l->getBeginLoc()), 2,
                       at_.column(l->getBeginLoc())};
        out_.blocks[key] = in_function(v->getNameAsString(), b);
        code_at_[key] = l->getBeginLoc();
        for (const std::string& m : macros_.used_in(file, s)) site_.blocks.insert("macro:" + m);
        function(l->getCallOperator(), false);
        return true;
    }

    // Whether `c` holds the kernel: a function or class around it, or the pattern of such a class
    // (where an instantiation's member names a typedef that does not depend on its arguments).
    bool around_kernel(const DeclContext* c) const {
        for (const DeclContext* p = current_; p; p = p->getParent()) {
            if (p == c) return true;
            if (const auto* r = dyn_cast<CXXRecordDecl>(p); r && pattern_of_type(r) == dyn_cast<CXXRecordDecl>(c))
                return true;
        }
        return false;
    }

    // A typedef of the host's function or class around the kernel (a library's value_type), which
    // the device defines for each kernel as it defines a template's type parameters.
    void local_type(const TypedefNameDecl* alias, SourceLocation from) {
        const std::string name = alias->getNameAsString();
        site_.template_names.emplace(name, true);
        if (const TagDecl* tag = alias->getUnderlyingType()->getAsTagDecl()) type(tag, from);
        if (instance_ == nullptr) return;
        if (const auto definition = type_definition(context_, name, alias->getUnderlyingType()))
            instance_->template_arguments[name] = *definition;
        else
            not_ahead("it names the type '" + name + "', which the build does not spell");
    }

    // A constant of the host the kernel uses, which the device defines alike.
    void local_constant(const VarDecl* v) {
        site_.local_constants.insert(v->getNameAsString());
        if (instance_ == nullptr) return;
        if (const auto definition = constant_definition(context_, v))
            instance_->constant_definitions[v->getNameAsString()] = *definition;
        else
            not_ahead("it uses the constant '" + v->getNameAsString() + "', whose value the build does not know");
    }

    // A call (or a reference) from device code to `f`.
    void called(const FunctionDecl* f, SourceLocation from) {
        const FunctionDecl* p = pattern_of(f);
        if (const auto* m = dyn_cast<CXXMethodDecl>(p))
            if (m->getParent()->isLambda()) return;
        const std::string name = f->getQualifiedNameAsString();
        const bool in_std = name.rfind("std::", 0) == 0;
        if (!at_.translated(p->getLocation()) && !in_std) return; // libtiles' device library
        if (!runs_on_device(p) && !p->isImplicit() && !isa<CXXConstructorDecl>(p) && !isa<CXXDestructorDecl>(p)) {
            out_.problems.push_back(
                {at_.where(from), "'" + name +
                                      "' is not restrict(amp), and restrict(amp) code "
                                      "cannot call it (C++ AMP refuses it too)" +
                                      (in_std ? "" : "; it is declared at " + at_.where(p->getLocation()))});
            return;
        }
        if (in_std) return;
        // A function declared before its callers and defined after them: its declaration, too, is
        // device code, where the callers find it.
        if (const FunctionDecl* first = p->getFirstDecl(); first != p && at_.translated(first->getLocation()))
            code(first);
        code(p);
        function(f->hasBody() ? f : p, false);
    }

    void variable(const VarDecl* v, const DeclRefExpr* e) {
        if (v->isLocalVarDeclOrParm()) {
            if (current_->Encloses(v->getDeclContext())) return; // the device function's own
            if (!in_kernel_) {
                out_.problems.push_back(
                    {at_.where(e->getLocation()), "restrict(amp) code uses '" + v->getNameAsString() +
                                                      "', a variable of the host that it cannot read"});
                return;
            }
            // A constant of the enclosing function is defined for the device; any other variable
            // is captured (by what the body names, as clang's own captures may be lost where a
            // template's instantiation meets the device's classes, which the host does not have).
            if (v->getType().isConstQualified() && v->getType()->isArithmeticType() &&
                v->isUsableInConstantExpressions(context_)) {
                local_constant(v);
                return;
            }
            capture(v, e->getLocation());
            return;
        }
        if (v->isStaticDataMember()) {
            // A constant of the class whose member function holds the kernel (the book's NBody's
            // m_tileSize), which the kernel names unqualified: defined for the device as the
            // function's own constants are. A class's other members are the class's device code.
            const QualType t = v->getType();
            if (in_kernel_ && t.isConstQualified() && (t->isArithmeticType() || t->isDependentType()) &&
                v->getDeclContext()->Encloses(current_) && !e->getQualifier()) {
                local_constant(v);
                return;
            }
            type_of_context(v);
            return;
        }
        const std::string file = at_.file_of(v->getLocation());
        if (file.empty()) return;
        const std::string key = "constant:" + v->getNameAsString();
        if (out_.blocks.count(key)) {
            site_.blocks.insert(key);
            return;
        }
        const APValue* value = v->getType().isConstQualified() || v->isConstexpr() ? v->evaluateValue() : nullptr;
        const QualType t = v->getType().getUnqualifiedType().getCanonicalType();
        if (!value || !t->isArithmeticType() || !(value->isInt() || value->isFloat())) {
            out_.problems.push_back(
                {at_.where(e->getLocation()), "restrict(amp) code reads '" + v->getNameAsString() +
                                                  "', which is not a constant number of the host (declared at " +
                                                  at_.where(v->getLocation()) + ")"});
            return;
        }
        PrintingPolicy policy(context_.getLangOpts());
        const std::string spelled = t->isBooleanType() ? "bool" : t.getAsString(policy);
        out_.blocks[key] = {"constexpr " + spelled + " " + v->getNameAsString() + " = " + literal_of(*value, t) + ";",
                            file, at_.line(v->getLocation()), 1};
        site_.blocks.insert(key);
    }

    void type_of_context(const Decl* member) {
        if (const auto* r = dyn_cast<TagDecl>(member->getDeclContext())) type(r, member->getLocation());
    }

    // A type the device code names: its declaration, where the source has it, is device code.
    void type(const TypeDecl* t, SourceLocation from) {
        const Decl* d = t;
        if (const auto* tag = dyn_cast<TagDecl>(t)) {
            if (const auto* r = dyn_cast<CXXRecordDecl>(tag); r && r->isLambda()) return;
            d = pattern_of_type(tag);
        }
        if (!at_.translated(d->getLocation())) return;
        // The type of a function's own (a kernel's local struct) needs nothing more.
        if (d->getParentFunctionOrMethod() && current_ && current_->Encloses(d->getDeclContext())) return;
        // A typedef of the function or class around the kernel (value_type, index_type).
        if (const auto* alias = dyn_cast<TypedefNameDecl>(t);
            alias && in_kernel_ && !d->getDeclContext()->isFileContext() && around_kernel(d->getDeclContext())) {
            local_type(alias, from);
            return;
        }
        if (d->getParentFunctionOrMethod()) {
            out_.problems.push_back({at_.where(from), "restrict(amp) code uses '" + t->getNameAsString() +
                                                          "', declared inside a host function; declare it at "
                                                          "namespace scope"});
            return;
        }
        code(d);
    }

    // The text of `top` at `s`, blank where a member function of its classes is restrict(cpu)
    // alone: `void f() restrict(cpu);` beside `void f() restrict(amp) {}` is one function twice
    // once the device's restrict(...) says nothing, and the device has no use for the host's.
    std::string without_host_members(const Decl* top, const span& s) {
        std::string text = at_.text(top->getBeginLoc(), s);
        std::function<void(const Decl*)> blank = [&](const Decl* d) {
            if (const auto* t = dyn_cast<ClassTemplateDecl>(d)) d = t->getTemplatedDecl();
            const auto* r = dyn_cast<CXXRecordDecl>(d);
            if (!r) return;
            for (const Decl* member : r->decls()) {
                const Decl* f = member;
                if (const auto* t = dyn_cast<FunctionTemplateDecl>(member)) f = t->getTemplatedDecl();
                if (!isa<FunctionDecl>(f)) {
                    blank(member);
                    continue;
                }
                if (f->isImplicit() || !is_restricted(f) || runs_on_device(f)) continue;
                const span m = at_.of_declaration(member);
                if (m.begin < s.begin || m.end > s.end) continue;
                for (unsigned i = m.begin; i < m.end; ++i)
                    if (text[i - s.begin] != '\n') text[i - s.begin] = ' ';
            }
        };
        blank(top);
        return text;
    }

    // The declaration at namespace scope holding `d`, as device code, scanned in its turn.
    void code(const Decl* d) {
        const Decl* top = outermost(d);
        if (const auto* f = dyn_cast<FunctionDecl>(top); f && !runs_on_device(f)) return; // reported as a call
        if (const auto* t = dyn_cast<FunctionTemplateDecl>(top); t && !runs_on_device(t->getTemplatedDecl())) return;
        const span s = at_.of_declaration(top);
        const std::string file = at_.file_of(top->getBeginLoc());
        const std::string key = "code:" + file + ":" + std::to_string(s.begin);
        site_.blocks.insert(key);
        if (!out_.blocks.count(key)) {
            out_.blocks[key] = in_namespaces(top, {without_host_members(top, s), file, at_.line(top->getBeginLoc()), 2,
                                                   at_.column(top->getBeginLoc())});
            code_at_[key] = top->getBeginLoc();
        }
        if (!tops_.insert(top).second) return;
        // Its types, and the bodies of its device functions.
        for (const std::string& m : macros_.used_in(file, s)) site_.blocks.insert("macro:" + m);
        std::function<void(const Decl*)> walk = [&](const Decl* inner) {
            if (const auto* t = dyn_cast<FunctionTemplateDecl>(inner)) inner = t->getTemplatedDecl();
            if (const auto* t = dyn_cast<ClassTemplateDecl>(inner)) inner = t->getTemplatedDecl();
            if (inner->isImplicit()) return;
            if (const auto* f = dyn_cast<FunctionDecl>(inner)) {
                if (runs_on_device(f) || isa<CXXConstructorDecl>(f)) function(f, false);
            } else if (const auto* r = dyn_cast<CXXRecordDecl>(inner)) {
                for (const Decl* member : r->decls()) walk(member);
            } else if (const auto* v = dyn_cast<FieldDecl>(inner)) {
                if (v->getTypeSourceInfo()) TraverseTypeLoc(v->getTypeSourceInfo()->getTypeLoc());
            }
        };
        walk(top);
    }

    ASTContext& context_;
    const places& at_;
    const macro_log& macros_;
    plan& out_;
    kernel_site& site_;
    std::map<std::string, SourceLocation>& code_at_; // where each block of code starts, for their order
    kernel_instance* instance_;
    const FunctionDecl* current_ = nullptr;
    bool in_kernel_ = false;
    std::set<const FunctionDecl*> scanned_;
    std::set<const Decl*> tops_;
};

class finder : public RecursiveASTVisitor<finder> {
  public:
    finder(ASTContext& c, const macro_log& macros, plan& out) : context_(c), at_(c), macros_(macros), out_(out) {}

    bool shouldVisitTemplateInstantiations() const { return true; }

    bool VisitLambdaExpr(LambdaExpr* e) {
        const CXXMethodDecl* op = e->getCallOperator();
        const std::string file = at_.file_of(e->getBeginLoc());
        if (!runs_on_device(op)) return true;
        if (file.empty()) {
            untranslated(e->getBeginLoc());
            return true;
        }
        for (const DeclContext* c = op->getParent()->getParent(); c; c = c->getParent())
            if (const auto* f = dyn_cast<FunctionDecl>(c); f && runs_on_device(f)) return true; // inside device code
        if (e->getBeginLoc().isMacroID()) {
            out_.problems.push_back({at_.where(e->getBeginLoc()), "tiles-amp translates a restrict(amp) lambda "
                                                                  "written in the source, not one a macro makes"});
            return true;
        }
        // A lambda a variable holds, not a kernel: device code where a kernel calls it.
        if ((op->getNumParams() != 1 || !is_index(op->getParamDecl(0)->getType())) && variable_lambdas_.count(e))
            return true;
        if (op->getNumParams() != 1 || !is_index(op->getParamDecl(0)->getType())) {
            out_.problems.push_back({at_.where(e->getBeginLoc()),
                                     "a restrict(amp) lambda is a parallel_for_each kernel, taking an index<N> "
                                     "or tiled_index<...>; tiles-amp translates no other"});
            return true;
        }
        kernel_site& site = out_.files[file].sites[at_.offset(e->getBeginLoc())];
        site.written = {at_.offset(e->getBeginLoc()), at_.end_of(e->getEndLoc())};
        site.line = at_.line(e->getBeginLoc());
        site.column = at_.column(e->getBeginLoc());
        site_at_[&site] = e->getBeginLoc();
        // A template's pattern has no kernel the build can compile; each of its instantiations has.
        kernel_instance* instance =
            op->getParent()->isDependentContext() ? nullptr : new_instance(site, op, function_around(e));
        reach r(context_, at_, macros_, out_, site, code_at_, instance);
        for (const LambdaCapture& c : e->captures()) {
            if (c.capturesThis()) {
                problem(c.getLocation(), "the kernel captures 'this', a pointer to host memory: a kernel takes arrays, "
                                         "array_views, numbers and trivially copyable values from the host, so "
                                         "copy the members it needs into local variables and capture those");
                continue;
            }
            if (!c.capturesVariable()) continue;
            const VarDecl* v = c.getCapturedVar();
            const std::string name = v->getNameAsString();
            if (v->isInitCapture()) {
                problem(c.getLocation(), "the kernel's capture '" + name +
                                             "' has an initializer; capture a variable of the host by its name");
                continue;
            }
            r.capture(v, c.getLocation());
        }
        r.function(op, true);
        for (const std::string& m : macros_.used_in(file, site.written)) site.blocks.insert("macro:" + m);
        namespaces_around(site, op->getParent(), e->getBeginLoc());
        return true;
    }

    // The namespaces a kernel is written in, whose names its body uses unqualified (a library's
    // own types, its `_detail::f(...)`): the device's kernel function stands at global scope, so
    // after all other device code a using-directive of each brings their names to it.
    void namespaces_around(kernel_site& site, const DeclContext* from, SourceLocation at) {
        std::vector<const NamespaceDecl*> outward;
        for (const DeclContext* c = from; c && !c->isTranslationUnit(); c = c->getParent())
            if (const auto* n = dyn_cast<NamespaceDecl>(c)) outward.push_back(n);
        std::string opened, closed, usings, path;
        for (auto n = outward.rbegin(); n != outward.rend(); ++n) {
            if ((*n)->isAnonymousNamespace()) break; // its names are the enclosing namespace's already
            opened += std::string((*n)->isInline() ? "inline " : "") + "namespace " + (*n)->getNameAsString() + " { ";
            closed += "}";
            path += "::" + (*n)->getNameAsString();
            usings += " using namespace " + path + ";";
        }
        if (path.empty()) return;
        const std::string key = "namespaces:" + path;
        site.blocks.insert(key);
        out_.blocks[key] = {opened + closed + usings, at_.file_of(at), at_.line(at), ~0u, 1};
    }

    // The lambdas variables hold, seen before the lambdas themselves; restrict(amp)'s alone leave the
    // host's text (the device makes them anew, device_lambda).
    bool VisitVarDecl(VarDecl* v) {
        const auto* l = v->hasInit() ? dyn_cast<LambdaExpr>(v->getInit()->IgnoreImplicit()) : nullptr;
        if (!l) return true;
        variable_lambdas_.insert(l);
        const CXXMethodDecl* op = l->getCallOperator();
        const std::string file = at_.file_of(v->getBeginLoc());
        if (!file.empty() && !v->getBeginLoc().isMacroID() && runs_on_device(op) && !runs_on_host(op) &&
            l->capture_size() == 0 && (op->getNumParams() != 1 || !is_index(op->getParamDecl(0)->getType())))
            out_.files[file].blanked.insert(at_.of_declaration(v));
        return true;
    }

    bool VisitCallExpr(CallExpr* e) {
        const FunctionDecl* callee = e->getDirectCallee();
        if (!callee) note_lost(e);
        if (!callee || callee->getNameAsString() != "parallel_for_each" || e->getNumArgs() < 2) return true;
        const Expr* kernel = e->getArg(e->getNumArgs() - 1)->IgnoreImplicit();
        if (const auto* m = dyn_cast<MaterializeTemporaryExpr>(kernel)) kernel = m->getSubExpr()->IgnoreImplicit();
        if (const auto* b = dyn_cast<CXXBindTemporaryExpr>(kernel)) kernel = b->getSubExpr()->IgnoreImplicit();
        const CXXRecordDecl* r = kernel->getType()->getAsCXXRecordDecl();
        if (!r || r->isLambda()) return true;
        const CXXMethodDecl* op = call_operator(r);
        if (!op) return true;
        const std::string file = at_.file_of(kernel->getBeginLoc());
        if (file.empty() || kernel->getBeginLoc().isMacroID()) return true;
        SourceLocation open;
        if (const auto* t = dyn_cast<CXXTemporaryObjectExpr>(kernel))
            open = t->getParenOrBraceRange().getBegin();
        else if (const auto* f = dyn_cast<CXXFunctionalCastExpr>(kernel))
            open = f->getLParenLoc();
        if (open.isInvalid() || at_.file_of(open) != file ||
            at_.text(open, {at_.offset(open), at_.offset(open) + 1}) != "(") {
            problem(kernel->getBeginLoc(), "a functor kernel is constructed in the call, as Class(arguments...), "
                                           "for tiles-amp to pass its arguments to the device");
            return true;
        }
        kernel_site& site = out_.files[file].sites[at_.offset(kernel->getBeginLoc())];
        site_at_[&site] = kernel->getBeginLoc();
        site.functor = true;
        const FunctionDecl* around = function_around(context_, e);
        if (around && !around->isDependentContext()) {
            kernel_instance* instance = new_instance(site, op, around);
            // The constructor's arguments as the host forwards them: each of its expression's type.
            const Expr* made = kernel; // Class(one) is a cast around the construction
            if (const auto* cast = dyn_cast<CXXFunctionalCastExpr>(made)) made = cast->getSubExpr()->IgnoreImplicit();
            const auto* construct = dyn_cast<CXXConstructExpr>(made);
            for (unsigned i = 0; construct && i < construct->getNumArgs(); ++i) {
                const Expr* a = construct->getArg(i)->IgnoreImplicit();
                if (const auto* c = dyn_cast<CXXConstructExpr>(a);
                    c && c->getNumArgs() == 1 && !isa<CXXTemporaryObjectExpr>(c))
                    a = c->getArg(0)->IgnoreImplicit();
                const auto type = capture_type(context_, a->getType());
                if (!type) instance->not_ahead = "an argument of its constructor is of a type the build does not spell";
                instance->constructor_types.push_back(type.value_or(""));
            }
            if (!construct) instance->not_ahead = "its construction is not one the build reads";
        }
        site.written = {at_.offset(kernel->getBeginLoc()), at_.end_of(kernel->getEndLoc())};
        site.line = at_.line(kernel->getBeginLoc());
        site.column = at_.column(kernel->getBeginLoc());
        site.arguments_open = at_.offset(open);
        site.class_name = at_.text(open, {site.written.begin, site.arguments_open});
        while (!site.class_name.empty() && std::isspace(static_cast<unsigned char>(site.class_name.back())))
            site.class_name.pop_back();
        const std::string inside = at_.text(open, {site.arguments_open + 1, site.written.end - 1});
        site.has_arguments = inside.find_first_not_of(" \t\r\n") != std::string::npos;
        if (site.class_name.find(',') != std::string::npos)
            problem(kernel->getBeginLoc(), "the functor's class '" + site.class_name +
                                               "' is named with a comma; name it with a using-declaration");
        reach rr(context_, at_, macros_, out_, site, code_at_);
        rr.function(op, true);
        namespaces_around(site, around, kernel->getBeginLoc());
        const Decl* d = pattern_of_type(r);
        rr.VisitTypeLoc(context_.getTrivialTypeSourceInfo(context_.getRecordType(cast<RecordDecl>(d)))->getTypeLoc());
        return true;
    }

    // MSVC takes `in.extent.tile<256>()` where `in` depends on a template parameter; C++ wants
    // `in.extent.template tile<256>()`, which the host's text gets (the parse reads the first form
    // through the prelude's template named tile).
    bool VisitCXXDependentScopeMemberExpr(CXXDependentScopeMemberExpr* e) {
        if (e->hasExplicitTemplateArgs() && !e->hasTemplateKeyword() && e->getMember().isIdentifier() &&
            e->getMember().getAsString() == "tile" && at_.translated(e->getMemberLoc()) &&
            !e->getMemberLoc().isMacroID())
            out_.files[at_.file_of(e->getMemberLoc())].template_keywords.insert(at_.offset(e->getMemberLoc()));
        return true;
    }

    // Device-only functions leave the host's text; so do the restrict(...) of the rest.
    bool VisitFunctionDecl(FunctionDecl* f) {
        if (f->isTemplateInstantiation() || f->getLocation().isMacroID()) return true;
        if (!at_.translated(f->getLocation())) {
            if (is_restricted(f)) untranslated(f->getLocation());
            return true;
        }
        if (const auto* m = dyn_cast<CXXMethodDecl>(f); m && m->getParent()->isLambda()) return true;
        if (runs_on_device(f) && !runs_on_host(f)) {
            const Decl* whole = f;
            if (const FunctionTemplateDecl* t = f->getDescribedFunctionTemplate()) whole = t;
            out_.files[at_.file_of(whole->getBeginLoc())].blanked.insert(at_.of_declaration(whole));
        }
        return true;
    }

    // `using namespace concurrency::graphics;` (or another of AMP's namespaces) at namespace scope
    // of a translated file: kernels name short vectors and math functions through it, as the book's
    // NBody does, so the device code of every kernel after it in its file, or in a file that
    // includes its file, has it (not a header's kernel after the includer's directive: a header is
    // translated alike for every source that includes it).
    bool VisitUsingDirectiveDecl(UsingDirectiveDecl* u) {
        const NamespaceDecl* n = u->getNominatedNamespace();
        if (!u->getDeclContext()->isFileContext() || u->getBeginLoc().isMacroID() || !n ||
            n->getQualifiedNameAsString().rfind("concurrency", 0) != 0)
            return true;
        const std::string file = at_.file_of(u->getBeginLoc());
        if (file.empty()) return true;
        const span s = at_.of_declaration(u);
        const std::string key = "using:" + file + ":" + std::to_string(s.begin);
        out_.blocks[key] = {at_.text(u->getBeginLoc(), s), file, at_.line(u->getBeginLoc()), 2,
                            at_.column(u->getBeginLoc())};
        code_at_[key] = u->getBeginLoc();
        usings_.emplace_back(key, u->getBeginLoc());
        return true;
    }

    // The device compiles code in the order the host reads it (a header's where it is included);
    // the kernels have the using-directives above them.
    void order_code() {
        std::vector<std::pair<std::string, SourceLocation>> code(code_at_.begin(), code_at_.end());
        std::sort(code.begin(), code.end(),
                  [&](const auto& a, const auto& b) { return at_.before(a.second, b.second); });
        for (std::size_t i = 0; i < code.size(); ++i) out_.blocks[code[i].first].order = 2 + unsigned(i);
        for (const auto& [site, site_at] : site_at_)
            for (const auto& [key, using_at] : usings_)
                if (at_.before(using_at, site_at) &&
                    (at_.reads(site_at, using_at) || includes_before(site_at, using_at)))
                    site->blocks.insert(key);
    }

  private:
    // The kernel the build compiles of this visit of `site`, whose call operator is `op`, written in
    // the function `around`.
    kernel_instance* new_instance(kernel_site& site, const CXXMethodDecl* op, const FunctionDecl* around) {
        kernel_instance& instance = site.instances.emplace_back();
        const auto shape =
            op->getNumParams() == 1 ? index_shape_of(op->getParamDecl(0)->getType()) : std::optional<index_shape>();
        const auto signature = pretty_signature(around);
        if (!signature)
            instance.not_ahead = "the function around it is not one the build names";
        else if (!shape)
            instance.not_ahead = "its index is not index<N> or tiled_index<D0, D1, D2> of rank 1 to 3";
        if (signature) instance.function = *signature;
        if (shape) instance.rank = shape->rank, instance.tiled = shape->tiled, instance.tile = shape->tile;
        if (!template_arguments_of(context_, around, instance.template_arguments))
            instance.not_ahead = "a template argument of the function around it is not one the build spells";
        return &instance;
    }

    // A parallel_for_each that an error in it (an argument, a name it uses) left unresolved: the
    // host's text would keep its kernel as written, which no host compiler builds, and the host's
    // compiler would say only that no parallel_for_each takes it.
    void note_lost(const CallExpr* e) {
        const auto* name = dyn_cast<UnresolvedLookupExpr>(e->getCallee()->IgnoreImplicit());
        const std::string file = at_.file_of(e->getBeginLoc());
        if (!e->containsErrors() || !name || name->getName().getAsString() != "parallel_for_each" || file.empty() ||
            e->getBeginLoc().isMacroID())
            return;
        out_.lost.push_back(
            {at_.where(e->getBeginLoc()), file, {at_.offset(e->getBeginLoc()), at_.end_of(e->getEndLoc())}});
    }

    void problem(SourceLocation l, const std::string& message) { out_.problems.push_back({at_.where(l), message}); }

    // Whether the file of `at` #includes the file of `other` before `at`, directly or through the
    // headers it includes, where the parse skipped that #include (#pragma once): a header's kernels
    // have the using-directives of the headers it includes, however often those were included.
    bool includes_before(SourceLocation at, SourceLocation other) const {
        const std::string wanted = at_.file_of(other);
        std::vector<std::string> pending;
        for (const auto& [offset, file] : lookup(macros_.includes, at_.file_of(at)))
            if (offset < at_.offset(at)) pending.push_back(file);
        std::set<std::string> seen;
        while (!pending.empty()) {
            const std::string file = pending.back();
            pending.pop_back();
            if (file == wanted) return true;
            if (!seen.insert(file).second) continue;
            for (const auto& [offset, inner] : lookup(macros_.includes, file)) pending.push_back(inner);
        }
        return false;
    }
    static const std::vector<std::pair<unsigned, std::string>>&
    lookup(const std::map<std::string, std::vector<std::pair<unsigned, std::string>>>& includes,
           const std::string& file) {
        static const std::vector<std::pair<unsigned, std::string>> none;
        const auto found = includes.find(file);
        return found == includes.end() ? none : found->second;
    }

    // restrict(...) code of a header tiles-amp does not translate, which neither the host nor the
    // device could build: said once a header.
    void untranslated(SourceLocation l) {
        const SourceManager& sm = context_.getSourceManager();
        const SourceLocation at = sm.getExpansionLoc(l);
        if (!untranslated_.insert(sm.getFileID(at)).second) return;
        problem(l, "restrict(...) code in a header that tiles-amp does not translate: it translates the headers of "
                   "your own that the source includes, not system headers or libtiles' own");
    }

    ASTContext& context_;
    places at_;
    const macro_log& macros_;
    plan& out_;
    std::map<std::string, SourceLocation> code_at_;
    std::vector<std::pair<std::string, SourceLocation>> usings_;
    std::map<kernel_site*, SourceLocation> site_at_;
    std::set<FileID> untranslated_;
    std::set<const LambdaExpr*> variable_lambdas_;
};

} // namespace

void scan_source(ASTContext& context, const macro_log& macros, plan& out) {
    finder find(context, macros, out);
    find.TraverseDecl(context.getTranslationUnitDecl());
    find.order_code();
    for (const auto& [name, definition] : macros.definitions) {
        device_block b = definition;
        b.order = 0;
        out.blocks["macro:" + name] = b;
    }
    for (const auto& [file, marks] : macros.restrict_marks)
        out.files[file].restrict_marks.insert(marks.begin(), marks.end());
    for (const auto& [file, names] : macros.include_names) out.files[file].includes = names;
    // Every file translated is written, changed or not: the translations' #include directives name
    // the translations of the headers they include, never the headers as written.
    const SourceManager& sm = context.getSourceManager();
    for (auto f = sm.fileinfo_begin(); f != sm.fileinfo_end(); ++f) {
        const FileID id = sm.translateFile(f->first);
        if (id.isInvalid()) continue;
        const std::string file = translated_file(sm, sm.getLocForStartOfFile(id));
        if (!file.empty()) out.files[file].text = sm.getBufferData(id).str();
    }
}

} // namespace tiles_amp
