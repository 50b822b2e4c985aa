// libtiles engine: the argument checks the typed shells and the C API share
// (tiles/engine/checks.hpp).
#include "tiles/engine/checks.hpp"

#include <limits>
#include <sstream>

#include "tiles/exceptions.hpp"

namespace tiles::engine {

void check_tile_shape(int rank, const int* tile_dims) {
    for (int d = 0; d < rank; ++d)
        if (tile_dims[d] <= 0) {
            std::ostringstream os;
            os << "the extent of dimension " << d << " of the tile (" << tile_dims[d]
               << ") is not positive; tile dimensions must be at least 1";
            throw invalid_compute_domain(os.str());
        }
}

void check_divisor(int dividend, int divisor, const char* operation) {
    if (divisor == 0 || (divisor == -1 && dividend == std::numeric_limits<int>::min())) {
        std::ostringstream os;
        os << "index or extent arithmetic: " << dividend << ' ' << operation << ' ' << divisor << " in a component "
           << (divisor == 0 ? "divides by zero" : "is beyond an int");
        throw invalid_argument(os.str());
    }
}

int padded_extent(int d, int extent, int tile) {
    const long long padded = (static_cast<long long>(extent) + tile - 1) / tile * tile;
    if (padded > std::numeric_limits<int>::max()) {
        std::ostringstream os;
        os << "pad(): the extent of dimension " << d << " (" << extent << ") rounded up to whole tiles of " << tile
           << " is " << padded << ", beyond the largest extent, " << std::numeric_limits<int>::max();
        throw invalid_compute_domain(os.str());
    }
    return int(padded);
}

std::string extent_problem(int rank, const int* components, const char* what) {
    for (int d = 0; d < rank; ++d)
        if (components[d] <= 0) {
            std::ostringstream os;
            os << "the extent of dimension " << d << " of " << what << " (" << components[d]
               << ") is not positive; every dimension must be at least 1";
            return os.str();
        }
    return {};
}

void check_extent(int rank, const int* components, const char* what) {
    const std::string problem = extent_problem(rank, components, what);
    if (!problem.empty()) throw invalid_argument(problem);
}

void check_host_range(std::size_t available, std::size_t needed, const char* what) {
    if (available < needed) {
        std::ostringstream os;
        os << what << " holds " << available << " elements, but its extent needs " << needed;
        throw invalid_argument(os.str());
    }
}

void check_section(int rank, const int* origin, const int* e, const int* whole) {
    const std::string problem = extent_problem(rank, e, "a section");
    if (!problem.empty()) throw invalid_argument(problem);
    for (int d = 0; d < rank; ++d)
        // Compared as whole - origin, which cannot overflow an int where origin + e can.
        if (origin[d] < 0 || e[d] > whole[d] - origin[d]) {
            std::ostringstream os;
            os << "a section of dimension " << d << " from " << origin[d] << " to "
               << static_cast<long long>(origin[d]) + e[d] << " does not lie within the view's extent (" << whole[d]
               << ") there";
            throw invalid_argument(os.str());
        }
}

void throw_extents_differ(const char* what) {
    throw invalid_argument(std::string(what) + ": the source and destination have the same number of elements "
                                               "but different extents");
}

void check_same_size(std::size_t source, std::size_t destination, const char* what) {
    if (source != destination) {
        std::ostringstream os;
        os << what << ": the source has " << source << " elements, the destination " << destination;
        throw invalid_argument(os.str());
    }
}

} // namespace tiles::engine
