"""Writing the built site: a file is rewritten only when its bytes change.

A second build with nothing changed touches nothing, so mtimes stay put, a
deploy sees no difference and the local server's caches stay warm.
"""

from __future__ import annotations

import os
from pathlib import Path


class Output:
    """The build's output directory; counts what it wrote and remembers what it produced."""

    def __init__(self, root: Path) -> None:
        self.root = Path(root)
        self.written = 0
        self.unchanged = 0
        self.produced: set[str] = set()

    def write(self, rel: str, data: bytes | str) -> bool:
        """Put `data` at `rel` (a slash-separated path under the root).

        Returns True when the file was (re)written, False when it already held
        exactly these bytes. Writes through a temporary file, so a reader never
        sees half a file.
        """
        if isinstance(data, str):
            data = data.encode("utf-8")
        rel = rel.lstrip("/")
        if ".." in Path(rel).parts:
            raise ValueError(f"refusing to write outside the output directory: {rel!r}")
        self.produced.add(rel)
        path = self.root / rel
        try:
            if path.stat().st_size == len(data) and path.read_bytes() == data:
                self.unchanged += 1
                return False
        except FileNotFoundError:
            pass
        path.parent.mkdir(parents=True, exist_ok=True)
        tmp = path.with_name(f".{path.name}.tmp{os.getpid()}")
        tmp.write_bytes(data)
        os.replace(tmp, path)
        self.written += 1
        return True

    def copy(self, rel: str, source: Path) -> bool:
        """Copy the file `source` to `rel`; see `write`."""
        return self.write(rel, Path(source).read_bytes())

    def prune(self, under: str) -> int:
        """Delete files under the folder `under` that this build did not produce.

        Only for folders the build owns whole (hashed static files, shards), so
        files other jobs put elsewhere in the output are never touched. Returns
        how many files were removed.
        """
        base = self.root / under.strip("/")
        if not base.is_dir():
            return 0
        removed = 0
        for path in sorted(base.rglob("*"), reverse=True):
            rel = path.relative_to(self.root).as_posix()
            if path.is_file() and rel not in self.produced:
                path.unlink()
                removed += 1
            elif path.is_dir() and not any(path.iterdir()):
                path.rmdir()
        return removed
