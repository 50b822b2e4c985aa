// tiles-amp: writing the translated source (translation.hpp).
#include "translation.hpp"

#include <algorithm>
#include <cstdint>
#include <cstdio>
#include <vector>

#include "translated_files.hpp"

namespace tiles_amp {
namespace {

std::string quoted(const std::string& s) {
    std::string q = "\"";
    for (const char c : s) {
        if (c == '"' || c == '\\')
            q += std::string("\\") + c;
        else if (c == '\n')
            q += "\\n";
        else if (c == '\t')
            q += "\\t";
        else if (c == '\r')
            q += "\\r";
        else if (c == '?') // no trigraphs
            q += "\\?";
        else
            q += c;
    }
    return q + "\"";
}

// A block's name in the translation: the same in every source whose translation includes a header
// that names it (FNV-1a of its key).
std::string block_name(const std::string& key) {
    std::uint64_t hash = 14695981039346656037ull;
    for (const char c : key) hash = (hash ^ static_cast<unsigned char>(c)) * 1099511628211ull;
    char name[32];
    std::snprintf(name, sizeof name, "block_%016llx", static_cast<unsigned long long>(hash));
    return name;
}

// Blocks in the order the device compiles them: macros, constants, then code as the host reads it.
void in_order(std::vector<std::string>& keys, const std::map<std::string, device_block>& blocks) {
    std::sort(keys.begin(), keys.end(), [&](const std::string& a, const std::string& b) {
        return std::make_pair(blocks.at(a).order, a) < std::make_pair(blocks.at(b).order, b);
    });
    keys.erase(std::unique(keys.begin(), keys.end()), keys.end());
}

bool inside(const span& s, const std::vector<span>& spans) {
    return std::any_of(spans.begin(), spans.end(), [&](const span& o) { return s.begin >= o.begin && s.end <= o.end; });
}

// A capture as the call site's uses name it: the variable, or a struct of views member by member.
std::string capture_use(const kernel_site& site, const std::string& name) {
    const auto found = site.view_structs.find(name);
    if (found == site.view_structs.end()) return name;
    std::string names, values;
    for (const std::string& m : found->second.members) {
        names += (names.empty() ? "" : " ") + m;
        values += ", " + name + "." + m;
    }
    return "::tiles::amp_detail::members_of(" + quoted(found->second.type) + ", " + quoted(name) + ", " +
           quoted(names) + values + ")";
}

// The host's text of one file, `file` as #line names it: blanked where the host has nothing, the
// kernels wrapped, and the file names of `renamed` (#include directives) replaced.
std::string host_text(const file_plan& p, const std::map<std::string, device_block>& blocks, const std::string& file,
                      const std::map<span, std::string>& renamed) {
    std::string host = p.text;
    std::vector<span> kept; // the kernels' text, which the wrappers hand over as written
    for (const auto& [at, site] : p.sites) kept.push_back(site.written);
    const std::vector<span> blanked(p.blanked.begin(), p.blanked.end());
    const auto blank = [&host](const span& s) {
        for (unsigned i = s.begin; i < s.end && i < host.size(); ++i)
            if (host[i] != '\n') host[i] = ' ';
    };
    for (const span& s : blanked)
        if (!inside(s, kept)) blank(s);
    for (const span& s : p.restrict_marks)
        if (!inside(s, kept) && !inside(s, blanked)) blank(s);
    // The edits outside the kernels (the `template` keywords, the file names), last first, each
    // made where the text before it is still as written.
    std::map<span, std::string> edits(renamed);
    for (const unsigned at : p.template_keywords)
        if (!inside({at, at + 1}, kept) && !inside({at, at + 1}, blanked)) edits[{at, at}] = "template ";
    auto edit = edits.rbegin();
    const auto edit_from = [&](unsigned from) {
        for (; edit != edits.rend() && edit->first.begin >= from; ++edit)
            host.replace(edit->first.begin, edit->first.end - edit->first.begin, edit->second);
    };
    for (auto it = p.sites.rbegin(); it != p.sites.rend(); ++it) {
        const kernel_site& site = it->second;
        edit_from(site.written.end);
        if (inside(site.written, blanked)) continue;
        std::string uses;
        for (const site_use& u : uses_of(site, blocks)) {
            uses += uses.empty() ? "" : ", ";
            if (u.what == site_use::kind::capture) uses += capture_use(site, u.name);
            if (u.what == site_use::kind::constant) uses += "TILES_CONSTANT(" + u.name + ")";
            if (u.what == site_use::kind::type) uses += "TILES_TYPE(" + u.name + ")";
            if (u.what == site_use::kind::block) uses += "::tiles_amp_translated::" + block_name(u.name);
        }
        // The call site with its kernel's text as written and where it begins, so that the library
        // reads no source file at run time.
        const auto site_macro = [&](const char* form, const std::string& text) {
            return std::string("TILES_AMP_SITE(") + form + ", " + quoted(text) + ", " + quoted("(" + uses + ")") +
                   ", " + quoted(file) + ", " + std::to_string(site.line) + ", " + std::to_string(site.column) + ", (" +
                   uses + "), ";
        };
        if (site.functor) {
            host.replace(site.written.begin, site.arguments_open + 1 - site.written.begin,
                         site_macro("functor_form", site.class_name));
        } else {
            // The lambda's lines stay, empty, so that the host's lines after it keep their numbers.
            const std::string lambda = host.substr(site.written.begin, site.written.end - site.written.begin);
            host.replace(site.written.begin, lambda.size(),
                         site_macro("lambda_form", lambda) + ")" +
                             std::string(std::size_t(std::count(lambda.begin(), lambda.end(), '\n')), '\n'));
        }
    }
    edit_from(0);
    return host;
}

} // namespace

std::vector<site_use> uses_of(const kernel_site& site, const std::map<std::string, device_block>& blocks) {
    std::vector<site_use> uses;
    for (const std::string& c : site.captures)
        if (!site.local_constants.count(c)) uses.push_back({site_use::kind::capture, c});
    for (const std::string& c : site.local_constants)
        if (!site.template_names.count(c)) uses.push_back({site_use::kind::constant, c});
    for (const auto& [name, is_type] : site.template_names)
        uses.push_back({is_type ? site_use::kind::type : site_use::kind::constant, name});
    std::vector<std::string> named(site.blocks.begin(), site.blocks.end());
    in_order(named, blocks);
    for (const std::string& key : named) uses.push_back({site_use::kind::block, key});
    return uses;
}

std::string translate(const plan& p, const std::string& file, const std::string& output) {
    const file_plan& f = p.files.at(file);
    // Each #include of a translated header names its translation (as written: a header name has no
    // escapes).
    std::map<span, std::string> renamed;
    for (const auto& [name, included] : f.includes)
        if (p.files.count(included)) renamed[name] = '"' + translated_path(included, p.file, output) + '"';
    if (file != p.file) return "#line 1 " + quoted(file) + "\n" + host_text(f, p.blocks, file, renamed);
    // The device code the kernels of every file use, in the order the device compiles it.
    std::vector<std::string> used;
    for (const auto& [path, each] : p.files)
        for (const auto& [at, site] : each.sites) used.insert(used.end(), site.blocks.begin(), site.blocks.end());
    in_order(used, p.blocks);
    std::string out = "// Translated from " + p.file +
                      " by tiles-amp, for the host's compiler: generated at each build.\n"
                      "#include \"tiles/amp.hpp\"\n"
                      "namespace tiles_amp_translated {\n";
    for (const std::string& key : used) {
        const device_block& b = p.blocks.at(key);
        out += "static const ::tiles::device_code " + block_name(key) + "(" + quoted(b.text) + ", " + quoted(b.file) +
               ", " + std::to_string(b.line) + ", " + std::to_string(b.column) + ");\n";
    }
    return out + "} // namespace tiles_amp_translated\n#line 1 " + quoted(p.file) + "\n" +
           host_text(f, p.blocks, p.file, renamed);
}

} // namespace tiles_amp
