// tiles-amp: writing the translated source (translation.hpp).
#include "translation.hpp"

#include <algorithm>
#include <vector>

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

bool inside(const span& s, const std::vector<span>& spans) {
    return std::any_of(spans.begin(), spans.end(), [&](const span& o) { return s.begin >= o.begin && s.end <= o.end; });
}

} // namespace

std::string translate(const plan& p, const std::string& source) {
    // The device code the kernels use, in the order the device compiles it, each with a name.
    std::vector<std::string> used;
    for (const auto& [at, site] : p.sites) used.insert(used.end(), site.blocks.begin(), site.blocks.end());
    std::sort(used.begin(), used.end(), [&](const std::string& a, const std::string& b) {
        const unsigned oa = p.blocks.at(a).order, ob = p.blocks.at(b).order;
        return oa != ob ? oa < ob : a < b;
    });
    used.erase(std::unique(used.begin(), used.end()), used.end());
    std::string out = "// Translated from " + p.file +
                      " by tiles-amp, for the host's compiler: generated at each build.\n"
                      "#include \"tiles/amp.hpp\"\n"
                      "namespace tiles_amp_translated {\n";
    std::map<std::string, std::string> names;
    for (const std::string& key : used) {
        const device_block& b = p.blocks.at(key);
        names[key] = "::tiles_amp_translated::code_" + std::to_string(names.size());
        out += "static const ::tiles::device_code code_" + std::to_string(names.size() - 1) + "(" + quoted(b.text) +
               ", " + quoted(b.file) + ", " + std::to_string(b.line) + ", " + std::to_string(b.column) + ");\n";
    }
    out += "} // namespace tiles_amp_translated\n#line 1 " + quoted(p.file) + "\n";

    // The host's text: blanked where the host has nothing, the kernels wrapped.
    std::string host = source;
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
    // The insertions, from the end of the text back, so that each offset still holds.
    std::vector<unsigned> keywords; // the `template` keywords, last first
    for (auto at = p.template_keywords.rbegin(); at != p.template_keywords.rend(); ++at)
        if (!inside({*at, *at + 1}, kept) && !inside({*at, *at + 1}, blanked)) keywords.push_back(*at);
    auto keyword = keywords.begin();
    const auto insert_keywords_from = [&](unsigned from) {
        for (; keyword != keywords.end() && *keyword >= from; ++keyword) host.insert(*keyword, "template ");
    };
    for (auto it = p.sites.rbegin(); it != p.sites.rend(); ++it) {
        const kernel_site& site = it->second;
        insert_keywords_from(site.written.end);
        if (inside(site.written, blanked)) continue;
        std::string uses;
        const auto add = [&uses](const std::string& u) { uses += (uses.empty() ? "" : ", ") + u; };
        for (const std::string& c : site.captures)
            if (!site.local_constants.count(c)) add(c);
        for (const std::string& c : site.local_constants)
            if (!site.template_names.count(c)) add("TILES_CONSTANT(" + c + ")");
        for (const auto& [name, is_type] : site.template_names)
            add((is_type ? "TILES_TYPE(" : "TILES_CONSTANT(") + name + ")");
        for (const std::string& key : used)
            if (site.blocks.count(key)) add(names.at(key));
        // The call site with its kernel's text as written and where it begins, so that the library
        // reads no source file at run time.
        const auto site_macro = [&](const char* form, const std::string& text) {
            return std::string("TILES_AMP_SITE(") + form + ", " + quoted(text) + ", " + quoted("(" + uses + ")") +
                   ", " + quoted(p.file) + ", " + std::to_string(site.line) + ", " + std::to_string(site.column) +
                   ", (" + uses + "), ";
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
    insert_keywords_from(0);
    return out + host;
}

} // namespace tiles_amp
