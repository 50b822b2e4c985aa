// libtiles algorithms: gemm of half and bfloat16 matrices on Hopper's wgmma, its choice and its
// launch: blocks of 128 x 256 of C, a tile of two warpgroups each, in a one-dimensional grid.
#include "gemm_wgmma.hpp"

#include <map>
#include <mutex>

#include "compile_route.hpp"
#include "device_info.hpp"
#include "log.hpp"
#include "support.hpp"
#include "tiles/engine/immortal.hpp"
#include "tiles/exceptions.hpp"

extern const char tiles_kernel_gemm_wgmma[];

namespace tiles::algorithms {
namespace {

// The kernel's parameters, as measured fastest on the H200 (BENCHMARKS.md): two warpgroups of 64
// rows by 256 columns, 5 stages of B's slabs (41 KiB of tile_static memory), and A's fragments 10
// groups of 32 of k ahead in registers.
constexpr int warpgroups = 2, block_columns = 256, stages = 5, a_groups = 10;
constexpr int block_rows = 64 * warpgroups, threads = 128 * warpgroups;

// The kernel's text, SM90A_MARK defined as the route's marker ahead of it.
const char* wgmma_source() {
    static const engine::immortal<std::string> text("#define SM90A_MARK \"" + std::string(engine::sm90a_marker) +
                                                    "\"\n#line 1\n" + tiles_kernel_gemm_wgmma);
    return text->c_str();
}

const kernel& wgmma_kernel(element_type storage) {
    return algorithm_kernel(wgmma_source(), "gemm_wgmma", element_type::float32,
                            "-DWARPGROUPS=" + std::to_string(warpgroups) +
                                " -DBLOCK_COLUMNS=" + std::to_string(block_columns) +
                                " -DSTAGES=" + std::to_string(stages) + " -DA_GROUPS=" + std::to_string(a_groups),
                            storage);
}

// Whether the kernel of `storage` elements builds for the context's device: tried once a device
// and element type, and where it does not, the reason logged once.
bool builds_on(const std::shared_ptr<context>& context, element_type storage, const launch_domain& domain) {
    static std::mutex mutex;
    static engine::immortal<std::map<std::pair<cl_device_id, element_type>, bool>> known;
    const device_info& device = *context->device();
    const std::pair<cl_device_id, element_type> key{device.device(), storage};
    {
        std::lock_guard<std::mutex> lock(mutex);
        if (auto found = known->find(key); found != known->end()) return found->second;
    }
    std::string refusal;
    try {
        engine::build(context, domain, wgmma_kernel(storage));
    } catch (const unsupported_feature& refused) { // the route's, on the device or the rewritten text
        refusal = refused.what();
    } catch (const build_error& refused) { // the driver's compiler, on the text for sm_90
        refusal = refused.what();
    }
    const bool builds = refusal.empty();
    if (!builds && engine::logging(log_level::info))
        engine::log(log_level::info, "gemm: the mma.sync kernel runs in place of Hopper's wgmma kernel on '" +
                                         device.name + "': " + refusal);
    std::lock_guard<std::mutex> lock(mutex);
    known->emplace(key, builds);
    return builds;
}

} // namespace

bool wgmma_gemm_suits(int compute_capability, element_type type, gemm_precision precision, int m, int n, int k) {
    const bool own_precision = (type == element_type::float16 && precision == gemm_precision::float16) ||
                               (type == element_type::bfloat16 && precision == gemm_precision::bfloat16);
    return own_precision && compute_capability == 90 && k % 8 == 0 && n % 8 == 0 &&
           std::int64_t(m) * n >= std::int64_t(2048) * 2048;
}

bool enqueue_wgmma_gemm(const std::shared_ptr<context>& context, double alpha, const matrix_operand& a,
                        const matrix_operand& b, double beta, const matrix_operand& c) {
    const std::int64_t blocks_down = blocks_covering(c.rows, block_rows);
    const std::int64_t blocks_across = blocks_covering(c.columns, block_columns);
    check_reach("gemm", "C's rows", c.rows, blocks_down * block_rows);
    check_reach("gemm", "C's columns", c.columns, blocks_across * block_columns);
    // Its loop of k runs over whole rings of A's groups of 32, and copies B's slabs of 16 further.
    check_reach("gemm", "the depth of A * B", a.columns,
                (std::int64_t(blocks_covering(a.columns, 32 * a_groups)) * 2 * a_groups + stages) * 16);
    const launch_domain domain = covering_domain(blocks_down * blocks_across * threads, threads);
    const element_type storage = element_type_of(a);
    if (!builds_on(context, storage, domain)) return false;
    launch_algorithm(context, domain, wgmma_kernel(storage),
                     std::array<launch_arg, 8>{scalar_arg(a.rows), scalar_arg(b.columns), scalar_arg(a.columns),
                                               scalar_arg(float(alpha)), input_arg(a.data), input_arg(b.data),
                                               scalar_arg(float(beta)), output_arg(c.data)});
    return true;
}

} // namespace tiles::algorithms
