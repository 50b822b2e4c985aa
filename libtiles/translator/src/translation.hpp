// tiles-amp: the translated source the host's compiler builds, and its translated headers. The
// user's text, line for line (a #line directive names the user's file): each kernel a
// TILES_AMP_SITE call site (TILES_LAMBDA's and TILES_FUNCTOR's) with the uses the parse found and
// the kernel's text as written, with its line and column, device-only functions blanked out,
// restrict(...) removed; and ahead of the source's text the device code the kernels of every file
// name, as text, with where it was written.
#pragma once

#include <string>
#include <vector>

#include "plan.hpp"

namespace tiles_amp {

// One of a kernel's uses, as its call site names them, in the order the library reads them.
struct site_use {
    enum class kind { capture, constant, type, block } what;
    std::string name; // a variable's, a constant's, a type's; a block's key
};
std::vector<site_use> uses_of(const kernel_site& site, const std::map<std::string, device_block>& blocks);

// The translation of `file`, the source or a header of p.files, the source's being written at
// `output` (translated_files.hpp: where its headers' go).
std::string translate(const plan& p, const std::string& file, const std::string& output);

} // namespace tiles_amp
