#include "tiles.h" /* tiles.h needs nothing else: compiled alone as C99 and as C++17 (see CMakeLists.txt) */
