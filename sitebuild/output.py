"""Writing the built site: a file is rewritten only when its bytes change.

A second build with nothing changed touches nothing, so mtimes stay put, a
deploy sees no difference and the local server's caches stay warm.

Every text file gets its compressed copies beside it (x.br, x.gz: sitebuild/compress.py),
written just after the file: a copy older than its file was not made from its bytes (the local
server never sends such a copy, and the next build makes it again).
"""

from __future__ import annotations

import os
from pathlib import Path

from sitebuild import compress


def _fresh(path: Path, copies: list[tuple[str, Path]]) -> bool:
    """True when every compressed copy exists and is no older than the file."""
    made = path.stat().st_mtime_ns
    try:
        return all(copy.stat().st_mtime_ns >= made for _, copy in copies)
    except FileNotFoundError:
        return False


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
        copies = [(rel + suffix, self.root / (rel + suffix)) for suffix, _ in compress.ENCODINGS]
        if compress.is_text(rel):
            self.produced.update(name for name, _ in copies)
        else:
            copies = []
        try:
            if path.stat().st_size == len(data) and path.read_bytes() == data and _fresh(path, copies):
                self.unchanged += 1
                return False
        except FileNotFoundError:
            pass
        path.parent.mkdir(parents=True, exist_ok=True)
        self._replace(path, data)
        if copies:
            made = compress.compressed(data, rel)
            for (_, copy), (suffix, _) in zip(copies, compress.ENCODINGS, strict=True):
                self._replace(copy, made[suffix])
        self.written += 1
        return True

    def keep(self, rel: str) -> None:
        """Count the file at `rel` as written by this build and unchanged, without reading it: for a
        file the build knows it would write with the same bytes (sitebuild/dailies.py checks its size
        and mtime, and its copies', against what it recorded)."""
        rel = rel.lstrip("/")
        self.produced.add(rel)
        if compress.is_text(rel):
            self.produced.update(rel + suffix for suffix, _ in compress.ENCODINGS)
        self.unchanged += 1

    @staticmethod
    def _replace(path: Path, data: bytes) -> None:
        tmp = path.with_name(f".{path.name}.tmp{os.getpid()}")
        tmp.write_bytes(data)
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
