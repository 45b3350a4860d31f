"""Puzzle Book's monthly AWS bill at 1 thousand, 100 thousand and 10 million daily players.

    python infra/costs.py                  the table and the arithmetic, as in infra/README.md
    python infra/costs.py --update-readme  put them into infra/README.md (between its markers)
    python infra/costs.py --measure DIR    page, shard and asset sizes of a built site (gzip)

The prices are AWS's published on-demand prices for us-east-1 (CloudFront at its
North America / Europe rate), with the always-free allowances applied. What a
player's day costs the API and the table (API requests, Lambda time, DynamoDB
read and write units, stored bytes) is measured: `python -m bench scale` traces
the real app over moto for a scripted day and writes those units, at each scale
it models, into infra/scale_trace.json, which this reads (`traced`). The rest
(pages, files, the CDN) are assumptions, stated below, with the byte sizes
measured from a build (--measure). tests/test_infra_costs.py checks
infra/README.md shows exactly what this prints.
"""

from __future__ import annotations

import argparse
import gzip
import json
import re
import sys
from dataclasses import dataclass
from pathlib import Path

DAYS = 30  # a month

# ------------------------------------------------------------- prices (USD)
PRICES = {
    "cloudfront_gb_tiers": [(10_240, 0.085), (40_960, 0.080), (102_400, 0.060), (358_400, 0.040),
                            (536_576, 0.030), (float("inf"), 0.025)],  # GB in the tier, $/GB
    "cloudfront_per_10k_https": 0.0100,
    "cloudfront_free_gb": 1_024,
    "cloudfront_free_requests": 10_000_000,
    "cloudfront_functions_per_million": 0.10,
    "cloudfront_functions_free": 2_000_000,
    "http_api_per_million": 1.00,  # first 300 million a month
    "http_api_per_million_after_300m": 0.90,
    "lambda_arm_gb_second": 0.0000133334,
    "lambda_per_million": 0.20,
    "lambda_free_requests": 1_000_000,
    "lambda_free_gb_seconds": 400_000,
    "dynamodb_per_million_wru": 0.625,
    "dynamodb_per_million_rru": 0.125,
    "dynamodb_gb_month": 0.25,
    "dynamodb_free_gb": 25,
    "dynamodb_pitr_gb_month": 0.20,
    "s3_gb_month": 0.023,
    "s3_per_1k_get": 0.0004,
    "logs_ingest_gb": 0.50,
    "kms_per_10k": 0.03,
    "kms_free_requests": 20_000,
    # API Gateway's WebSocket APIs (the live rooms), us-east-1, from https://aws.amazon.com/api-gateway/pricing/
    # ("WebSocket APIs"): messages both ways, each metered in 32 KB steps (the largest of ours, a race's
    # puzzles, is 9 KB: one), and connection minutes.
    "websocket_per_million_messages": 1.00,  # the first billion a month
    "websocket_per_million_messages_after_1b": 0.80,
    "websocket_per_million_connection_minutes": 0.25,
}


# ----------------------------------------------- one daily player, one day
@dataclass(frozen=True)
class PlayerDay:
    page_views: int = 3  # home, a game page, one more (each an HTML request, revalidated)
    page_kb: float = 4.0  # gzip; measured mean 2.2 KB over the 14 pages (2026-11-30); kept high for growth
    cold_cache_share: float = 0.2  # share of player-days that fetch the static files afresh
    static_requests: int = 30  # files a cold page load fetches under /static/<hash>/
    static_kb: float = 120.0  # gzip; measured: all of static/<hash>/ is 0.12 MB
    shard_fetches: int = 4  # Endless and dailies: a few shards a day
    shard_kb: float = 12.0  # gzip; measured mean 11.6 KB (31 KB raw)
    small_requests: int = 5  # shards/index.json, daily files, daily/index.json, sw.js
    dated_requests: int = 2  # of them the daily files, where the release function runs too
    small_kb: float = 2.0  # daily files 0.1 KB, shards/index.json 3 KB, sw.js
    api_kb: float = 2.0
    lambda_gb: float = 0.5  # MemorySize 512
    log_bytes_per_invoke: int = 400  # Lambda's START/END/REPORT lines and one access line
    cold_start_share: float = 0.001  # API requests that start a new Lambda (one KMS decrypt each)
    origin_miss_share: float = 0.05  # CloudFront requests for files that go to S3


PLAYER = PlayerDay()


