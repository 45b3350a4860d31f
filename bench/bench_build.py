"""The site build's cost as history grows (issue 32, goal 1), in CPU seconds (this process's and
esbuild's, from resource usage: the machine's load moves wall time, hardly CPU time).

    python -m bench build                                    # today's store
    python -m bench build --through 2028-12-01               # today's, then one filled that far
    python -m bench build --through 2028-12-01 --runs 5      # five cold builds of each, in turn

For each day (today, then --through) a fresh SQLite store is filled through that day by the
nightly's own code (each game's keep_through: every day's picks, once, as the nightly keeps them,
with each Storm and Streak run its public file's text).
Then the site is built for each day into an empty folder (cold), --runs times, the days taken in
turn (today's first, then the other first, ...) so the machine's other work falls on both alike;
then twice more over the last with nothing changed (warm). Goals: a warm build under 1 s of CPU
whatever the days stored; a cold build's CPU at --through at most 10% over today's (the floor, in
the same run: the medians of the runs); no pick made by any build (each reads what was kept). Each
figure is split into user and system CPU: the system part is mostly the kernel creating files,
which this shared machine's other work makes cost anything from 20 to 600 µs a file. Then, once, a
cold build over an empty store (every pick made by the build: what a test's first build does), and
what each kind of file's Brotli level saves against Brotli 11 everywhere (sitebuild/compress.py).
Last, what each language adds to a cold build of today (issue 44, section 6): a cold build of English
alone (PUZZLEBOOK_BUILD_LANGUAGES, Settings.build_languages), the floor, and one of English with each
other language, each into an empty folder over today's kept store; each language's CPU seconds and
bytes written (the site's files and their compressed copies: dist/.build left out) beyond English
alone's in the same round, --runs rounds in turn (their medians), and their sum beside the whole
cold build's (`--no-languages` leaves them out).
"""

from __future__ import annotations

import argparse
import datetime as dt
import statistics
import tempfile
import time
from collections import defaultdict
from dataclasses import dataclass
from pathlib import Path

from bench.figures import cpu_seconds, cpu_times, load, verdict
from puzzlebook import calendar
from puzzlebook.chess.shards import Bundle
from puzzlebook.languages import LANGUAGES, SOURCE
from service.settings import Settings
from service.settings import load as load_settings
from sitebuild import builder, compress, records

WARM_GOAL = 1.0  # CPU seconds
COLD_GROWTH = 1.10


@dataclass
class Run:
    label: str
    user: float
    system: float
    wall: float
    report: builder.BuildReport

    @property
    def cpu(self) -> float:
        return self.user + self.system


def _settings(base: Path, dist: str = "dist") -> Settings:
    env = {"PUZZLEBOOK_STORE": f"sqlite:///{base / 'store.sqlite3'}", "PUZZLEBOOK_DIST": str(base / dist)}
    return load_settings(env, warn=False)


def _build(label: str, settings: Settings, day: dt.date) -> Run:
    (user, system), wall = cpu_times(), time.perf_counter()
    report = builder.build_site(settings, today=day)
    after = cpu_times()
    return Run(label, after[0] - user, after[1] - system, time.perf_counter() - wall, report)


def _fill(settings: Settings, day: dt.date) -> tuple[float, int]:
    """Keep every game's picks through `day` (and the chess dailies a day ahead, as the build asks),
    as the nightly does day by day (the run modes' file texts with their runs); its CPU seconds and
    how many picks it made."""
    from service.games.registry import every_game
    from service.store import open_store

    cpu = cpu_seconds()
    store = open_store(settings.store_url)
    try:
        bundle = Bundle(settings.shards)
        picked = sum(hooks.keep_through(store, settings, bundle, day + dt.timedelta(days=1))
                     for _, hooks in every_game())
    finally:
        store.close()
    return cpu_seconds() - cpu, picked


def _size(root: Path) -> tuple[int, int]:
    files = [p for p in root.rglob("*") if p.is_file()]
    return len(files), sum(p.stat().st_size for p in files)


def _line(run: Run) -> str:
    r = run.report
    return (f"  {run.label:<34} CPU {run.cpu:6.2f} s (user {run.user:5.2f}, system {run.system:5.2f}; "
            f"wall {run.wall:6.2f} s)  {r.written:5d} written, {r.unchanged:5d} unchanged, "
            f"{r.picked} picked   {load()}")


def _fill_day(day: dt.date, tmp: Path) -> None:
    fill_cpu, picked = _fill(_settings(tmp / day.isoformat()), day)
    print(f"{day.isoformat()}: store filled by the nightly's code, {picked} picks, CPU {fill_cpu:.1f} s "
          f"(not the build's)", flush=True)


