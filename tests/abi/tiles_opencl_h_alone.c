#include "tiles_opencl.h" /* needs nothing but OpenCL's headers: compiled alone as C99 and as C++17 */
