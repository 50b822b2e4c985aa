// tiles-amp: translates a C++ AMP source, as written, into one the host's compiler builds against
// libtiles (docs/guides/from-cpp-amp.md). Clang's front end parses it with the compiler's flags:
//
//     tiles-amp SOURCE -o TRANSLATED [--depfile DEPFILE] [--routes ROUTES --ahead KERNELS]
//               [-- COMPILER FLAGS...]
//
// The headers of the user's that SOURCE includes are translated too, each written at its own path
// below TRANSLATED.headers (translated_files.hpp), which the translations' #include directives name. DEPFILE, as
// make reads it, lists the files the parse read, so that a build translates again when one changes.
// ROUTES ("clang-spir,clang-ptx:90", ahead.hpp) names the routes each kernel is compiled for at build
// time; KERNELS holds what they made, and TRANSLATED includes it. A kernel that does not compile is
// an error at its line.
// A problem is reported at the user's file and line, as a compiler reports an error, and no
// translated source is written: what the translator refuses, and names undeclared in device code
// (a kernel's body, a restrict(amp) function), which the host compiler does not see.
#include <algorithm>
#include <cstdio>
#include <fstream>
#include <iterator>
#include <optional>
#include <string>
#include <vector>

#include "ahead.hpp"
#include "device_names.hpp"
#include "macro_log.hpp"
#include "restrict_marks.hpp"
#include "source_scan.hpp"
#include "translated_files.hpp"
#include "translation.hpp"
#include "clang/AST/ASTConsumer.h"
#include "clang/Basic/DiagnosticSema.h"
#include "clang/Frontend/CompilerInstance.h"
#include "clang/Frontend/FrontendAction.h"
#include "clang/Tooling/CompilationDatabase.h"
#include "clang/Tooling/Tooling.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/Path.h"
#include "llvm/Support/Process.h"

extern const char tiles_amp_analysis_prelude[];

namespace {

constexpr const char* prelude_path = "/tiles-amp/analysis_prelude.hpp";

// An error of the compiler at a byte of the main file.
struct placed_error {
    unsigned offset;
    std::string message;    // file:line:column: error: ...
    std::string undeclared; // the name, where the error is that a name is not declared
};

// The name an error says is not declared ("use of undeclared identifier 'x'", "unknown type name
// 'T'"), or "" for any other error.
std::string undeclared_name(const clang::Diagnostic& d) {
    const unsigned id = d.getID();
    if (id != clang::diag::err_undeclared_var_use && id != clang::diag::err_undeclared_var_use_suggest &&
        id != clang::diag::err_unknown_typename && id != clang::diag::err_unknown_typename_suggest)
        return "";
    if (d.getNumArgs() == 0) return "";
    if (d.getArgKind(0) == clang::DiagnosticsEngine::ak_identifierinfo && d.getArgIdentifier(0))
        return d.getArgIdentifier(0)->getName().str();
    if (d.getArgKind(0) == clang::DiagnosticsEngine::ak_declarationname)
        return clang::DeclarationName::getFromOpaqueInteger(d.getRawArg(0)).getAsString();
    return "";
}

// What the parse made of the source.
struct result {
    tiles_amp::plan plan;
    std::vector<std::string> read;    // every file the parse read
    std::vector<std::string> fatal;   // the compiler's own errors that stopped it reading the source
    std::vector<placed_error> errors; // the compiler's other errors in the main file
    bool names_tile = false;          // the source declares a `tile` the prelude's template clashes with
};

// Whether `d` is the error of a declaration of `tile` that the prelude's template named tile
// clashes with: `static const int tile = 16;`, as C++ AMP's samples have it.
bool clashes_with_prelude_tile(const clang::Diagnostic& d) {
    if (d.getID() != clang::diag::err_redefinition_different_kind || d.getNumArgs() == 0) return false;
    if (d.getArgKind(0) == clang::DiagnosticsEngine::ak_identifierinfo)
        return d.getArgIdentifier(0) && d.getArgIdentifier(0)->getName() == "tile";
    return d.getArgKind(0) == clang::DiagnosticsEngine::ak_declarationname &&
           clang::DeclarationName::getFromOpaqueInteger(d.getRawArg(0)).getAsString() == "tile";
}

// The compiler's errors in the host's code are the host compiler's to report, on the translated
// source; those that stop the parse (a missing header) are the translator's, and so are names
// undeclared in device code, which the host compiler never reads (a kernel reaches it as text, a
// restrict(amp) function not at all). Other errors in device code may come of the parse's host view
// of C++ AMP's classes (a tiled_index's barrier exists only on the device): the device's compiler
// reports them at the kernel's first launch.
class compiler_errors : public clang::DiagnosticConsumer {
  public:
    explicit compiler_errors(result& r) : result_(r) {}
    void HandleDiagnostic(clang::DiagnosticsEngine::Level level, const clang::Diagnostic& d) override {
        if (level != clang::DiagnosticsEngine::Fatal && level != clang::DiagnosticsEngine::Error) return;
        result_.names_tile = result_.names_tile || clashes_with_prelude_tile(d);
        llvm::SmallString<256> message;
        d.FormatDiagnostic(message);
        std::string where;
        std::optional<unsigned> offset;
        if (d.hasSourceManager() && d.getLocation().isValid()) {
            const clang::SourceManager& sm = d.getSourceManager();
            const clang::SourceLocation at = sm.getExpansionLoc(d.getLocation());
            const clang::PresumedLoc p = sm.getPresumedLoc(at);
            if (p.isValid())
                where = std::string(p.getFilename()) + ":" + std::to_string(p.getLine()) + ":" +
                        std::to_string(p.getColumn()) + ": ";
            if (sm.isInMainFile(at)) offset = sm.getFileOffset(at);
        }
        const std::string error = where + "error: " + message.str().str();
        if (level == clang::DiagnosticsEngine::Fatal)
            result_.fatal.push_back(error);
        else if (offset)
            result_.errors.push_back({*offset, error, undeclared_name(d)});
    }

