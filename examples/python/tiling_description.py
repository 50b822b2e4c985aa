"""The seed's "global, tile and local indices" example: an 8x9 matrix in 2x3 tiles, printing the
value, tile, global and local index of every element, tiles in alternating colours on a terminal."""

import sys

import numpy as np
import tiles

from sampling import kernel, print_device

ROWS, COLS = 8, 9
FIELDS = ["value", "tileRow", "tileColumn", "globalRow", "globalColumn", "localRow", "localColumn"]

if __name__ == "__main__":
    print_device()
    # The kernel's Description struct of seven ints, as a numpy structured dtype of its size.
    description = np.dtype([(name, np.int32) for name in FIELDS])
    descs = np.zeros((ROWS, COLS), dtype=description)
    descs["value"] = np.arange(ROWS * COLS).reshape(ROWS, COLS)
    descriptions = tiles.array_view(descs)
    tiles.parallel_for_each(tiles.extent(ROWS, COLS).tile(2, 3),
                            kernel("tiling_description.cl", "describe_tiles"), descriptions)
    descriptions.synchronize()
    d = {name: descs[name] for name in FIELDS}

    colour = sys.stdout.isatty()
    def paint(r, c):
        return ("\033[31m" if (d["tileRow"][r, c] + d["tileColumn"][r, c]) % 2 == 0 else "\033[32m") if colour else ""
    reset = "\033[0m" if colour else ""
    for r in range(ROWS):
        print("".join(f"{paint(r, c)}Value: {d['value'][r, c]:2d}      " for c in range(COLS)) + reset)
        print("".join(f"{paint(r, c)}Tile:   ({d['tileRow'][r, c]},{d['tileColumn'][r, c]})  " for c in range(COLS)) + reset)
        print("".join(f"{paint(r, c)}Global: ({d['globalRow'][r, c]},{d['globalColumn'][r, c]})  " for c in range(COLS)) + reset)
        print("".join(f"{paint(r, c)}Local:  ({d['localRow'][r, c]},{d['localColumn'][r, c]})  " for c in range(COLS)) + reset)
        print()
