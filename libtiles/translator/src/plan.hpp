// tiles-amp: what the parse of a C++ AMP source finds, and what the translated source is made of:
// the kernels' call sites with their uses, the code the device needs, and the edits of the host's
// text. Offsets are bytes in the file they are of: the source, or a header it translates
// (translated_files.hpp).
#pragma once

#include <array>
#include <map>
#include <set>
#include <string>
#include <vector>

namespace tiles_amp {

// A range [begin, end) of one file.
struct span {
    unsigned begin = 0, end = 0;
    bool operator<(const span& o) const { return begin < o.begin || (begin == o.begin && end < o.end); }
};

// Code the device needs, kept as text: a function, type or enum of the source, a macro, a constant.
struct device_block {
    std::string text;
    std::string file; // where it was written, for the device compiler's messages
    int line = 1;
    unsigned order = 0; // a macro first, then constants, then code in the order it is read
    int column = 1;     // where the text begins on its line: code is exactly as written
};

// One kernel of a call site that the build compiles (--routes): the site's, or one instantiation's
// of a template's. What the library's text of it is made of beyond the site's (kernel_text), where
// tiles-amp spells every part as the library does.
struct kernel_instance {
    std::string not_ahead;                                   // why it cannot be; "" where it can
    std::string function;                                    // __PRETTY_FUNCTION__ around the site
    std::map<std::string, std::string> capture_types;        // by name: "const array_view<float, 2>";
                                                             // a struct of views' members by "m.data"
    std::map<std::string, std::string> constant_definitions; // the constants it uses, by name
    std::map<std::string, std::string> template_arguments;   // by parameter: "typedef float T;"
    std::vector<std::string> constructor_types;              // a functor's: "const array_view<float, 1>"
    int rank = 0;                                            // of its index; tiled by `tile` where `tiled`
    bool tiled = false;
    std::array<int, 3> tile{};
};

// A struct captured by copy that holds views (array_views, references to arrays) beside numbers:
// the host passes each member by itself, and the device rebuilds the struct from them.
struct view_struct {
    std::string type;                 // as the device spells it: "Particles"
    std::vector<std::string> members; // in the order of its declaration
};

// One parallel_for_each's kernel: a restrict(amp) lambda, or the construction of a functor whose
// operator() is restrict(amp).
struct kernel_site {
    bool functor = false;
    span written;                                    // the lambda, or `Class(arguments)`
    int line = 1, column = 1;                        // where it begins, as #line names it
    unsigned arguments_open = 0;                     // functor: the '(' before its arguments
    bool has_arguments = false;                      // functor: something between its parentheses
    std::string class_name;                          // functor: as written
    std::vector<std::string> captures;               // lambda: by name, in the closure's order
    std::map<std::string, view_struct> view_structs; // the captures that are structs of views, by name
    std::set<std::string> local_constants;           // constants of the enclosing function, not captured
    std::map<std::string, bool> template_names;      // a template parameter it names: true for a type
    std::set<std::string> blocks;                    // device_block keys
    std::vector<kernel_instance> instances;          // the kernels the build compiles: one, or a template's each
    std::string unread; // a template's without instances: the parse's error in its body, where one is
};

// A message at a place of the user's source.
struct problem {
    std::string where; // file:line:column
    std::string message;
};

// One file the translation rewrites, as written and what changes in it.
struct file_plan {
    std::string text;
    std::map<unsigned, kernel_site> sites; // by where the kernel starts
    std::set<span> blanked;                // device-only code, out of the host's text
    std::set<span> restrict_marks;         // restrict(...) in the host's text, removed
    std::set<unsigned> template_keywords;  // where MSVC's `x.tile<16>()` in a template needs `template`
    std::map<span, std::string> includes;  // an #include's file name (quoted), and the file it names
};

// A parallel_for_each that an error in the call left unresolved, and its kernel unread.
struct lost_kernel {
    std::string where; // the call's file:line:column
    std::string file;  // the file of the call
    span call;         // the call, as written
};

struct plan {
    std::string file; // the source as named in #line
    std::map<std::string, device_block> blocks;
    std::map<std::string, file_plan> files; // the source's and its headers', by absolute path
    std::vector<problem> problems;
    std::vector<lost_kernel> lost;
};

} // namespace tiles_amp
