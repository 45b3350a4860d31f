"""A progress bar on stderr, quiet when stderr is not a terminal."""

from __future__ import annotations

import sys
import time
from typing import TextIO


class Progress:
    """Call `update(done)` as work goes on and `close()` at the end.

    Draws at most ten times a second, and only on a terminal, so logs and
    pipes stay clean.
    """

    def __init__(self, label: str, total: int | None = None, stream: TextIO | None = None) -> None:
        self.label = label
        self.total = total
        self.stream = stream or sys.stderr
        self.enabled = self.stream.isatty()
        self._last = 0.0
        self._start = time.monotonic()

    def update(self, done: int) -> None:
        if not self.enabled:
            return
        now = time.monotonic()
        if now - self._last < 0.1:
            return
        self._last = now
        rate = done / max(now - self._start, 1e-9)
        if self.total:
            share = min(done / self.total, 1.0)
            bar = "#" * int(share * 30)
            text = f"\r{self.label} [{bar:<30}] {share:6.1%} {done:,}/{self.total:,} ({rate:,.0f}/s)"
        else:
            text = f"\r{self.label} {done:,} ({rate:,.0f}/s)"
        self.stream.write(text)
        self.stream.flush()

    def close(self) -> None:
        if self.enabled:
            self.stream.write("\n")
            self.stream.flush()
