// The seed's "global, tile and local indices" example: each work-item records where its
// element of the matrix sits in the tiling.

// tileRow and tileColumn specify the tile that each thread is in.
// globalRow and globalColumn specify the location of the thread in the array_view.
// localRow and localColumn specify the location of the thread relative to the tile.
typedef struct {
    int value;
    int tileRow;
    int tileColumn;
    int globalRow;
    int globalColumn;
    int localRow;
    int localColumn;
} Description;

__kernel void describe_tiles(__global Description* descriptions) {
    tiled_index t_idx = get_tiled_index();
    __global Description* d = &descriptions[linear_index(t_idx.global_id, t_idx.extent)];
    d->globalRow = t_idx.global_id[0];
    d->globalColumn = t_idx.global_id[1];
    d->tileRow = t_idx.tile[0];
    d->tileColumn = t_idx.tile[1];
    d->localRow = t_idx.local_id[0];
    d->localColumn = t_idx.local_id[1];
}
