// libtiles algorithms: the catalogue of the algorithms, the one list of their parameter sets that
// the parameter lookup, the tuning file, the tuner, tiles-tune and checked mode go through. Each
// algorithm describes its sets in its own files; adding one adds its line here. The last set,
// staging, is the engine's staged transfers' (staging_set.cpp).
#include "catalog.hpp"

namespace tiles::algorithms {

std::vector<const parameter_set*> reduce_parameter_sets();
std::vector<const parameter_set*> block_reduce_parameter_sets();
std::vector<const parameter_set*> transpose_parameter_sets();
std::vector<const parameter_set*> stencil_parameter_sets();
std::vector<const parameter_set*> gemm_parameter_sets();
std::vector<const parameter_set*> staging_parameter_sets();

const std::vector<std::reference_wrapper<const parameter_set>>& parameter_sets() {
    static const engine::immortal<std::vector<std::reference_wrapper<const parameter_set>>> all([] {
        std::vector<std::reference_wrapper<const parameter_set>> sets;
        for (const std::vector<const parameter_set*>& algorithm :
             {reduce_parameter_sets(), block_reduce_parameter_sets(), transpose_parameter_sets(),
              stencil_parameter_sets(), gemm_parameter_sets(), staging_parameter_sets()})
            for (const parameter_set* set : algorithm) sets.emplace_back(*set);
        return sets;
    }());
    return *all;
}

const parameter_set* find_set(const std::string& name) {
    for (const parameter_set& set : parameter_sets())
        if (name == set.name) return &set;
    return nullptr;
}

} // namespace tiles::algorithms
