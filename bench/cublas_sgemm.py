"""cuBLAS's matrix multiply through PyTorch, the baseline tiles_bench cannot run itself: GFLOP/s for
square n x n x n products, the median of timed runs after warm-up, timed by CUDA events and, printed
beside it, by the host's clock (tiles_bench's --clock device and --clock host). FP32 with TF32 off (SGEMM) by
default; --precision also times TF32 (float inputs, TF32 allowed), FP16 and BF16 (inputs of that
type, float accumulation), and --json writes the figures for bench/gpu_table.py.

    python bench/cublas_sgemm.py 1024 2048 4096 8192
    python bench/cublas_sgemm.py --precision fp32,tf32,fp16,bf16 --json cublas.json 1024 4096 8192
"""

import argparse
import json
import time

import torch

# What each precision multiplies, and the name of libtiles' gemm it is the baseline of.
PRECISIONS = {
    "fp32": (torch.float32, False, "gemm float"),
    "tf32": (torch.float32, True, "gemm tf32"),
    "fp16": (torch.float16, False, "gemm float16"),
    "bf16": (torch.bfloat16, False, "gemm bfloat16"),
}


def gflops(n, precision, runs=9):
    """The median GFLOP/s by CUDA events around the product (the device's time, as tiles_bench
    --clock device times libtiles between profiling markers), and by the host's clock from the call
    to the end of the work, as tiles_bench --clock host does (PyTorch's dispatch and the wait
    included)."""
    dtype, tf32, _ = PRECISIONS[precision]
    torch.backends.cuda.matmul.allow_tf32 = tf32
    torch.backends.cudnn.allow_tf32 = tf32
    a, b = (torch.randn(n, n, device="cuda", dtype=dtype) for _ in range(2))
    for _ in range(3):
        torch.matmul(a, b)
    torch.cuda.synchronize()
    device_times, host_times = [], []
    for _ in range(runs):
        start, end = torch.cuda.Event(enable_timing=True), torch.cuda.Event(enable_timing=True)
        began = time.perf_counter()
        start.record()
        torch.matmul(a, b)
        end.record()
        torch.cuda.synchronize()
        host_times.append(time.perf_counter() - began)
        device_times.append(start.elapsed_time(end) / 1e3)
    return tuple(2 * n**3 / sorted(times)[runs // 2] / 1e9 for times in (device_times, host_times))


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("sizes", type=int, nargs="+")
    parser.add_argument("--precision", default="fp32", help="comma-separated: fp32, tf32, fp16, bf16")
    parser.add_argument("--json", help="also write the figures to this file")
    options = parser.parse_args()
    precisions = options.precision.split(",")
    unknown = [p for p in precisions if p not in PRECISIONS]
    if unknown:
        parser.error(f"unknown precision {', '.join(unknown)}: the precisions are {', '.join(PRECISIONS)}")
    print(f"{torch.cuda.get_device_name()}, torch {torch.__version__}")
    records = []
    for n in options.sizes:
        for precision in precisions:
            value, host_clock = gflops(n, precision)
            print(f"cuBLAS {precision} {n}x{n}x{n}: {value:.0f} GFLOP/s ({host_clock:.0f} by the host's clock)")
            records.append({"name": PRECISIONS[precision][2], "precision": precision, "size": f"{n}x{n}x{n}",
                            "value": value, "host_clock_value": host_clock, "unit": "GFLOP/s"})
    if options.json:
        with open(options.json, "w") as out:
            json.dump(records, out, indent=1)


if __name__ == "__main__":
    main()