def _days(days: list[dt.date], tmp: Path, runs: int) -> dict[dt.date, list[Run]]:
    """Each day's cold builds, `runs` of them, the days in turn; then two warm ones over the last."""
    cold: dict[dt.date, list[Run]] = {day: [] for day in days}
    for k in range(runs):
        for day in days if k % 2 == 0 else days[::-1]:
            settings = _settings(tmp / day.isoformat(), f"dist{k}")
            cold[day].append(_build(f"cold {k + 1} (empty folder, kept store)", settings, day))
    by_day = {}
    for day in days:
        settings = _settings(tmp / day.isoformat(), f"dist{runs - 1}")
        warm = [_build(f"warm {k} (nothing changed)", settings, day) for k in (1, 2)]
        files, size = _size(Path(settings.dist))
        print(f"{day.isoformat()}: site {files} files, {size / 1e6:.1f} MB; daily files: "
              f"{cold[day][0].report.dailies}")
        for run in cold[day] + warm:
            print(_line(run), flush=True)
        by_day[day] = cold[day] + warm
    return by_day


def _site_bytes(root: Path) -> int:
    """The bytes of the site a build wrote (its files and their compressed copies), its records for
    the next build (dist/.build) left out."""
    return sum(p.stat().st_size for p in root.rglob("*")
               if p.is_file() and not p.relative_to(root).as_posix().startswith(records.DIR + "/"))


def _languages(day: dt.date, tmp: Path, whole: Run, runs: int) -> None:
    """What each language adds to a cold build of `day`: English alone, then English with each other
    language, each cold (an empty folder) over the day's kept store, `runs` rounds of them in turn
    (every other round in the other order), each language's figure its median over the rounds of
    its build less that round's English alone; beside the whole build `whole`."""
    base = tmp / day.isoformat()
    others = [language for language in LANGUAGES if language.code != SOURCE]

    def cold(codes: tuple[str, ...], k: int) -> tuple[Run, int]:
        settings = _settings(base, f"dist-lang{k}-" + "-".join(codes)).with_(build_languages=codes)
        run = _build(" + ".join(codes), settings, day)
        return run, _site_bytes(Path(settings.dist))

    alone: list[tuple[Run, int]] = []
    added: dict[str, list[tuple[float, int]]] = {language.code: [] for language in others}
    for k in range(runs):
        floor = cold((SOURCE,), k)
        alone.append(floor)
        for language in others if k % 2 == 0 else others[::-1]:
            run, written = cold((SOURCE, language.code), k)
            added[language.code].append((run.cpu - floor[0].cpu, written - floor[1]))
    floor_cpu = statistics.median(run.cpu for run, _ in alone)
    floor_bytes = int(statistics.median(written for _, written in alone))
    of = f"medians of {runs} rounds" if runs > 1 else "one round"
    print(f"{day.isoformat()}: what each language adds to a cold build: CPU and bytes beyond English alone's "
          f"(the floor, in the same run; {of}, the builds in turn)")
    print(f"  English alone (the floor)       CPU {floor_cpu:6.2f} s, {floor_bytes / 1e6:6.2f} MB written "
          f"(the site's files and copies)   {load()}")
    cpu, size = floor_cpu, float(floor_bytes)
    for language in others:
        more_cpu = statistics.median(c for c, _ in added[language.code])
        more_bytes = statistics.median(b for _, b in added[language.code])
        cpu, size = cpu + more_cpu, size + more_bytes
        print(f"  + {language.code:<6} {language.name:<22} CPU {more_cpu:+6.2f} s "
              f"({more_cpu / floor_cpu:+4.0%}), "
              f"{more_bytes / 1e6:+6.2f} MB ({more_bytes / floor_bytes:+4.0%})")
    whole_bytes = _site_bytes(base / "dist0")
    print(f"  English alone and every language's part: CPU {cpu:.2f} s, {size / 1e6:.2f} MB; the whole cold "
          f"build of {day.isoformat()} above: CPU {whole.cpu:.2f} s, {whole_bytes / 1e6:.2f} MB")


