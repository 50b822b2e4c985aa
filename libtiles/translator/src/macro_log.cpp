// tiles-amp: the macros of a C++ AMP source (macro_log.hpp).
#include "macro_log.hpp"

#include "translated_files.hpp"

#include "clang/Basic/SourceManager.h"
#include "clang/Lex/MacroInfo.h"

namespace tiles_amp {
namespace {

class recorder : public clang::PPCallbacks {
  public:
    recorder(clang::Preprocessor& pp, macro_log& log) : pp_(pp), log_(log) {}

    void MacroDefined(const clang::Token& name, const clang::MacroDirective* directive) override {
        const clang::SourceManager& sm = pp_.getSourceManager();
        const clang::SourceLocation at = directive->getLocation();
        const std::string spelled = name.getIdentifierInfo()->getName().str();
        if (spelled == "restrict" || spelled == "tile_static") return;
        // The user's: in the source, on the command line, or in a header of the user's that the
        // source includes (libtiles' own are read before it, by the prelude).
        const bool users = sm.isWrittenInMainFile(at) || sm.isWrittenInCommandLineFile(at) ||
                           (source_entered_ && !sm.isInSystemHeader(at));
        if (!users) return;
        const clang::MacroInfo* info = directive->getMacroInfo();
        std::string text = "#define " + spelled;
        if (info->isFunctionLike()) {
            text += "(";
            for (unsigned i = 0; i < info->getNumParams(); ++i) {
                const std::string p = info->params()[i]->getName().str();
                text += (i ? ", " : "") + (p == "__VA_ARGS__" ? std::string("...") : p);
            }
            if (info->isGNUVarargs()) text += "...";
            text += ")";
        }
        for (const clang::Token& t : info->tokens())
            text += (t.hasLeadingSpace() || &t == &*info->tokens().begin() ? " " : "") + pp_.getSpelling(t);
        const clang::PresumedLoc p = sm.getPresumedLoc(at);
        const bool command_line = sm.isWrittenInCommandLineFile(at);
        log_.definitions[spelled] = {text, command_line ? "<command line>" : p.getFilename(),
                                     command_line ? 1 : int(p.getLine()), 0};
    }

    void FileChanged(clang::SourceLocation at, FileChangeReason reason, clang::SrcMgr::CharacteristicKind,
                     clang::FileID) override {
        if (reason == EnterFile && pp_.getSourceManager().isInMainFile(at)) source_entered_ = true;
    }

    void MacroExpands(const clang::Token& name, const clang::MacroDefinition&, clang::SourceRange range,
                      const clang::MacroArgs*) override {
        const clang::SourceManager& sm = pp_.getSourceManager();
        const clang::SourceLocation at = name.getLocation();
        if (!at.isFileID()) return;
        const std::string file = translated_file(sm, at);
        if (file.empty()) return;
        const std::string spelled = name.getIdentifierInfo()->getName().str();
        const unsigned offset = sm.getFileOffset(at);
        if (spelled == "restrict") {
            const clang::SourceLocation end =
                clang::Lexer::getLocForEndOfToken(range.getEnd(), 0, sm, pp_.getLangOpts());
            log_.restrict_marks[file].push_back({offset, sm.getFileOffset(end)});
        } else {
            log_.expansions.push_back({file, offset, spelled});
        }
    }

    void InclusionDirective(clang::SourceLocation hash, const clang::Token&, llvm::StringRef, bool,
                            clang::CharSourceRange name, const clang::FileEntry* included, llvm::StringRef,
                            llvm::StringRef, const clang::Module*, clang::SrcMgr::CharacteristicKind) override {
        const clang::SourceManager& sm = pp_.getSourceManager();
        const std::string file = translated_file(sm, hash);
        if (!included || file.empty() || !hash.isFileID()) return;
        const std::string path = absolute_path(included->getName());
        log_.includes[file].push_back({sm.getFileOffset(hash), path});
        if (name.isCharRange() && name.getBegin().isFileID() && name.getEnd().isFileID())
            log_.include_names[file][{sm.getFileOffset(name.getBegin()), sm.getFileOffset(name.getEnd())}] = path;
    }

  private:
    clang::Preprocessor& pp_;
    macro_log& log_;
    bool source_entered_ = false; // past the prelude
};

} // namespace

std::set<std::string> macro_log::used_in(const std::string& file, const span& within) const {
    std::set<std::string> found;
    std::vector<std::string> pending;
    for (const expansion& e : expansions)
        if (e.file == file && e.offset >= within.begin && e.offset < within.end && definitions.count(e.name))
            pending.push_back(e.name);
    while (!pending.empty()) {
        const std::string name = pending.back();
        pending.pop_back();
        if (!found.insert(name).second) continue;
        // The macros its definition names, by the identifiers of its text.
        const std::string& text = definitions.at(name).text;
        std::string word;
        for (std::size_t i = 8; i <= text.size(); ++i) {
            const char c = i < text.size() ? text[i] : ' ';
            if (std::isalnum(static_cast<unsigned char>(c)) || c == '_') {
                word += c;
            } else {
                if (!word.empty() && word != name && definitions.count(word)) pending.push_back(word);
                word.clear();
            }
        }
    }
    return found;
}

std::unique_ptr<clang::PPCallbacks> record_macros(clang::Preprocessor& preprocessor, macro_log& log) {
    return std::make_unique<recorder>(preprocessor, log);
}

} // namespace tiles_amp
