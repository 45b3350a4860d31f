"""Writing the built site: a file is rewritten only when its bytes change.

A second build with nothing changed touches nothing, so mtimes stay put, a
deploy sees no difference and the local server's caches stay warm.

A text file gets its compressed copies beside it (x.br, x.gz: sitebuild/compress.py; every kind
but the daily files, which the local server compresses as it sends them), written just after the
file: a copy older than its file was not made from its bytes (the local server never sends such a
copy, and the next build makes it again).
"""

from __future__ import annotations

import os
from pathlib import Path

from sitebuild import compress


def _fresh(made: int, copies: list[str]) -> bool:
    """True when every compressed copy exists and is no older than the file (made at `made`, ns)."""
    try:
        return all(os.stat(copy).st_mtime_ns >= made for copy in copies)
    except FileNotFoundError:
        return False


def _read(path: str) -> bytes:
    with open(path, "rb") as fh:
        return fh.read()


class Output:
    """The build's output directory; counts what it wrote and remembers what it produced."""

    def __init__(self, root: Path) -> None:
        self.root = Path(root)
        self.written = 0
        self.unchanged = 0
        self.produced: set[str] = set()
        self._base = str(self.root)
        self._folders: set[str] = set()  # the folders made (or found) by this build

    def write(self, rel: str, data: bytes | str) -> bool:
        """Put `data` at `rel` (a slash-separated path under the root).

        Returns True when the file was (re)written, False when it already held
        exactly these bytes. Writes through a temporary file, so a reader never
        sees half a file.
        """
        # Paths as joined strings and os calls, not path objects: a cold build writes a file for
        # every day stored (2,600 when the days reach 2028), and pathlib's parsing was a third of
        # each write's own time.
        if isinstance(data, str):
            data = data.encode("utf-8")
        rel = rel.lstrip("/")
        if ".." in rel.split("/"):
            raise ValueError(f"refusing to write outside the output directory: {rel!r}")
        self.produced.add(rel)
        path = f"{self._base}/{rel}"
        copies: list[str] = []
        if compress.copied(rel):
            copies = [path + suffix for suffix, _ in compress.ENCODINGS]
            self.produced.update(rel + suffix for suffix, _ in compress.ENCODINGS)
        try:
            found = os.stat(path)
            if found.st_size == len(data) and _read(path) == data and _fresh(found.st_mtime_ns, copies):
                self.unchanged += 1
                return False
        except FileNotFoundError:
            pass
        folder = path.rsplit("/", 1)[0]
        if folder not in self._folders:
            os.makedirs(folder, exist_ok=True)
            self._folders.add(folder)
        self._replace(path, data)
        if copies:
            made = compress.compressed(data, rel)
            for copy, (suffix, _) in zip(copies, compress.ENCODINGS, strict=True):
                self._replace(copy, made[suffix])
        self.written += 1
        return True

    def keep(self, rel: str) -> None:
        """Count the file at `rel` as written by this build and unchanged, without reading it: for a
        file the build knows it would write with the same bytes (sitebuild/dailies.py checks its size
        and mtime, and its copies', against what it recorded)."""
        rel = rel.lstrip("/")
        self.produced.add(rel)
        if compress.copied(rel):
            self.produced.update(rel + suffix for suffix, _ in compress.ENCODINGS)
        self.unchanged += 1

    @staticmethod
    def _replace(path: str, data: bytes) -> None:
        folder, name = path.rsplit("/", 1)
        tmp = f"{folder}/.{name}.tmp{os.getpid()}"
        with open(tmp, "wb") as fh:
            fh.write(data)
        os.replace(tmp, path)

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