  private:
    result& result_;
};

// The names undeclared in the device code of the plan (the kernels and the device-only functions)
// that the device's own headers do not declare either.
std::vector<std::string> device_code_errors(const result& r) {
    const auto in = [](unsigned offset, const tiles_amp::span& s) { return offset >= s.begin && offset < s.end; };
    std::vector<std::string> found;
    const auto source = r.plan.files.find(r.plan.file);
    if (source == r.plan.files.end()) return found;
    for (const placed_error& e : r.errors) {
        if (e.undeclared.empty() || tiles_amp::declared_on_device(e.undeclared)) continue;
        bool device = false;
        for (const auto& [at, site] : source->second.sites) device = device || in(e.offset, site.written);
        for (const tiles_amp::span& s : source->second.blanked) device = device || in(e.offset, s);
        if (device) found.push_back(e.message);
    }
    return found;
}

// The parallel_for_each calls an error in them left unresolved, each with that error where it is
// in the main file: their kernels are lost to the translation.
std::vector<std::string> lost_kernel_errors(const result& r) {
    std::vector<std::string> found;
    for (const tiles_amp::lost_kernel& k : r.plan.lost) {
        std::string why = "the compiler's errors above say why";
        for (const placed_error& e : r.errors)
            if (k.file == r.plan.file && e.offset >= k.call.begin && e.offset < k.call.end) {
                why = e.message;
                break;
            }
        found.push_back(k.where +
                        ": error: tiles-amp cannot read the kernel of this parallel_for_each: an error in the call "
                        "leaves it unresolved (" +
                        why + ")");
    }
    return found;
}

// Each kernel of a template that the build read no instantiation of gets the parse's first error
// inside it: where the template is instantiated, the error lost the instantiation's body, and the
// build says so rather than leave the kernel to clang at run time unsaid.
void note_unread_templates(result& r) {
    const auto source = r.plan.files.find(r.plan.file);
    if (source == r.plan.files.end()) return;
    for (auto& [at, site] : source->second.sites)
        for (const placed_error& e : r.errors)
            if (site.instances.empty() && site.unread.empty() && e.offset >= site.written.begin &&
                e.offset < site.written.end)
                site.unread = e.message;
}

class consumer : public clang::ASTConsumer {
  public:
    consumer(result& r, tiles_amp::macro_log& m) : result_(r), macros_(m) {}
    void HandleTranslationUnit(clang::ASTContext& context) override {
        const clang::SourceManager& sm = context.getSourceManager();
        for (auto f = sm.fileinfo_begin(); f != sm.fileinfo_end(); ++f)
            if (f->first->getName() != prelude_path) result_.read.push_back(f->first->getName().str());
        std::sort(result_.read.begin(), result_.read.end());
        tiles_amp::scan_source(context, macros_, result_.plan);
    }

