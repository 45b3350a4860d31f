"""Builds sharing compressed copies by content (sitebuild/compressed_cache.py): what a build writes
beside a file is what compressing it makes, whatever the folder holds."""

from __future__ import annotations

import multiprocessing
import os
import random
import subprocess
import sys
import threading
import time
from pathlib import Path

from sitebuild import compress
from sitebuild.compressed_cache import CompressedCache, _stem
from sitebuild.output import Output

PAGE = ("<!doctype html><title>Puzzle Book</title>" + "<p>a fork, a pin, a skewer</p>" * 200).encode()


def test_a_second_build_takes_the_copies_the_first_made_and_they_are_the_same_bytes(tmp_path: Path) -> None:
    cache = CompressedCache(tmp_path / "cache")
    first, second = Output(tmp_path / "a", cache), Output(tmp_path / "b", cache)
    first.write("index.html", PAGE)
    second.write("index.html", PAGE)
    assert (cache.misses, cache.hits) == (1, 1)
    made = compress.compressed(PAGE, "index.html")
    for suffix in (".br", ".gz"):
        assert (tmp_path / "b" / f"index.html{suffix}").read_bytes() == made[suffix]


def test_a_broken_or_foreign_entry_is_made_again_not_served(tmp_path: Path) -> None:
    cache = CompressedCache(tmp_path / "cache")
    cache.compressed(PAGE, "index.html")
    other = compress.compressed(b"another page entirely", "index.html")
    for entry in (tmp_path / "cache").iterdir():  # one entry truncated, the other another file's
        entry.write_bytes(entry.read_bytes()[:20] if entry.suffix == ".br" else other[".gz"])
    out = Output(tmp_path / "site", cache)
    out.write("index.html", PAGE)
    assert cache.misses == 2 and cache.hits == 0
    assert (tmp_path / "site/index.html.br").read_bytes() == compress.compressed(PAGE, "index.html")[".br"]
    assert cache.compressed(PAGE, "index.html") == compress.compressed(PAGE, "index.html")  # mended
    assert cache.hits == 1


def test_a_file_of_another_kind_is_kept_apart(tmp_path: Path) -> None:
    """The same bytes as a page (Brotli 11) and as a source map (Brotli 4) are two entries."""
    cache = CompressedCache(tmp_path / "cache")
    cache.compressed(PAGE, "index.html")
    a_map = "static/ab/js/x.js.map"
    assert cache.compressed(PAGE, a_map) == compress.compressed(PAGE, a_map)
    assert cache.misses == 2


def _build(folder: str, out: str, pages: list[bytes], start: float) -> tuple[int, int]:
    """A build's writes in a process of its own, from the moment `start`: (entries it made, entries
    it took)."""
    time.sleep(max(0.0, start - time.time()))
    cache = CompressedCache(Path(folder))
    output = Output(Path(out), cache)
    for k, page in enumerate(pages):
        output.write(f"p{k}.html", page)
    output.settle()
    return cache.misses, cache.hits


def test_two_builds_at_once_compress_each_file_once_between_them(tmp_path: Path) -> None:
    """Two cold builds side by side split the compressing; each writes every file and its copies."""
    words = random.Random(7)  # pages Brotli 11 takes a moment over, so the two builds overlap
    pages = [" ".join(words.choice(("fork", "pin", "skewer", "mate", "zugzwang", str(k)))
                      for _ in range(5_000)).encode() for k in range(8)]
    ctx = multiprocessing.get_context("spawn")
    with ctx.Pool(2) as pool:
        start = time.time() + 1.5  # both begun, whichever process is ready first
        runs = [pool.apply_async(_build, (str(tmp_path / "cache"), str(tmp_path / name), pages, start))
                for name in "ab"]
        (made_a, took_a), (made_b, took_b) = (run.get(timeout=120) for run in runs)
    assert made_a + made_b == len(pages)
    assert made_a + took_a == made_b + took_b == len(pages)
    for name in "ab":
        for k, page in enumerate(pages):
            assert (tmp_path / name / f"p{k}.html").read_bytes() == page
            for suffix, body in compress.compressed(page, "p.html").items():
                assert (tmp_path / name / f"p{k}.html{suffix}").read_bytes() == body


def test_a_file_another_build_is_compressing_is_written_with_its_copies_once_made(tmp_path: Path) -> None:
    cache = CompressedCache(tmp_path / "cache")
    (tmp_path / "cache").mkdir()
    stem = _stem(PAGE, "index.html")
    claim = tmp_path / "cache" / f".{stem}.claim"
    claim.write_text(str(os.getpid()))  # a live process is making the entry
    out = Output(tmp_path / "site", cache)
    out.write("index.html", PAGE)
    assert not (tmp_path / "site/index.html").exists()  # never a file without its copies
    other = CompressedCache(tmp_path / "cache")

    def made_elsewhere() -> None:
        other._make(stem, PAGE, "index.html")
        claim.unlink()

    threading.Timer(0.2, made_elsewhere).start()
    out.settle()
    assert (tmp_path / "site/index.html").read_bytes() == PAGE
    assert (tmp_path / "site/index.html.br").read_bytes() == compress.compressed(PAGE, "index.html")[".br"]
    assert (cache.misses, cache.hits, other.misses) == (0, 1, 1)


def test_a_claim_left_by_a_build_that_died_is_not_waited_for(tmp_path: Path) -> None:
    gone = subprocess.run([sys.executable, "-c", "import os; print(os.getpid())"], capture_output=True,
                          text=True, check=True).stdout.strip()
    (tmp_path / "cache").mkdir()
    (tmp_path / "cache" / f".{_stem(PAGE, 'index.html')}.claim").write_text(gone)
    cache = CompressedCache(tmp_path / "cache")
    out = Output(tmp_path / "site", cache)
    out.write("index.html", PAGE)
    assert cache.misses == 1
    assert (tmp_path / "site/index.html.gz").read_bytes() == compress.compressed(PAGE, "index.html")[".gz"]
