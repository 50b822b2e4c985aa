// An algorithm is written on the engine's operands: the typed algorithms over arrays and views are
// not on its include path, so that an algorithm cannot call back up into them.
#include "tiles/algorithms/gemm.hpp" // the algorithms' own headers are there

#include "tiles/algorithms.hpp" // the typed API's are not
