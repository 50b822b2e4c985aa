// tiles-amp: which files a translation rewrites (translated_files.hpp).
#include "translated_files.hpp"

#include "clang/Basic/FileManager.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/Path.h"

namespace tiles_amp {
namespace {

// Whether `path` lies below a folder that holds libtiles' headers: one whose `tiles/amp.hpp`
// exists (the file manager keeps what it looked up, so asking again costs nothing). amp.h, which
// the user's source includes, is one; so is any header it brings.
bool libtiles_own(const clang::SourceManager& sm, const std::string& path) {
    for (std::size_t at = path.rfind("/tiles/"); at != std::string::npos && at > 0; at = path.rfind("/tiles/", at - 1))
        if (sm.getFileManager().getFile(path.substr(0, at) + "/tiles/amp.hpp")) return true;
    return false;
}

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
    if (!file) return "";
    const std::string path = absolute_path(file->getName());
    if (id == sm.getMainFileID()) return path;
    if (sm.isInSystemHeader(sm.getLocForStartOfFile(id)) || libtiles_own(sm, path)) return "";
    // Included by the source or by a header it translates, not by libtiles' prelude.
    return translated_file(sm, sm.getIncludeLoc(id)).empty() ? "" : path;
}

std::string translated_path(const std::string& file, const std::string& source, const std::string& output) {
    if (file == source) return output;
    return output + ".headers" + (llvm::sys::path::is_absolute(file) ? "" : "/") + file;
}

} // namespace tiles_amp
