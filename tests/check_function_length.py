"""Lists every function of more than 80 lines in libtiles/, capi/ and bindings/ (C++ and Python), as
lizard measures them (from the line of its name to its closing brace or last line), and fails if
there is any: a function that long does more than one thing.

    python tests/check_function_length.py libtiles capi bindings

lizard is a package of bindings/python/requirements.txt. Where it is missing the check is skipped
(exit status 77), saying so, unless TILES_REQUIRE_ALL_TOOLS is set (./setup.sh test sets it), under
which it fails instead.
"""

import argparse
import os
import sys

LONGEST = 80
LANGUAGES = ["cpp", "python"]
SKIPPED = 77


def import_lizard():
    """The lizard module; where it is missing, exits skipped or, under TILES_REQUIRE_ALL_TOOLS,
    failed."""
    try:
        import lizard
    except ImportError:
        print(f"skipped: lizard is missing from {sys.executable} (pip install lizard, as "
              "bindings/python/requirements.txt lists it)")
        if os.environ.get("TILES_REQUIRE_ALL_TOOLS"):
            print("failed: TILES_REQUIRE_ALL_TOOLS is set, and every tool must be there")
            sys.exit(1)
        sys.exit(SKIPPED)
    return lizard


def long_functions(lizard, folders):
    """(file, line, name, length) of each function over LONGEST lines in `folders`, in file order."""
    found = []
    for analysed in lizard.analyze(folders, lans=LANGUAGES):
        for function in analysed.function_list:
            if function.length > LONGEST:
                found.append((analysed.filename, function.start_line, function.name, function.length))
    return sorted(found)


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("folders", nargs="+", help="the folders whose sources are measured")
    folders = parser.parse_args().folders
    found = long_functions(import_lizard(), folders)
    for file, line, name, length in found:
        print(f"{file}:{line}: {name} is {length} lines long, over {LONGEST}")
    if found:
        print(f"{len(found)} function(s) over {LONGEST} lines: split each into functions of one purpose")
        return 1
    print(f"no function in {', '.join(folders)} is over {LONGEST} lines")
    return 0


if __name__ == "__main__":
    sys.exit(main())
