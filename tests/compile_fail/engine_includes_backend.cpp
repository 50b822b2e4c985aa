// The engine never includes a backend: it declares the seam (seam/backend.hpp) and
// the backends register with it. With the engine's include path, a backend's header does not
// compile.
#include "seam/backend.hpp" // the seam is the engine's

#include "cuda/cuda_backend.hpp" // the CUDA backend's headers are not
