// libtiles: box arithmetic for the storage engine.
#include "memory/box.hpp"

#include <algorithm>

namespace tiles::engine {

std::size_t volume(const box& b) { return b.extent[0] * b.extent[1] * b.extent[2]; }

bool empty(const box& b) { return volume(b) == 0; }

box intersection(const box& a, const box& b) {
    box common{};
    for (int d = 0; d < 3; ++d) {
        const std::size_t begin = std::max(a.origin[d], b.origin[d]);
        const std::size_t end = std::min(a.origin[d] + a.extent[d], b.origin[d] + b.extent[d]);
        common.origin[d] = begin;
        common.extent[d] = end > begin ? end - begin : 0;
    }
    return common;
}

std::vector<box> difference(const box& a, const box& b) {
    const box common = intersection(a, b);
    if (empty(common)) return empty(a) ? std::vector<box>{} : std::vector<box>{a};
    // Peel off the slabs of `rest` before and after `common`, one dimension at a time.
    std::vector<box> pieces;
    box rest = a;
    for (int d = 0; d < 3; ++d) {
        const std::size_t begin = common.origin[d], end = common.origin[d] + common.extent[d];
        if (begin > rest.origin[d]) {
            box before = rest;
            before.extent[d] = begin - rest.origin[d];
            pieces.push_back(before);
        }
        if (end < rest.origin[d] + rest.extent[d]) {
            box after = rest;
            after.origin[d] = end;
            after.extent[d] = rest.origin[d] + rest.extent[d] - end;
            pieces.push_back(after);
        }
        rest.origin[d] = begin;
        rest.extent[d] = common.extent[d];
    }
    return pieces;
}

void box_set::add(const box& b) {
    if (engine::empty(b)) return;
    if (boxes_.size() == 1 && intersection(boxes_[0], b) == b) return; // covered already (a launch's usual case)
    remove(b);
    boxes_.push_back(b);
}

void box_set::remove(const box& b) {
    if (boxes_.empty()) return;
    std::vector<box> kept;
    for (const box& mine : boxes_)
        for (const box& piece : difference(mine, b)) kept.push_back(piece);
    boxes_ = std::move(kept);
}

std::vector<box> box_set::overlap(const box& b) const {
    std::vector<box> parts;
    for (const box& mine : boxes_)
        if (const box common = intersection(mine, b); !engine::empty(common)) parts.push_back(common);
    return parts;
}

std::vector<box> box_set::outside(const box& b) const {
    std::vector<box> parts{b};
    for (const box& mine : boxes_) {
        std::vector<box> next;
        for (const box& part : parts)
            for (const box& piece : difference(part, mine)) next.push_back(piece);
        parts = std::move(next);
    }
    return parts;
}

} // namespace tiles::engine