  private:
    result& result_;
    tiles_amp::macro_log& macros_;
};

class action : public clang::ASTFrontendAction {
  public:
    explicit action(result& r) : result_(r) {}
    std::unique_ptr<clang::ASTConsumer> CreateASTConsumer(clang::CompilerInstance& ci, llvm::StringRef) override {
        ci.getPreprocessor().addPPCallbacks(tiles_amp::record_macros(ci.getPreprocessor(), macros_));
        return std::make_unique<consumer>(result_, macros_);
    }

  private:
    result& result_;
    tiles_amp::macro_log macros_;
};

class factory : public clang::tooling::FrontendActionFactory {
  public:
    explicit factory(result& r) : result_(r) {}
    std::unique_ptr<clang::FrontendAction> create() override { return std::make_unique<action>(result_); }

  private:
    result& result_;
};

int usage() {
    std::fprintf(stderr, "usage: tiles-amp SOURCE -o TRANSLATED [--depfile DEPFILE] [--routes ROUTES --ahead "
                         "KERNELS] [-- COMPILER FLAGS...]\n");
    return 2;
}

// Writes `text` to `path` whole or not at all: two sources of one target that include the same
// header write it at once.
bool write(const std::string& path, const std::string& text) {
    llvm::sys::fs::create_directories(llvm::sys::path::parent_path(path));
    const std::string partial = path + ".partial" + std::to_string(llvm::sys::Process::getProcessId());
    std::ofstream out(partial, std::ios::binary);
    out << text;
    out.close();
    if (out && !llvm::sys::fs::rename(partial, path)) return true;
    std::fprintf(stderr, "tiles-amp: could not write %s\n", path.c_str());
    std::remove(partial.c_str());
    return false;
}

// make's form of a path in a rule: spaces and '$' escaped.
std::string for_make(const std::string& path) {
    std::string escaped;
    for (const char c : path) escaped += c == ' ' ? "\\ " : c == '$' ? "$$" : std::string(1, c);
    return escaped;
}

// What tiles-amp is asked to do.
struct command_line {
    std::string input, output, depfile, routes, ahead;
    std::vector<std::string> flags; // the compiler's, after "--"
};

// The command line, or nothing where it is not one tiles-amp takes.
std::optional<command_line> parse_command_line(int argc, char** argv) {
    command_line c;
    int i = 1;
    for (; i < argc && std::string(argv[i]) != "--"; ++i) {
        const std::string a = argv[i];
        if (a == "-o" && i + 1 < argc)
            c.output = argv[++i];
        else if (a == "--depfile" && i + 1 < argc)
            c.depfile = argv[++i];
        else if (a == "--routes" && i + 1 < argc)
            c.routes = argv[++i];
        else if (a == "--ahead" && i + 1 < argc)
            c.ahead = argv[++i];
        else if (c.input.empty() && !a.empty() && a[0] != '-')
            c.input = a;
        else
            return std::nullopt;
    }
    for (++i; i < argc; ++i) c.flags.push_back(argv[i]);
    if (c.input.empty() || c.output.empty() || c.routes.empty() != c.ahead.empty()) return std::nullopt;
    return c;
}

// Reads the source with clang into `r`, with `extra` after the compiler's flags; returns clang's status.
int analyse_with(const command_line& command, const std::vector<std::string>& extra, result& r) {
    llvm::SmallString<256> absolute(command.input);
    llvm::sys::fs::make_absolute(absolute);
    llvm::sys::path::remove_dots(absolute, true);
    // The compiler's flags, less what would make it write anything, with the prelude first.
    std::vector<std::string> arguments{"-fsyntax-only",   "-w",
                                       "-ferror-limit=0", "-resource-dir=" TILES_AMP_CLANG_RESOURCE_DIR,
                                       "-include",        prelude_path};
    arguments.insert(arguments.end(), command.flags.begin(), command.flags.end());
    arguments.insert(arguments.end(), extra.begin(), extra.end());
    clang::tooling::FixedCompilationDatabase database(".", arguments);
    clang::tooling::ClangTool tool(database, {std::string(absolute.str())});
    tool.mapVirtualFile(prelude_path, tiles_amp_analysis_prelude);
    // The source as the parse reads it: restrict(...) before a lambda's mutable.
    std::ifstream in(command.input, std::ios::binary);
    const std::string written((std::istreambuf_iterator<char>(in)), std::istreambuf_iterator<char>());
    const std::string read = tiles_amp::restrict_before_mutable(written);
    if (in && read != written) tool.mapVirtualFile(absolute.str(), read);
    r.plan.file = std::string(absolute.str());
    compiler_errors diagnostics(r);
    tool.setDiagnosticConsumer(&diagnostics);
    factory f(r);
    return tool.run(&f);
}

// Reads the source with clang into `r`; returns clang's status. A source that declares a `tile` of
// its own is read again without the prelude's template of that name, which it would clash with.
int analyse(const command_line& command, result& r) {
    const int status = analyse_with(command, {}, r);
    if (!r.names_tile) return status;
    r = result();
    return analyse_with(command, {"-DTILES_AMP_SOURCE_NAMES_TILE"}, r);
}

// Prints what stops the translation, if anything; returns whether something does.
bool report_errors(const result& r, int status, const std::string& input) {
    std::vector<std::string> unread = device_code_errors(r);
    for (std::string& m : lost_kernel_errors(r)) unread.push_back(std::move(m));
    for (const std::string& m : r.fatal) std::fprintf(stderr, "%s\n", m.c_str());
    for (const std::string& m : unread) std::fprintf(stderr, "%s\n", m.c_str());
    for (const tiles_amp::problem& p : r.plan.problems)
        std::fprintf(stderr, "%s: error: %s\n", p.where.c_str(), p.message.c_str());
    if (r.fatal.empty() && unread.empty() && r.plan.problems.empty() &&
        (status == 0 || r.plan.files.count(r.plan.file)))
        return false;
    if (r.fatal.empty() && unread.empty() && r.plan.problems.empty())
        std::fprintf(stderr, "tiles-amp: clang could not read %s\n", input.c_str());
    return true;
}

// Writes the kernels compiled at build time for `targets` to `path`; false where they do not compile.
bool write_ahead(const result& r, const std::vector<tiles::engine::ahead_target>& targets, const std::string& path) {
    const tiles_amp::ahead_sources compiled = tiles_amp::compile_ahead(r.plan, targets);
    for (const std::string& m : compiled.warnings) std::fprintf(stderr, "tiles-amp: warning: %s\n", m.c_str());
    for (const std::string& m : compiled.errors) std::fprintf(stderr, "%s\n", m.c_str());
    return compiled.errors.empty() && write(path, compiled.source);
}

// The translations of the headers the source includes, in the source's folder of headers.
bool write_headers(const result& r, const std::string& output) {
    for (const auto& [file, edits] : r.plan.files)
        if (file != r.plan.file &&
            !write(tiles_amp::translated_path(file, r.plan.file, output), tiles_amp::translate(r.plan, file, output)))
            return false;
    return true;
}

// make's rule that the translation depends on every file clang read.
bool write_depfile(const result& r, const std::string& output, const std::string& depfile) {
    std::string rule = for_make(output) + ":";
    for (const std::string& file : r.read) rule += " \\\n  " + for_make(file);
    return write(depfile, rule + "\n");
}

} // namespace

