// libtiles engine: the linked backends (backend.hpp), asked in the order they were linked.
#include "seam/backend.hpp"

#include "tiles/engine/immortal.hpp"

namespace tiles::engine {

const std::vector<std::unique_ptr<backend>>& backends() {
    static const immortal<std::vector<std::unique_ptr<backend>>> linked(linked_backends());
    return *linked;
}

cl::Buffer buffer_from_backends(const cl::Context& opencl_context, const device_info& device, std::size_t bytes) {
    for (const auto& b : backends())
        if (cl::Buffer made = b->buffer_for(opencl_context, device, bytes); made() != nullptr) return made;
    return {};
}

bool backends_would_make_alike(cl_mem kept, std::size_t held, std::size_t bytes) {
    for (const auto& b : backends())
        if (b->would_make_alike(kept, held, bytes)) return true;
    return false;
}

std::vector<const algorithm_provider*> providers_for(const std::string& algorithm) {
    std::vector<const algorithm_provider*> providers;
    for (const auto& b : backends())
        if (const algorithm_provider* provider = b->provider_for(algorithm)) providers.push_back(provider);
    return providers;
}

void release_backends_dropped_memory() noexcept {
    for (const auto& b : backends()) b->release_dropped_memory();
}

void tell_backends_context_made(const context& made) {
    for (const auto& b : backends()) b->context_made(made);
}

void tell_backends_context_ending(const context& ending) noexcept {
    for (const auto& b : backends()) b->context_ending(ending);
}

std::vector<backend_verdict> backend_verdicts(const device_info& device) {
    std::vector<backend_verdict> verdicts;
    for (const auto& b : backends()) verdicts.push_back(b->verdict(device));
    return verdicts;
}

} // namespace tiles::engine
