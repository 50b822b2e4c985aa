"""The seed's worked examples through Python, against the numbers the seed prints."""

import numpy as np
import pytest
import tiles


def sampling(context, kernel, samplesize):
    matrix = tiles.array_view(np.arange(64, dtype=np.float32).reshape(8, 8))
    n = 8 // samplesize
    averages = tiles.array(np.zeros((n, n), np.float32), context=context)
    tiles.parallel_for_each(matrix.extent.tile(samplesize, samplesize), kernel, matrix, averages)
    return np.asarray(averages)


def test_tile_average_with_samplesize_2(context, seed_kernel):
    expected = [[4.5, 6.5, 8.5, 10.5], [20.5, 22.5, 24.5, 26.5], [36.5, 38.5, 40.5, 42.5], [52.5, 54.5, 56.5, 58.5]]
    np.testing.assert_array_equal(sampling(context, seed_kernel("tile_average.cl", "tile_average"), 2), expected)


def test_tile_average_with_samplesize_4(context, seed_kernel):
    np.testing.assert_array_equal(sampling(context, seed_kernel("tile_average.cl", "tile_average"), 4),
                                  [[13.5, 17.5], [45.5, 49.5]])


def test_memory_fence_variant(context, seed_kernel):
    result = sampling(context, seed_kernel("tile_average.cl", "tile_average_tile_static_fence"), 2)
    assert result[3, 3] == 58.5 and result[0, 0] == 4.5


def test_tile_static_keyword_example(context, seed_kernel):
    sample = np.array([[2, 2, 9, 7, 1, 4], [4, 4, 8, 8, 3, 4], [1, 5, 1, 2, 5, 2], [6, 8, 3, 2, 7, 2]], np.int32)
    average = np.zeros_like(sample)
    out = tiles.array_view(average)
    tiles.parallel_for_each(tiles.extent(4, 6).tile(2, 2),
                            seed_kernel("tile_static_average.cl", "tile_static_average"),
                            tiles.array_view(sample), out, context=context)
    out.synchronize()
    np.testing.assert_array_equal(average, [[3, 3, 8, 8, 3, 3], [3, 3, 8, 8, 3, 3],
                                            [5, 5, 2, 2, 4, 4], [5, 5, 2, 2, 4, 4]])


def test_tiling_description_indices(context, seed_kernel):
    # The kernel's struct of seven ints, as a structured dtype of its size.
    fields = ["value", "tileRow", "tileColumn", "globalRow", "globalColumn", "localRow", "localColumn"]
    descs = np.zeros((8, 9), np.dtype([(name, np.int32) for name in fields]))
    view = tiles.array_view(descs)
    tiles.parallel_for_each(tiles.extent(8, 9).tile(2, 3), seed_kernel("tiling_description.cl", "describe_tiles"),
                            view, context=context)
    view.synchronize()
    rows, cols = np.indices((8, 9))
    for field, expected in zip(fields[1:], [rows // 2, cols // 3, rows, cols, rows % 2, cols % 3]):
        np.testing.assert_array_equal(descs[field], expected)


def test_a_struct_parameter_refuses_elements_of_another_size(context, seed_kernel):
    # Seven ints a row are not one 28-byte struct per element: the kernel would read past them.
    with pytest.raises(tiles.InvalidArgument, match="its elements are 4 bytes, but a Description is 28 bytes"):
        tiles.parallel_for_each(tiles.extent(8, 9).tile(2, 3),
                                seed_kernel("tiling_description.cl", "describe_tiles"),
                                tiles.array_view(np.zeros((8, 9, 7), np.int32)), context=context)