int main(int argc, char** argv) {
    const std::optional<command_line> command = parse_command_line(argc, argv);
    if (!command) return usage();
    std::vector<tiles::engine::ahead_target> targets;
    try {
        targets = tiles_amp::targets_of(command->routes);
    } catch (const std::exception& e) {
        std::fprintf(stderr, "tiles-amp: %s\n", e.what());
        return 2;
    }
    result r;
    const int status = analyse(*command, r);

    std::remove(command->output.c_str());
    if (!command->ahead.empty()) std::remove(command->ahead.c_str());
    if (report_errors(r, status, command->input)) return 1;
    note_unread_templates(r);
    if (!command->ahead.empty() && !write_ahead(r, targets, command->ahead)) return 1;
    // The headers first: a build that sees the source's translation finds its headers beside it.
    if (!write_headers(r, command->output)) return 1;
    if (!command->depfile.empty() && !write_depfile(r, command->output, command->depfile)) return 1;
    // The kernels compiled at build time are built with the translation, in its unit, so that a
    // static library's translation brings them along.
    // On a line of its own, where the source does not end with a line break.
    const std::string kernels = command->ahead.empty() ? "" : "\n#include \"" + command->ahead + "\"\n";
    return write(command->output, tiles_amp::translate(r.plan, r.plan.file, command->output) + kernels) ? 0 : 1;
}
