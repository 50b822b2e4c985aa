// Outside the engine, a header of its rooms is named with its room (context/context.hpp), so a
// reader sees which room a layer leans on: with the include path of the algorithms or of the
// typed shells' sources, a bare name of the engine's does not compile.
#include "context/context.hpp" // a room's header by its room is there

#include "kernel_cache.hpp" // a bare name is not
