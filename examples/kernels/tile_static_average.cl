// The seed's tile_static keyword example: every thread of a 2x2 tile writes the tile's integer
// average into its own element.
__kernel void tile_static_average(__global const int* sample, __global int* average) {
    tiled_index idx = get_tiled_index();

    // Create a 2 x 2 array to hold the values in this tile.
    tile_static int nums[2][2];
    // Copy the values for the tile into the 2 x 2 array.
    nums[idx.local_id[1]][idx.local_id[0]] = sample[linear_index(idx.global_id, idx.extent)];
    // When all the threads have executed and the 2 x 2 array is complete, find the average.
    tile_barrier_wait();
    int sum = nums[0][0] + nums[0][1] + nums[1][0] + nums[1][1];
    // Copy the average into the array_view.
    average[linear_index(idx.global_id, idx.extent)] = sum / 4;
}
