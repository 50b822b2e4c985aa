// libtiles: the names a message gives (a C function's, an element type's) kept with their places
// in its text, so that each face says them its own way: C and C++ as written ("tiles_reduce",
// "a long (int64)"), Python by its own names ("reduce", "an int64").
#pragma once

#include <string>
#include <string_view>
#include <utility>

#include "tiles/element_type.hpp"

namespace tiles {

// A marked name is `name_bound kind name_field key name_field plain name_bound`: its kind (one of
// the letters below), what a face looks it up by, and its text as C says it. The bytes are ASCII's
// record and unit separators, which no name holds. Only a names_marked exception's text is read
// for marks, and it holds no other such byte (what it quotes of a user's is an identifier: a
// kernel's name, a parameter's); every other message is said as it is, so that those bytes in a
// user's text (a kernel name not found, a build log, a format string) reach every face unchanged.
inline constexpr char name_bound = '\x1e';
inline constexpr char name_field = '\x1f';
inline constexpr char function_kind = 'f'; // key: the function as the message names it ("tiles_reduce")
inline constexpr char element_kind = 'e';  // key: numpy's name of the element type, "" for a struct
inline constexpr char article_kind = 'a';  // the same, with its article ("a long (int64)")

// A name of `kind` looked up by `key`, said `plain` in C.
inline std::string marked_name(char kind, std::string_view key, std::string_view plain) {
    std::string marked(1, name_bound);
    marked.append(1, kind).append(1, name_field).append(key).append(1, name_field).append(plain);
    return marked.append(1, name_bound);
}

// The C function `c_name` ("tiles_reduce"), as a message names it; with how it was called where
// a face names that apart ("tiles_view_data with TILES_ACCESS_READ_WRITE": "writing through numpy").
inline std::string marked_function(std::string_view c_name) { return marked_name(function_kind, c_name, c_name); }

// Element type `type`, said `plain` in C: its description ("long (int64)") unless the message says
// it otherwise ("opaque (struct)").
inline std::string marked_element(element_type type, std::string_view plain) {
    return marked_name(element_kind, element_info_of(type).numpy, plain);
}
inline std::string marked_element(element_type type) { return marked_element(type, element_description(type)); }

// `words` after their indefinite article, by the sound they begin with: "an int", "a long", "a
// uint" and "a union" (a u said "you"), "an unsigned".
inline std::string with_article(const std::string& words) {
    const bool vowel = !words.empty() && (std::string_view("aeio").find(words.front()) != std::string_view::npos ||
                                          (words.rfind("un", 0) == 0 && words.rfind("uni", 0) != 0));
    return (vowel ? "an " : "a ") + words;
}

// "a long (int64)", "an int (int32)": its article with it, since a face that names it otherwise
// may need another ("an int64").
inline std::string marked_element_with_article(element_type type) {
    return marked_name(article_kind, element_info_of(type).numpy, with_article(element_description(type)));
}

// `marked` with each marked name as C says it: the message C and C++ give.
inline std::string plain_text(std::string_view marked) {
    std::string plain;
    plain.reserve(marked.size());
    for (std::size_t at = 0; at < marked.size();) {
        const std::size_t begin = marked.find(name_bound, at);
        plain.append(marked.substr(at, begin - at));
        if (begin == std::string_view::npos) break;
        const std::size_t end = marked.find(name_bound, begin + 1);
        const std::string_view name = marked.substr(begin + 1, end - begin - 1);
        plain.append(name.substr(name.rfind(name_field) + 1)); // the plain text, after the key
        at = end == std::string_view::npos ? marked.size() : end + 1;
    }
    return plain;
}

// The marked text of an exception whose what() is its plain text: the C API finds it (dynamic_cast)
// and keeps it with the thread's last error for faces that name things their own way.
class with_marked_names {
  public:
    // Holds `marked`, the exception's message with its names marked.
    explicit with_marked_names(std::string marked) : marked_(std::move(marked)) {}
    // Virtual, so that the C API's dynamic_cast finds the text in any exception that has it.
    virtual ~with_marked_names() = default;
    // The message with its names marked.
    const std::string& marked() const noexcept { return marked_; }

  private:
    std::string marked_;
};

// `Base` (invalid_argument, ...) saying `marked` as C does, with the marked text beside it.
template <class Base> class names_marked : public Base, public with_marked_names {
  public:
    // `Base`'s exception with the plain text of `marked`, keeping `marked`.
    explicit names_marked(const std::string& marked) : Base(plain_text(marked)), with_marked_names(marked) {}
};

} // namespace tiles
