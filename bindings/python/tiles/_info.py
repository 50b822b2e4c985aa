"""tiles-info for Python (`python -m tiles`, and the `tiles-info` command a wheel installs): the
OpenCL devices libtiles can use, their limits, each backend's verdict on them, and which one is the
default and why, as text or, with --json, as the same JSON object the C++ tiles-info prints."""

from __future__ import annotations

import argparse
import json
import sys
from typing import Any, Dict, List, Optional

from . import _tiles
from ._devices import Device, default_device, devices


def human_size(n: float) -> str:
    """65536 -> '64 KiB', 1610612736 -> '1.5 GiB'."""
    for unit in ("bytes", "KiB", "MiB", "GiB", "TiB"):
        if n < 1024 or unit == "TiB":
            return f"{n:.0f} {unit}" if n == int(n) else f"{n:.1f} {unit}"
        n /= 1024
    raise AssertionError("unreachable")


def _kind(d: Device) -> str:
    return "gpu" if d.is_gpu else "cpu" if d.is_cpu else "other"


def info() -> Dict[str, Any]:
    """What tiles-info --json prints, as a dict."""
    chosen = default_device()
    return {
        "version": _tiles.version(),
        "devices": [{
            "platform_index": d.platform_index, "device_index": d.device_index, "name": d.name,
            "platform": d.platform_name, "type": _kind(d), "version": d.device_version, "driver": d.driver_version,
            "max_tile_size": d.max_tile_size, "max_tile_extent": list(d.max_tile_extent),
            "tile_static_memory": d.tile_static_memory, "global_memory": d.global_memory,
            "max_allocation": d.max_allocation, "double_precision": bool(d.supports_fp64),
            "backends": d.backends(), "default": d == chosen,
        } for d in devices()],
        "default_reason": default_device.reason(),  # type: ignore[attr-defined]
    }


def backend_lines(verdicts: List[Dict[str, Any]]) -> List[str]:
    """Each backend's verdict as tiles-info prints it: whether it serves the device, then what it
    probed and each thing it refuses, a line each."""
    lines: List[str] = []
    for v in verdicts:
        label = f"backend {v['name']}"
        lines.append(f"      {label.ljust(20) if len(label) < 20 else label + ' '}"
                     f"{'serves this device' if v['serves'] else 'not used here'}")
        lines += [f"        probed            {fact}" for fact in v["probed"]]
        lines += [f"        refused           {refusal}" for refusal in v["refused"]]
    return lines


def text(report: Dict[str, Any], default_name: str) -> str:
    """tiles-info's text of `report` (info()), with `default_name` the default device's, which
    under TILES_CHECKED=1 is the simulator's, none of the devices listed."""
    lines: List[str] = [f"libtiles {report['version']}"]
    for d in report["devices"]:
        extent = "x".join(str(e) for e in d["max_tile_extent"])
        lines += ["", f"{'* ' if d['default'] else '  '}{d['platform_index']}:{d['device_index']}  {d['name']}",
                  f"      platform            {d['platform']}",
                  f"      type                {d['type'].upper() if d['type'] != 'other' else 'other'}",
                  f"      version             {d['version']}, driver {d['driver']}",
                  f"      threads per tile    {d['max_tile_size']} (at most {extent})",
                  f"      tile_static memory  {human_size(d['tile_static_memory'])}",
                  f"      global memory       {human_size(d['global_memory'])} (largest allocation "
                  f"{human_size(d['max_allocation'])})",
                  f"      double precision    {'yes' if d['double_precision'] else 'no'}"]
        lines += backend_lines(d["backends"])
    lines += ["", f"Default (*): {default_name}, because {report['default_reason']}.",
              "Set TILES_DEVICE to gpu, cpu, platform:device indices or part of a device name to choose another."]
    return "\n".join(lines) + "\n"


def main(argv: Optional[List[str]] = None) -> int:
    parser = argparse.ArgumentParser(prog="tiles-info", description="The OpenCL devices libtiles can use.")
    parser.add_argument("--json", action="store_true", help="print one JSON object, for scripts")
    parser.add_argument("--version", action="version", version=f"tiles-info (libtiles) {_tiles.version()}",
                        help="print libtiles' version and exit")
    args = parser.parse_args(argv)
    from .errors import Error
    try:
        report = info()
        default_name = default_device().name
    except Error as e:
        print(f"tiles-info: {e}", file=sys.stderr)
        return 1
    sys.stdout.write(json.dumps(report) + "\n" if args.json else text(report, default_name))
    return 0
