"""The scale model as a benchmark: how today's code holds 1 M, 10 M and 100 M daily players.

    python -m bench scale                       the report (a few minutes: a day of players on moto)
    python -m bench scale --write               and the per-player units infra/costs.py reads
                                                (infra/scale_trace.json; then python infra/costs.py
                                                --update-readme)
    python -m bench scale --players 3 --endless 1 --viewers 1 --out FILE    a tiny day (the smoke test)
    python -m bench scale --live [--write]      live play alone (races, live classes: bench/scale/live.py)
    python -m bench scale --against DIR         and beside it the code before (another checkout: `git
                                                archive <commit> | tar -x -C DIR`), its own scripted
                                                day run from DIR in the same run

It runs the real FastAPI app over the real DynamoStore on a moto table made from infra/template.yaml
for a scripted day of players (bench/scale/day.py), records every AWS call with the partition keys it
touches on the table and every index and the capacity units its real item sizes cost (trace.py,
units.py), multiplies that by the traffic model (model.py) and prints, for each shared key, its
WCU/s and RCU/s at each scale in the peak hour and the midnight burst, the hottest against its
limit, Lambda's concurrency, the API's throttle against the peak, the month's cost, and the goals
(report.py). docs/operations.md, "The scale model", states every assumption.

The day is small (moto sorts its whole table for every query, so a day of a hundred players takes
an hour): what grows with the players is sized at scale by the model, not read off the day's tiny boards
(the snapshot job's read of each board's shards and samples, and the names of its rows). A tiny day
measures the same calls, with fewer runs of each to average (the smoke test's).
"""

from __future__ import annotations

import argparse
import json
import subprocess
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
TRACE = ROOT / "infra" / "scale_trace.json"
PLAYERS, ENDLESS, VIEWERS = 15, 5, 3


def main(argv: list[str]) -> None:
    parser = argparse.ArgumentParser(prog="python -m bench scale", description=__doc__.split("\n\n")[0])
    parser.add_argument("--players", type=int, default=PLAYERS,
                        help="players of the scripted day (at most 200)")
    parser.add_argument("--endless", type=int, default=ENDLESS, help="of them, how many also play Endless")
    parser.add_argument("--viewers", type=int, default=VIEWERS, help="of them, how many view every board")
    parser.add_argument("--write", action="store_true",
                        help=f"write the per-player units to {TRACE.relative_to(ROOT)}")
    parser.add_argument("--out", type=Path, help="write the per-player units to this file instead")
    parser.add_argument("--live", action="store_true",
                        help="live play alone (races and live classes: seconds, not minutes); with --write, "
                             "only its part of the trace is written")
    parser.add_argument("--against", type=Path,
                        help="another checkout (the code before): its scripted day, run from there, beside")
    args = parser.parse_args(argv)
    if args.live:
        _live(args.out or (TRACE if args.write else None))
        return
    sizes = (1 <= args.players <= 200, 0 <= args.endless <= args.players, 1 <= args.viewers <= args.players)
    if not all(sizes):
        parser.error("players 1-200, endless 0-players, viewers 1-players")

    from bench.scale.day import scripted_day
    from bench.scale.model import Assumptions, Model
    from bench.scale.report import figures, report_lines, units_json
    from bench.scale.social import Together
    from bench.scale.trace import Recorder

    started = time.monotonic()
    before = _before(args.against, args) if args.against else None
    with Recorder() as recorder:
        day = scripted_day(args.players, args.endless, args.viewers, recorder)
    model = Model(day, Assumptions(together=Together()))
    alone = Model(day, Assumptions())  # the same day, every player alone: today's code without friends
    fig, fig_alone = figures(model), figures(alone)
    for line in report_lines(model, fig, (alone, fig_alone)):
        print(line)
    if before is not None:
        from bench.scale.report import beside_lines

        for line in beside_lines(fig, fig_alone, before, str(args.against)):
            print(line)
    print(f"\n(the scripted day took {time.monotonic() - started:.0f} s)")
    live = _live(None, quick=args.players <= 3)
    out = args.out or (TRACE if args.write else None)
    if out:
        units = units_json(model, fig, fig_alone) | {"live": live}
        out.write_text(json.dumps(units, indent=2) + "\n", encoding="utf-8")
        print(f"per-player units written to {out}")


def _live(out: Path | None, *, quick: bool = False) -> dict[str, object]:
    """Live play's part of the report (bench/scale/live.py), printed; written into `out` beside what is
    there (the trace's other parts kept). `quick` (a tiny day's): a race of two and a small session."""
    from bench.scale.live import report

    lines, data = report(quick=quick)
    for line in lines:
        print(line)
    if out is not None:
        kept = json.loads(out.read_text(encoding="utf-8")) if out.exists() else {}
        out.write_text(json.dumps(kept | {"live": data}, indent=2) + "\n", encoding="utf-8")
        print(f"live play's units written to {out}")
    return data


def _before(checkout: Path, args: argparse.Namespace) -> dict[str, Any]:
    """The code before's per-player units: its own `bench scale` (its app, its store, its model) on the
    same scripted day's size, run from `checkout` with this interpreter; its report left unprinted."""
    with tempfile.TemporaryDirectory() as tmp:
        out = Path(tmp) / "before.json"
        command = [sys.executable, "-m", "bench", "scale", "--players", str(args.players), "--endless",
                   str(args.endless), "--viewers", str(args.viewers), "--out", str(out)]
        done = subprocess.run(command, cwd=checkout, capture_output=True, text=True, check=False)
        if done.returncode != 0 or not out.exists():
            raise SystemExit(f"the code before's scale run failed in {checkout}:\n{done.stderr[-3000:]}")
        found: dict[str, Any] = json.loads(out.read_text(encoding="utf-8"))
        return found
