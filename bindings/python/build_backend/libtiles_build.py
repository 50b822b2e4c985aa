"""The build backend of `pip install .` and `pip wheel .`: scikit-build-core's, with two defaults of
libtiles' own, each of which yields to the user's setting.

- The build folder is in the user's cache, $XDG_CACHE_HOME/libtiles/pip-build/NAME-HASH/WHEEL_TAG
  (~/.cache when XDG_CACHE_HOME is unset), one for each source tree: outside the tree, and kept
  from one install to the next, so that a reinstall compiles only what changed. `--config-settings
  build-dir=DIR` or SKBUILD_BUILD_DIR put it elsewhere.
- The build runs as many jobs as the process may use cores (what nproc prints), where Ninja by
  itself runs one more on two cores. CMAKE_BUILD_PARALLEL_LEVEL sets another number.
"""

from __future__ import annotations

import hashlib
import os
import pathlib
from typing import Dict, List, Optional, Union

from scikit_build_core import build as _scikit_build_core
from scikit_build_core.build import *  # noqa: F401,F403 (the hooks not wrapped below)

ConfigSettings = Optional[Dict[str, Union[str, List[str]]]]


def _cache_home() -> pathlib.Path:
    xdg = os.environ.get("XDG_CACHE_HOME", "")
    return pathlib.Path(xdg) if os.path.isabs(xdg) else pathlib.Path.home() / ".cache"


def _with_defaults(config_settings: ConfigSettings) -> Dict[str, Union[str, List[str]]]:
    settings = dict(config_settings or {})
    if not {"build-dir", "skbuild.build-dir"} & settings.keys() and "SKBUILD_BUILD_DIR" not in os.environ:
        source = pathlib.Path.cwd().resolve()  # a build backend runs in the source tree
        tree = f"{source.name}-{hashlib.sha256(str(source).encode()).hexdigest()[:12]}"
        settings["build-dir"] = str(_cache_home() / "libtiles" / "pip-build" / tree / "{wheel_tag}")
    os.environ.setdefault("CMAKE_BUILD_PARALLEL_LEVEL", str(len(os.sched_getaffinity(0))))
    return settings


def build_wheel(wheel_directory: str, config_settings: ConfigSettings = None,
                metadata_directory: Optional[str] = None) -> str:
    return _scikit_build_core.build_wheel(wheel_directory, _with_defaults(config_settings), metadata_directory)


def build_editable(wheel_directory: str, config_settings: ConfigSettings = None,
                   metadata_directory: Optional[str] = None) -> str:
    return _scikit_build_core.build_editable(wheel_directory, _with_defaults(config_settings), metadata_directory)
