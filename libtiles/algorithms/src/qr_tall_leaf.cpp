// libtiles algorithms: a tall leaf of qr's panel over many work-groups (qr_tall_leaf.hpp). The
// host only enqueues: every sum across work-groups is combined by the next kernel on the device.
#include "qr_tall_leaf.hpp"

#include <algorithm>
#include <vector>

#include "factor_transfer.hpp"

extern const char tiles_kernel_qr[];

namespace tiles::algorithms {
namespace {

// Rows each work-item takes at least, so that a work-group's share outweighs its partial sums'
// combination; and the most work-groups, which fill a large GPU's compute units (132 on an H100)
// while the combining kernels read few partial sums.
constexpr int rows_per_work_item = 4;
constexpr int most_groups = 256;
// The partial sums' row length: the most columns of a leaf (qr.cl's LEAF_WIDTH).
constexpr int leaf_width = 16;

// The leaf's work space on the device: each column's tau and scale, each work-group's norm parts
// of the next column, and each work-group's products for each column.
struct tall_leaf_work {
    int first, end, groups, work_items;
    std::shared_ptr<storage> state, norms, partials;
};

void launch(const leaf_panel& p, const tall_leaf_work& w, const char* name, bool grid,
            const std::vector<launch_arg>& args) {
    const launch_domain domain = covering_domain(std::int64_t(grid ? w.groups : 1) * w.work_items, w.work_items);
    engine::launch(p.work_context, domain, algorithm_kernel(tiles_kernel_qr, name, p.type, p.options), args.data(),
                   args.size());
}

// qr_tall_update for column c: c's reflector applied, then column c + 1's norm parts.
void update(const leaf_panel& p, const tall_leaf_work& w, int c) {
    launch(p, w, "qr_tall_update", true,
           {output_arg(p.data), scalar_arg(p.rows), scalar_arg(p.width), scalar_arg(w.first), scalar_arg(c),
            scalar_arg(w.end), input_arg(w.state), input_arg(w.partials), scalar_arg(w.groups), output_arg(w.norms)});
}

} // namespace

void factor_tall_leaf(const leaf_panel& p, int first, int count, int work_items) {
    const std::int64_t rows = p.rows - first, per_group = std::int64_t(work_items) * rows_per_work_item;
    const int groups = int(std::clamp<std::int64_t>((rows + per_group - 1) / per_group, 1, most_groups));
    const tall_leaf_work w{first,
                           first + count,
                           groups,
                           work_items,
                           new_matrix(p.work_context, p.type, leaf_width, 2),
                           new_matrix(p.work_context, p.type, groups, 2),
                           new_matrix(p.work_context, p.type, count * groups, leaf_width)};
    update(p, w, first - 1);
    for (int c = first; c < w.end; ++c) {
        launch(p, w, "qr_tall_reflector", false,
               {output_arg(p.data), scalar_arg(p.width), scalar_arg(first), scalar_arg(c), input_arg(w.norms),
                scalar_arg(groups), output_arg(w.state)});
        launch(p, w, "qr_tall_products", true,
               {output_arg(p.data), scalar_arg(p.rows), scalar_arg(p.width), scalar_arg(first), scalar_arg(c),
                scalar_arg(w.end), input_arg(w.state), output_arg(w.partials), scalar_arg(groups)});
        if (c + 1 < w.end) update(p, w, c);
    }
    launch(p, w, "qr_tall_triangle", false,
           {output_arg(p.t), scalar_arg(p.width), scalar_arg(first), scalar_arg(count), input_arg(w.state),
            input_arg(w.partials), scalar_arg(groups)});
}

} // namespace tiles::algorithms