# ------------------------------------- one daily player, one day: measured
@dataclass(frozen=True)
class Traced:
    """A daily player's day on the API and the table, as `python -m bench scale` measured it on the
    code as it is: API requests, mean Lambda ms billed a request, DynamoDB read and write request
    units, and KB of items added (index copies included, expiring items not)."""

    api_requests: float
    lambda_ms: float
    rru: float
    wru: float
    stored_kb: float


TRACE = Path(__file__).resolve().parent / "scale_trace.json"


def traced(players: int, path: Path = TRACE) -> Traced:
    """The measured day at `players` daily players: linear between the scales the trace was
    multiplied out to (a player's place is counted, so the reads grow with the boards, which grow with
    the players), the nearest one's outside them."""
    measured = json.loads(path.read_text(encoding="utf-8"))["per_player_day"]
    points = sorted(measured, key=lambda p: p["players"])
    fields = Traced.__dataclass_fields__
    low = max((p for p in points if p["players"] <= players), default=points[0], key=lambda p: p["players"])
    high = min((p for p in points if p["players"] >= players), default=points[-1], key=lambda p: p["players"])
    if high["players"] == low["players"]:
        return Traced(**{k: float(low[k]) for k in fields})
    t = (players - low["players"]) / (high["players"] - low["players"])
    return Traced(**{k: low[k] + t * (high[k] - low[k]) for k in fields})
SCALES = [("1 thousand", 1_000), ("100 thousand", 100_000), ("10 million", 10_000_000)]
STORAGE_MONTHS = 12  # DynamoDB storage is shown after a year of play (every solve is kept)


def _tiered(gb: float) -> float:
    cost, left = 0.0, gb
    for size, price in PRICES["cloudfront_gb_tiers"]:
        take = min(left, size)
        cost += take * price
        left -= take
        if left <= 0:
            break
    return cost


@dataclass(frozen=True)
class Line:
    service: str
    working: str
    dollars: float


def _n(x: float) -> str:
    """A count in words a reader can check: 0.9 M, 3.60 B, 1.25 T."""
    if x >= 1e12:
        return f"{x / 1e12:,.2f} T"
    if x >= 1e9:
        return f"{x / 1e9:,.2f} B"
    if x >= 1e5:
        return f"{x / 1e6:,.1f} M"
    return f"{x:,.0f}"


def _gb(x: float) -> str:
    return f"{x:,.1f} GB" if x < 100 else f"{x:,.0f} GB"