def _levels(dist: Path) -> None:
    """What each kind's Brotli level saves against 11 for every file of `dist` (files over
    compress.LARGE are left out: 11 takes seconds on each, and their level is not in question)."""
    import brotli

    sums: dict[str, list[float]] = defaultdict(lambda: [0.0] * 7)
    for path in sorted(dist.rglob("*")):
        rel = path.relative_to(dist).as_posix()
        if not path.is_file() or not compress.is_text(rel):
            continue
        data = path.read_bytes()
        if len(data) > compress.LARGE:
            continue
        kind = compress.kind_of(rel, len(data))
        row = sums[kind.name]
        started = time.process_time()
        at_kind = len(brotli.compress(data, quality=kind.brotli))
        mid = time.process_time()
        at_best = len(brotli.compress(data, quality=11))
        row[0] += 1
        row[1] += len(data)
        row[2] += at_kind
        row[3] += at_best
        row[5] += mid - started
        row[6] += time.process_time() - mid
    print("Brotli by kind of file (sitebuild/compress.py) against 11 for all: bytes, and the CPU of one "
          "cold build's copies (the daily files': the local server's, as it sends each)")
    total_kind = total_best = 0.0
    for kind in compress.KINDS:
        n, raw, at_kind, at_best, _, cpu_kind, cpu_best = sums[kind.name]
        if not n:
            continue
        if kind.copies:
            total_kind += cpu_kind
            total_best += cpu_best
        against = ("(its best)" if kind.brotli == 11 else
                   f"at 11 {at_best / 1e3:8.1f} KB in {cpu_best:5.2f} s: "
                   f"{(at_kind - at_best) / at_best:+.0%} bytes, {cpu_best - cpu_kind:.2f} s saved")
        sent = "" if kind.copies else (f"; a file sent: {cpu_kind / n * 1e3:.2f} ms at {kind.brotli}, "
                                       f"{cpu_best / n * 1e3:.2f} ms at 11")
        print(f"  {kind.name:<30} {int(n):5d} files {raw / 1e6:6.2f} MB: Brotli {kind.brotli:2d} "
              f"{at_kind / 1e3:8.1f} KB in {cpu_kind:5.2f} s; {against}{sent}")
    saved = total_best - total_kind
    print(f"  the build's copies in all: {total_kind:.2f} s against {total_best:.2f} s at 11 "
          f"({saved:.2f} s saved)")


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(prog="python -m bench build")
    parser.add_argument("--through", type=dt.date.fromisoformat, default=None,
                        help="a later site day to fill the store through and build for (YYYY-MM-DD)")
    parser.add_argument("--runs", type=int, default=1, help="cold builds of each day, in turn (default 1)")
    parser.add_argument("--no-empty", action="store_true", help="skip the cold build over an empty store")
    parser.add_argument("--no-languages", action="store_true",
                        help="skip the cold builds measuring what each language adds")
    args = parser.parse_args(argv or [])
    today = calendar.site_day(_settings(Path(".")).site_tz)
    days = [today] + ([args.through] if args.through and args.through > today else [])
    with tempfile.TemporaryDirectory() as name:
        tmp = Path(name)
        # First, so the days' builds below all find the build's modules imported.
        if not args.no_empty:
            empty = _build("cold over an empty store", _settings(tmp / "empty"), today)
            print(f"{today.isoformat()}, the build picking every day itself (a test's first build; no goal):")
            print(_line(empty), flush=True)
        for day in days:
            _fill_day(day, tmp)
        by_day = _days(days, tmp, max(1, args.runs))
        _levels(tmp / days[-1].isoformat() / "dist0")
        if not args.no_languages:
            _languages(today, tmp, by_day[today][0], max(1, args.runs))
    runs = max(1, args.runs)
    warm = max(run.cpu for day_runs in by_day.values() for run in day_runs[runs:])
    print(f"goal: a warm build under {WARM_GOAL:.0f} s of CPU: {verdict(warm < WARM_GOAL)} "
          f"(worst {warm:.2f} s)")
    picked = sum(run.report.picked for day_runs in by_day.values() for run in day_runs)
    print(f"goal: no build makes a pick (each reads the kept one): {verdict(picked == 0)} ({picked} picks)")
    if len(days) > 1:
        def median(day: dt.date, part: str) -> float:
            return statistics.median(getattr(run, part) for run in by_day[day][:runs])

        floor, grown = median(days[0], "cpu"), median(days[-1], "cpu")
        of = f"the median of {runs} cold builds each" if runs > 1 else "one cold build each"
        print(f"goal: a cold build's CPU at {days[-1]} at most {COLD_GROWTH:.2f} of today's: "
              f"{verdict(grown <= floor * COLD_GROWTH)} ({grown:.2f} s against {floor:.2f} s: "
              f"{grown / floor:.2f}; {of}); of it, user {median(days[-1], 'user'):.2f} s against "
              f"{median(days[0], 'user'):.2f} s, system {median(days[-1], 'system'):.2f} s against "
              f"{median(days[0], 'system'):.2f} s")
    else:
        print("a cold build's growth: give --through YYYY-MM-DD to measure it")


if __name__ == "__main__":
    import sys

    main(sys.argv[1:])
