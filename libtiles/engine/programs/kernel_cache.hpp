// libtiles: kernels built for a context. A program is built once per (context, source, build
// options), the options carrying the tile shape, and its kernel objects are kept with the
// parameter descriptions that launches are checked against.
#pragma once

#include <array>
#include <cstdint>
#include <functional>
#include <future>
#include <map>
#include <memory>
#include <mutex>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "base/opencl.hpp"
#include "context/context.hpp"
#include "memory/storage.hpp"
#include "programs/program_text.hpp"
#include "routes/compile_route.hpp"
#include "tiles/engine/launch.hpp"

namespace tiles::engine {

// One kernel parameter, from clGetKernelArgInfo, with its type parsed once for every launch.
struct kernel_param {
    std::string name;
    cl_kernel_arg_address_qualifier address;
    std::string type_name; // as OpenCL reports it: "float*", "uint", "struct Description*"
    bool points_to_const;  // a pointer the kernel promises not to write through
    bool pointer;
    std::string base;                    // "float" of "float4*", "uint" of "unsigned int"; other names as given
    bool builtin;                        // base is one of OpenCL's scalar types, which arguments must match
    std::optional<element_type> element; // base as an element type (none for half, bool, size_t)
    // float2 and double2, which take complex64 and complex128 data as well as pairs of element's.
    std::optional<element_type> complex_element;
    // For a pointer to a struct or typedef, the size of what it points to, and for a value passed
    // by its bytes, its size, measured on the device; 0 where it is unknown (for other parameters,
    // and where the measuring kernel did not build).
    std::size_t pointee_size = 0;
    // A C++ kernel's array or view: its rank, which its argument's must be; 0 for any.
    int rank = 0;
    // A C++ kernel's captured struct, extent or index: a value passed by its bytes (value_arg).
    bool by_value = false;

    // Fills pointer, base, builtin, element and complex_element from type_name.
    void parse_type();
};

// What a launch of a kernel works with, kept from launch to launch so that a launch allocates
// nothing. The kernel owns it, under its launch_mutex: its launches run one at a time anyway,
// and the memory goes with the kernel, where scratch of each thread would stay until every
// thread that ever launched ends, and be destroyed by glibc at exit before libtiles' own.
struct launch_scratch {
    std::vector<storage*> data;                      // the arguments' storages, each once, by address
    std::vector<std::unique_lock<std::mutex>> locks; // data's locks, held during the launch
    std::vector<launch_binding> bindings;            // the buffers bound, by argument
};

struct compiled_kernel {
    std::string name;
    std::string device_name;
    std::string build_log; // the compiler's warnings from building its program; "" if none
    cl::Kernel kernel;
    std::vector<kernel_param> params; // those a launch gives, in order
    // The hidden parameters after them (hidden_extents.hpp): for each, the parameter whose
    // argument's extent it receives.
    std::vector<std::size_t> hidden_extents;
    // Whether the failure record (failure_record.hpp) follows them: the program calls
    // direct3d_errorf or direct3d_abort. The record is made at the kernel's first launch.
    bool reports_failure = false;
    cl::Buffer failure_record;       // guarded by launch_mutex
    std::size_t work_group_size = 0; // CL_KERNEL_WORK_GROUP_SIZE
    // __attribute__((reqd_work_group_size(X, Y, Z))), in OpenCL's order; zeros where it has none.
    std::array<std::size_t, 3> required_tile{0, 0, 0};
    std::uint64_t local_mem_size = 0; // tile_static bytes the kernel declares
    std::mutex launch_mutex;          // setting arguments and enqueueing are one step
    launch_scratch scratch;           // guarded by launch_mutex
    bool first_run_timed = false;     // for the log (first_run.hpp); guarded by launch_mutex
};

// What the programs held in memory are found by (a context's program cache, the programs compiled
// ahead): the hash of their text (text_hash, taken once a text) and of their build options, under
// which the entries are told apart by their whole text and options.
inline std::size_t text_hash(std::string_view text) { return std::hash<std::string_view>()(text); }
inline std::size_t program_key(std::size_t text_hash, std::string_view options) {
    return text_hash ^ (std::hash<std::string_view>()(options) << 1);
}

// A program of the context's cache. The thread that made the entry builds the program outside the
// cache's lock, and sets `built` after it has filled in `program` and `build_log`: true, or false
// where the build failed (the entry is then dropped). Others that ask for the same program
// meanwhile wait on `built` before they read them.
struct program_entry {
    std::string source;
    std::string options;
    std::promise<bool> building; // the building thread's end of `built`
    std::shared_future<bool> built = building.get_future().share();
    cl::Program program;
    std::string build_log; // as in built_program
    std::mutex mutex;
    std::map<std::string, std::shared_ptr<compiled_kernel>> kernels;
};

// The build options of a launch over `domain` on `device`: the user's options, then what the
// prelude reads of the domain, then the fast paths of its tile collectives that the device has,
// each unless the user's options name it (to define it 0, say).
std::string launch_options(const std::string& options, const launch_domain& domain, const device_info& device);

// A build's options by where they come from: the kernel's (its source's, as the user or an
// algorithm gave them) and those libtiles added after them for the launch (the prelude's defines,
// -cl-kernel-arg-info); all of them the kernel's where libtiles added none.
struct options_by_origin {
    std::string kernels;
    std::string libtiles;
};
options_by_origin split_build_options(const std::string& options);

// A build log of the program made of `whole_program` with positions in the kernel's own lines, also
// from drivers that ignore the program's #line directives.
std::string with_kernel_lines(const std::string& log, const std::string& whole_program);

// The text of line `line` of `file` (by default the kernel's own) in `whole_program` as the
// compiler numbers it, after the #line directives; "" if it has none. Build logs and checked mode's
// reports quote it.
std::string kernel_line(const std::string& whole_program, int line, const std::string& file = kernel_source_name);

// A build log whose diagnostics at the kernel's own lines ("kernel:2:25: error: ...") are each
// followed by the line they point at and a caret under their column, as clang prints them where
// the log left them out (PoCL's does).
std::string with_source_lines(const std::string& log, const std::string& whole_program);

// What a tiles::kernel holds: its text, and the kernels built from it that launches used last,
// found again without hashing or comparing any source.
class amp_source;

class kernel_source {
  public:
    kernel_source(std::string source, std::string name, std::string options, kernel_language language);

