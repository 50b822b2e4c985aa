"""C++ kernels from Python (language="c++"): the seed's tile average with the seed's lambda body as a
kernel function, a C++ program of several kernels, and what is refused, checked against numpy."""

import numpy as np
import pytest

import tiles

# The seed's lambda body, as the kernel function that takes what the lambda captures.
TILE_AVERAGE = """
void tile_average(array_view<const float, 2> matrix, array<float, 2>& averages,
                  tiled_index<SAMPLESIZE, SAMPLESIZE> t_idx) restrict(amp)
    {
        // Copy the values of the tile into a tile-sized array.
        tile_static float tileValues[SAMPLESIZE][SAMPLESIZE];
        tileValues[t_idx.local[0]][t_idx.local[1]] = matrix[t_idx];

        // Wait for the tile-sized array to load before you calculate the average.
        t_idx.barrier.wait();

        // If you remove the if statement, then the calculation executes for every
        // thread in the tile, and makes the same assignment to averages each time.
        if (t_idx.local[0] == 0 && t_idx.local[1] == 0) {
            for (int trow = 0; trow < SAMPLESIZE; trow++) {
                for (int tcol = 0; tcol < SAMPLESIZE; tcol++) {
                    averages(t_idx.tile[0],t_idx.tile[1]) += tileValues[trow][tcol];
                }
            }
            averages(t_idx.tile[0],t_idx.tile[1]) /= (float) (SAMPLESIZE * SAMPLESIZE);
        }
    }
"""


@pytest.mark.parametrize("samplesize", [2, 4])
def test_the_seed_tile_average_as_a_cpp_kernel(samplesize):
    matrix = np.arange(64, dtype=np.float32).reshape(8, 8)
    averages = tiles.array(np.zeros((8 // samplesize, 8 // samplesize), np.float32))
    kernel = tiles.Kernel(TILE_AVERAGE, "tile_average", f"-DSAMPLESIZE={samplesize}", language="c++")
    tiles.parallel_for_each(tiles.extent(8, 8).tile(samplesize, samplesize), kernel, tiles.array_view(matrix), averages)
    expected = matrix.reshape(8 // samplesize, samplesize, 8 // samplesize, samplesize).mean(axis=(1, 3))
    np.testing.assert_array_equal(np.asarray(averages), expected)
    assert kernel.language == "c++"


PROGRAM = """
float scaled(float x, float by) restrict(amp) { return x * by; }

void scale(array_view<float, 1> data, float factor, index<1> i) restrict(amp) {
    data[i] = scaled(data[i], factor);
}

void row_sums(array_view<const int, 2> grid, array_view<int, 1> sums, index<1> row) restrict(amp) {
    int sum = 0;
    for (int c = 0; c < grid.extent[1]; ++c) sum += grid(row[0], c);
    sums[row] = sum;
}
"""


def test_a_cpp_program_names_its_kernels_and_launches_each():
    program = tiles.Program(PROGRAM, language="c++").build()
    assert program.kernel_names == ("scale", "row_sums")
    data = np.arange(5, dtype=np.float32)
    tiles.parallel_for_each(tiles.extent(5), program.scale, tiles.array_view(data), 2.5)
    grid = np.arange(12, dtype=np.int32).reshape(3, 4)
    sums = np.zeros(3, np.int32)
    view = tiles.array_view(sums)
    tiles.parallel_for_each(tiles.extent(3), program.row_sums, tiles.array_view(grid), view)
    view.synchronize()
    np.testing.assert_array_equal(sums, grid.sum(axis=1))


def test_cpp_kernels_refuse_what_they_cannot_take():
    with pytest.raises(tiles.InvalidArgument, match="a kernel's language is 'opencl' .OpenCL C. or 'c..', not 'fortran'"):
        tiles.Kernel(PROGRAM, "scale", language="fortran")
    with pytest.raises(tiles.BuildError, match="kernel:1:8: error: a kernel takes an array by reference"):
        tiles.Kernel("void k(array<int, 1> a, index<1> i) restrict(amp) {}", "k", language="c++")
    kernel = tiles.Kernel(PROGRAM + "void broken(index<1> i) restrict(amp) { undeclared = 1; }", "broken", language="c++")
    with pytest.raises(tiles.BuildError, match="kernel:13:41: error: use of undeclared identifier 'undeclared'"):
        kernel.build(tiles.extent(4))
    data = np.zeros(4, np.int32)  # ints for a kernel of floats
    with pytest.raises(tiles.InvalidArgument, match="the element types differ"):
        tiles.parallel_for_each(tiles.extent(4), tiles.Kernel(PROGRAM, "scale", language="c++"), tiles.array_view(data), 1.0)
