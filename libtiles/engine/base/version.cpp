// libtiles: the version the library was built as.
#include "tiles/version.hpp"

namespace tiles {
const char* version() { return header_version; }
} // namespace tiles