    const std::string& source() const { return source_; }
    const std::string& name() const { return name_; }
    const std::string& options() const { return options_; }
    kernel_language language() const { return language_; }
    // The text of the program a launch builds (build_source's whole source aside), and its build
    // options for a launch over the domain's shape on `device`.
    const std::string& launch_text() const { return program_text_; }
    std::string launch_options_for(const device_info& device, const launch_domain& domain) const;

    // The kernel built for `context` and the domain's rank and tile shape, building it if needed.
    std::shared_ptr<compiled_kernel> compiled_for(context& context, const launch_domain& domain);

    // The build log of the kernel compiled_for built or found in a context's cache last.
    std::string last_build_log() const;

  private:
    struct shape_key {
        std::uint64_t context_id;
        int rank;
        bool tiled;
        std::array<int, 3> tile;
        std::vector<int> folded; // a rank above 3: the extents the prelude unfolds by
        bool operator==(const shape_key& o) const {
            return context_id == o.context_id && rank == o.rank && tiled == o.tiled && tile == o.tile &&
                   folded == o.folded;
        }
    };
    struct recent_kernel {
        shape_key key;
        std::weak_ptr<compiled_kernel> kernel; // the context owns it; a dead context expires it
    };

    const std::string source_;
    const std::string name_;
    const std::string options_;
    const kernel_language language_;
    const std::shared_ptr<const amp_source> amp_; // a C++ source, read
    const std::string program_text_;              // the prelude, then the source numbered from line 1
    const std::size_t program_hash_;
    // A C++ source's whole program with every kernel's index checked, which build_source makes at
    // a domain: launches at that domain's shape use it where it is built.
    const std::string whole_text_;
    const std::size_t whole_hash_;

    mutable std::mutex mutex_;
    std::vector<recent_kernel> recent_;
    std::string last_build_log_;
};

} // namespace tiles::engine
