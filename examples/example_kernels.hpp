// The seed examples' kernels, compiled into each example from examples/kernels/*.cl. Valid C and
// C++: the C examples and tests include it too.
#pragma once

extern const char example_kernel_tiling_description[];
extern const char example_kernel_tile_average[];
extern const char example_kernel_tile_static_average[];
extern const char example_kernel_race_condition[];
