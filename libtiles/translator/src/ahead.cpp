// tiles-amp: kernels compiled at build time (ahead.hpp).
#include "ahead.hpp"

#include <exception>
#include <map>
#include <optional>
#include <set>
#include <stdexcept>
#include <utility>

#include "tiles/detail/amp_kernel_text.hpp"
#include "tiles/exceptions.hpp"
#include "translation.hpp"

namespace tiles_amp {
namespace {

// The parts of the library's text of `instance`, a kernel of `site` (call_site::make_kernel), or
// none where one of its uses is not spelled.
std::optional<tiles::amp_detail::kernel_parts> parts_of(const plan& p, const std::string& file, const file_plan& f,
                                                        const kernel_site& site, const kernel_instance& instance) {
    tiles::amp_detail::kernel_parts parts;
    parts.functor = site.functor;
    parts.written =
        site.functor
            ? tiles::amp_detail::placed_text{site.class_name, file, site.line, 1}
            : tiles::amp_detail::placed_text{f.text.substr(site.written.begin, site.written.end - site.written.begin),
                                             file, site.line, std::size_t(site.column)};
    parts.constructor_types = instance.constructor_types;
    parts.line = site.line;
    parts.name = tiles::amp_detail::kernel_name(instance.function, site.line);
    const auto spelled = [](const std::map<std::string, std::string>& in, const std::string& name) {
        const auto found = in.find(name);
        return found == in.end() ? std::optional<std::string>() : found->second;
    };
    for (const site_use& u : uses_of(site, p.blocks)) {
        if (const auto structure = site.view_structs.find(u.name);
            u.what == site_use::kind::capture && structure != site.view_structs.end()) {
            std::vector<std::string> types;
            for (const std::string& m : structure->second.members) {
                const auto type = spelled(instance.capture_types, u.name + "." + m);
                if (!type) return std::nullopt;
                types.push_back(*type);
            }
            tiles::amp_detail::add_view_struct(parts, structure->second.type, u.name, structure->second.members, types);
        } else if (u.what == site_use::kind::capture) {
            const auto type = spelled(instance.capture_types, u.name);
            if (!type || site.functor) return std::nullopt; // a functor takes its data by its constructor
            parts.parameters.push_back(*type + " " + u.name);
        } else if (u.what == site_use::kind::block) {
            const device_block& b = p.blocks.at(u.name);
            parts.code.push_back({b.text, b.file, b.line, std::size_t(b.column)});
        } else { // TILES_CONSTANT and TILES_TYPE: a constant of the function, or a template's argument
            auto definition = spelled(instance.constant_definitions, u.name);
            if (!definition) definition = spelled(instance.template_arguments, u.name);
            if (!definition) return std::nullopt;
            parts.constants.push_back(*definition);
        }
    }
    return parts;
}

// `bytes` as the initialiser of an array of unsigned char, a 0 after them.
std::string array_of(const std::string& bytes) {
    std::string out = "{";
    for (std::size_t i = 0; i < bytes.size(); ++i)
        out += (i % 24 == 0 ? "\n    " : "") + std::to_string(unsigned(static_cast<unsigned char>(bytes[i]))) + ",";
    return out + "0}";
}

std::string number_after(const std::string& entry, std::size_t colon) {
    const std::string digits = entry.substr(colon + 1);
    if (digits.empty() || digits.find_first_not_of("0123456789") != std::string::npos || digits.size() > 4)
        throw std::invalid_argument("--routes: '" + entry + "' gives no number after its ':'");
    return digits;
}

// A kernel of a template the source instantiates, or of no template, that the build cannot compile:
// noted in the source, and said at the build, with why.
void left_to_run_time(ahead_sources& out, const std::string& why) {
    out.notes.push_back(why);
    out.warnings.push_back(why + ": the kernel is compiled at run time, which needs clang where it runs");
}

} // namespace

std::vector<tiles::engine::ahead_target> targets_of(const std::string& routes) {
    std::vector<tiles::engine::ahead_target> targets;
    std::size_t from = 0;
    while (from <= routes.size()) {
        const std::size_t comma = std::min(routes.find(',', from), routes.size());
        const std::string entry = routes.substr(from, comma - from);
        from = comma + 1;
        if (entry.empty()) continue;
        const std::size_t colon = entry.find(':');
        const std::string route = entry.substr(0, colon);
        std::vector<tiles::engine::ahead_target> kinds;
        try {
            kinds = tiles::engine::ahead_targets(route);
        } catch (const tiles::invalid_argument& e) {
            throw std::invalid_argument(std::string("--routes: ") + e.what());
        }
        int address_bits = 64, compute_capability = 0;
        if (route == "clang-ptx") {
            compute_capability = colon == std::string::npos ? 80 : std::stoi(number_after(entry, colon));
        } else if (colon != std::string::npos) {
            address_bits = std::stoi(number_after(entry, colon));
            if (address_bits != 32 && address_bits != 64)
                throw std::invalid_argument("--routes: '" + entry + "' names " + std::to_string(address_bits) +
                                            "-bit addresses; devices have 32 or 64");
        }
        for (tiles::engine::ahead_target t : kinds) {
            t.address_bits = address_bits;
            t.compute_capability = compute_capability;
            targets.push_back(t);
        }
    }
    return targets;
}

namespace {

// What the generated source holds so far: its arrays, its registrations, the programs made and the
// kernels named; and the routes whose tools are not here.
struct generated {
    std::string arrays, registrations;
    int programs = 0, names = 0;
    std::set<std::string> missing_tools;
};

// Compiles the kernel `name` of `text` for each target, adding what each made to `g` and what the
// compilers said to `out`; registers the kernel's name by `nameless_text` where any was made.
void add_programs(ahead_sources& out, generated& g, const std::vector<tiles::engine::ahead_target>& targets,
                  const kernel_instance& instance, const std::string& name, const std::string& text,
                  const std::string& nameless_text) {
    const int made_before = g.programs;
    for (const tiles::engine::ahead_target& t : targets) {
        if (g.missing_tools.count(t.route)) continue;
        tiles::engine::ahead_program made;
        try {
            made = tiles::engine::compile_ahead(t, text, name, instance.rank, instance.tiled, instance.tile);
        } catch (const tiles::unsupported_feature& e) {
            g.missing_tools.insert(t.route);
            out.warnings.push_back("the kernels are compiled at run time for " + t.route + ": " + e.what());
            continue;
        } catch (const std::exception& e) {
            out.errors.push_back(e.what());
            continue;
        }
        const std::string n = std::to_string(g.programs++);
        g.arrays += "const unsigned char text_" + n + "[] = " + array_of(made.text) + ";\n";
        g.arrays += "const unsigned char options_" + n + "[] = " + array_of(made.options) + ";\n";
        g.arrays += "const unsigned char binary_" + n +
                    "[] = " + array_of(std::string(made.binary.begin(), made.binary.end())) + ";\n";
        g.registrations += "        ::tiles::engine::register_prebuilt({\"" + t.route + "\", " +
                           std::to_string(t.address_bits) + ", " + std::to_string(t.compute_capability) +
                           ", as_text(text_" + n + "), " + std::to_string(made.text.size()) + ", as_text(options_" + n +
                           ")" + ", binary_" + n + ", " + std::to_string(made.binary.size()) + "});\n";
    }
    if (g.programs == made_before) return;
    const std::string n = std::to_string(g.names++);
    g.arrays += "const unsigned char nameless_" + n + "[] = " + array_of(nameless_text) + ";\n";
    g.registrations +=
        "        ::tiles::amp_detail::register_built_kernel_name(as_text(nameless_" + n + "), \"" + name + "\");\n";
}

} // namespace

ahead_sources compile_ahead(const plan& p, const std::vector<tiles::engine::ahead_target>& targets) {
    ahead_sources out;
    generated g;
    std::map<std::string, std::pair<std::string, std::string>> named; // by name: a kernel's site and text
    std::set<std::string> nameless_texts;                             // the kernels' texts without their names
    for (const auto& [file, f] : p.files)
        for (const auto& [at, site] : f.sites) {
            const std::string where = file + ":" + std::to_string(site.line) + ":" + std::to_string(site.column);
            // A template the source never instantiates has no kernel that runs: only noted.
            if (site.instances.empty() && site.unread.empty())
                out.notes.push_back(where + ": compiled at run time: the build saw no instantiation of its template");
            if (site.instances.empty() && !site.unread.empty())
                left_to_run_time(out, where + ": its template's instantiation does not parse on the host (" +
                                          site.unread + ")");
            for (const kernel_instance& instance : site.instances) {
                const std::string what = where + (instance.function.empty() ? "" : " (in " + instance.function + ")");
                if (!instance.not_ahead.empty()) {
                    left_to_run_time(out, what + ": " + instance.not_ahead);
                    continue;
                }
                const auto parts = parts_of(p, file, f, site, instance);
                if (!parts) {
                    left_to_run_time(out, what + ": a name it uses is not spelled");
                    continue;
                }
                // The run time names a second kernel of one name after the first launched ("_2"),
                // which the build cannot know.
                const std::string text = tiles::amp_detail::kernel_text(*parts, where);
                if (const auto [first, inserted] = named.emplace(parts->name, std::make_pair(where, text)); !inserted) {
                    if (first->second.second != text)
                        left_to_run_time(out, what + ": its kernel has the name of the kernel at " +
                                                  first->second.first + ", '" + parts->name +
                                                  "', and the run time renames whichever launches second");
                    continue;
                }
                // The text without the name, by which a launch finds the name, whatever its compiler
                // names: an instance of the same text as another's (a template's argument its kernel
                // never uses) takes that one's kernel.
                tiles::amp_detail::kernel_parts nameless = *parts;
                nameless.name.clear();
                const std::string nameless_text = tiles::amp_detail::kernel_text(nameless, where);
                if (nameless_texts.insert(nameless_text).second)
                    add_programs(out, g, targets, instance, parts->name, text, nameless_text);
            }
        }
    std::string left;
    for (const std::string& note : out.notes) left += "// " + note + "\n";
    out.source = "// The kernels of " + p.file + " compiled at build time by tiles-amp: generated at each build.\n" +
                 left +
                 "#include \"tiles/detail/amp_kernel_text.hpp\"\n"
                 "#include \"tiles/engine/ahead.hpp\"\n"
                 "namespace {\n" +
                 (g.programs == 0 ? std::string()
                                  : "const char* as_text(const unsigned char* bytes) { return reinterpret_cast<const "
                                    "char*>(bytes); }\n") +
                 g.arrays +
                 "// Registered as the program starts, before any launch can ask for them.\n"
                 "[[maybe_unused]] const bool registered = [] {\n" +
                 g.registrations + "        return true;\n}();\n} // namespace\n";
    return out;
}

} // namespace tiles_amp
