"""Reads `tiles-info --json` (or `python -m tiles --json`) from standard input and checks it as a
script would use it: one JSON object, every device with its limits, exactly one default. The sizes
must agree with what the text form prints in human units (given as the first argument, a file).
With --backends after it, every device must list its backends' verdicts (an empty list in a
build without backends); with --backends-as FILE too, the same verdicts as the report in FILE (the
C++ tool's, for Python's report)."""

import json
import sys

info = json.load(sys.stdin)
assert isinstance(info["version"], str) and info["version"], info
devices = info["devices"]
assert devices, "no device listed"
assert sum(d["default"] for d in devices) == 1, [d["name"] for d in devices if d["default"]]
for d in devices:
    assert d["type"] in ("gpu", "cpu", "other"), d
    assert d["max_tile_size"] > 0 and len(d["max_tile_extent"]) == 3, d
    assert 0 < d["tile_static_memory"] and 0 < d["max_allocation"] <= d["global_memory"], d
    # Each backend's verdict (the C++ tool's): what it probed and what it refuses, as lines.
    for b in d.get("backends", []):
        assert b["name"] and isinstance(b["serves"], bool), b
        assert b["probed"] and all(isinstance(line, str) and line for line in b["probed"] + b["refused"]), b
assert info["default_reason"], info

if "--backends" in sys.argv[2:]:
    assert all("backends" in d for d in devices), devices
if "--backends-as" in sys.argv[2:]:
    other = json.load(open(sys.argv[sys.argv.index("--backends-as") + 1]))["devices"]
    assert [d["backends"] for d in devices] == [d["backends"] for d in other], (devices, other)
if len(sys.argv) > 1:
    text = open(sys.argv[1]).read()
    def human(n):
        for unit in ("bytes", "KiB", "MiB", "GiB", "TiB"):
            if n < 1024 or unit == "TiB":
                return f"{n:.0f} {unit}" if n == int(n) else f"{n:.1f} {unit}"
            n /= 1024
    for d in devices:
        expected = f"tile_static memory  {human(d['tile_static_memory'])}\n"
        assert expected in text, (expected, text)
        for b in d.get("backends", []):
            for line in [f"backend {b['name']}"] + b["probed"] + b["refused"]:
                assert line in text, (line, text)
print("tiles-info --json:", len(devices), "devices")
