"""cuBLAS's FP32 matrix multiply through PyTorch (TF32 off), the baseline tiles_bench cannot run
itself: GFLOP/s for square n x n x n products, the median of timed runs after warm-up.

    python bench/cublas_sgemm.py 1024 2048 4096 8192
"""

import sys

import torch


def gflops(n, runs=9):
    torch.backends.cuda.matmul.allow_tf32 = False
    torch.backends.cudnn.allow_tf32 = False
    a, b = (torch.randn(n, n, device="cuda", dtype=torch.float32) for _ in range(2))
    for _ in range(3):
        torch.matmul(a, b)
    times = []
    for _ in range(runs):
        start, end = torch.cuda.Event(enable_timing=True), torch.cuda.Event(enable_timing=True)
        start.record()
        torch.matmul(a, b)
        end.record()
        torch.cuda.synchronize()
        times.append(start.elapsed_time(end) / 1e3)
    return 2 * n**3 / sorted(times)[runs // 2] / 1e9


if __name__ == "__main__":
    print(f"{torch.cuda.get_device_name()}, torch {torch.__version__}, TF32 off")
    for n in (int(arg) for arg in sys.argv[1:]):
        print(f"cuBLAS SGEMM {n}x{n}x{n}: {gflops(n):.0f} GFLOP/s")
