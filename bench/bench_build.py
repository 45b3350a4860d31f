"""The site build's speed: a cold build into an empty folder with an empty
store (every daily picked and kept), then a second build with nothing
changed (goal: the whole build under 3 s here; the second writes nothing)."""

from __future__ import annotations

import tempfile
import time
from pathlib import Path

from service.settings import load
from sitebuild import builder


def _size(root: Path) -> int:
    return sum(p.stat().st_size for p in root.rglob("*") if p.is_file())


def main() -> None:
    with tempfile.TemporaryDirectory() as tmp:
        base = Path(tmp)
        store = f"sqlite:///{base / 'store.sqlite3'}"
        env = {"PUZZLEBOOK_STORE": store, "PUZZLEBOOK_DIST": str(base / "dist")}
        settings = load(env, warn=False)
        runs = []
        for label in ("cold (empty dist and store)", "warm (nothing changed)", "warm again"):
            started = time.perf_counter()
            report = builder.build_site(settings)
            runs.append((label, time.perf_counter() - started, report))
        files = sum(1 for p in (base / "dist").rglob("*") if p.is_file())
        print(f"site: {files} files, {_size(base / 'dist') / 1e6:.1f} MB, {len(runs[0][2].pages)} pages, "
              f"{runs[0][2].dailies}")
        for label, seconds, report in runs:
            counts = f"{report.written:4d} written, {report.unchanged:4d} unchanged"
            print(f"build {label:<28} {seconds:6.2f} s   {counts}")
        worst = max(seconds for _, seconds, _ in runs)
        print(f"goal: every build under 3 s: {'met' if worst < 3 else 'NOT met'} (worst {worst:.2f} s)")


if __name__ == "__main__":
    main()
