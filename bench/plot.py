#!/usr/bin/env python3
"""Charts of libtiles' ratios to its baselines (needs matplotlib): each case a row, labelled with
its baseline, each series (a clock, a machine) a colour in the legend; a range of runs is drawn as
a bar from its least to its greatest ratio, a single run as a dot; the line at 1x is the baseline.

    python3 bench/plot.py results.json chart.png      the JSON that `tiles_bench --json FILE` writes
    python3 bench/plot.py --summary BENCHMARKS.md bench/
        one chart per table of BENCHMARKS.md's summary, named after its heading (bench/h200.png for
        "On the NVIDIA H200", bench/cpus.png for "CPUs, ...")
"""
import json
import re
import sys

import matplotlib

matplotlib.use("Agg")
import matplotlib.pyplot as plt  # noqa: E402  (the backend is chosen first)

RATIO = re.compile(r"^(\d+(?:\.\d+)?)x(?:\s*[–-]\s*(\d+(?:\.\d+)?)x)?")


def plain(cell):
    """A Markdown cell's text: links as their text, no code marks."""
    return re.sub(r"\[([^\]]*)\]\([^)]*\)", r"\1", re.sub(r"\s*\(\[[^\]]*\]\([^)]*\)\)|`", "", cell)).strip()


def ratio_range(cell):
    """(least, greatest) of a cell such as 0.82x or 0.28x–0.69x, None for an empty one."""
    match = RATIO.match(plain(cell))
    if not match:
        return None
    low = float(match.group(1))
    return low, float(match.group(2) or low)


def summary_tables(markdown):
    """{heading: (series names, [(case, baseline, [range or None per series])])} of the tables under
    '## Summary': the columns whose every cell is a ratio are the series."""
    section = markdown.split("\n## Summary\n", 1)[1].split("\n## ", 1)[0]
    tables = {}
    for part in re.split(r"^### ", section, flags=re.M)[1:]:
        heading = part.splitlines()[0].strip()
        rows = [[cell.strip() for cell in line.strip()[1:-1].split("|")]
                for line in part.splitlines() if line.startswith("|") and not line.startswith("| ---")]
        header, body = [plain(cell) for cell in rows[0]], rows[1:]
        series = [i for i in range(len(header))
                  if all(not plain(row[i]) or ratio_range(row[i]) for row in body)]
        cases = [(f"{plain(row[0])}, {plain(row[1])}", plain(row[header.index("baseline")]),
                  [ratio_range(row[i]) for i in series]) for row in body]
        tables[heading] = ([header[i] for i in series], cases)
    return tables


def draw(title, series, cases, png_path):
    figure, axes = plt.subplots(figsize=(11, 0.42 * len(cases) * max(1, len(series) / 2) + 2))
    height = 0.8 / len(series)
    for s, name in enumerate(series):
        colour = plt.cm.tab10(s)
        for row, (_, _, ranges) in enumerate(cases):
            if ranges[s] is None:
                continue
            y = row - 0.4 + height * (s + 0.5)
            low, high = ranges[s]
            if high > low:
                axes.plot([low, high], [y, y], color=colour, linewidth=5, solid_capstyle="butt")
                axes.annotate(f"{low:.2f}x–{high:.2f}x", (high, y), xytext=(4, 0), textcoords="offset points",
                              va="center", fontsize=9)
            else:
                axes.plot([low], [y], "o", color=colour)
                axes.annotate(f"{low:.2f}x", (low, y), xytext=(6, 0), textcoords="offset points", va="center",
                              fontsize=9)
        axes.plot([], [], color=colour, linewidth=5, label=name)   # the legend's entry
    axes.set_yticks(range(len(cases)), [f"{case}\nvs {baseline}" for case, baseline, _ in cases], fontsize=9)
    axes.invert_yaxis()
    axes.set_xscale("log")  # ratios from a fraction of the baseline to many times it
    values = [value for *_, ranges in cases for r in ranges if r for value in r]
    ticks = [t for t in (0.125, 0.25, 0.5, 1, 2, 4, 8, 16, 32, 64, 128) if min(values) / 2 <= t <= max(values) * 4]
    axes.set_xticks(ticks, [f"{t:g}x" for t in ticks], fontsize=10)
    axes.set_xlim(ticks[0], ticks[-1])   # room on the right for the labels
    axes.minorticks_off()
    axes.axvline(1.0, color="black", linewidth=1, linestyle="--", label="the baseline (1x)")
    axes.grid(axis="x", alpha=0.3)
    axes.set_xlabel("libtiles' rate over the baseline's, measured in the same run (log scale; right of 1x, "
                    "libtiles is faster)", fontsize=10)
    axes.set_title(title, fontsize=12)
    axes.legend(loc="upper left", fontsize=9)
    figure.tight_layout()
    figure.savefig(png_path, dpi=90)
    plt.close(figure)


def main(arguments):
    if len(arguments) == 3 and arguments[0] == "--summary":
        with open(arguments[1], encoding="utf-8") as f:
            tables = summary_tables(f.read())
        for heading, (series, cases) in tables.items():
            name = "h200" if "H200" in heading else re.sub(r"\W.*", "", heading).lower()
            draw(f"libtiles against its baselines: {heading}", series, cases, f"{arguments[2].rstrip('/')}/{name}.png")
        return
    if len(arguments) != 2:
        sys.exit(__doc__)
    with open(arguments[0]) as f:
        records = json.load(f)
    cases = [(f"{r['name']}, {r['size']}", r["baseline"], [(r["ratio"], r["ratio"])]) for r in records]
    draw(records[0]["device"] if records else "tiles_bench", ["libtiles"], cases, arguments[1])


if __name__ == "__main__":
    main(sys.argv[1:])
