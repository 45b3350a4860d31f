"""Launching Chromium for the browser tests: its switches, and the browser's own pages no test sees
turned off.

Headless Chromium gives every new window (so every test's context) the omnibox's popup, two WebUI
pages (chrome://omnibox-popup.top-chrome/) loaded in a renderer of their own. Nothing shows them,
yet they took half of the browser's CPU per context: turned off, the browser suite went from 7 min 20 s
to 4 min 1 s on two cores, and its flaky waits under load went with it (docs/site.md, "Browser tests").

They are turned off as features, and Chromium keeps only the last `--disable-features` it is given;
Playwright passes one of its own. So ours carries Playwright's list as well, read from the command
line of a Chromium Playwright launched (its list changes with its version).
"""

from __future__ import annotations

import functools
import os
from collections.abc import Iterable
from pathlib import Path
from typing import Any

ARGS = [
    "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run", "--disable-background-networking",
    "--disable-component-update", "--disable-sync",
]
UNSEEN_FEATURES = ("WebUIOmniboxPopup", "WebUIOmniboxAimPopup")
DISABLE = "--disable-features="


def launch(browser_type: Any, executable: str, **options: Any) -> Any:
    """`browser_type.launch` (Playwright's) of the Chromium at `executable` with ARGS, Playwright's
    disabled features and UNSEEN_FEATURES; `options` go to launch as they are."""
    theirs = playwright_disabled_features(browser_type, executable)
    ours = [] if theirs is None else [DISABLE + ",".join([*theirs, *UNSEEN_FEATURES])]
    return browser_type.launch(executable_path=executable, args=[*ARGS, *ours], **options)


@functools.cache
def playwright_disabled_features(browser_type: Any, executable: str) -> tuple[str, ...] | None:
    """The features Playwright's launch of `executable` disables, from the launched browser's command
    line; None where it can't be read (no /proc): then nothing is added, and Playwright's list stands."""
    before = set(descendants(os.getpid()))
    browser = browser_type.launch(executable_path=executable, args=ARGS)
    try:
        launched = browsers(set(descendants(os.getpid())) - before)
    finally:
        browser.close()
    return disabled_features(launched[0]) if launched else None


def browsers(pids: Iterable[int]) -> list[list[str]]:
    """The command lines of the Chromium browser processes among `pids`: the ones that talk to
    Playwright and are no renderer, zygote or helper."""
    lines = [command_line(pid) for pid in pids]
    return [
        argv for argv in lines
        if "--remote-debugging-pipe" in argv and not any(a.startswith("--type=") for a in argv)
    ]


def disabled_features(argv: list[str]) -> tuple[str, ...]:
    """The features a Chromium command line turns off: its last `--disable-features`, the one it keeps."""
    switches = [a.removeprefix(DISABLE) for a in argv if a.startswith(DISABLE)]
    return tuple(switches[-1].split(",")) if switches else ()


def command_line(pid: int) -> list[str]:
    """Process `pid`'s arguments (empty when it is gone or unreadable)."""
    try:
        raw = Path(f"/proc/{pid}/cmdline").read_bytes()
    except OSError:
        return []
    return [a.decode(errors="replace") for a in raw.split(b"\0") if a]


def descendants(pid: int) -> list[int]:
    """Every process below `pid` (Linux /proc; none elsewhere)."""
    children: dict[int, list[int]] = {}
    for stat in Path("/proc").glob("[0-9]*/stat"):
        try:
            parent = int(stat.read_text().rsplit(")", 1)[1].split()[1])
        except (OSError, IndexError, ValueError):
            continue
        children.setdefault(parent, []).append(int(stat.parent.name))
    found, todo = [], [pid]
    while todo:
        for child in children.get(todo.pop(), []):
            found.append(child)
            todo.append(child)
    return found
