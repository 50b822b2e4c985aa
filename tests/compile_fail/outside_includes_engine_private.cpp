// Outside the engine, its inside is reached by name (tiles/engine/inside/, not installed) and
// never through its own headers in engine/src: with the include path of the algorithms or of the
// typed shells' sources, including an engine-private header does not compile.
#include "context/context.hpp" // the engine's inside by name is there

#include "kernel_cache.hpp" // the engine's own headers are not
