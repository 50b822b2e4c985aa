// libtiles: placements of array views in their storages, and the one box of the storage that
// holds a placement's elements.
#include "tiles/engine/placement.hpp"

#include <optional>
#include <sstream>
#include <utility>
#include <vector>

#include "tiles/engine/checks.hpp"
#include "tiles/exceptions.hpp"
#include "tiles/marked_names.hpp"

namespace tiles::engine {
namespace {

std::size_t element_count(const placement& p) {
    std::size_t n = 1;
    for (int d = 0; d < p.rank; ++d) n *= std::size_t(p.extent[d]);
    return n;
}

std::string shape_of(int rank, const int* extent) {
    std::ostringstream os;
    for (int d = 0; d < rank; ++d) os << (d ? "x" : "") << extent[d];
    return os.str();
}

// One dimension of memory: `count` steps of `stride` bytes.
struct run {
    std::size_t count;
    std::size_t stride;
};

// The placement as runs, outermost first, the bytes of one element last; runs of one step left
// out, and neighbours merged where the outer one steps exactly over the inner one (the rows of a
// dense block are one run). Two placements that visit the same bytes in the same order have the
// same runs.
std::vector<run> runs_of(const placement& p) {
    std::vector<run> runs;
    const auto add = [&](run r) {
        if (r.count == 1) return;
        if (!runs.empty() && runs.back().stride == r.count * r.stride)
            runs.back() = {runs.back().count * r.count, r.stride};
        else
            runs.push_back(r);
    };
    for (int d = 0; d < p.rank; ++d) add({std::size_t(p.extent[d]), p.stride[d]});
    add({p.element_size, 1});
    if (runs.empty()) runs.push_back({1, 1}); // an element of one byte
    return runs;
}

// The box of data laid out by `dims` (elements of `element` bytes) that holds exactly the
// placement's elements, in the placement's row-major order, where one does.
std::optional<box> exact_box(const dims3& dims, std::size_t element, const placement& p) {
    // The data's own runs, from slices down to the bytes of one element, and where the
    // placement's first byte lies along each.
    const std::size_t counts[4] = {dims[0], dims[1], dims[2], element};
    const std::size_t strides[4] = {dims[1] * dims[2] * element, dims[2] * element, element, 1};
    std::size_t at[4] = {0, 0, 0, 0};
    for (int k = 0; k < 4; ++k) at[k] = p.offset / strides[k] % counts[k];
    // Each run of the placement, from the innermost, must be the data's run of the same stride
    // (a part of it, or whole ones of it and more beyond); a run of a larger stride leaves one step
    // of the data's runs between.
    std::vector<run> runs = runs_of(p);
    std::size_t extent[4] = {1, 1, 1, 1};
    bool fits = p.offset / strides[0] < counts[0];
    for (int k = 3; k >= 0 && fits; --k) {
        if (runs.empty()) continue;
        run& r = runs.back();
        if (r.stride == strides[k] && at[k] + r.count <= counts[k]) {
            extent[k] = r.count;
            runs.pop_back();
        } else if (r.stride == strides[k] && at[k] == 0 && r.count % counts[k] == 0) {
            extent[k] = counts[k];
            r = {r.count / counts[k], r.stride * counts[k]};
        } else if (r.stride < strides[k]) {
            fits = false;
        }
    }
    // Whole elements of the data only: part of one is no box.
    if (!fits || !runs.empty() || at[3] != 0 || extent[3] != element) return std::nullopt;
    return box{{at[0], at[1], at[2]}, {extent[0], extent[1], extent[2]}};
}

// Rows of the data's own bytes in which the placement's elements are one box (a section of a
// reshaped view, whose rows lie further apart than the data's): rows as long as the placement's
// row stride, slices as its slice stride. `total` elements of `element` bytes in all.
std::optional<folded_box> fold_of(std::size_t total, std::size_t element, const placement& p) {
    std::vector<run> runs = runs_of(p);
    if (p.element_size != element || runs.size() > 3 || runs.back().stride != 1 || runs.back().count % element != 0 ||
        p.offset % element != 0)
        return std::nullopt;
    // Padded to three runs of elements, outermost first: a missing run steps over all the data.
    std::size_t count[3] = {1, 1, runs.back().count / element};
    std::size_t stride[3] = {total, total, 1};
    for (std::size_t k = 0; k + 1 < runs.size(); ++k) {
        const std::size_t d = 3 - runs.size() + k;
        if (runs[k].stride % element != 0) return std::nullopt;
        count[d] = runs[k].count;
        stride[d] = runs[k].stride / element;
    }
    if (runs.size() < 3) stride[0] = (total + stride[1] - 1) / stride[1] * stride[1]; // one slice: all the data
    if (stride[1] == 0 || stride[0] % stride[1] != 0) return std::nullopt;
    const std::size_t first = p.offset / element;
    const dims3 dims = {first / stride[0] + count[0], stride[0] / stride[1], stride[1]};
    const dims3 origin = {first / stride[0], first % stride[0] / stride[1], first % stride[1]};
    const std::size_t last = first + (count[0] - 1) * stride[0] + (count[1] - 1) * stride[1] + count[2] - 1;
    if (origin[1] + count[1] > dims[1] || origin[2] + count[2] > dims[2] || last >= total) return std::nullopt;
    return folded_box{dims, {origin, {count[0], count[1], count[2]}}};
}

// The smallest box of data laid out by `dims` that holds the elements from `first` to `last`
// (counted row-major): part of a row, whole rows of a slice, or whole slices.
box cover_of(const dims3& dims, std::size_t first, std::size_t last) {
    const auto place = [&](std::size_t i) {
        return dims3{i / (dims[1] * dims[2]), i / dims[2] % dims[1], i % dims[2]};
    };
    const dims3 a = place(first);
    const dims3 b = place(last);
    if (a[0] == b[0] && a[1] == b[1]) return {a, {1, 1, b[2] - a[2] + 1}};
    if (a[0] == b[0]) return {{a[0], a[1], 0}, {1, b[1] - a[1] + 1, dims[2]}};
    return {{a[0], 0, 0}, {b[0] - a[0] + 1, dims[1], dims[2]}};
}

} // namespace

view_boxes boxes_of(const storage& s, const placement& p, const char* made_by) {
    const dims3& dims = dims_of(s);
    const std::size_t element = layout_of(s).size;
    if (const std::optional<box> exact = exact_box(dims, element, p)) return {*exact, {}};
    if (const std::optional<folded_box> folded = fold_of(element_count(s), element, p)) {
        const dims3& d = folded->dims;
        const dims3& o = folded->b.origin;
        const dims3& e = folded->b.extent;
        const std::size_t first = (o[0] * d[1] + o[1]) * d[2] + o[2];
        const std::size_t last = ((o[0] + e[0] - 1) * d[1] + o[1] + e[1] - 1) * d[2] + o[2] + e[2] - 1;
        return {cover_of(dims, first, last), *folded};
    }
    const int whole[3] = {int(dims[0]), int(dims[1]), int(dims[2])};
    std::ostringstream os;
    os << made_by << " (" << shape_of(p.rank, p.extent) << " elements of " << p.element_size << " bytes from byte "
       << p.offset << ") is not one rectangle of the data beneath it (" << shape_of(3, whole) << " elements of "
       << element << " bytes, as libtiles lays it out) in rows of any length, and libtiles moves one rectangle per "
       << "view; copy the data into an array of the shape you need first";
    throw invalid_argument(os.str());
}

std::size_t offset_in_region(const storage& s, const box& region, const placement& p) {
    const dims3& d = dims_of(s);
    const dims3& o = region.origin;
    return p.offset / layout_of(s).size - (o[0] * d[1] + o[1]) * d[2] - o[2];
}

void dense_strides(int rank, const int* extent, std::size_t element_size, std::size_t* stride) {
    std::size_t step = element_size;
    for (int d = rank - 1; d >= 0; --d) {
        stride[d] = step;
        step *= std::size_t(extent[d]);
    }
}

std::size_t offset_of(const placement& p, const int* at) {
    std::size_t offset = p.offset;
    for (int d = 0; d < p.rank; ++d) offset += std::size_t(at[d]) * p.stride[d];
    return offset;
}

void check_projection(const placement& p, int i) {
    if (i < 0 || i >= p.extent[0]) {
        std::ostringstream os;
        os << "the projection [" << i << "] lies outside the view's dimension 0, of extent " << p.extent[0];
        throw invalid_argument(os.str());
    }
}

void check_dense(const placement& p, const std::string& what) {
    std::vector<std::size_t> dense(std::size_t(p.rank));
    dense_strides(p.rank, p.extent, p.element_size, dense.data());
    for (int d = 0; d < p.rank; ++d)
        if (p.extent[d] != 1 && p.stride[d] != dense[std::size_t(d)]) {
            std::ostringstream os;
            os << what << " needs a view whose elements lie next to each other, row after row; this "
               << shape_of(p.rank, p.extent) << " view is a section whose rows lie " << p.stride[d]
               << " bytes apart along dimension " << d << " (a section of a wider view, say): copy it into an array "
               << "first";
            throw names_marked<invalid_argument>(os.str());
        }
}

void check_view_as(const placement& p, int new_rank, const int* extent) {
    check_extent(new_rank, extent, "view_as's extent");
    std::size_t wanted = 1;
    for (int d = 0; d < new_rank; ++d) wanted *= std::size_t(extent[d]);
    if (wanted > element_count(p)) {
        std::ostringstream os;
        os << "view_as(" << shape_of(new_rank, extent) << ") asks for " << wanted << " elements of a view of "
           << element_count(p) << " (" << shape_of(p.rank, p.extent) << ")";
        throw invalid_argument(os.str());
    }
}

int reinterpreted_count(const placement& p, std::size_t new_element_size) {
    const std::size_t bytes = element_count(p) * p.element_size;
    if (new_element_size == 0 || bytes % new_element_size != 0) {
        std::ostringstream os;
        os << "reinterpret_as: the view's " << element_count(p) << " elements of " << p.element_size << " bytes ("
           << bytes << " bytes) are not a whole number of elements of " << new_element_size << " bytes";
        throw invalid_argument(os.str());
    }
    return int(bytes / new_element_size);
}

bool is_whole(const storage& s, const placement& p, element_layout layout) {
    const element_layout own = layout_of(s);
    if (p.offset != 0 || own.type != layout.type || own.size != layout.size || p.element_size != own.size) return false;
    if (element_count(p) != element_count(s)) return false;
    std::vector<std::size_t> dense(std::size_t(p.rank));
    dense_strides(p.rank, p.extent, p.element_size, dense.data());
    for (int d = 0; d < p.rank; ++d)
        if (p.extent[d] != 1 && p.stride[d] != dense[std::size_t(d)]) return false;
    return true;
}

} // namespace tiles::engine
