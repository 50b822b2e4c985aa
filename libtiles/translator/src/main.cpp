// tiles-amp: translates a C++ AMP source, as written, into one the host's compiler builds against
// libtiles (docs/guides/from-cpp-amp.md). Clang's front end parses it with the compiler's flags:
//
//     tiles-amp SOURCE -o TRANSLATED [-- COMPILER FLAGS...]
//
// A problem is reported at the user's file and line, as a compiler reports an error, and no
// translated source is written.
#include <cstdio>
#include <fstream>
#include <string>
#include <vector>

#include "macro_log.hpp"
#include "source_scan.hpp"
#include "translation.hpp"
#include "clang/AST/ASTConsumer.h"
#include "clang/Frontend/CompilerInstance.h"
#include "clang/Frontend/FrontendAction.h"
#include "clang/Tooling/CompilationDatabase.h"
#include "clang/Tooling/Tooling.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/Path.h"

extern const char tiles_amp_analysis_prelude[];

namespace {

constexpr const char* prelude_path = "/tiles-amp/analysis_prelude.hpp";

// What the parse made of the source.
struct result {
    tiles_amp::plan plan;
    std::string source;
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
        result_.source = sm.getBufferData(sm.getMainFileID()).str();
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
    std::fprintf(stderr, "usage: tiles-amp SOURCE -o TRANSLATED [-- COMPILER FLAGS...]\n");
    return 2;
}

} // namespace

int main(int argc, char** argv) {
    std::string input, output;
    std::vector<std::string> flags;
    int i = 1;
    for (; i < argc && std::string(argv[i]) != "--"; ++i) {
        const std::string a = argv[i];
        if (a == "-o" && i + 1 < argc)
            output = argv[++i];
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
    if (!r.fatal.empty() || !r.plan.problems.empty() || (status != 0 && r.source.empty())) {
        if (r.fatal.empty() && r.plan.problems.empty())
            std::fprintf(stderr, "tiles-amp: clang could not read %s\n", input.c_str());
        return 1;
    }
    llvm::sys::fs::create_directories(llvm::sys::path::parent_path(output));
    std::ofstream out(output, std::ios::binary);
    out << tiles_amp::translate(r.plan, r.source);
    out.close();
    if (!out) {
        std::fprintf(stderr, "tiles-amp: could not write %s\n", output.c_str());
        std::remove(output.c_str());
        return 1;
    }
    return 0;
}
