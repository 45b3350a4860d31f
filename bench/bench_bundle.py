"""The bundle maker's speed and memory on dumps of real size.

Two inputs: ../shared/data/lichess/all.csv.zst (2.05 M real rows) and a
synthetic dump the size of the real Lichess one (5.5 M rows: the real rows
again and again, each with a fresh id, zstd-compressed), made once into
bench/out/ (ignored by git) and reused. Each is run as `build.py bundle` in a
child process with every unknown admitted, the heaviest setting: every row in
a band with a short enough line is hashed and weighed, as with the real dump
whose columns are all filled. Goal for 5.5 M rows: under 30 s and 500 MB.

Prints rows/s, wall time, CPU time and peak memory: the largest single process
(getrusage) and the whole process tree (parent and workers, summed PSS,
sampled every 50 ms).
"""

from __future__ import annotations

import io
import os
import resource
import subprocess
import sys
import tempfile
import threading
import time
from collections.abc import Iterator
from pathlib import Path

import zstandard

ROOT = Path(__file__).resolve().parent.parent
REAL = ROOT.parent / "shared" / "data" / "lichess" / "all.csv.zst"
CACHE = ROOT / "bench" / "out"
SYNTHETIC = CACHE / "synthetic-5.5M.csv.zst"
SYNTHETIC_ROWS = 5_500_000
ALPHABET = "0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz"
FLAGS = ["--admit-unknown", "all"]
GOAL_SECONDS, GOAL_MB = 30, 500


def fresh_id(n: int) -> str:
    """A five-character id, different for every n below 62**5: n times a number
    prime to 62 (so no two n meet), written in base 62."""
    value = (n * 387_420_489) % 62**5
    chars = []
    for _ in range(5):
        value, digit = divmod(value, 62)
        chars.append(ALPHABET[digit])
    return "".join(reversed(chars))


def _real_lines(real: Path) -> Iterator[str]:
    """The real file's lines, header first, streamed."""
    with open(real, "rb") as f:
        yield from io.TextIOWrapper(zstandard.ZstdDecompressor().stream_reader(f), encoding="utf-8")


def make_synthetic(real: Path = REAL, out: Path = SYNTHETIC, rows: int = SYNTHETIC_ROWS) -> Path:
    """Write the synthetic dump once (reused when already there): the real rows,
    read again as often as needed, each under a fresh id."""
    if out.exists():
        return out
    out.parent.mkdir(parents=True, exist_ok=True)
    print(f"making {out.name} from {real.name} (once)...", flush=True)
    partial = out.with_suffix(".partial")
    compressor = zstandard.ZstdCompressor(level=3, threads=-1)
    with open(partial, "wb") as raw, compressor.stream_writer(raw) as writer:
        n = 0
        while n < rows:
            lines = _real_lines(real)
            header = next(lines)
            if n == 0:
                writer.write(header.encode())
            batch = []
            for line in lines:
                if n == rows:
                    break
                batch.append(fresh_id(n) + line[line.index(","):])
                n += 1
                if len(batch) == 100_000:
                    writer.write("".join(batch).encode())
                    batch = []
            writer.write("".join(batch).encode())
            lines.close()
    partial.rename(out)
    return out


def _tree_pss(root: int) -> int:
    """Summed PSS in bytes of process `root` and its descendants (0 if gone)."""
    children: dict[int, list[int]] = {}
    for entry in os.listdir("/proc"):
        if entry.isdigit():
            try:
                with open(f"/proc/{entry}/stat") as f:
                    parent = int(f.read().rsplit(")", 1)[1].split()[1])
            except (OSError, IndexError, ValueError):
                continue
            children.setdefault(parent, []).append(int(entry))
    total, todo = 0, [root]
    while todo:
        pid = todo.pop()
        todo += children.get(pid, [])
        try:
            with open(f"/proc/{pid}/smaps_rollup") as f:
                for line in f:
                    if line.startswith("Pss:"):
                        total += int(line.split()[1]) * 1024
                        break
        except OSError:
            pass
    return total


def run(source: Path, rows: int) -> dict[str, float]:
    """Run the maker on `source` in a child process; its figures."""
    with tempfile.TemporaryDirectory(prefix="bench-bundle-") as tmp:
        before = resource.getrusage(resource.RUSAGE_CHILDREN)
        start = time.monotonic()
        child = subprocess.Popen(
            [sys.executable, str(ROOT / "build.py"), "bundle", str(source), "--out", f"{tmp}/shards", *FLAGS],
            cwd=ROOT, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True,
        )
        peak = [0]

        def sample() -> None:
            while child.poll() is None:
                peak[0] = max(peak[0], _tree_pss(child.pid))
                time.sleep(0.05)

        sampler = threading.Thread(target=sample, daemon=True)
        sampler.start()
        out, err = child.communicate()
        wall = time.monotonic() - start
        sampler.join()
        after = resource.getrusage(resource.RUSAGE_CHILDREN)
    if child.returncode != 0:
        raise SystemExit(f"bundle failed on {source.name}:\n{err}")
    cpu = (after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime)
    return {
        "rows": rows, "wall": wall, "cpu": cpu, "rows_per_s": rows / wall,
        "max_process_mb": after.ru_maxrss / 1024, "tree_mb": peak[0] / 1e6, "summary": out.strip(),
    }


def main() -> None:
    if not REAL.exists():
        print(f"skipped: {REAL} is not here")
        return
    inputs = [(REAL, 2_049_249), (make_synthetic(), SYNTHETIC_ROWS)]
    for source, rows in inputs:
        f = run(source, rows)
        print(
            f"{source.name}: {rows:,} rows in {f['wall']:.1f} s wall ({f['rows_per_s']:,.0f} rows/s), "
            f"{f['cpu']:.1f} s CPU, peak RSS {f['max_process_mb']:.0f} MB (largest process), "
            f"{f['tree_mb']:.0f} MB (all processes, PSS)"
        )
        print(f"  {f['summary']}")
        if rows == SYNTHETIC_ROWS:
            ok = f["wall"] < GOAL_SECONDS and max(f["max_process_mb"], f["tree_mb"]) < GOAL_MB
            print(f"  goal (under {GOAL_SECONDS} s and {GOAL_MB} MB): {'met' if ok else 'NOT met'}")


if __name__ == "__main__":
    main()
