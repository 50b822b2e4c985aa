// libtiles: OpenCL's images in the clang-ptx route's LLVM IR, for NVIDIA's driver
// (ptx_images.hpp). The rewrite is of LLVM's text, as clang printed it: each image built-in's
// declaration becomes a definition of a few lines of IR, written here from its parameters' types.
// Reads of read-only images are tex (a constant sampler of unnormalized coordinates, nearest
// texel, where the call names none, as NVIDIA's compiler does); writes are formatted surface
// stores (sust.p), which take the texel's components in order (the R, RG, RGB and RGBA images
// libtiles makes; not A, RA, BGRA or ARGB, which NVIDIA's compiler reorders for); reads of
// read-write images are unformatted surface loads (suld.b) of 32-bit channels, the only ones
// libtiles' textures have, in images of 1, 2 or 4 channels.
#include "routes/ptx_images.hpp"

#include <map>
#include <regex>
#include <set>
#include <vector>

#include "base/opencl.hpp"
#include "tiles/engine/immortal.hpp"
#include "tiles/exceptions.hpp"

namespace tiles::engine {
namespace {

std::string trimmed(const std::string& s) {
    const std::size_t first = s.find_first_not_of(" \t"), last = s.find_last_not_of(" \t");
    return first == std::string::npos ? "" : s.substr(first, last - first + 1);
}

// The parameters of an IR signature, split at its top-level commas.
std::vector<std::string> parameters_of(const std::string& list) {
    std::vector<std::string> parameters;
    std::string current;
    int depth = 0;
    for (const char c : list) {
        depth += (c == '(' || c == '{' || c == '<' || c == '[') - (c == ')' || c == '}' || c == '>' || c == ']');
        if (c == ',' && depth == 0) {
            parameters.push_back(trimmed(current));
            current.clear();
        } else {
            current += c;
        }
    }
    if (!trimmed(current).empty()) parameters.push_back(trimmed(current));
    return parameters;
}

// A parameter's type, less its attributes and name.
std::string type_of(const std::string& parameter) {
    if (parameter[0] == '<') return parameter.substr(0, parameter.find('>') + 1);
    if (parameter.compare(0, 8, "%opencl.") == 0) return parameter.substr(0, parameter.find('*') + 1);
    return parameter.substr(0, parameter.find(' '));
}

// One image built-in's definition as it is written: its body's lines and the NVVM intrinsics
// they call, declared once per module.
class definition {
  public:
    explicit definition(std::map<std::string, std::string>& declared) : declared_(declared) {}
    void line(const std::string& text) { body_ += "  " + text + "\n"; }
    void label(const std::string& name) { body_ += name + ":\n"; }
    // `result = call ...` of intrinsic `name` (llvm.nvvm.<name>) with typed arguments.
    void call(const std::string& result, const std::string& type, const std::string& name,
              const std::vector<std::pair<std::string, std::string>>& arguments) {
        std::string types, values;
        for (const auto& [t, v] : arguments) {
            types += (types.empty() ? "" : ", ") + t;
            values += (values.empty() ? "" : ", ") + t + " " + v;
        }
        declared_["llvm.nvvm." + name] = "declare " + type + " @llvm.nvvm." + name + "(" + types + ")\n";
        line((result.empty() ? "" : result + " = ") + "call " + type + " @llvm.nvvm." + name + "(" + values + ")");
    }
    const std::string& body() const { return body_; }