def month(players: int, p: PlayerDay = PLAYER, t: Traced | None = None) -> list[Line]:
    """Each service's monthly cost for `players` daily players, with its arithmetic; `t`: the API's
    and the table's units of a player's day (default: the trace's at `players`)."""
    t = t or traced(players)
    pr = PRICES
    pd = players * DAYS
    per_day_requests = (p.page_views + p.cold_cache_share * p.static_requests + p.shard_fetches
                        + p.small_requests + t.api_requests)
    per_day_kb = (p.page_views * p.page_kb + p.cold_cache_share * p.static_kb + p.shard_fetches * p.shard_kb
                  + p.small_requests * p.small_kb + t.api_requests * p.api_kb)
    cf_requests = pd * per_day_requests
    cf_gb = pd * per_day_kb / 1_048_576
    billable_gb = max(0.0, cf_gb - pr["cloudfront_free_gb"])
    billable_req = max(0.0, cf_requests - pr["cloudfront_free_requests"])
    fn_calls = pd * (p.page_views + p.dated_requests)  # the page-path function, the release function
    fn_billable = max(0.0, fn_calls - pr["cloudfront_functions_free"])
    cf_data, cf_req = _tiered(billable_gb), billable_req / 10_000 * pr["cloudfront_per_10k_https"]
    cf_fn = fn_billable / 1e6 * pr["cloudfront_functions_per_million"]

    api = pd * t.api_requests
    first = min(api, 300e6)
    http_api = (first / 1e6 * pr["http_api_per_million"]
                + (api - first) / 1e6 * pr["http_api_per_million_after_300m"])

    gb_s = api * t.lambda_ms / 1000 * p.lambda_gb
    billable_inv = max(0.0, api - pr["lambda_free_requests"])
    billable_gb_s = max(0.0, gb_s - pr["lambda_free_gb_seconds"])
    lam_req = billable_inv / 1e6 * pr["lambda_per_million"]
    lam_gb_s = billable_gb_s * pr["lambda_arm_gb_second"]

    rru, wru = pd * t.rru, pd * t.wru
    stored_gb = players * 365 / 12 * STORAGE_MONTHS * t.stored_kb / 1_048_576
    billable_store = max(0.0, stored_gb - pr["dynamodb_free_gb"])
    d_r = rru / 1e6 * pr["dynamodb_per_million_rru"]
    d_w = wru / 1e6 * pr["dynamodb_per_million_wru"]
    d_s = billable_store * pr["dynamodb_gb_month"]
    d_p = stored_gb * pr["dynamodb_pitr_gb_month"]

    origin_gets = (cf_requests - api) * p.origin_miss_share
    s3_get = origin_gets / 1000 * pr["s3_per_1k_get"]
    s3_store = 0.1 * pr["s3_gb_month"]

    logs_gb = api * p.log_bytes_per_invoke / 1_073_741_824
    decrypts = api * p.cold_start_share
    kms = max(0.0, decrypts - pr["kms_free_requests"]) / 10_000 * pr["kms_per_10k"]

    return [
        Line("CloudFront",
             f"{_n(pd)} × {per_day_requests:.1f} = {_n(cf_requests)} requests, less 10 M free, × $0.0100/10k "
             f"= ${cf_req:,.2f}; {_n(pd)} × {per_day_kb:.1f} KB = {_gb(cf_gb)}, less 1,024 GB free, "
             f"at $0.085/GB (first 10 TB, then less) = ${cf_data:,.2f}; {_n(fn_calls)} function runs, "
             f"less 2 M free, × $0.10/M = ${cf_fn:,.2f}",
             cf_data + cf_req + cf_fn),
        Line("HTTP API",
             f"{_n(pd)} × {t.api_requests:.1f} = {_n(api)} requests × $1.00/M (past 300 M: $0.90/M)",
             http_api),
        Line("Lambda (arm64)",
             f"{_n(api)} invocations, less 1 M free, × $0.20/M = ${lam_req:,.2f}; "
             f"{_n(api)} × {t.lambda_ms:.1f} ms × {p.lambda_gb:g} GB = {gb_s:,.0f} GB-s, less 400,000 free, "
             f"× $0.0000133334 = ${lam_gb_s:,.2f}",
             lam_req + lam_gb_s),
        Line("DynamoDB",
             f"{_n(pd)} × {t.rru:,.1f} = {_n(rru)} RRU × $0.125/M = ${d_r:,.2f}; "
             f"{_n(pd)} × {t.wru:,.1f} = {_n(wru)} WRU × $0.625/M = ${d_w:,.2f}; "
             f"a year's items {_gb(stored_gb)} (less 25 GB free) × $0.25 = ${d_s:,.2f}; "
             f"PITR {_gb(stored_gb)} × $0.20 = ${d_p:,.2f}",
             d_r + d_w + d_s + d_p),
        Line("S3",
             f"{_n(origin_gets)} GETs from CloudFront ({p.origin_miss_share:.0%} of file requests) "
             f"× $0.0004/1k "
             f"= ${s3_get:,.2f}; 0.1 GB × $0.023 = ${s3_store:,.2f}",
             s3_get + s3_store),
        Line("CloudWatch Logs",
             f"{_n(api)} invocations × {p.log_bytes_per_invoke} B = {_gb(logs_gb)} × $0.50/GB",
             logs_gb * pr["logs_ingest_gb"]),
        Line("KMS",
             f"{_n(decrypts)} cold starts decrypt the site key, less 20,000 free, × $0.03/10k",
             kms),
    ]


@dataclass(frozen=True)
class LiveTraced:
    """A day of live play (races and live classes) at `players` daily players, as `python -m bench scale
    --live` measured and multiplied it out (bench/scale/live.py): messages both ways, connection minutes,
    the Lambda's invocations and billed ms in all, DynamoDB read and write request units, and the bytes
    of log the live function writes (only its warnings: infra/template.yaml's LoggingConfig; None, a
    trace made before it: PlayerDay's bytes an invocation, Lambda's own lines among them)."""

    players: float
    messages: float
    connection_minutes: float
    invocations: float
    lambda_ms: float
    rru: float
    wru: float
    log_bytes: float | None = None


