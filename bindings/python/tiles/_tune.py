"""tiles-tune for Python (the `tiles-tune` command a wheel installs): runs the tiles-tune program
the wheel carries in the package, which tunes the tiled algorithms' parameters for a device ahead
of use, with the same options (`tiles-tune --help`)."""

from __future__ import annotations

import os
import pathlib
import sys
from typing import List, Optional


def main(argv: Optional[List[str]] = None) -> int:
    program = pathlib.Path(__file__).with_name("tiles-tune")
    if not os.access(program, os.X_OK):
        print(f"tiles-tune: {program} is missing: this copy of the package was not installed from a wheel "
              "(in a build tree, run bin/tiles-tune)", file=sys.stderr)
        return 1
    os.execv(program, [str(program), *(sys.argv[1:] if argv is None else argv)])
