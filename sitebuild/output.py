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
from sitebuild.compressed_cache import CompressedCache


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

    def __init__(self, root: Path, cache: CompressedCache | None = None) -> None:
        self.root = Path(root)
        self.cache = cache  # compressed copies kept by content across builds, if given
        self.written = 0
        self.unchanged = 0
        self.produced: set[str] = set()
        self._base = str(self.root)
        self._folders: set[str] = set()  # the folders made (or found) by this build
        # Files whose copies another build is making (sitebuild/compressed_cache.py): (rel, data, copies).
        self._pending: list[tuple[str, bytes, list[str]]] = []

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
        made: dict[str, bytes] | None = {}
        if copies:
            made = self.cache.begin(data, rel) if self.cache else compress.compressed(data, rel)
        if made is None:
            self._pending.append((rel, data, copies))  # written with its copies by `settle`
        else:
            self._write_with_copies(path, data, copies, made)
        self.written += 1
        return True

    def settle(self) -> None:
        """Write the files whose copies another build was making (`write`), once they are made:
        each file and its copies together, as `write` does."""
        if not self.cache:
            return
        for rel, data, copies in self._pending:
            self._write_with_copies(f"{self._base}/{rel}", data, copies, self.cache.finish(data, rel))
        self._pending.clear()

    def _write_with_copies(self, path: str, data: bytes, copies: list[str], made: dict[str, bytes]) -> None:
        self._replace(path, data)
        if copies:
            for copy, (suffix, _) in zip(copies, compress.ENCODINGS, strict=True):
                self._replace(copy, made[suffix])

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
        base = f"{self._base}/{under.strip('/')}"
        if not os.path.isdir(base):
            return 0
        removed = 0
        # os.walk and joined strings, deepest folders first: pathlib's rglob, sorting and relative_to
        # over the 3,000 files of static/ and shards/ were half of a warm build's CPU.
        for folder, _, names in os.walk(base, topdown=False):
            rel_folder = folder[len(self._base) + 1:]
            for name in names:
                if f"{rel_folder}/{name}" not in self.produced:
                    os.unlink(f"{folder}/{name}")
                    removed += 1
            if folder != base and not os.listdir(folder):
                os.rmdir(folder)
        return removed
