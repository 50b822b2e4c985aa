// tiles-amp: the names of the device's own headers (device_names.hpp). The prelude and C++ AMP's
// device library are embedded as the engine embeds them; OpenCL's built-ins are read from clang's
// resource directory, where the device's clang finds them. Every identifier of their text counts
// (the prelude's token pasting makes only __builtin_ names, which the host's parse has too), so a
// name is never taken for undeclared on the device where it is declared there.
#include "device_names.hpp"

#include <cctype>
#include <fstream>
#include <set>
#include <sstream>

extern const char tiles_amp_prelude_amp[];
extern const char tiles_amp_amp_math[];
extern const char tiles_amp_amp_direct3d[];
extern const char tiles_amp_amp_short_vectors[];

namespace tiles_amp {
namespace {

void add_words(const std::string& text, std::set<std::string>& words) {
    const auto is_word_char = [](char c) { return std::isalnum(static_cast<unsigned char>(c)) || c == '_'; };
    for (std::size_t i = 0; i < text.size();) {
        if (!is_word_char(text[i])) {
            ++i;
            continue;
        }
        const std::size_t begin = i;
        while (i < text.size() && is_word_char(text[i])) ++i;
        if (!std::isdigit(static_cast<unsigned char>(text[begin]))) words.insert(text.substr(begin, i - begin));
    }
}

std::set<std::string> device_words() {
    std::set<std::string> words;
    for (const char* text :
         {tiles_amp_prelude_amp, tiles_amp_amp_math, tiles_amp_amp_direct3d, tiles_amp_amp_short_vectors})
        add_words(text, words);
    for (const char* header : {"opencl-c-base.h", "opencl-c.h"}) {
        std::ifstream in(std::string(TILES_AMP_CLANG_RESOURCE_DIR) + "/include/" + header, std::ios::binary);
        std::ostringstream text;
        text << in.rdbuf();
        add_words(text.str(), words);
    }
    return words;
}

} // namespace

bool declared_on_device(const std::string& name) {
    static const std::set<std::string> words = device_words();
    return words.count(name) != 0;
}

} // namespace tiles_amp
