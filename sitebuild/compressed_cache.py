"""A folder of compressed copies kept by their content, shared by builds (`PUZZLEBOOK_COMPRESS_CACHE`).

Brotli at quality 11 is most of a cold build's CPU (some 18 of its 23 s: seven languages' bundles
and pages), and a test run makes a dozen cold builds of the same files. Given a folder, a build
looks up each text file's copies there by the digest of its bytes and its kind's levels before it
compresses, and leaves what it made for the next build. An entry is used only when it decompresses
to the file's own bytes, so a torn, stale or foreign entry costs a compression, never a wrong copy.
Writes go through a temporary file and a rename: builds in several processes share one folder.

Builds running at once split the work rather than each compressing everything: a build claims an
entry before making it (`.<stem>.claim`, holding its process id, made only if absent), and an entry
another live process has claimed is left for later (`begin` answers None; sitebuild/output.py writes
the file and its copies once `finish` has them). Two cold builds side by side, as `make check` and
`make test` start, compressed the same files at the same moments, some 20 s of CPU twice over. A
claim whose process has gone, or older than CLAIM_SECONDS, is a crashed build's: the entry is made.
"""

from __future__ import annotations

import gzip
import hashlib
import os
import time
import zlib
from pathlib import Path

from sitebuild import compress

Copies = dict[str, bytes]  # {".br": ..., ".gz": ...}
CLAIM_SECONDS = 120.0  # the longest one entry takes to make (Swagger UI's 1.7 MB: 9 s at Brotli 11)
POLL_SECONDS = 0.02


class CompressedCache:
    """The compressed copies of files by content, in `folder` (made when first written)."""

    def __init__(self, folder: Path) -> None:
        self.folder = Path(folder)
        self.hits = 0
        self.misses = 0

    def compressed(self, data: bytes, path: str) -> Copies:
        """What `compress.compressed(data, path)` makes: from the folder when an entry there
        decompresses to `data`, else made now and kept (waiting for another process making it)."""
        return self.begin(data, path) or self.finish(data, path)

    def begin(self, data: bytes, path: str) -> Copies | None:
        """The copies of `data` from the folder, or made now when no other process is making them;
        None when a live process has claimed them: `finish` waits for them."""
        stem = _stem(data, path)
        found = self._read(stem, data)
        if found is not None:
            self.hits += 1
            return found
        self.folder.mkdir(parents=True, exist_ok=True)
        claim = self.folder / f".{stem}.claim"
        try:
            fd = os.open(claim, os.O_CREAT | os.O_EXCL | os.O_WRONLY)
        except FileExistsError:
            if _live(claim):
                return None
            return self._make(stem, data, path)  # a crashed build's claim: not waited for
        with os.fdopen(fd, "w") as fh:
            fh.write(str(os.getpid()))
        try:
            # Made and let go by another process between the look above and the claim?
            found = self._read(stem, data)
            if found is not None:
                self.hits += 1
                return found
            return self._make(stem, data, path)
        finally:
            claim.unlink(missing_ok=True)

    def finish(self, data: bytes, path: str) -> Copies:
        """The copies of `data` that `begin` left to another process: waited for while it lives and
        its claim is fresh, else made here."""
        stem = _stem(data, path)
        claim = self.folder / f".{stem}.claim"
        while True:
            found = self._read(stem, data)
            if found is not None:
                self.hits += 1
                return found
            if not _live(claim):
                return self._make(stem, data, path)
            time.sleep(POLL_SECONDS)

    def _make(self, stem: str, data: bytes, path: str) -> Copies:
        """Compress `data` and keep the copies as the entry `stem`."""
        self.misses += 1
        made = compress.compressed(data, path)
        for suffix, body in made.items():
            tmp = self.folder / f".{stem}{suffix}.{os.getpid()}"
            tmp.write_bytes(body)
            os.replace(tmp, self.folder / f"{stem}{suffix}")
        return made

    def _read(self, stem: str, data: bytes) -> Copies | None:
        """The entry `stem`'s copies, when both are there and each decompresses to `data`."""
        import brotli  # as compress.compressed: only builds need it

        try:
            br = (self.folder / f"{stem}.br").read_bytes()
            gz = (self.folder / f"{stem}.gz").read_bytes()
            if brotli.decompress(br) != data or gzip.decompress(gz) != data:
                return None
        except (OSError, brotli.error, zlib.error, EOFError):
            return None
        return {".br": br, ".gz": gz}


def _stem(data: bytes, path: str) -> str:
    """The entry's name: the digest of the bytes and the levels of the file's kind."""
    kind = compress.kind_of(path, len(data))
    return f"{hashlib.sha256(data).hexdigest()}-b{kind.brotli}-g{kind.gzip}"


def _live(claim: Path) -> bool:
    """Whether `claim` is there, fresh, and held by a process still running."""
    try:
        age = time.time() - claim.stat().st_mtime
        text = claim.read_text()
    except FileNotFoundError:
        return False
    if age > CLAIM_SECONDS:
        return False
    if not text:
        return True  # claimed a moment ago, its process id not yet written
    try:
        os.kill(int(text), 0)
    except ProcessLookupError:
        return False
    except (PermissionError, ValueError):
        return True
    return True
