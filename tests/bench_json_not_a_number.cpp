// tiles_bench's JSON where a figure is not a number: a run that timed nothing (a value of NaN) and
// a baseline of 0 (an infinite ratio) still make a file that JSON parsers read.
#include "../bench/report.hpp"

#include <limits>

int main(int argc, char** argv) {
    if (argc != 2) return 2;
    const double nan = std::numeric_limits<double>::quiet_NaN();
    write_json(argv[1],
               {{"gemm float", "a device \"quoted\"", "64x64", nan, "GFLOP/s", "naive kernel", 1.5},
                {"transpose float", "a device", "64x64", 2.0, "GB/s", "copy kernel", 0.0}},
               "host");
    return 0;
}