def live_traced(players: int, path: Path = TRACE) -> LiveTraced:
    """The live day at `players` as the trace holds it (linear between its scales, the nearest outside)."""
    live = json.loads(path.read_text(encoding="utf-8"))["live"]
    points = sorted(live["per_day"], key=lambda p: p["players"])
    fields = [k for k in LiveTraced.__dataclass_fields__ if all(k in p for p in points)]
    low = max((p for p in points if p["players"] <= players), default=points[0], key=lambda p: p["players"])
    high = min((p for p in points if p["players"] >= players), default=points[-1], key=lambda p: p["players"])
    if high["players"] == low["players"]:
        return LiveTraced(**{k: float(low[k]) * players / low["players"] if k != "players" else float(players)
                             for k in fields})
    s = (players - low["players"]) / (high["players"] - low["players"])
    return LiveTraced(**{k: low[k] + s * (high[k] - low[k]) for k in fields})


def live_month(t: LiveTraced, p: PlayerDay = PLAYER) -> list[Line]:
    """Live play's monthly cost: the WebSocket API, its Lambda, its DynamoDB units, its logs (the free
    tiers left to the rest of the site, which uses them)."""
    pr = PRICES
    messages, minutes = t.messages * DAYS, t.connection_minutes * DAYS
    first = min(messages, 1e9)
    ws = (first / 1e6 * pr["websocket_per_million_messages"]
          + (messages - first) / 1e6 * pr["websocket_per_million_messages_after_1b"]
          + minutes / 1e6 * pr["websocket_per_million_connection_minutes"])
    invocations, gb_s = t.invocations * DAYS, t.lambda_ms * DAYS / 1000 * p.lambda_gb
    lam = invocations / 1e6 * pr["lambda_per_million"] + gb_s * pr["lambda_arm_gb_second"]
    rru, wru = t.rru * DAYS, t.wru * DAYS
    ddb = rru / 1e6 * pr["dynamodb_per_million_rru"] + wru / 1e6 * pr["dynamodb_per_million_wru"]
    if t.log_bytes is None:
        logs = invocations * p.log_bytes_per_invoke / 1_073_741_824
        logged = f"{_n(invocations)} invocations × {p.log_bytes_per_invoke} B × $0.50/GB"
    else:
        logs = t.log_bytes * DAYS / 1_073_741_824
        logged = f"{_gb(logs)} of warnings (no START/END/REPORT lines: SystemLogLevel WARN) × $0.50/GB"
    return [
        Line("WebSocket API",
             f"{_n(messages)} messages × $1.00/M (past 1 B: $0.80/M) + {_n(minutes)} connection minutes "
             "× $0.25/M", ws),
        Line("Lambda (live)",
             f"{_n(invocations)} invocations × $0.20/M + {gb_s:,.0f} GB-s × $0.0000133334", lam),
        Line("DynamoDB (live)",
             f"{_n(rru)} RRU × $0.125/M + {_n(wru)} WRU × $0.625/M", ddb),
        Line("CloudWatch Logs (live)",
             logged, logs * pr["logs_ingest_gb"]),
    ]


def live_table() -> str:
    """Live play's cost a month at each scale, and its share of the whole bill, in Markdown."""
    rows = ["| Live play | " + " | ".join(f"{label} a day" for label, _ in SCALES) + " |",
            "| --- | " + " | ".join("---:" for _ in SCALES) + " |"]
    months = {label: live_month(live_traced(n)) for label, n in SCALES}
    for i, line in enumerate(months[SCALES[0][0]]):
        cells = " | ".join(_money(months[label][i].dollars) for label, _ in SCALES)
        rows.append(f"| {line.service} | {cells} |")
    totals = [sum(line.dollars for line in months[label]) for label, _ in SCALES]
    bills = [sum(line.dollars for line in month(n)) for _, n in SCALES]
    rows.append("| **Live play a month** | " + " | ".join(f"**{_money(x)}**" for x in totals) + " |")
    shares = " | ".join(f"{x / (x + b):.0%} of {_money(x + b)}" for x, b in zip(totals, bills, strict=True))
    rows.append(f"| its share of the whole bill | {shares} |")
    return "\n".join(rows)


def _money(x: float) -> str:
    return f"${x:,.2f}" if x < 100 else f"${x:,.0f}"


