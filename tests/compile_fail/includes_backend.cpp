// Neither the engine nor the algorithms include a backend: the engine declares the seam
// (seam/backend.hpp), the backends register with it, and the algorithms ask it. With
// the engine's or the algorithms' include path, a backend's header does not compile.
#include "seam/backend.hpp" // the seam is the engine's

#include "cuda/cuda_backend.hpp" // the CUDA backend's headers are not