  private:
    std::map<std::string, std::string>& declared_;
    std::string body_;
};

// An image built-in the program calls, read from its declaration.
struct image_builtin {
    std::string name, family;       // mangled, and "read_imagef", "write_imageui", "get_image_dim", ...
    std::vector<std::string> types; // its parameters'
    int rank = 0;
    std::string access; // "ro", "wo" or "rw"
    bool surface() const { return access != "ro"; }
    std::string scalar() const { return family.back() == 'f' ? "float" : "i32"; }
    std::string vector() const { return "<4 x " + scalar() + ">"; }
};

const char* const texel4_i32 = "{i32, i32, i32, i32}";

// The coordinates' components %x0... of parameter `at` (of IR type `type`) for an image of `rank`.
std::vector<std::string> coordinates(definition& d, const std::string& type, int rank) {
    if (type[0] != '<') return {"%at"};
    std::vector<std::string> names;
    for (int i = 0; i < rank; ++i) {
        names.push_back("%x" + std::to_string(i));
        d.line(names.back() + " = extractelement " + type + " %at, i32 " + std::to_string(i));
    }
    return names;
}

// `%<to>` = the four scalars of struct `%<from>` (of `struct_type`) as a vector of `vector_type`,
// over `initial` (its missing components).
void as_vector(definition& d, const std::string& from, const std::string& struct_type, int count,
               const std::string& vector_type, const std::string& initial, const std::string& to) {
    const std::string scalar = vector_type.substr(5, vector_type.size() - 6);
    std::string last = initial;
    for (int i = 0; i < count; ++i) {
        const std::string c = std::to_string(i);
        d.line("%" + from + ".e" + c + " = extractvalue " + struct_type + " %" + from + ", " + c);
        const std::string next = i + 1 == count ? "%" + to : "%" + from + ".v" + c;
        d.line(next + " = insertelement " + vector_type + " " + last + ", " + scalar + " %" + from + ".e" + c +
               ", i32 " + c);
        last = next;
    }
}

std::vector<std::pair<std::string, std::string>> typed(const std::string& type, const std::vector<std::string>& v) {
    std::vector<std::pair<std::string, std::string>> arguments;
    for (const std::string& value : v) arguments.emplace_back(type, value);
    return arguments;
}

// tex of a read-only image: the call's sampler, or one of unnormalized coordinates and nearest texel.
// Integer coordinates of a 2-D image are read as integers, as NVIDIA's compiler reads them; those of
// 1-D and 3-D images as floats, as NVIDIA's compiler reads a 1-D image's (tex.1d of an integer is
// CUDA's tex1Dfetch, of linear memory; tex3D of CUDA's arrays takes floats).
void read_texture(definition& d, const image_builtin& b) {
    const bool sampled = b.types.size() == 3;
    if (sampled)
        d.line("%sampler.handle = ptrtoint " + b.types[1] + " %sampler to i64");
    else
        d.call("%sampler.handle", "i64", "texsurf.handle.internal.p1i64", {{"i64 addrspace(1)*", "@tiles_unsampled"}});
    const std::string at = b.types.back();
    const std::string kind = b.family == "read_imagef" ? "f32" : b.family == "read_imagei" ? "s32" : "u32";
    std::vector<std::string> at_texel = coordinates(d, at, b.rank);
    const bool as_floats = b.rank != 2 && at.find("i32") != std::string::npos;
    if (as_floats)
        for (std::string& c : at_texel) {
            d.line(c + ".float = sitofp i32 " + c + " to float");
            c += ".float";
        }
    const std::string coordinate = as_floats || at.find("float") != std::string::npos ? "float" : "i32";
    std::vector<std::pair<std::string, std::string>> arguments{{"i64", "%handle"}, {"i64", "%sampler.handle"}};
    for (auto& a : typed(coordinate, at_texel)) arguments.push_back(a);
    const std::string texel = "{" + b.scalar() + ", " + b.scalar() + ", " + b.scalar() + ", " + b.scalar() + "}";
    d.call("%texel", texel,
           "tex." + std::to_string(b.rank) + "d.v4" + kind + "." + (coordinate == "float" ? "f32" : "s32"), arguments);
    as_vector(d, "texel", texel, 4, b.vector(), "undef", "read");
    d.line("ret " + b.vector() + " %read");
}

// suld.b of a read-write image: 1, 2 or 4 channels of 32 bits, by the image's channel order, the
// components it lacks 0 and its alpha 1, as OpenCL reads them.
void read_surface(definition& d, const image_builtin& b) {
    const std::vector<std::string> at = coordinates(d, b.types[1], b.rank);
    const std::string one = b.scalar() == "float" ? "1065353216" : "1"; // 1.0f's bits
    d.call("%order", "i32", "suq.channel.order", {{"i64", "%handle"}});
    d.line("switch i32 %order, label %four [ i32 " + std::to_string(CL_R) + ", label %one i32 " +
           std::to_string(CL_RG) + ", label %two ]");
    const std::pair<const char*, int> channels[] = {{"one", 1}, {"two", 2}, {"four", 4}};
    for (const auto& [name, count] : channels) {
        const std::string n = name, loaded = count == 1 ? "i32" : count == 2 ? "{i32, i32}" : texel4_i32;
        d.label(n);
        d.line("%" + n + ".x = mul i32 " + at[0] + ", " + std::to_string(4 * count));
        std::vector<std::pair<std::string, std::string>> arguments{{"i64", "%handle"}, {"i32", "%" + n + ".x"}};
        for (std::size_t i = 1; i < at.size(); ++i) arguments.emplace_back("i32", at[i]);
        const std::string suffix = count == 1 ? "i32" : count == 2 ? "v2i32" : "v4i32";
        d.call("%" + n + ".loaded", loaded, "suld." + std::to_string(b.rank) + "d." + suffix + ".trap", arguments);
        const std::string initial = "<i32 0, i32 0, i32 0, i32 " + one + ">";
        if (count == 1)
            d.line("%" + n + ".texel = insertelement <4 x i32> " + initial + ", i32 %" + n + ".loaded, i32 0");
        else
            as_vector(d, n + ".loaded", loaded, count, "<4 x i32>", initial, n + ".texel");
        d.line("br label %done");
    }
    d.label("done");
    d.line("%bits = phi <4 x i32> [ %one.texel, %one ], [ %two.texel, %two ], [ %four.texel, %four ]");
    d.line("%read = bitcast <4 x i32> %bits to " + b.vector());
    d.line("ret " + b.vector() + " %read");
}

// sust.p: a formatted store of the texel's four components, as 32-bit words.
void write_surface(definition& d, const image_builtin& b) {
    std::vector<std::pair<std::string, std::string>> arguments{{"i64", "%handle"}};
    for (auto& a : typed("i32", coordinates(d, b.types[1], b.rank))) arguments.push_back(a);
    d.line("%bits = bitcast " + b.types[2] + " %texel to <4 x i32>");
    for (int i = 0; i < 4; ++i) {
        d.line("%b" + std::to_string(i) + " = extractelement <4 x i32> %bits, i32 " + std::to_string(i));
        arguments.emplace_back("i32", "%b" + std::to_string(i));
    }
    d.call("", "void", "sust.p." + std::to_string(b.rank) + "d.v4i32.trap", arguments);
    d.line("ret void");
}

// get_image_width, _height, _depth and _dim: txq of a texture, suq of a surface.
void query(definition& d, const image_builtin& b) {
    const std::string unit = b.surface() ? "suq." : "txq.";
    if (b.family != "get_image_dim") {
        d.call("%size", "i32", unit + b.family.substr(10), {{"i64", "%handle"}});
        d.line("ret i32 %size");
        return;
    }
    const char* sizes[] = {"width", "height", "depth"};
    const std::string type = b.rank == 2 ? "<2 x i32>" : "<4 x i32>";
    std::string last = b.rank == 2 ? "undef" : "<i32 0, i32 0, i32 0, i32 0>";
    for (int i = 0; i < b.rank; ++i) {
        const std::string s = sizes[i];
        d.call("%" + s, "i32", unit + s, {{"i64", "%handle"}});
        d.line("%dim" + std::to_string(i) + " = insertelement " + type + " " + last + ", i32 %" + s + ", i32 " +
               std::to_string(i));
        last = "%dim" + std::to_string(i);
    }
    d.line("ret " + type + " " + last);
}

// The definition of `b`, or "" where this rewrite has no form of it.
std::string define(const image_builtin& b, std::map<std::string, std::string>& declared) {
    static const immortal<std::regex> known(
        "read_image(f|i|ui)|write_image(f|i|ui)|get_image_(width|height|depth)|get_image_dim");
    const bool reads = b.family.compare(0, 10, "read_image") == 0, writes = b.family.compare(0, 11, "write_image") == 0;
    if (!std::regex_match(b.family, *known) || (reads && b.access == "wo") || (writes && b.access == "ro") ||
        (reads && b.surface() && b.types.size() != 2))
        return "";
    definition d(declared);
    d.line("%handle = ptrtoint " + b.types[0] + " %image to i64");
    if (reads)
        b.surface() ? read_surface(d, b) : read_texture(d, b);
    else if (writes)
        write_surface(d, b);
    else
        query(d, b);
    static const char* const names[] = {"%image", "%sampler", "%at"};
    std::string parameters;
    for (std::size_t i = 0; i < b.types.size(); ++i) {
        const bool sampler = b.types[i].compare(0, 17, "%opencl.sampler_t") == 0;
        const char* name = i == 0 ? names[0] : sampler ? names[1] : writes && i == 2 ? "%texel" : names[2];
        parameters += (i ? ", " : "") + b.types[i] + " " + name;
    }
    const std::string result = reads                         ? b.vector()
                               : writes                      ? "void"
                               : b.family != "get_image_dim" ? "i32"
                               : b.rank == 2                 ? "<2 x i32>"
                                                             : "<4 x i32>";
    return "define internal " + result + " @" + b.name + "(" + parameters + ") alwaysinline {\n" + d.body() + "}\n";
}

// Each image built-in the IR declares (a function of clang's OpenCL header taking an image, its
// name mangled), its declaration replaced by its definition; those it has no form of are named in
// `missing`.
std::string define_builtins(const std::string& ir, std::map<std::string, std::string>& declared,
                            std::vector<std::string>& missing) {
    static const immortal<std::regex> declaration("declare [^@\\n]*@(_Z(\\d+)[A-Za-z0-9_]*)\\(([^\\n]*)\\)[^\\n]*");
    static const immortal<std::regex> image_type("%opencl\\.image([123])d_(ro|wo|rw)_t addrspace\\(1\\)\\*");
    std::string out;
    std::size_t from = 0;
    for (std::sregex_iterator it(ir.begin(), ir.end(), *declaration), end; it != end; ++it) {
        const std::smatch& m = *it;
        if (m.str(3).find("%opencl.image") == std::string::npos) continue;
        image_builtin b{m[1], m.str(1).substr(2 + m.str(2).size(), std::stoul(m.str(2))), {}, 0, ""};
        for (const std::string& p : parameters_of(m[3])) b.types.push_back(type_of(p));
        std::smatch image;
        std::string made;
        if (std::regex_match(b.types[0], image, *image_type)) {
            b.rank = std::stoi(image[1]);
            b.access = image[2];
            made = define(b, declared);
        }
        if (made.empty()) missing.push_back(b.name);
        out += ir.substr(from, std::size_t(m.position(0)) - from) + (made.empty() ? m.str(0) : made);
        from = std::size_t(m.position(0) + m.length(0));
    }
    return out + ir.substr(from);
}

// OpenCL's sampler bits as clang's headers spell them (normalized 1, address 2 to 8, filter 0x10
// or 0x20) in the NVPTX back end's, which it prints as a `.samplerref`'s fields: address in bits 0
// to 2 (none 0, clamp 1, clamp to edge 2, repeat 3, mirrored repeat 4), normalized bit 3, filter
// bits 4 and 5 (nearest 0, linear 1).
int nvptx_sampler(int opencl) {
    static const int address[] = {0, 2, 1, 3, 4};
    const int a = (opencl >> 1) & 7;
    return (a < 5 ? address[a] : 0) | (opencl & 1) << 3 | (opencl & 0x20 ? 1 : 0) << 4;
}

// Each constant sampler (clang's __translate_sampler_initializer(i32 bits)) as a `.samplerref`
// global of its bits, reached through a function that gives its handle; `globals` gets their names.
std::string sampler_globals(const std::string& ir, std::map<std::string, std::string>& declared,
                            std::vector<std::string>& globals) {
    static const immortal<std::regex> initializer("@__translate_sampler_initializer\\(i32 (\\d+)\\)");
    std::set<int> bits;
    for (std::sregex_iterator it(ir.begin(), ir.end(), *initializer), end; it != end; ++it)
        bits.insert(std::stoi((*it)[1]));
    std::string out = std::regex_replace(ir, *initializer, "@tiles_sampler_$1_handle()");
    for (const int b : bits) {
        const std::string name = "tiles_sampler_" + std::to_string(b);
        globals.push_back(name);
        definition d(declared);
        d.call("%handle", "i64", "texsurf.handle.internal.p1i64", {{"i64 addrspace(1)*", "@" + name}});
        d.line("%sampler = inttoptr i64 %handle to %opencl.sampler_t addrspace(4)*");
        d.line("ret %opencl.sampler_t addrspace(4)* %sampler");
        out += "@" + name + " = internal addrspace(1) global i64 " + std::to_string(nvptx_sampler(b)) + "\n";
        out += "define internal %opencl.sampler_t addrspace(4)* @" + name + "_handle() alwaysinline {\n" + d.body() +
               "}\n";
    }
    return out;
}

// `!nvvm.annotations` of each kernel's image and sampler parameters, and of the sampler globals.
std::string annotated(std::string ir, const std::vector<std::string>& sampler_globals) {
    static const immortal<std::regex> kernel(
        "define [^@\\n]*spir_kernel [^@\\n]*@([A-Za-z_][A-Za-z0-9_]*)\\(([^\\n]*)\\)");
    static const immortal<std::regex> node("\\n!(\\d+) = ");
    int next = 0;
    for (std::sregex_iterator it(ir.begin(), ir.end(), *node), end; it != end; ++it)
        next = std::max(next, std::stoi((*it)[1]) + 1);
    std::string nodes, names;
    const auto add = [&](const std::string& entity, const std::string& kind, int value) {
        names += ", !" + std::to_string(next);
        nodes += "!" + std::to_string(next++) + " = !{" + entity + ", !\"" + kind + "\", i32 " + std::to_string(value) +
                 "}\n";
    };
    for (std::sregex_iterator it(ir.begin(), ir.end(), *kernel), end; it != end; ++it) {
        const std::string name = (*it)[1];
        const std::regex kernel_node("!\\{(void \\([^\\n]*\\)\\* @" + name + "), !\"kernel\", i32 1\\}");
        std::smatch entity;
        if (!std::regex_search(ir, entity, kernel_node)) continue;
        const std::vector<std::string> parameters = parameters_of((*it)[2]);
        for (std::size_t i = 0; i < parameters.size(); ++i) {
            const std::string& p = parameters[i];
            const char* kind = p.compare(0, 13, "%opencl.image") != 0 ? nullptr
                               : p.find("_ro_t") != std::string::npos ? "rdoimage"
                               : p.find("_wo_t") != std::string::npos ? "wroimage"
                                                                      : "rdwrimage";
            if (p.compare(0, 17, "%opencl.sampler_t") == 0) kind = "sampler";
            if (kind) add(entity[1], kind, int(i));
        }
    }
    for (const std::string& g : sampler_globals) add("i64 addrspace(1)* @" + g, "sampler", 1);
    if (names.empty()) return ir;
    const std::size_t list = ir.find("!nvvm.annotations = !{");
    if (list == std::string::npos) return ir + "!nvvm.annotations = !{" + names.substr(2) + "}\n" + nodes;
    return ir.insert(ir.find('}', list), names) + nodes;
}

// Every function defined inlined where it is called: `noinline` gone, `alwaysinline` on the
// attribute groups of definitions.
std::string inlined(const std::string& ir) {
    static const immortal<std::regex> defined("\\ndefine [^\\n]*\\) [^\\n{]*#(\\d+) [^\\n]*\\{");
    std::set<std::string> groups;
    for (std::sregex_iterator it(ir.begin(), ir.end(), *defined), end; it != end; ++it) groups.insert((*it)[1]);
    static const immortal<std::regex> group("\\nattributes #(\\d+) = \\{ ([^\\n]*)\\}");
    std::string out;
    std::size_t from = 0;
    for (std::sregex_iterator it(ir.begin(), ir.end(), *group), end; it != end; ++it) {
        const std::smatch& m = *it;
        static const immortal<std::regex> noinline("(^| )noinline ");
        std::string attributes = std::regex_replace(m.str(2), *noinline, "$1");
        if (groups.count(m[1])) attributes = "alwaysinline " + attributes;
        out += ir.substr(from, std::size_t(m.position(0)) - from) + "\nattributes #" + m.str(1) + " = { " + attributes +
               "}";
        from = std::size_t(m.position(0) + m.length(0));
    }
    return out + ir.substr(from);
}

} // namespace

bool uses_images(const std::string& ir) {
    return ir.find("%opencl.image") != std::string::npos || ir.find("%opencl.sampler_t") != std::string::npos ||
           ir.find("ocl_image") != std::string::npos || ir.find("ocl_sampler") != std::string::npos;
}

std::string with_nvidia_images(const std::string& ir, const std::string& cannot) {
    // clang 15 and later write opaque pointers: the images' types, which the rewriting reads, are gone.
    if (ir.find("%opencl.image") == std::string::npos && ir.find("%opencl.sampler_t") == std::string::npos)
        throw build_error(cannot + ": clang-ptx reads images and samplers from clang 14's LLVM IR, whose pointers "
                                   "are typed; this clang's are opaque (set TILES_CLANG to clang 14)",
                          "", CL_BUILD_PROGRAM_FAILURE);
    // A phi or select of images or samplers, or a sampler made of bits known at run time (LLVM
    // merges two reads through constant samplers into one so).
    static const immortal<std::regex> chosen("= (?:phi|select) [^\\n]*%opencl\\.(image[123]d_[a-z]+_t|sampler_t)|"
                                             "@__translate_sampler_initializer\\(i32 %");
    std::smatch m;
    if (std::regex_search(ir, m, *chosen))
        throw build_error(cannot + ": it chooses " + (m.str(1).compare(0, 5, "image") == 0 ? "an image" : "a sampler") +
                              " at run time, which NVIDIA's driver cannot take: each read names its image and sampler "
                              "(call a function of its own, `__attribute__((noinline))`, for each sampler)",
                          "", CL_BUILD_PROGRAM_FAILURE);
    std::map<std::string, std::string> declared;
    std::vector<std::string> missing, globals;
    std::string out = define_builtins(ir, declared, missing);
    if (!missing.empty()) {
        std::string names;
        for (const std::string& n : missing) names += (names.empty() ? "" : ", ") + n;
        throw build_error(cannot + ": clang-ptx has no NVIDIA form of the image built-ins " + names +
                              " (it has read_imagef, read_imagei, read_imageui, write_imagef, write_imagei, "
                              "write_imageui, get_image_width, get_image_height, get_image_depth and get_image_dim "
                              "of 1-, 2- and 3-dimensional images)",
                          "", CL_BUILD_PROGRAM_FAILURE);
    }
    out = sampler_globals(out, declared, globals);
    if (out.find("texsurf.handle.internal.p1i64(i64 addrspace(1)* @tiles_unsampled)") != std::string::npos) {
        out += "@tiles_unsampled = internal addrspace(1) global i64 0\n";
        globals.push_back("tiles_unsampled");
    }
    for (const auto& [name, line] : declared) out += line;
    return annotated(inlined(out), globals);
}

} // namespace tiles::engine
