// libtiles: C++ AMP's access_type, the host's intended access to data, as array_view's
// synchronize functions and an array's CPU access take it.
#pragma once

namespace tiles {

// Bit flags, as in C++ AMP: read_write is read | write; auto lets the accelerator choose (its
// default_cpu_access_type).
enum access_type {
    access_type_none = 0,
    access_type_read = 1,
    access_type_write = 2,
    access_type_read_write = access_type_read | access_type_write,
    access_type_auto = 4,
};

} // namespace tiles
