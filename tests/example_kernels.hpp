// The seed examples' kernels (examples/kernels/*.cl), compiled into the tests that run them.
#pragma once

extern const char example_kernel_tiling_description[];
extern const char example_kernel_tile_average[];
extern const char example_kernel_tile_static_average[];
extern const char example_kernel_race_condition[];
