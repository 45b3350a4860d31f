"""Reading the Lichess puzzle CSV, plain or zstd-compressed, as a stream of text.

The file is read in blocks and never held whole; its SHA-256 is computed on the
way, so the bundle can record exactly what it was made from.
"""

from __future__ import annotations

import hashlib
import io
from collections.abc import Callable, Iterator
from pathlib import Path

import zstandard

from puzzlebook.chess.bundle.scan import SourceError

BLOCK = 1 << 20  # bytes read from disk at a time

ProgressCallback = Callable[[int], None]


class _HashingReader(io.RawIOBase):
    """The raw file, hashed and reported (bytes read so far) as it is read."""

    def __init__(self, path: Path, on_progress: ProgressCallback | None) -> None:
        self._file = open(path, "rb")  # noqa: SIM115 (closed by close())
        self._hash = hashlib.sha256()
        self._done = 0
        self._on_progress = on_progress

    def readable(self) -> bool:
        return True

    def readinto(self, buffer) -> int:  # type: ignore[no-untyped-def]
        n = self._file.readinto(buffer)
        if n:
            self._hash.update(memoryview(buffer)[:n])
            self._done += n
            if self._on_progress:
                self._on_progress(self._done)
        return n or 0

    def hexdigest(self) -> str:
        return self._hash.hexdigest()

    def close(self) -> None:
        self._file.close()
        super().close()


class _ZstdReader(io.RawIOBase):
    """Decompressed bytes of a .zst file, frame after frame.

    zstandard's stream_reader ends quietly on a truncated file; this reader
    notices a frame left unfinished and raises instead.
    """

    def __init__(self, raw: io.RawIOBase) -> None:
        self._raw = raw
        self._dobj = zstandard.ZstdDecompressor().decompressobj()
        self._pending = b""
        self._at = 0  # bytes of _pending already handed out
        self._started = False  # some input fed to the current frame
        self._ended = False

    def readable(self) -> bool:
        return True

    def readinto(self, buffer) -> int:  # type: ignore[no-untyped-def]
        while self._at == len(self._pending) and not self._ended:
            block = self._raw.read(BLOCK)
            if not block:
                self._ended = True
                if self._started and not self._dobj.eof:
                    raise SourceError("the compressed file ends in the middle of a frame (truncated?)")
                break
            self._pending, self._at = self._feed(block), 0
        n = min(len(buffer), len(self._pending) - self._at)
        buffer[:n] = memoryview(self._pending)[self._at : self._at + n]
        self._at += n
        return n

    def _feed(self, block: bytes) -> bytes:
        out = []
        while block:
            try:
                out.append(self._dobj.decompress(block))
            except zstandard.ZstdError as e:
                raise SourceError(f"the compressed file is damaged ({e})") from e
            self._started = True
            if not self._dobj.eof:
                break
            # A frame ended; anything after it starts the next frame.
            block = self._dobj.unused_data
            self._dobj = zstandard.ZstdDecompressor().decompressobj()
            self._started = False
        return b"".join(out)


class Source:
    """An open puzzle CSV: iterate `blocks()` once, then read `sha256`.

    Use as a context manager. `on_progress` receives the number of bytes of
    the file (compressed, for .zst) read so far.
    """

    def __init__(self, path: str | Path, on_progress: ProgressCallback | None = None) -> None:
        self.path = Path(path)
        if not self.path.is_file():
            raise SourceError(f"{self.path}: no such file")
        self.size = self.path.stat().st_size
        self._raw = _HashingReader(self.path, on_progress)
        self._stream: io.RawIOBase = self._raw
        if self.path.suffix == ".zst":
            self._stream = _ZstdReader(self._raw)

    @property
    def name(self) -> str:
        return self.path.name

    @property
    def sha256(self) -> str:
        """SHA-256 of the file's bytes; complete once every block is read."""
        return self._raw.hexdigest()

    def blocks(self) -> Iterator[bytes]:
        """The file's content (decompressed), in blocks of about BLOCK bytes."""
        while True:
            block = self._stream.read(BLOCK)
            if not block:
                return
            yield block

    def close(self) -> None:
        self._stream.close()
        self._raw.close()

    def __enter__(self) -> Source:
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()
