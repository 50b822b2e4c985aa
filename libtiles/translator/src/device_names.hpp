// tiles-amp: the names a kernel's program declares before the user's device code, which the
// translator's parse (the host's view of the source) may lack: libtiles' C++ prelude, C++ AMP's
// device library, and OpenCL's built-ins as clang declares them. A name the parse finds undeclared
// in device code is a build error only where none of these declares it either.
#pragma once

#include <string>

namespace tiles_amp {

// Whether `name` is a word of the device's own headers (a superset of what they declare).
bool declared_on_device(const std::string& name);

} // namespace tiles_amp
