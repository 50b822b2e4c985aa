"""The host's cost of one launch of a tiny tiled kernel from Python: libtiles against PyOpenCL on
the same context, queue and buffer, in the same run (PyOpenCL's usual call, which sets the
arguments each time, and its fastest: arguments set once, then enqueue_nd_range_kernel).

    python bench/launch_overhead.py [LAUNCHES]
"""

import sys
import time

import numpy as np
import pyopencl as cl
import tiles

RAW = "__kernel void tiny(__global float* d) { d[get_global_id(0)] += 1.0f; }"
TILED = "__kernel void tiny(__global float* d) { tiled_index t = get_tiled_index(); d[t.global_id[0]] += 1.0f; }"
ELEMENTS, TILE = 256, 64


def microseconds_per_launch(queue, launch, launches, rounds=5):
    """Median over `rounds` of the mean time of `launches` calls, in microseconds."""
    means = []
    for _ in range(rounds):
        queue.finish()
        start = time.perf_counter()
        for _ in range(launches):
            launch()
        queue.finish()
        means.append((time.perf_counter() - start) / launches * 1e6)
    return sorted(means)[rounds // 2]


def main():
    launches = int(sys.argv[1]) if len(sys.argv) > 1 else 20000
    device = tiles.default_device()
    cl_device = next(d for p in cl.get_platforms() for d in p.get_devices() if d.name == device.name)
    context = cl.Context([cl_device])
    queue = cl.CommandQueue(context)
    buffer = cl.Buffer(context, cl.mem_flags.READ_WRITE, ELEMENTS * 4)
    cl.enqueue_copy(queue, buffer, np.zeros(ELEMENTS, np.float32))

    kernel = cl.Program(context, RAW).build().tiny
    usual = lambda: kernel(queue, (ELEMENTS,), (TILE,), buffer)
    fastest_kernel = cl.Program(context, RAW).build().tiny
    fastest_kernel.set_args(buffer)
    fastest = lambda: cl.enqueue_nd_range_kernel(queue, fastest_kernel, (ELEMENTS,), (TILE,))

    ours = tiles.Context.from_opencl(context, queue)
    data = tiles.array.from_opencl(buffer, (ELEMENTS,), np.float32, ours)
    tiled = tiles.Kernel(TILED, "tiny")
    domain = tiles.extent(ELEMENTS).tile(TILE)
    libtiles = lambda: tiles.parallel_for_each(domain, tiled, data, context=ours)

    for warm in (usual, fastest, libtiles):
        microseconds_per_launch(queue, warm, 200, 1)
    print(f"{device.name} ({device.driver_version}), PyOpenCL {cl.VERSION_TEXT}, {launches} launches per round, "
          f"median of 5 rounds")
    times = {"PyOpenCL kernel(queue, ...)": microseconds_per_launch(queue, usual, launches),
             "PyOpenCL set_args + enqueue": microseconds_per_launch(queue, fastest, launches),
             "libtiles parallel_for_each": microseconds_per_launch(queue, libtiles, launches)}
    usual_us = times["PyOpenCL kernel(queue, ...)"]
    for name, us in times.items():
        print(f"{name:30} {us:8.2f} us per launch   {us / usual_us:5.2f}x PyOpenCL's usual call")


if __name__ == "__main__":
    main()
