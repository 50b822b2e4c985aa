// libtiles engine: the seam where backends plug in. A backend is a vendor's path beside OpenCL
// (libtiles/backends/<name>/). It provides memory, compile routes and a verdict per device through
// this interface; the engine never includes a backend's headers. Where none is linked, or each
// refuses, the plain OpenCL path runs.
#pragma once

#include <cstddef>
#include <memory>
#include <string>
#include <vector>

#include "base/opencl.hpp"
#include "devices/device_info.hpp"
#include "routes/compile_route.hpp"
#include "tiles/engine/backend_verdict.hpp"

namespace tiles::engine {

class compile_route;
class context;

// What a backend offers an algorithm above the engine: an interface the algorithm defines, which
// the engine does not know (the algorithms' gemm_provider.hpp). Found by the algorithm's name.
class algorithm_provider {
  public:
    virtual ~algorithm_provider() = default;
};

// What a backend provides: memory for libtiles' own buffers, compile routes, launches for the
// algorithms, and its verdict on each device. Its functions may be called from any thread.
class backend {
  public:
    virtual ~backend() = default;
    // A buffer of at least `bytes` in `opencl_context` for `device`, in memory the backend
    // allocates; an empty buffer where it does not make this one, and then clCreateBuffer does.
    // Refuses rather than throws: a step that fails is said in the log, and the buffer is OpenCL's.
    virtual cl::Buffer buffer_for(const cl::Context& opencl_context, const device_info& device,
                                  std::size_t bytes) const = 0;
    // Whether `kept`, a buffer of `held` bytes that buffer_for made, is what it would make for a
    // request of `bytes` (the same rounding up), so that a pool hands it out again.
    virtual bool would_make_alike(cl_mem kept, std::size_t held, std::size_t bytes) const = 0;
    // Gives back the memory of buffers OpenCL has destroyed since the last call.
    virtual void release_dropped_memory() const noexcept = 0;
    // A context libtiles made (never an adopted one) begins; its buffers may be the backend's.
    virtual void context_made(const context& made) const = 0;
    // A context ends: what the backend keeps for it goes.
    virtual void context_ending(const context& ending) const noexcept = 0;
    // The compile routes it adds, tried before the engine's own (compile_route.hpp).
    virtual std::vector<std::unique_ptr<compile_route>> routes() const = 0;
    // What it probed for `device` and what it refuses there, and why.
    virtual backend_verdict verdict(const device_info& device) const = 0;
    // Its provider for the algorithm named `algorithm` (e.g. "gemm"); null where it offers none.
    virtual const algorithm_provider* provider_for(const std::string& algorithm) const = 0;
};

// The backends this build links, made once a process. Defined beside them
// (libtiles/backends/linked_backends.cpp), not in the engine, which knows none by name.
std::vector<std::unique_ptr<backend>> linked_backends();

// The linked backends, in the order they were linked.
const std::vector<std::unique_ptr<backend>>& backends();

// The first backend's buffer_for that makes one; else an empty buffer.
cl::Buffer buffer_from_backends(const cl::Context& opencl_context, const device_info& device, std::size_t bytes);
// Whether a backend would make `kept` (of `held` bytes) again for a request of `bytes`.
bool backends_would_make_alike(cl_mem kept, std::size_t held, std::size_t bytes);
// Each backend's release_dropped_memory.
void release_backends_dropped_memory() noexcept;
// The linked backends' providers for the algorithm named `algorithm`, in the order they were
// linked; none where no backend offers one, as in a build without backends.
std::vector<const algorithm_provider*> providers_for(const std::string& algorithm);
// Each backend's context_made and context_ending.
void tell_backends_context_made(const context& made);
void tell_backends_context_ending(const context& ending) noexcept;

} // namespace tiles::engine
