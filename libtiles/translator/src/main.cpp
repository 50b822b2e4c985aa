// tiles-amp: translates a C++ AMP source, as written, into one the host's compiler builds against
// libtiles (docs/guides/from-cpp-amp.md). Clang's front end parses it with the compiler's flags:
//
//     tiles-amp SOURCE -o TRANSLATED [--depfile DEPFILE] [-- COMPILER FLAGS...]
//
// The headers of SOURCE's folder that it includes are translated too, each written at its own path
// below TRANSLATED's folder, where the translation's #include "..." finds it first. DEPFILE, as
// make reads it, lists the files the parse read, so that a build translates again when one changes.
// A problem is reported at the user's file and line, as a compiler reports an error, and no
// translated source is written.
#include <algorithm>
#include <cstdio>
#include <fstream>
#include <string>
#include <vector>

#include "macro_log.hpp"
#include "source_scan.hpp"
#include "translated_files.hpp"
#include "translation.hpp"
#include "clang/AST/ASTConsumer.h"
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

// What the parse made of the source.
struct result {
    tiles_amp::plan plan;
    std::vector<std::string> read;  // every file the parse read
    std::vector<std::string> fatal; // the compiler's own errors that stopped it reading the source
};

// The compiler's errors are the host compiler's to report, on the translated source; those that
// stop the parse (a missing header) are the translator's.
class fatal_errors : public clang::DiagnosticConsumer {
  public:
    explicit fatal_errors(result& r) : result_(r) {}
    void HandleDiagnostic(clang::DiagnosticsEngine::Level level, const clang::Diagnostic& d) override {
        if (level != clang::DiagnosticsEngine::Fatal) return;
        llvm::SmallString<256> message;
        d.FormatDiagnostic(message);
        std::string where;
        if (d.hasSourceManager() && d.getLocation().isValid()) {
            const clang::PresumedLoc p = d.getSourceManager().getPresumedLoc(d.getLocation());
            if (p.isValid())
                where = std::string(p.getFilename()) + ":" + std::to_string(p.getLine()) + ":" +
                        std::to_string(p.getColumn()) + ": ";
        }
        result_.fatal.push_back(where + "error: " + message.str().str());
    }

  private:
    result& result_;
};

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
    std::fprintf(stderr, "usage: tiles-amp SOURCE -o TRANSLATED [--depfile DEPFILE] [-- COMPILER FLAGS...]\n");
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

} // namespace

int main(int argc, char** argv) {
    std::string input, output, depfile;
    std::vector<std::string> flags;
    int i = 1;
    for (; i < argc && std::string(argv[i]) != "--"; ++i) {
        const std::string a = argv[i];
        if (a == "-o" && i + 1 < argc)
            output = argv[++i];
        else if (a == "--depfile" && i + 1 < argc)
            depfile = argv[++i];
        else if (input.empty() && !a.empty() && a[0] != '-')
            input = a;
        else
            return usage();
    }
    for (++i; i < argc; ++i) flags.push_back(argv[i]);
    if (input.empty() || output.empty()) return usage();
    llvm::SmallString<256> absolute(input);
    llvm::sys::fs::make_absolute(absolute);
    llvm::sys::path::remove_dots(absolute, true);

    // The compiler's flags, less what would make it write anything, with the prelude first.
    std::vector<std::string> arguments{"-fsyntax-only",   "-w",
                                       "-ferror-limit=0", "-resource-dir=" TILES_AMP_CLANG_RESOURCE_DIR,
                                       "-include",        prelude_path};
    arguments.insert(arguments.end(), flags.begin(), flags.end());
    clang::tooling::FixedCompilationDatabase database(".", arguments);
    clang::tooling::ClangTool tool(database, {std::string(absolute.str())});
    tool.mapVirtualFile(prelude_path, tiles_amp_analysis_prelude);
    result r;
    r.plan.file = std::string(absolute.str());
    fatal_errors diagnostics(r);
    tool.setDiagnosticConsumer(&diagnostics);
    factory f(r);
    const int status = tool.run(&f);

    std::remove(output.c_str());
    for (const std::string& m : r.fatal) std::fprintf(stderr, "%s\n", m.c_str());
    for (const tiles_amp::problem& p : r.plan.problems)
        std::fprintf(stderr, "%s: error: %s\n", p.where.c_str(), p.message.c_str());
    if (!r.fatal.empty() || !r.plan.problems.empty() || (status != 0 && !r.plan.files.count(r.plan.file))) {
        if (r.fatal.empty() && r.plan.problems.empty())
            std::fprintf(stderr, "tiles-amp: clang could not read %s\n", input.c_str());
        return 1;
    }
    // The headers first: a build that sees the source's translation finds its headers beside it.
    for (const auto& [file, edits] : r.plan.files)
        if (file != r.plan.file &&
            !write(tiles_amp::translated_path(file, r.plan.file, output), tiles_amp::translate(r.plan, file)))
            return 1;
    if (!depfile.empty()) {
        std::string rule = for_make(output) + ":";
        for (const std::string& file : r.read) rule += " \\\n  " + for_make(file);
        if (!write(depfile, rule + "\n")) return 1;
    }
    return write(output, tiles_amp::translate(r.plan, r.plan.file)) ? 0 : 1;
}
