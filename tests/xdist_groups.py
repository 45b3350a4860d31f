"""`--dist loadgroup` as xdist documents it, on pytest 9.

xdist groups a test by the `@group` it appends to the test's node id on the worker; pytest 9
computes node ids and ignores that, so every test was scheduled on its own and a module's
`scope="module"` fixture (a built site, a filled store) was made again on each worker. This
scheduler groups on the controller instead, from the module's source: every test of a module
that says `pytestmark = pytest.mark.xdist_group("name")` goes to one worker, with the other
modules naming that group. Marks on single tests are not read (none is used).

Loaded from pyproject.toml's addopts (`-p tests.xdist_groups`); used only under `--dist loadgroup`.
"""

from __future__ import annotations

import re
from functools import cache
from pathlib import Path
from typing import Any

import pytest

MODULE_GROUP = re.compile(r"""^pytestmark\s*=.*xdist_group\(\s*["']([^"']+)["']""", re.MULTILINE)


@cache
def module_group(root: Path, path: str) -> str | None:
    """The xdist_group a test module's pytestmark names, or None."""
    try:
        found = MODULE_GROUP.search((root / path).read_text(encoding="utf-8"))
    except OSError:
        return None
    return found.group(1) if found else None


@pytest.hookimpl(optionalhook=True)  # a hook of xdist's: unknown under -p no:xdist
def pytest_xdist_make_scheduler(config: pytest.Config, log: Any) -> Any:
    if config.getvalue("dist") != "loadgroup":
        return None
    from xdist.scheduler.loadgroup import LoadGroupScheduling

    root = config.rootpath

    class ModuleGroupScheduling(LoadGroupScheduling):
        def _split_scope(self, nodeid: str) -> str:
            group = module_group(root, nodeid.split("::", 1)[0])
            return f"group:{group}" if group else super()._split_scope(nodeid)

    return ModuleGroupScheduling(config, log)
