// libtiles: boxes (sub-rectangles of an array, in AMP order and padded to rank 3) and sets of
// disjoint boxes, with the arithmetic the storage engine needs to move only the stale part of
// what a reader asks for.
#pragma once

#include <vector>

#include "tiles/engine/storage.hpp"

namespace tiles::engine {

bool empty(const box& b);
// The common part of a and b (empty if they do not overlap).
box intersection(const box& a, const box& b);
// a less b, as at most six disjoint boxes.
std::vector<box> difference(const box& a, const box& b);

// A set of disjoint boxes.
class box_set {
  public:
    box_set() = default;
    explicit box_set(const box& b) { add(b); }

    bool empty() const { return boxes_.empty(); }
    const std::vector<box>& boxes() const { return boxes_; }

    void add(const box& b);    // the set now covers b
    void remove(const box& b); // the set no longer covers any of b
    // The parts of b the set covers.
    std::vector<box> overlap(const box& b) const;
    // The parts of b the set does not cover.
    std::vector<box> outside(const box& b) const;

  private:
    std::vector<box> boxes_;
};

} // namespace tiles::engine
