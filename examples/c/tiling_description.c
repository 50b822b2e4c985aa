/* The seed's "global, tile and local indices" example in C: an 8x9 matrix in 2x3 tiles, printing
 * the value, tile, global and local index of every element. Tiles alternate between two colours
 * when stdout is a terminal, as the seed's console colours did. */
#define _POSIX_C_SOURCE 200112L /* isatty */

#include <stdio.h>
#include <unistd.h>

#include "../description.h"
#include "example_support.h"

#define ROWS 8
#define COLS 9

/* Red for even tiles, green for odd ones (the seed's console colours 4 and 2); reset after. */
static const char* tile_colour(const Description* d, int colours) {
    if (!colours) return "";
    return (d->tileRow + d->tileColumn) % 2 == 0 ? "\033[31m" : "\033[32m";
}

static const char* colour_reset(int colours) { return colours ? "\033[0m" : ""; }

/* Prints the Description structure for each element in the matrix. */
static void PrintDescriptions(const Description descs[ROWS * COLS], int colours) {
    for (int row = 0; row < ROWS; row++) {
        const Description* d = &descs[row * COLS];
        for (int column = 0; column < COLS; column++)
            printf("%sValue: %2d      ", tile_colour(&d[column], colours), d[column].value);
        printf("%s\n", colour_reset(colours));
        for (int column = 0; column < COLS; column++)
            printf("%sTile:   (%d,%d)  ", tile_colour(&d[column], colours), d[column].tileRow, d[column].tileColumn);
        printf("%s\n", colour_reset(colours));
        for (int column = 0; column < COLS; column++)
            printf("%sGlobal: (%d,%d)  ", tile_colour(&d[column], colours), d[column].globalRow,
                   d[column].globalColumn);
        printf("%s\n", colour_reset(colours));
        for (int column = 0; column < COLS; column++)
            printf("%sLocal:  (%d,%d)  ", tile_colour(&d[column], colours), d[column].localRow, d[column].localColumn);
        printf("%s\n\n", colour_reset(colours));
    }
}

static tiles_status TilingDescription(void) {
    /* Create 72 (8x9) Description structures. */
    Description descs[ROWS * COLS] = {{0, 0, 0, 0, 0, 0, 0}};
    for (int i = 0; i < ROWS * COLS; i++) descs[i].value = i;

    /* Create a view of the Description structures. */
    tiles_shape matrix = TILES_SHAPE_INIT;
    matrix.dtype = TILES_OPAQUE;
    matrix.element_size = sizeof(Description);
    matrix.rank = 2;
    matrix.extent[0] = ROWS;
    matrix.extent[1] = COLS;
    tiles_view* descriptions = NULL;
    tiles_kernel* describe = NULL;
    tiles_status status = tiles_view_create(&descriptions, &matrix, descs);

    /* Update each Description with the tile, global, and local indices. */
    if (status == TILES_SUCCESS) status = kernel_from_file(&describe, "tiling_description.cl", "describe_tiles");
    if (status == TILES_SUCCESS) {
        const tiles_domain domain = {sizeof(tiles_domain), 2, {ROWS, COLS, 0}, 2, {2, 3, 0}, NULL};
        const tiles_arg args[] = {tiles_arg_view(descriptions)};
        status = tiles_launch(NULL, &domain, describe, args, 1);
    }
    /* Bring the descriptions home into descs. */
    if (status == TILES_SUCCESS) status = tiles_view_synchronize(descriptions);
    if (status == TILES_SUCCESS) PrintDescriptions(descs, isatty(STDOUT_FILENO));
    status = first_failure(status, tiles_kernel_release(describe));
    return first_failure(status, tiles_view_release(descriptions));
}

int main(void) {
    tiles_status status = print_running_on();
    if (status == TILES_SUCCESS) status = TilingDescription();
    return status == TILES_SUCCESS ? 0 : report_failure("tiling_description_c", status);
}
