// libtiles algorithms: a tall leaf of qr's panel over many work-groups (qr_tall_leaf.hpp). The
// host only enqueues: every sum across work-groups is combined by the next kernel on the device.
#include "qr_tall_leaf.hpp"

#include <algorithm>
#include <array>

#include "factor_transfer.hpp"

extern const char tiles_kernel_qr[];

namespace tiles::algorithms {
namespace {

// The rows each of a work-group's row slots takes at least, so that a work-group's share
// outweighs its parts' combination in every work-group of the next step; and the most
// work-groups, which fill a large GPU's compute units (132 on an H100) while each step's
// combination reads few parts.
constexpr int rows_per_slot = 4;
constexpr int most_groups = 256;
// The most columns of a leaf (qr.cl's LEAF_WIDTH): the work-items that take a row together.
constexpr int leaf_width = 16;

// The leaf's work space on the device (qr.cl's qr_tall_step says what each holds).
struct tall_leaf_work {
    int first, count, groups, work_items;
    std::shared_ptr<storage> columns, snapshots, state, gram, norms, partials;
};

void step(const leaf_panel& p, const tall_leaf_work& w, int c) {
    const launch_domain domain = covering_domain(std::int64_t(w.groups) * w.work_items, w.work_items);
    launch_algorithm(p.work_context, domain, algorithm_kernel(tiles_kernel_qr, "qr_tall_step", p.type, p.options),
                     std::array<launch_arg, 14>{output_arg(p.data), scalar_arg(p.rows), scalar_arg(p.width),
                                                scalar_arg(w.first), scalar_arg(c), scalar_arg(w.count),
                                                scalar_arg(w.groups), output_arg(w.columns), output_arg(w.snapshots),
                                                output_arg(w.state), output_arg(w.gram), output_arg(w.norms),
                                                output_arg(w.partials), output_arg(p.t)});
}

} // namespace

void factor_tall_leaf(const leaf_panel& p, int first, int count, int work_items) {
    const std::int64_t rows = p.rows - first, per_group = std::int64_t(work_items / leaf_width) * rows_per_slot;
    const int groups = int(std::clamp<std::int64_t>((rows + per_group - 1) / per_group, 1, most_groups));
    const tall_leaf_work w{first,
                           count,
                           groups,
                           work_items,
                           new_matrix(p.work_context, p.type, 2, p.rows),
                           new_matrix(p.work_context, p.type, leaf_width, leaf_width),
                           new_matrix(p.work_context, p.type, leaf_width, 2),
                           new_matrix(p.work_context, p.type, leaf_width, leaf_width),
                           new_matrix(p.work_context, p.type, count * groups, 2),
                           new_matrix(p.work_context, p.type, count * groups, leaf_width)};
    for (int c = first - 1; c < first + count; ++c) step(p, w, c);
}

} // namespace tiles::algorithms
