"""The limits a day of 10 million and of 100 million daily players needs, sized from the scale model.

    python infra/limits.py                  the table, as in infra/README.md, "Limits"
    python infra/limits.py --update-readme  put it into infra/README.md (between its markers)

`python -m bench scale --write` puts, for each scale it models, the worst window's (the peak hour's
or the midnight burst's) API requests a second, concurrent Lambdas, and the table's and each index's
write and read units a second into infra/scale_trace.json ("limits"). Each limit asked for is that
need and a fifth more, rounded up to two significant figures, and never below AWS's default: the
HTTP API's throttle (the account's quota per region, and the stage's ApiRateLimit / ApiBurstLimit,
which can't exceed it), Lambda's concurrent executions, DynamoDB's table-level throughput for an
on-demand table (it applies to the table and to each index), and the warm throughput to set on the
table and each index before a launch (on demand scales to double a previous peak in about half an
hour; warm throughput is what it can take at once). tests/test_infra_limits.py checks that
infra/README.md shows exactly what this prints, and that the template's defaults hold 10 M.
"""

from __future__ import annotations

import argparse
import json
import math
import re
import sys
from dataclasses import dataclass
from pathlib import Path

HERE = Path(__file__).resolve().parent
TRACE = HERE / "scale_trace.json"
README = HERE / "README.md"
BEGIN, END = "<!-- limits:begin -->", "<!-- limits:end -->"
SCALES = (10_000_000, 100_000_000)
HEADROOM = 1.2  # a fifth above the model's worst window

# AWS's defaults (per account and region; each can be raised through Service Quotas).
API_RATE_QUOTA = 10_000  # HTTP API requests a second, all APIs of the account
API_BURST_QUOTA = 5_000
LAMBDA_QUOTA = 1_000  # concurrent executions, all functions of the account
TABLE_QUOTA = 40_000  # read and write request units a second, an on-demand table or any of its indexes


@dataclass(frozen=True)
class Need:
    """What the model says `players` daily players need, in the worst window."""

    players: int
    requests: float
    lambdas: float
    throughput: dict[str, tuple[float, float]]  # target (table, GSI1, ...) -> (WCU/s, RCU/s)


def needs(path: Path = TRACE) -> list[Need]:
    """The model's needs at each of SCALES, from infra/scale_trace.json."""
    written = json.loads(path.read_text(encoding="utf-8"))
    by_players = {row["players"]: row for row in written.get("limits", [])}
    missing = [n for n in SCALES if n not in by_players]
    if missing:
        raise ValueError(f"{path.name} has no limits for {missing}: run python -m bench scale --write")
    out = []
    for n in SCALES:
        row = by_players[n]
        throughput = {k: (float(v["wcu"]), float(v["rcu"])) for k, v in row["throughput"].items()}
        out.append(Need(n, float(row["requests_per_second"]), float(row["concurrent_lambdas"]), throughput))
    return out


def asked(need: float, default: int = 0) -> int:
    """The limit to ask for: `need` and a fifth more, rounded up to two significant figures, never
    below `default`.

    >>> asked(8203), asked(8203, 10_000), asked(81943), asked(0.4)
    (9900, 10000, 99000, 1)
    """
    want = need * HEADROOM
    if want <= 0:
        return default
    step = 10 ** max(0, math.floor(math.log10(want)) - 1)
    return max(default, math.ceil(want / step) * step)


def api_throttle(need: Need) -> tuple[int, int]:
    """(ApiRateLimit, ApiBurstLimit) for `need`: the rate asked for, and half of it as the burst (the
    proportion of AWS's defaults)."""
    rate = asked(need.requests, API_RATE_QUOTA)
    return rate, max(API_BURST_QUOTA, rate // 2)


def _n(x: float) -> str:
    return f"{x:,.0f}"


def _scale(n: int) -> str:
    return f"{n // 1_000_000} M"


def table(path: Path = TRACE) -> str:
    """The Markdown table of infra/README.md, "Limits"."""
    rows = needs(path)
    head = ["What", *(_scale(r.players) for r in rows), "AWS's default"]
    lines = ["| " + " | ".join(head) + " |", "| --- |" + " ---: |" * (len(head) - 1)]

    def row(what: str, cells: list[str], default: str) -> None:
        lines.append("| " + " | ".join([what, *cells, default]) + " |")

    row("API requests a second (the model's worst window)", [_n(r.requests) for r in rows], "")
    throttles = [" / ".join(_n(x) for x in api_throttle(r)) for r in rows]
    row("HTTP API throttle quota, per account and region (rate / burst)", throttles,
        f"{_n(API_RATE_QUOTA)} / {_n(API_BURST_QUOTA)}")
    row("`ApiRateLimit` / `ApiBurstLimit` (at most the quota)", throttles, "")
    row("concurrent Lambdas (the model's worst window)", [_n(r.lambdas) for r in rows], "")
    row("Lambda concurrent executions quota, per account and region",
        [_n(asked(r.lambdas, LAMBDA_QUOTA)) for r in rows], _n(LAMBDA_QUOTA))
    targets = sorted({t for r in rows for t in r.throughput}, key=lambda t: (t != "table", t))
    row("DynamoDB table-level throughput quota, per table or index (RRU/s, WRU/s)",
        [_n(asked(max(max(w, rd) for w, rd in r.throughput.values()), TABLE_QUOTA)) for r in rows],
        _n(TABLE_QUOTA))
    for target in targets:
        cells = []
        for r in rows:
            wcu, rcu = r.throughput.get(target, (0.0, 0.0))
            cells.append(f"{_n(asked(rcu))} read, {_n(asked(wcu))} write")
        row(f"warm throughput, {'the table' if target == 'table' else target} (units a second)", cells, "")
    return "\n".join(lines)


def readme_throttle(players: int, text: str | None = None) -> int | None:
    """The ApiRateLimit infra/README.md's table names for `players` (None when it names none)."""
    text = text if text is not None else README.read_text(encoding="utf-8")
    block = text.partition(BEGIN)[2].partition(END)[0]
    lines = [line for line in block.splitlines() if line.startswith("| ")]
    head = next((line for line in lines if line.startswith("| What |")), None)
    row = next((line for line in lines if line.startswith("| `ApiRateLimit` /")), None)
    if head is None or row is None:
        return None
    names = [cell.strip() for cell in head.strip("|").split("|")]
    cells = [cell.strip() for cell in row.strip("|").split("|")]
    if _scale(players) not in names:
        return None
    rate = cells[names.index(_scale(players))].split("/")[0]
    return int(rate.replace(",", "").strip())


def readme_with(text: str, block: str) -> str:
    """`text` (infra/README.md) with `block` between the markers."""
    pattern = re.compile(re.escape(BEGIN) + r".*?" + re.escape(END), re.S)
    if not pattern.search(text):
        raise ValueError(f"infra/README.md has no {BEGIN} … {END} markers")
    return pattern.sub(lambda _: f"{BEGIN}\n{block}\n{END}", text)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python infra/limits.py", description=__doc__.split("\n\n")[0])
    parser.add_argument("--update-readme", action="store_true", help="write the table into infra/README.md")
    args = parser.parse_args(argv)
    try:
        block = table()
    except (OSError, ValueError) as exc:
        print(f"limits: {exc}", file=sys.stderr)
        return 1
    if args.update_readme:
        README.write_text(readme_with(README.read_text(encoding="utf-8"), block), encoding="utf-8")
        print("infra/README.md: the limits table updated")
    else:
        print(block)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
