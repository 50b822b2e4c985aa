"""A program that exits with work pending: a kernel and a synchronize_async on the default context,
a kernel on a context of its own, nothing waited for (issue 43, item 6). With a FILE argument the
view's memory is FILE, mapped, which then holds the kernel's ones (exit_stress.py checks it).
    python exit_with_pending_work.py [FILE]
"""
import sys

import numpy as np

import tiles

k = tiles.Kernel("__kernel void one(__global float* v){v[get_global_id(0)]=1;}", "one")
if len(sys.argv) > 1:
    a = np.memmap(sys.argv[1], np.float32, "w+", shape=1000)
else:
    a = np.zeros(1000, np.float32)
v = tiles.array_view(a)
tiles.parallel_for_each(v.extent, k, v)
s = v[10:20]
arr = tiles.array(np.ones(10, np.float32))
ctx = tiles.Context()
x = tiles.array(np.ones(10, np.float32), context=ctx)
tiles.parallel_for_each(x.extent, k, x, context=ctx)
ev = v.synchronize_async()
keep = [a, v, s, arr, ctx, x, ev, k]
