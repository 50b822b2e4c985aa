"""The seed's race conditions: totalling a tile in one tile_static variable, updated by every
thread at once (racy) or by one thread at a time (slow), beside the seed's correct tile average.
`race_condition.py --checked` runs the three on the Oclgrind simulator and prints what checked
mode finds in each."""

import logging
import sys

import numpy as np
import tiles

from sampling import kernel, print_averages, print_device, sampling_example

KERNELS = [("race_condition.cl", "racy_total"), ("race_condition.cl", "serialized_total"),
           ("tile_average.cl", "tile_average")]


def checked_run() -> None:
    """Runs the three kernels in checked mode and prints each one's diagnostics."""
    # The findings would also reach the log as warnings (on stderr): this example prints them itself.
    logger = logging.getLogger("tiles")
    if logger.getEffectiveLevel() == logging.WARNING:
        logger.setLevel(logging.ERROR)
    checked = tiles.Context.checked()
    print(f"Running on {checked.device.name} (checked mode)")
    for file, name in KERNELS:
        checked.clear_diagnostics()
        sampling_example(kernel(file, name), 2, checked)
        found = checked.diagnostics()
        print(f"\n{name}: " + (f"{len(found)} problems" if found else "clean"))
        for diagnostic in found:
            print(diagnostic)


if __name__ == "__main__":
    if sys.argv[1:] == ["--checked"]:
        checked_run()
        sys.exit(0)
    if sys.argv[1:]:
        sys.exit("usage: race_condition.py [--checked]")
    print_device()
    correct = sampling_example(kernel("tile_average.cl", "tile_average"), 2)
    racy = sampling_example(kernel("race_condition.cl", "racy_total"), 2)
    serialized = sampling_example(kernel("race_condition.cl", "serialized_total"), 2)
    print("Correct: a tile_static array, one barrier, then one thread adds the tile up:")
    print_averages(correct)
    print("\nDo not do this: every thread adds to one uninitialized tile_static total:")
    print_averages(racy)
    print("\nDo not do this either: one thread at a time adds to the total, a barrier after each:")
    print_averages(serialized)
    wrong = int(np.sum(~np.isclose(racy, correct)))
    print(f"\nThe racy kernel got {wrong} of {correct.size} averages wrong on this run.\n"
          "A tile_static variable has no initializer: `total` starts with whatever the tile's memory\n"
          "held, and the tile's threads read and write it in no particular order, so additions can be\n"
          "lost. Its results depend on the device and may change from run to run, even when they happen\n"
          "to be right. The serialized kernel is right, but a tile of n threads waits at n barriers,\n"
          "so it does not scale; the correct kernel needs one barrier whatever the tile's size.")