def table() -> str:
    """The cost table in Markdown: one row per service, one column per scale, and the total."""
    months = {label: month(n) for label, n in SCALES}
    services = [line.service for line in months[SCALES[0][0]]]
    rows = ["| Service | " + " | ".join(f"{label} a day" for label, _ in SCALES) + " |",
            "| --- | " + " | ".join("---:" for _ in SCALES) + " |"]
    for i, service in enumerate(services):
        cells = " | ".join(_money(months[label][i].dollars) for label, _ in SCALES)
        rows.append(f"| {service} | {cells} |")
    totals = [sum(line.dollars for line in months[label]) for label, _ in SCALES]
    rows.append("| **Total a month** | " + " | ".join(f"**{_money(t)}**" for t in totals) + " |")
    return "\n".join(rows)


def working() -> str:
    """The arithmetic behind each cell, per scale, in Markdown."""
    out = []
    for label, n in SCALES:
        out.append(f"- **{label} players a day** ({n * DAYS:,} player-days a month):")
        for line in month(n):
            out.append(f"  - {line.service}: {line.working}. **{_money(line.dollars)}**")
    return "\n".join(out)


def day() -> str:
    """A daily player's day on the API and the table, as infra/scale_trace.json has it, in words:
    the README's sentence, so its figures are the trace's."""
    first, last = traced(SCALES[0][1]), traced(SCALES[-1][1])
    scale = ("the same at every scale" if first == last else
             "at a thousand players a day; they change with the players (the working below has each scale's)")
    return (f"On today's code that is about {first.api_requests:.1f} API calls ({PLAYER.api_kb:g} KB each, "
            f"{PLAYER.lambda_gb * 1024:.0f} MB) billed {first.lambda_ms:.0f} ms each, {first.wru:.1f} write "
            f"request units, {first.rru:.1f} read request units and {first.stored_kb:.1f} KB of new items "
            "(index copies included; storage is priced after a **year** of play since every solve is "
            f"kept): {scale}.")


README = Path(__file__).resolve().parent / "README.md"
MARKERS = {"day": day, "costs": table, "working": working, "live": live_table}


def readme_sections(text: str) -> dict[str, str]:
    """The generated sections of the README, by marker name (day, costs, working)."""
    found = {}
    for name in MARKERS:
        match = re.search(rf"<!-- {name}:begin -->\n(.*?)<!-- {name}:end -->", text, flags=re.S)
        if match is None:
            raise ValueError(f"infra/README.md lacks the <!-- {name}:begin/end --> markers")
        found[name] = match.group(1).strip()
    return found


def update_readme(path: Path = README) -> bool:
    """Rewrite the generated sections of `path`; True when anything changed."""
    text = path.read_text(encoding="utf-8")
    readme_sections(text)  # every marker must be there
    new = text
    for name, make in MARKERS.items():
        new = re.sub(rf"(<!-- {name}:begin -->\n).*?(<!-- {name}:end -->)",
                     lambda m, make=make: m.group(1) + make() + "\n" + m.group(2), new, flags=re.S)
    if new != text:
        path.write_text(new, encoding="utf-8")
    return new != text


def measure(dist: Path) -> dict[str, tuple[int, float]]:
    """Files and mean gzip KB per kind in a built site: page, static, shard, daily, other."""
    kinds: dict[str, list[int]] = {}
    for path in Path(dist).rglob("*"):
        if not path.is_file():
            continue
        rel = path.relative_to(dist).as_posix()
        top = rel.split("/")[0]
        if rel.endswith(".html"):
            kind = "page"
        elif top == "static":
            kind = "static"
        elif top == "shards" and rel != "shards/index.json":
            kind = "shard"
        elif top == "daily":
            kind = "daily"
        else:
            kind = "other"
        kinds.setdefault(kind, []).append(len(gzip.compress(path.read_bytes(), 6)))
    return {k: (len(v), sum(v) / len(v) / 1024) for k, v in sorted(kinds.items())}


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--measure", type=Path, metavar="DIST", help="sizes of a built site instead")
    parser.add_argument("--update-readme", action="store_true", help="rewrite the figures in infra/README.md")
    args = parser.parse_args(argv)
    if args.update_readme:
        print("infra/README.md updated" if update_readme() else "infra/README.md already up to date")
        return 0
    if args.measure:
        if not args.measure.is_dir():
            print(f"{args.measure} is not a folder: build the site first", file=sys.stderr)
            return 2
        for kind, (count, kb) in measure(args.measure).items():
            total = count * kb / 1024
            print(f"{kind:<7} {count:>6} files, mean {kb:7.1f} KB gzip, total {total:8.2f} MB gzip")
        return 0
    print(table())
    print()
    print(working())
    return 0


if __name__ == "__main__":
    sys.exit(main())
