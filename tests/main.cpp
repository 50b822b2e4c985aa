// libtiles tests: Catch2's main, compiled once for every C++ test program.
#define CATCH_CONFIG_MAIN
#include <catch2/catch.hpp>
