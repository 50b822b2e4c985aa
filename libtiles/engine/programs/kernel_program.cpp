// libtiles engine: a kernel's built program for code beside the engine (kernel_program.hpp).
#include "programs/kernel_program.hpp"

#include <cstdint>

#include "context/context.hpp"
#include "programs/kernel_cache.hpp"

namespace tiles::engine {

kernel_program kernel_program_of(const std::shared_ptr<context>& context, const launch_domain& domain,
                                 const kernel& k) {
    const std::shared_ptr<compiled_kernel> compiled = k.impl()->compiled_for(*context, domain);
    const std::string options = k.impl()->launch_options_for(*context->device(), domain);
    const std::size_t program = program_key(text_hash(k.impl()->launch_text()), options);
    // The device's handle first: unique among the devices alive, as the key needs to be.
    const std::string key = std::to_string(reinterpret_cast<std::uintptr_t>(context->device()->device())) + "\n" +
                            std::to_string(program) + "\n" + options + "\n" + k.impl()->name();
    return {key, k.impl()->name(), compiled->kernel.getInfo<CL_KERNEL_PROGRAM>()};
}

} // namespace tiles::engine
