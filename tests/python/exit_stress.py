"""Runs exit_with_pending_work.py RUNS times, two at a time, each with an empty PoCL cache of its
own (libtiles' program cache is the runs' own, shared), so that the driver compiles the kernels
for their work-group sizes as they are about to run, while the process exits: every run must exit
with 0 and leave the kernel's ones in its file.
Prints how many runs ended how.
    python exit_stress.py RUNS
"""
import collections
import os
import subprocess
import sys
import tempfile

import numpy as np

program = os.path.join(os.path.dirname(os.path.abspath(__file__)), "exit_with_pending_work.py")
runs = int(sys.argv[1])
endings = collections.Counter()
failures = []
with tempfile.TemporaryDirectory(prefix="libtiles-exit-stress-") as folder:

    def start(run):
        environment = dict(os.environ, TILES_PROGRAM_CACHE=os.path.join(folder, "libtiles"),
                           POCL_CACHE_DIR=os.path.join(folder, f"pocl-{run}"))
        file = os.path.join(folder, f"{run}.bin")
        process = subprocess.Popen([sys.executable, program, file], env=environment, stdout=subprocess.PIPE,
                                   stderr=subprocess.STDOUT)
        return run, file, process

    for first in range(0, runs, 2):
        for run, file, process in [start(run) for run in range(first, min(first + 2, runs))]:
            output = process.communicate()[0].decode(errors="replace")
            ending = f"exit status {process.returncode}"
            if process.returncode == 0:
                written = np.fromfile(file, np.float32)
                if written.shape != (1000,) or not np.array_equal(written, np.ones(1000, np.float32)):
                    ending = "exit status 0, data lost"
            endings[ending] += 1
            if ending != "exit status 0":
                failures.append(f"run {run}: {ending}\n{output[-2000:]}")
print(", ".join(f"{count} runs: {ending}" for ending, count in sorted(endings.items())))
for failure in failures:
    print(failure)
sys.exit(1 if failures else 0)
