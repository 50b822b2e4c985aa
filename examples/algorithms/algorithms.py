"""libtiles' tiled algorithms from Python: a reduction, a matrix product and a stencil, each on
data small enough to check by hand. algorithms.cpp and algorithms.c print the same."""

import numpy as np

import tiles


def print_matrix(name, values):
    print(f"{name}:")
    for row in values:
        print(" ", " ".join(f"{v:g}" for v in row))


# 1, 2, ..., 1000: sum 500500, least 1, greatest 1000.
numbers = np.arange(1, 1001, dtype=np.int32)
print(f"reduce: sum {tiles.reduce(numbers, 'sum')}, min {tiles.reduce(numbers, 'min')}, "
      f"max {tiles.reduce(numbers, 'max')}")
# A (2x3) times B (3x2).
a = np.arange(1, 7, dtype=np.float32).reshape(2, 3)
b = np.arange(7, 13, dtype=np.float32).reshape(3, 2)
print_matrix("matrix_multiply", tiles.matrix_multiply(a, b))
# The 3x3 box sum around each element of the 4x4 matrix 0..15, edges clamped.
matrix = np.arange(16, dtype=np.float32).reshape(4, 4)
print_matrix("stencil", tiles.stencil(matrix, np.ones((3, 3), np.float32)))
