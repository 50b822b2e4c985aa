// An algorithm is written on the engine's operands: the typed API is not on its include path, so
// that including one of its headers from an algorithm does not compile.
#include "tiles/engine/storage.hpp" // the engine's headers are there

#include "tiles/array.hpp" // the typed API's are not
