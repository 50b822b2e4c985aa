// tiles-amp: which files a translation rewrites (translated_files.hpp).
#include "translated_files.hpp"

#include "llvm/Support/FileSystem.h"
#include "llvm/Support/Path.h"

namespace tiles_amp {
namespace {

std::string folder_of(const std::string& file) { return llvm::sys::path::parent_path(file).str() + "/"; }

} // namespace

std::string absolute_path(llvm::StringRef name) {
    llvm::SmallString<256> path(name);
    llvm::sys::fs::make_absolute(path);
    llvm::sys::path::remove_dots(path, true);
    return std::string(path.str());
}

std::string translated_file(const clang::SourceManager& sm, clang::SourceLocation at) {
    if (at.isInvalid()) return "";
    const clang::FileID id = sm.getFileID(sm.getExpansionLoc(at));
    const clang::FileEntry* file = sm.getFileEntryForID(id);
    const clang::FileEntry* source = sm.getFileEntryForID(sm.getMainFileID());
    if (!file || !source) return "";
    if (id != sm.getMainFileID() && sm.isInSystemHeader(sm.getLocForStartOfFile(id))) return "";
    const std::string path = absolute_path(file->getName());
    if (id == sm.getMainFileID()) return path;
    if (path.rfind(folder_of(absolute_path(source->getName())), 0) != 0) return "";
    // Included by the source or by a header it translates, not by libtiles' prelude.
    return translated_file(sm, sm.getIncludeLoc(id)).empty() ? "" : path;
}

std::string translated_path(const std::string& file, const std::string& source, const std::string& output) {
    if (file == source) return output;
    return folder_of(output) + file.substr(folder_of(source).size());
}

} // namespace tiles_amp
