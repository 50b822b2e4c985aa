#!/usr/bin/env python3
"""tiles_bench: draws the JSON that `tiles_bench --json FILE` writes as a PNG bar chart of each
algorithm's ratio to its baseline (1.0 is the baseline's speed).

    python3 bench/plot.py results.json chart.png      (needs matplotlib)
"""
import json
import sys

import matplotlib

matplotlib.use("Agg")
import matplotlib.pyplot as plt  # noqa: E402  (the backend is chosen first)


def main(json_path, png_path):
    with open(json_path) as f:
        records = json.load(f)
    labels = [f"{r['name']} {r['size']}\nvs {r['baseline']}" for r in records]
    ratios = [r["ratio"] for r in records]
    colours = ["tab:green" if ratio >= 1 else "tab:blue" for ratio in ratios]

    figure, axes = plt.subplots(figsize=(9, 0.45 * len(records) + 1.5))
    bars = axes.barh(range(len(records)), ratios, color=colours)
    axes.set_yticks(range(len(records)), labels, fontsize=7)
    axes.invert_yaxis()
    axes.set_xscale("log")  # ratios from a fraction of the baseline to many times it
    axes.axvline(1.0, color="black", linewidth=0.8)
    axes.bar_label(bars, [f"{r:.2f}x" for r in ratios], fontsize=7, padding=2)
    axes.set_xlabel("ratio to the baseline measured in the same run (higher is faster)")
    axes.set_title(records[0]["device"] if records else "tiles_bench", fontsize=9)
    figure.tight_layout()
    figure.savefig(png_path, dpi=90)


if __name__ == "__main__":
    if len(sys.argv) != 3:
        sys.exit("usage: plot.py RESULTS.json CHART.png")
    main(sys.argv[1], sys.argv[2])
