// libtiles engine: building kernels with the prelude in front, and caching them with their context.
#include <algorithm>
#include <cctype>
#include <functional>
#include <regex>
#include <sstream>

#include "checked/checked_run.hpp"
#include "programs/amp_program.hpp"
#include "programs/hidden_extents.hpp"
#include "programs/kernel_cache.hpp"
#include "programs/program_kernels.hpp"
#include "routes/route_registry.hpp"
#include "tiles/engine/immortal.hpp"
#include "tiles/exceptions.hpp"
#include "tiles/kernel.hpp"

extern const char tiles_kernel_prelude[];

namespace tiles::engine {
namespace {

std::string program_text(const std::string& source) {
    // #line makes the compiler's and the simulator's messages count lines in the caller's source,
    // and name it apart from the prelude.
    return std::string(tiles_kernel_prelude) + "\n#line 1 \"" + kernel_source_name + "\"\n" +
           with_hidden_extents(source, kernel_source_name);
}

// The components of a rank above 3 that the prelude needs to unfold the index: the extents of
// dimensions 1 .. rank - 3 (the launch multiplies 0 .. rank - 3 into OpenCL's dimension 2).
std::vector<int> folded_extents(const launch_domain& domain) {
    if (domain.rank <= 3) return {};
    return std::vector<int>(domain.extent_above_3.begin() + 1, domain.extent_above_3.end() - 2);
}

// What libtiles' own options begin with, after the kernel's (split_build_options finds them by it).
constexpr const char* libtiles_options_start = " -cl-kernel-arg-info -DTILES_RANK=";

} // namespace

std::string launch_options(const std::string& options, const launch_domain& domain, const device_info& device) {
    std::ostringstream os;
    os << options << libtiles_options_start << domain.rank << " -DTILES_TILED=" << domain.tiled;
    if (domain.tiled)
        for (int d = 0; d < domain.rank; ++d) os << " -DTILE_DIM" << d << '=' << domain.tile[d];
    const std::vector<int> folded = folded_extents(domain);
    for (std::size_t d = 0; d < folded.size(); ++d) os << (d ? "," : " -DTILES_FOLDED_EXTENTS=") << folded[d];
    // A CPU's native_ functions may be no faster and far less accurate (PoCL's reduce no range):
    // <amp_math.h>'s fast_math takes the ordinary ones there. Loops a kernel wants unrolled, so that
    // their loads are in flight at once or their indices are registers', are unrolled on other
    // devices alone: PoCL makes code of them many times more slowly.
    const bool cpu = device.is_cpu();
    for (auto [name, has] : {std::pair{"TILES_PTX_SHFL", device.ptx_shuffles},
                             {"TILES_SUBGROUPS", device.sub_groups},
                             {"TILES_FAST_MATH_PRECISE", cpu},
                             {"TILES_UNROLL_LOOPS", !cpu}})
        if (has && options.find(name) == std::string::npos) os << " -D" << name << "=1";
    return os.str();
}

options_by_origin split_build_options(const std::string& options) {
    // The last: the kernel's options may name the same option, never libtiles' whole start.
    const std::size_t start = options.rfind(libtiles_options_start);
    if (start == std::string::npos) return {options, ""};
    return {options.substr(0, start), options.substr(start + 1)};
}

namespace {

// "float*" -> "float", "uint4*" -> "uint4", "unsigned int" -> "uint"; what remains of a struct
// or typedef name is returned as is.
std::string unqualified_type(std::string name) {
    while (!name.empty() && (name.back() == '*' || name.back() == ' ')) name.pop_back();
    for (const char* prefix : {"const ", "volatile ", "__global ", "__local ", "__constant "})
        if (name.rfind(prefix, 0) == 0) name.erase(0, std::string(prefix).size());
    if (name.rfind("unsigned ", 0) == 0) name = "u" + name.substr(9);
    return name;
}

// ... and without a vector's width: "uint4*" -> "uint".
std::string base_type(const std::string& name) {
    std::string base = unqualified_type(name);
    while (!base.empty() && std::isdigit(static_cast<unsigned char>(base.back()))) base.pop_back();
    return base;
}

template <cl_kernel_arg_info Name, class T> T arg_info(const cl::Kernel& kernel, cl_uint index) {
    T value{};
    check(kernel.getArgInfo(index, Name, &value), "clGetKernelArgInfo");
    return value;
}

// The kernel `name` of the entry's program, with its parameters as the driver describes them, or as
// `declared` says where the generator of its program knows them (a C++ kernel, whose binaries do not
// describe them).
std::shared_ptr<compiled_kernel> make_kernel(const program_entry& entry, const device_info& device,
                                             const std::string& name, const declared_kernel* declared) {
    auto k = std::make_shared<compiled_kernel>();
    k->name = name;
    k->device_name = device.name;
    k->build_log = entry.build_log;
    cl_int status = CL_SUCCESS;
    k->kernel = cl::Kernel(entry.program, name.c_str(), &status);
    if (status == CL_INVALID_KERNEL_NAME)
        throw invalid_argument("the source has no kernel named '" + name +
                               "' (its kernels: " + listed(kernel_names(entry.program)) + ")");
    check(status, "clCreateKernel");
    const auto count = [&] {
        cl_uint n = 0;
        check(k->kernel.getInfo(CL_KERNEL_NUM_ARGS, &n), "clGetKernelInfo");
        return n;
    }();
    if (declared != nullptr) {
        k->params = declared->params;
        k->hidden_extents = declared->hidden_extents;
        k->reports_failure = declared->reports_failure;
        const std::size_t generated = k->params.size() + k->hidden_extents.size() + (k->reports_failure ? 1 : 0);
        if (count != generated)
            throw runtime_exception("kernel '" + name + "' has " + std::to_string(count) + " parameters, where " +
                                    std::to_string(generated) + " were generated for it");
    }
    for (cl_uint i = 0; declared == nullptr && i < count; ++i) {
        kernel_param p;
        p.name = arg_info<CL_KERNEL_ARG_NAME, std::string>(k->kernel, i);
        p.address = arg_info<CL_KERNEL_ARG_ADDRESS_QUALIFIER, cl_kernel_arg_address_qualifier>(k->kernel, i);
        p.type_name = arg_info<CL_KERNEL_ARG_TYPE_NAME, std::string>(k->kernel, i);
        p.points_to_const = (arg_info<CL_KERNEL_ARG_TYPE_QUALIFIER, cl_kernel_arg_type_qualifier>(k->kernel, i) &
                             CL_KERNEL_ARG_TYPE_CONST) != 0 ||
                            p.address == CL_KERNEL_ARG_ADDRESS_CONSTANT;
        p.parse_type();
        k->params.push_back(std::move(p));
    }
    // The hidden parameters libtiles appended (hidden_extents.hpp) come last; launches set them.
    const std::size_t prefix = std::string(hidden_extent_prefix).size();
    while (declared == nullptr && k->params.size() > 1 && k->params.back().name.rfind(hidden_extent_prefix, 0) == 0) {
        const std::string described = k->params.back().name.substr(prefix);
        const auto it = std::find_if(k->params.begin(), k->params.end() - 1,
                                     [&](const kernel_param& p) { return p.name == described; });
        if (it == k->params.end() - 1) break;
        k->hidden_extents.insert(k->hidden_extents.begin(), std::size_t(it - k->params.begin()));
        k->params.pop_back();
    }
    check(k->kernel.getWorkGroupInfo(device.device, CL_KERNEL_WORK_GROUP_SIZE, &k->work_group_size),
          "clGetKernelWorkGroupInfo");
    check(clGetKernelWorkGroupInfo(k->kernel(), device.device(), CL_KERNEL_COMPILE_WORK_GROUP_SIZE,
                                   sizeof k->required_tile, k->required_tile.data(), nullptr),
          "clGetKernelWorkGroupInfo");
    cl_ulong local = 0;
    check(k->kernel.getWorkGroupInfo(device.device, CL_KERNEL_LOCAL_MEM_SIZE, &local), "clGetKernelWorkGroupInfo");
    k->local_mem_size = local;
    return k;
}

// Whether a container's elements must match this parameter's pointee in size (a __global or
// __constant pointer to a type libtiles does not know, a struct or a typedef), or a value its size.
bool sized_on_device(const kernel_param& p) {
    return p.by_value || (p.pointer && !p.builtin &&
                          (p.address == CL_KERNEL_ARG_ADDRESS_GLOBAL || p.address == CL_KERNEL_ARG_ADDRESS_CONSTANT));
}

// "point*" -> "point", "struct point *" -> "struct point": the type a parameter points to.
std::string pointee(std::string type_name) {
    while (!type_name.empty() && type_name.back() == ' ') type_name.pop_back();
    if (!type_name.empty() && type_name.back() == '*') type_name.pop_back();
    while (!type_name.empty() && type_name.back() == ' ') type_name.pop_back();
    return type_name;
}

} // namespace

// OpenCL tells a parameter's type only by name. The sizes of the structs and typedefs that
// parameters point to come from the device itself: a kernel built from the same program text and
// options writes their sizeof, once per compiled kernel (the program caches keep the build).
// Where that kernel does not build (a type named differently than it can be spelled), the sizes
// stay unknown and unchecked, as before. A C++ kernel's program has that kernel already (its
// generator knows the types), since a probe appended to it would be C++ too.
void program_cache::measure_pointees(context& owner, compiled_kernel& k, const program_entry& entry,
                                     const std::string& text, const std::string& options) {
    std::vector<std::size_t> measured;
    std::string probe = "\n__kernel void tiles_sizeof_probe(__global ulong* size) {\n";
    for (std::size_t i = 0; i < k.params.size(); ++i)
        if (sized_on_device(k.params[i])) {
            probe +=
                "    size[" + std::to_string(measured.size()) + "] = sizeof(" + pointee(k.params[i].type_name) + ");\n";
            measured.push_back(i);
        }
    if (measured.empty()) return;
    std::shared_ptr<compiled_kernel> sizeof_probe;
    cl_int status = CL_SUCCESS;
    if (cl::Kernel in_program(entry.program, "tiles_sizeof_probe", &status); status == CL_SUCCESS) {
        sizeof_probe = std::make_shared<compiled_kernel>();
        sizeof_probe->kernel = std::move(in_program);
    } else {
        try {
            const std::string probe_text = text + probe + "}\n";
            sizeof_probe = kernel(owner, probe_text, options, "tiles_sizeof_probe", text_hash(probe_text));
        } catch (const build_error&) {
            return;
        }
    }
    std::vector<cl_ulong> sizes(measured.size());
    const cl::Buffer out(owner.opencl_context(), CL_MEM_WRITE_ONLY, sizes.size() * sizeof(cl_ulong));
    check(sizeof_probe->kernel.setArg(0, out), "clSetKernelArg");
    check(owner.queue().enqueueNDRangeKernel(sizeof_probe->kernel, cl::NullRange, cl::NDRange(1), cl::NullRange),
          "clEnqueueNDRangeKernel");
    check(owner.queue().enqueueReadBuffer(out, CL_TRUE, 0, sizes.size() * sizeof(cl_ulong), sizes.data()),
          "clEnqueueReadBuffer");
    for (std::size_t j = 0; j < measured.size(); ++j) k.params[measured[j]].pointee_size = std::size_t(sizes[j]);
}

// Drivers that ignore the #line directives of the program text (NVIDIA's) count lines from the
// top of the whole program: their positions ("<kernel>:145:12:") are moved to the kernel's own,
// by the directives they ignored (the one after the prelude, and those after the hidden
// parameters of kernels that use extent_of).
std::string with_kernel_lines(const std::string& log, const std::string& whole_program) {
    if (log.find(std::string(kernel_source_name) + ":") != std::string::npos) return log; // #line was honoured
    std::vector<int> kernel_line{0}; // by the program's own line, from 1: the kernel's, or 0 (the prelude's)
    static const immortal<std::regex> directive("\\s*#\\s*line\\s+(\\d+)\\s+\"([^\"]*)\".*");
    std::istringstream lines(whole_program);
    int next = 0;
    for (std::string text; std::getline(lines, text);) {
        std::smatch m;
        const bool is_directive = std::regex_match(text, m, *directive);
        kernel_line.push_back(is_directive ? 0 : next);
        if (is_directive)
            next = m[2] == kernel_source_name ? std::stoi(m[1]) : 0;
        else if (next != 0)
            ++next;
    }
    static const immortal<std::regex> position("([^\\s:]*):(\\d+):(\\d+):");
    std::string result;
    auto last = log.cbegin();
    for (std::sregex_iterator it(log.begin(), log.end(), *position), end; it != end; ++it) {
        const std::size_t line = std::stoul((*it)[2]);
        const int own = line < kernel_line.size() ? kernel_line[line] : 0;
        result.append(last, (*it)[0].first);
        result += own > 0 ? std::string(kernel_source_name) + ":" + std::to_string(own) + ":" + (*it)[3].str() + ":"
                          : (*it)[0].str();
        last = (*it)[0].second;
    }
    return result.append(last, log.cend());
}

namespace {

// Whether two spellings of a file name, one from a #line directive and one from a compiler's or
// the simulator's message, name the same file. clang may write the file relative to the folder it
// ran in (a folder of /tmp, where a checkout under /tmp lost every C++ finding's source line), so a
// spelling that is relative matches one that ends with it, once its leading "./" and "../" are gone.
bool same_file(const std::string& a, const std::string& b) {
    if (a == b) return true;
    const auto without_dots = [](std::string name) {
        while (name.rfind("../", 0) == 0 || name.rfind("./", 0) == 0) name.erase(0, name.find('/') + 1);
        return name;
    };
    const std::string& longer = a.size() >= b.size() ? a : b;
    const std::string shorter = without_dots(a.size() >= b.size() ? b : a);
    return !shorter.empty() && shorter.front() != '/' && longer.size() > shorter.size() &&
           longer.compare(longer.size() - shorter.size(), shorter.size(), shorter) == 0 &&
           longer[longer.size() - shorter.size() - 1] == '/';
}

} // namespace

// A `#line N` directive numbers the line after it N, and one that names another file (the
// library's kernels follow their shared header, elements.cl; a C++ kernel's text names the user's
// source file) leaves `file` until the next that names it.
std::string kernel_line(const std::string& whole_program, int line, const std::string& file) {
    static const immortal<std::regex> directive("\\s*#\\s*line\\s+(\\d+)(\\s+\"([^\"]*)\")?.*");
    std::istringstream in(whole_program);
    std::string text, found;
    std::smatch m;
    bool in_kernel = file == kernel_source_name;
    for (int number = 1; std::getline(in, text); ++number) {
        if (std::regex_match(text, m, *directive)) {
            number = std::stoi(m[1]) - 1;
            if (m[3].matched) in_kernel = same_file(m[3], file);
            continue;
        }
        if (in_kernel && number == line) found = text;
    }
    return found.find_first_not_of(" \t\r") == std::string::npos ? std::string() : found;
}

std::string with_source_lines(const std::string& log, const std::string& whole_program) {
    static const immortal<std::regex> position(std::string(kernel_source_name) + ":(\\d+):(\\d+):");
    std::vector<std::string> lines;
    std::istringstream in(log);
    for (std::string line; std::getline(in, line);) lines.push_back(line);
    std::string result;
    for (std::size_t i = 0; i < lines.size(); ++i) {
        result += lines[i] + "\n";
        std::smatch m;
        if (!std::regex_search(lines[i], m, *position)) continue;
        const std::string text = kernel_line(whole_program, std::stoi(m[1]));
        if (text.empty() || (i + 1 < lines.size() && lines[i + 1] == text)) continue; // none, or quoted already
        std::string caret;
        const std::size_t column = std::stoul(m[2]);
        for (std::size_t c = 0; c + 1 < column && c < text.size(); ++c) caret += text[c] == '\t' ? '\t' : ' ';
        result += text + "\n" + caret + "^\n";
    }
    if (!log.empty() && log.back() != '\n') result.pop_back();
    return result;
}

void kernel_param::parse_type() {
    pointer = type_name.find('*') != std::string::npos;
    base = base_type(type_name);
    const std::string whole = unqualified_type(type_name);
    element.reset();
    complex_element.reset();
    for (int t = 0; t < element_type_count; ++t)
        if (element_type(t) != element_type::opaque && base == opencl_name(element_type(t))) element = element_type(t);
    for (const element_type t : {element_type::complex64, element_type::complex128})
        if (whole == opencl_name(t)) complex_element = t;
    builtin = element.has_value() || base == "bool" || base == "size_t";
}

std::shared_ptr<program_entry> program_cache::program(context& owner, const std::string& source,
                                                      const std::string& options, const std::string& built_for,
                                                      std::size_t source_hash, kernel_language language) {
    const std::size_t key = program_key(source_hash, options);
    std::shared_ptr<program_entry> entry;
    for (;;) {
        {
            std::lock_guard<std::mutex> lock(mutex_);
            entry = nullptr;
            for (auto [it, end] = programs_.equal_range(key); it != end; ++it)
                if (it->second->options == options && it->second->source == source) entry = it->second;
            if (!entry) {
                entry = std::make_shared<program_entry>();
                entry->source = source;
                entry->options = options;
                programs_.emplace(key, entry);
                break; // this thread builds it
            }
        }
        if (entry->built.get()) {
            owner.count_cache_hit();
            return entry;
        }
        // The build this thread waited for failed, and its entry is gone: this thread builds
        // again, for an error of its own (an exception object is not shared between threads).
    }
    // Built outside the lock: a build can take seconds, in which the context's other programs are
    // found and built as ever.
    try {
        built_program built = build_program(owner, route_for(language, *owner.device(), source), source, options,
                                            built_for, language == kernel_language::opencl_c);
        entry->program = std::move(built.program);
        entry->build_log = std::move(built.build_log);
    } catch (...) {
        // A failed build is not kept: the next request builds it again (a tool installed meanwhile).
        {
            std::lock_guard<std::mutex> lock(mutex_);
            for (auto [it, end] = programs_.equal_range(key); it != end; ++it)
                if (it->second == entry) {
                    programs_.erase(it);
                    break;
                }
        }
        entry->building.set_value(false);
        throw;
    }
    entry->building.set_value(true);
    return entry;
}

bool program_cache::holds(const std::string& source, const std::string& options, std::size_t source_hash) {
    std::shared_ptr<program_entry> entry;
    {
        std::lock_guard<std::mutex> lock(mutex_);
        for (auto [it, end] = programs_.equal_range(program_key(source_hash, options)); it != end; ++it)
            if (it->second->options == options && it->second->source == source) entry = it->second;
    }
    // One being built counts once it is, where its build succeeds.
    return entry && entry->built.get();
}

std::shared_ptr<compiled_kernel> program_cache::kernel(context& owner, const std::string& source,
                                                       const std::string& options, const std::string& name,
                                                       std::size_t source_hash, kernel_language language,
                                                       const declared_kernel* declared) {
    const std::shared_ptr<program_entry> entry =
        program(owner, source, options, "kernel '" + name + "'", source_hash, language);
    std::lock_guard<std::mutex> lock(entry->mutex);
    auto& k = entry->kernels[name];
    if (!k) {
        auto made = make_kernel(*entry, *owner.device(), name, declared);
        measure_pointees(owner, *made, *entry, source, options);
        k = std::move(made);
    }
    return k;
}

kernel_source::kernel_source(std::string source, std::string name, std::string options, kernel_language language)
    : source_(std::move(source)), name_(std::move(name)), options_(std::move(options)), language_(language),
      amp_(language == kernel_language::cpp ? std::make_shared<const amp_source>(source_, options_, kernel_source_name)
                                            : nullptr),
      program_text_(amp_ ? amp_->program_for(name_) : program_text(source_)), program_hash_(text_hash(program_text_)),
      whole_text_(amp_ ? amp_->whole_program(true) : ""), whole_hash_(text_hash(whole_text_)) {}

std::string kernel_source::launch_options_for(const device_info& device, const launch_domain& domain) const {
    return launch_options(amp_ ? amp_->options() : options_, domain, device);
}

std::shared_ptr<compiled_kernel> kernel_source::compiled_for(context& context, const launch_domain& domain) {
    const shape_key key{context.id(), domain.rank, domain.tiled, domain.tiled ? domain.tile : std::array<int, 3>{},
                        folded_extents(domain)};
    std::lock_guard<std::mutex> lock(mutex_);
    for (const auto& r : recent_)
        if (r.key == key)
            if (auto k = r.kernel.lock()) {
                context.count_cache_hit();
                return k;
            }
    const declared_kernel* declared = amp_ ? amp_->kernel(name_) : nullptr;
    if (amp_ && declared == nullptr) {
        throw invalid_argument("the C++ source has no kernel named '" + name_ +
                               "' (its kernels: " + listed(amp_->kernel_names()) + ")");
    }
    const std::string options = launch_options_for(*context.device(), domain);
    // A C++ source built whole at this shape (build_source) holds this kernel, checked: no build.
    const bool whole = amp_ && context.programs().holds(whole_text_, options, whole_hash_);
    auto k = context.programs().kernel(context, whole ? whole_text_ : program_text_, options, name_,
                                       whole ? whole_hash_ : program_hash_, language_, declared);
    recent_.erase(std::remove_if(recent_.begin(), recent_.end(),
                                 [&](const recent_kernel& r) { return r.kernel.expired() || r.key == key; }),
                  recent_.end());
    recent_.push_back({key, k});
    last_build_log_ = k->build_log;
    return k;
}

std::string kernel_source::last_build_log() const {
    std::lock_guard<std::mutex> lock(mutex_);
    return last_build_log_;
}

namespace {
// Whether a build failed only on the prelude's checks of a kernel's index against the domain.
bool index_mismatch(const std::string& build_log) {
    return build_log.find("has another rank than the launch's extent") != std::string::npos ||
           build_log.find("is launched over a tiled extent") != std::string::npos ||
           build_log.find("is not the launch's tile") != std::string::npos;
}
} // namespace

source_build build_source(const std::shared_ptr<context>& context, const std::string& source,
                          const std::string& options, kernel_language language, const launch_domain* domain) {
    launch_domain untiled_rank_1;
    untiled_rank_1.rank = 1;
    const launch_domain& built_for = domain ? *domain : untiled_rank_1;
    if (language == kernel_language::cpp) {
        const amp_source amp(source, options, kernel_source_name);
        const std::string built_options = launch_options(amp.options(), built_for, *context->device());
        const auto build = [&](bool checked) {
            const std::string text = amp.whole_program(checked);
            return context->programs().program(*context, text, built_options, "the whole source", text_hash(text),
                                               language);
        };
        if (domain == nullptr) return {amp.kernel_names(), build(false)->build_log};
        // At a domain, every kernel's index is checked against it as its own build would check it,
        // so that launches at that shape use this program; where some kernel's index is not the
        // domain's, the source is built with none checked, and those launches build their kernels.
        try {
            return {amp.kernel_names(), build(true)->build_log};
        } catch (const build_error& e) {
            if (!index_mismatch(e.build_log())) throw;
        }
        return {amp.kernel_names(), build(false)->build_log};
    }
    const std::string text = program_text(source);
    const std::shared_ptr<program_entry> entry = context->programs().program(
        *context, text, launch_options(options, built_for, *context->device()), "the whole source", text_hash(text));
    return {kernel_names(entry->program), entry->build_log};
}

} // namespace tiles::engine

namespace tiles {

kernel::kernel(std::string source, std::string name, std::string build_options, kernel_language language)
    : impl_(std::make_shared<engine::kernel_source>(std::move(source), std::move(name), std::move(build_options),
                                                    language)) {}

const std::string& kernel::name() const { return impl_->name(); }
const std::string& kernel::source() const { return impl_->source(); }
const std::string& kernel::build_options() const { return impl_->options(); }
kernel_language kernel::language() const { return impl_->language(); }
std::string kernel::build_log() const { return impl_->last_build_log(); }

} // namespace tiles
