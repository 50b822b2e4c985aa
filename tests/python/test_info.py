"""tiles-info from Python: `python -m tiles` prints the devices, `--json` the same as data."""

import json
import os
import subprocess
import sys

import pytest
import tiles
from tiles._info import human_size


def run(*args, **environment):
    return subprocess.run([sys.executable, "-m", "tiles", *args], capture_output=True, text=True, check=True,
                          env=dict(os.environ, **environment)).stdout


def test_human_sizes_are_binary_units():
    assert [human_size(n) for n in (0, 1023, 1024, 65536, 1610612736, 24 << 30)] == [
        "0 bytes", "1023 bytes", "1 KiB", "64 KiB", "1.5 GiB", "24 GiB"]


def test_python_m_tiles_lists_every_device_and_the_default():
    text = run()
    assert text.startswith(f"libtiles {tiles.__version__}\n")
    for d in tiles.devices():
        assert f"{d.platform_index}:{d.device_index}  {d.name}\n" in text
    assert f"Default (*): {tiles.default_device().name}, because " in text


@pytest.mark.oclgrind
def test_under_tiles_checked_the_default_named_is_the_simulator_as_tiles_info_says():
    assert "\nDefault (*): Oclgrind Simulator, because " in run(TILES_CHECKED="1")


def test_json_matches_the_device_queries():
    report = json.loads(run("--json"))
    assert [(d["name"], d["tile_static_memory"], d["global_memory"]) for d in report["devices"]] == [
        (d.name, d.tile_static_memory, d.global_memory) for d in tiles.devices()]
    assert [d["default"] for d in report["devices"]].count(True) == 1


def test_an_unknown_option_is_refused():
    result = subprocess.run([sys.executable, "-m", "tiles", "--jsn"], capture_output=True, text=True)
    assert result.returncode == 2 and "unrecognized arguments: --jsn" in result.stderr


def test_help_prints_the_usage_and_exits_0():
    assert run("--help").startswith("usage: tiles-info [-h] [--json] [--version]\n")


def test_version_is_libtiles_version():
    assert run("--version") == f"tiles-info (libtiles) {tiles.__version__}\n"


def test_each_backends_verdict_is_in_the_json_and_the_text():
    report, printed = json.loads(run("--json")), run()
    for d, device in zip(report["devices"], tiles.devices()):
        assert d["backends"] == device.backends()
        for verdict in d["backends"]:
            assert verdict["name"] and verdict["probed"] and isinstance(verdict["serves"], bool)
            for line in [f"backend {verdict['name']}", *verdict["probed"], *verdict["refused"]]:
                assert f"  {line}" in printed
            if verdict["name"] == "cuda" and "NVIDIA" not in device.vendor:
                assert not verdict["serves"] and verdict["refused"] == [
                    f"everything: '{device.name}' is not an NVIDIA GPU"]
