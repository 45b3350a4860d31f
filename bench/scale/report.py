"""What `python -m bench scale` prints: the assumptions, the scripted day as measured, every shared key
at each scale in both windows, the hottest ones against their limits, Lambda's concurrency, the
API's throttle, the month's cost (infra/costs.py's prices), and the goals, each met or NOT met.
Also the per-player units infra/costs.py reads (`units_json`)."""

from __future__ import annotations

import importlib.util
import sys
from collections import defaultdict
from dataclasses import asdict, dataclass
from pathlib import Path
from types import ModuleType
from typing import Any

from bench.scale.model import (
    WINDOW_NAMES,
    WINDOWS,
    Load,
    Model,
    PlayerDayUnits,
    RequestKind,
    _count,
    per_player,
)

ROOT = Path(__file__).resolve().parents[2]
COST_SCALES = (1_000, 100_000)  # infra/costs.py's table also shows these (and 10 M)
GOAL_SHARES = {10_000_000: 0.5, 100_000_000: 1.0}  # at this many players, no shared key above this share


def _infra_module(name: str) -> ModuleType:
    """infra/<name>.py (a script, not a package), loaded by path."""
    spec = importlib.util.spec_from_file_location(f"infra_{name}", ROOT / "infra" / f"{name}.py")
    assert spec and spec.loader
    module = importlib.util.module_from_spec(spec)
    sys.modules[f"infra_{name}"] = module  # dataclasses look their module up by name
    spec.loader.exec_module(module)
    return module


def costs_module() -> ModuleType:
    """infra/costs.py."""
    return _infra_module("costs")


def raised_throttle(players: int) -> float | None:
    """The ApiRateLimit infra/README.md, "Limits", names for `players` past what the template's default
    holds (the account's quota raised first), or None."""
    found = _infra_module("limits").readme_throttle(players)
    return float(found) if found is not None else None


def api_throttle() -> tuple[float, float]:
    """The HTTP API's throttle as the template sets it: (steady rate, burst), from its parameters'
    defaults."""
    from ops.template import load_template

    params = load_template()["Parameters"]
    return float(params["ApiRateLimit"]["Default"]), float(params["ApiBurstLimit"]["Default"])


@dataclass
class Figures:
    """Everything the report prints, computed once: per (players, window) the load of every
    (target, key class), the Lambda concurrency and the request rate; the per-player-day units at
    each scale; the hottest per-player key."""

    loads: dict[tuple[int, str], dict[tuple[str, str], Load]]
    partitions: dict[tuple[int, str], dict[tuple[str, str], Load]]  # what one key value of each takes
    concurrency: dict[tuple[int, str], float]
    timed_out: dict[tuple[int, str], float]
    requests: dict[tuple[int, str], float]
    units: list[PlayerDayUnits]
    hottest_player_key: tuple[tuple[str, str], Load]


def figures(m: Model) -> Figures:
    """The model's figures at every scale and window."""
    cells = [(n, w) for n in m.a.scales for w in WINDOWS]
    loads = {c: m.loads(*c) for c in cells}
    return Figures(
        loads=loads,
        partitions={c: m.per_partition(loads[c], c[0]) for c in cells},
        concurrency={c: m.concurrency(*c) for c in cells},
        timed_out={c: m.timed_out(*c) for c in cells},
        requests={c: m.request_rate(*c) for c in cells},
        units=[m.player_day(n) for n in sorted({*COST_SCALES, *m.a.scales})],
        hottest_player_key=m.hottest_per_player(),
    )


# ---------------------------------------------------------------- formatting


def _n(x: float) -> str:
    """A rate in few characters: 0.42, 3.1, 512, 2.2k, 1.1M, 5.1G."""
    if x >= 1e9:
        return f"{x / 1e9:.1f}G"
    if x >= 1e6:
        return f"{x / 1e6:.1f}M"
    if x >= 1e4:
        return f"{x / 1e3:.0f}k"
    if x >= 1e3:
        return f"{x / 1e3:.1f}k"
    if x >= 10:
        return f"{x:.0f}"
    return f"{x:.2g}" if x else "0"


def _pair(load: Load) -> str:
    return f"{_n(load.wcu)} / {_n(load.rcu)}"


def _key(target: str, klass: str) -> str:
    return f"{target} {klass}" if target != "table" else klass


def _verdict(met: bool) -> str:
    return "met" if met else "NOT met"


def _section(title: str) -> list[str]:
    return ["", title]


def assumptions_lines(m: Model) -> list[str]:
    lines = [*m.a.lines(), f"the API function (infra/template.yaml): {m.spec.memory_mb} MB, so × "
             f"{m.cpu_factor():.2f} the CPU time; Timeout {m.spec.timeout_s:g} s"]
    return _section("The traffic model's assumptions:") + [f"  {i}. {line}" for i, line in
                                                            enumerate(lines, start=1)]


def day_lines(m: Model) -> list[str]:
    """The scripted day as measured, session by session (its boards are tiny: these are not the
    figures at scale)."""
    day, kinds = m.day, m.kinds
    calls = sum(len(r.calls) for r in day.requests)
    out = _section(
        f"The scripted day (today's code, recorded): {day.players - 1} players (and a warm-up one), "
        f"{len(day.requests):,} requests, {calls:,} AWS calls. A session, as measured on its tiny boards:"
    )
    out.append(f"  {'session':<22} {'runs':>4} {'requests':>8} {'WCU':>7} {'RCU':>7}  CPU ms a request")
    by_session: dict[str, list[RequestKind]] = defaultdict(list)
    for kind in kinds:
        by_session[kind.session].append(kind)
    for session, group in by_session.items():
        requests = sum(k.per_session for k in group)
        wcu = sum(k.per_session * sum(k.wcu.values()) for k in group)
        rcu = sum(k.per_session * sum(k.rcu.values()) for k in group)
        cpu = sum(k.per_session * k.app_seconds for k in group) / requests * 1000
        sized = "  (+ board reads, sized at scale)" if any(k.sized for k in group) else ""
        out.append(f"  {session:<22} {day.sessions[session]:>4} {requests:>8.1f} {wcu:>7.1f} {rcu:>7.1f}  "
                   f"{cpu:.1f}{sized}")
    return out


def keys_lines(fig: Figures, m: Model) -> list[str]:
    """Every shared key at each scale in both windows, hottest (at 10 M) first, then the hottest
    per-player key."""
    a = m.a
    every = {key for cell in fig.partitions.values() for key in cell}
    shared = [k for k in every if not per_player(k[1])]
    middle = a.scales[len(a.scales) // 2]

    def worst(key: tuple[str, str], n: int) -> float:
        return max(m.share_of_limit(key[0], fig.partitions[(n, w)].get(key, Load())) for w in WINDOWS)

    shared.sort(key=lambda k: -worst(k, middle))
    heads = [f"{_count(n)} {w}" for n in a.scales for w in WINDOWS]
    out = _section("Shared keys (one partition key value each: of a board's shards, #s<nn>, one shard; "
                   "#s<sample>, its sample shard), WCU/s / RCU/s (S3: PUT/s / GET/s), "
                   f"and the worst window against its limit at {_count(middle)}:")
    out.append(f"  {'key':<44}" + "".join(f"{h:>15}" for h in heads) + f"   ×limit at {_count(middle)}")
    for key in shared:
        cells = "".join(f"{_pair(fig.partitions[(n, w)].get(key, Load())):>15}"
                        for n in a.scales for w in WINDOWS)
        out.append(f"  {_key(*key):<44}{cells}   ×{worst(key, middle):,.2f}")
    out.append("  (P#<top player>: the partition of a player in a board's top 100, whose name every view of "
               "the board reads; a player at the top of every board carries all of it)")
    (target, klass), load = fig.hottest_player_key
    out.append(
        f"  the hottest per-player key, {_key(target, klass)}: {_n(load.wcu)} WCU/s / {_n(load.rcu)} RCU/s "
        f"(one player's day in {a.session_seconds // 60} minutes, whatever the players): "
        f"×{m.share_of_limit(target, load):.3f} of its limit"
    )
    return out


def hottest(fig: Figures, n: int, window: str, m: Model) -> tuple[tuple[str, str], Load, float]:
    """The shared key nearest its limit at `n` in `window`: (key, load, share of the limit)."""
    cell = {k: v for k, v in fig.partitions[(n, window)].items() if not per_player(k[1])}
    key = max(cell, key=lambda k: m.share_of_limit(k[0], cell[k]))
    return key, cell[key], m.share_of_limit(key[0], cell[key])


def players_at_limit(m: Model, window: str) -> tuple[float, tuple[str, str]]:
    """The daily players at which the first shared key reaches its partition's limit in `window`,
    and that key (found by halving, on a log scale, between one player and ten billion)."""

    def worst(players: float) -> tuple[float, tuple[str, str]]:
        cell = {k: v for k, v in m.per_partition(m.loads(players, window), players).items()
                if not per_player(k[1])}
        key = max(cell, key=lambda k: m.share_of_limit(k[0], cell[k]))
        return m.share_of_limit(key[0], cell[key]), key

    low, high = 1.0, 1e10
    for _ in range(60):
        middle = (low * high) ** 0.5
        low, high = (middle, high) if worst(middle)[0] < 1 else (low, middle)
    return high, worst(high)[1]


def limits_lines(fig: Figures, m: Model) -> list[str]:
    out = _section("The hottest shared key against its limit:")
    for n in m.a.scales:
        for w in WINDOWS:
            key, load, share = hottest(fig, n, w, m)
            out.append(f"  {_count(n):>6}, {WINDOW_NAMES[w]:<14}: {_key(*key)} at {_n(load.wcu)} WCU/s, "
                       f"{_n(load.rcu)} RCU/s: ×{share:,.2f} of a partition")
    for w in WINDOWS:
        players, key = players_at_limit(m, w)
        out.append(f"  the first shared key to reach its limit in the {WINDOW_NAMES[w]}: {_key(*key)}, "
                   f"at about {players:,.0f} daily players")
    return out


def table_totals(fig: Figures, n: int, window: str) -> dict[str, Load]:
    """The whole table's load and each index's (every key, shared or per player) at `n` in `window`:
    what the table's quotas and warm throughput must hold."""
    total: dict[str, Load] = defaultdict(Load)
    for (target, _), load in fig.loads[(n, window)].items():
        if target != "s3":
            total[target].wcu += load.wcu
            total[target].rcu += load.rcu
    return dict(total)


def throughput_lines(fig: Figures, m: Model) -> list[str]:
    """The table's and each index's WCU/s and RCU/s, the sizes of its quotas and warm throughput
    (infra/README.md, "Limits")."""
    out = _section("The table's throughput, WCU/s / RCU/s, table and each index (its quotas and warm "
                   "throughput, infra/README.md, \"Limits\"):")
    for n in m.a.scales:
        for w in WINDOWS:
            totals = table_totals(fig, n, w)
            parts = ", ".join(f"{target} {_pair(load)}" for target, load in sorted(totals.items()))
            out.append(f"  {_count(n):>6}, {WINDOW_NAMES[w]:<14}: {parts}")
    return out


def lambda_lines(fig: Figures, m: Model) -> list[str]:
    a = m.a
    out = _section(f"Lambda: a request's in-process CPU ms here, and its Lambda ms at each scale in the peak "
                   f"hour ({m.cpu_factor():.2f}× the CPU, {a.call_ms:g} ms a DynamoDB round trip, "
                   f"{a.page_ms:g} ms a 1 MB page; over {m.spec.timeout_s:g} s it is cut off, 504):")
    steps: dict[str, list[RequestKind]] = defaultdict(list)
    for kind in m.api_kinds():
        steps[kind.step].append(kind)
    scales = "".join(f"{_count(n):>10}" for n in a.scales)
    out.append(f"  {'request':<44} {'CPU ms':>7} {'calls':>6}{scales}")
    for step, group in sorted(steps.items()):
        weight = sum(k.per_session for k in group)
        cpu = sum(k.per_session * k.app_seconds for k in group) / weight * 1000
        calls = sum(k.per_session * k.calls for k in group) / weight
        ms = [sum(k.per_session * m.lambda_seconds(k, n, "peak") for k in group) / weight * 1000
              for n in a.scales]
        out.append(f"  {step:<44} {cpu:>7.1f} {calls:>6.1f}" + "".join(f"{m:>10,.0f}" for m in ms))
    for n in a.scales:
        parts = [f"{WINDOW_NAMES[w]} {fig.concurrency[(n, w)]:,.0f}" for w in WINDOWS]
        worst = max(fig.concurrency[(n, w)] for w in WINDOWS)
        cut = max(fig.timed_out[(n, w)] for w in WINDOWS)
        out.append(f"  concurrent Lambdas at {_count(n)}: {', '.join(parts)} (the account's default "
                   f"{a.lambda_limit:,}: ×{worst / a.lambda_limit:.2f}); {cut:.0%} of requests past the "
                   "timeout")
    for n in a.scales:
        job = max(m.snapshot_seconds(n, w) for w in WINDOWS)
        out.append(f"  the snapshot job at {_count(n)}: a round of every live board in about {job:,.1f} s "
                   f"(one execution at a time, a round every {a.snapshot_seconds} s)")
    return out


def throttle_lines(fig: Figures, m: Model) -> list[str]:
    a = m.a
    rate, burst = api_throttle()
    out = _section(f"The API's throttle (infra/template.yaml: ApiRateLimit {rate:g}/s, ApiBurstLimit "
                   f"{burst:g}) against the peak request rate:")
    for n in a.scales:
        parts = [f"{WINDOW_NAMES[w]} {fig.requests[(n, w)]:,.0f}/s" for w in WINDOWS]
        peak = max(fig.requests[(n, w)] for w in WINDOWS)
        out.append(f"  {_count(n):>6}: {', '.join(parts)}; the throttle answers {min(1.0, rate / peak):.1%} "
                   "of the peak, the rest 429")
    return out


def cost_lines(fig: Figures, m: Model) -> list[str]:
    """The month's bill at each scale, infra/costs.py's prices on the measured units."""
    a = m.a
    costs = costs_module()
    out = _section("The month's cost (infra/costs.py's prices; DynamoDB on demand, Lambda, the HTTP API and "
                   "CloudFront from the measured units, the rest as costs.py assumes):")
    units = {u.players: u for u in fig.units}
    for n in a.scales:
        u = units[n]
        lines = costs.month(n, t=costs.Traced(u.api_requests, u.lambda_ms, u.rru, u.wru, u.stored_kb))
        parts = ", ".join(f"{line.service} ${line.dollars:,.0f}" for line in lines)
        total = sum(line.dollars for line in lines)
        out.append(f"  {_count(n):>6}: ${total:,.0f} a month ({parts})")
        out.append(f"          a player-day: {u.api_requests:.1f} API requests at {u.lambda_ms:,.0f} ms, "
                   f"{u.wru:,.1f} WRU, {u.rru:,.1f} RRU, {u.stored_kb:.2f} KB kept")
    return out


def goals(fig: Figures, m: Model) -> list[tuple[str, bool]]:
    """The goals, each with whether it is met."""
    a = m.a
    out = []
    for n, most in GOAL_SHARES.items():
        if n not in a.scales:
            continue
        worst = [hottest(fig, n, w, m) for w in WINDOWS]
        key, _, share = max(worst, key=lambda h: h[2])
        out.append((f"at {_count(n)} no shared key above {most:.0%} of its partition's limit in either "
                    f"window (hottest: {_key(*key)} at ×{share:,.2f} of it)", share <= most))
    default, _ = api_throttle()
    for n in GOAL_SHARES:
        if n in a.scales:
            peak = max(fig.requests[(n, w)] for w in WINDOWS)
            raised = raised_throttle(n) if peak > default else None
            rate = raised or default
            which = (f"raised as infra/README.md's Limits say, {rate:,.0f}/s" if raised
                     else f"the template's, {rate:,.0f}/s")
            out.append((f"at {_count(n)} the API's throttle ({which}) at or above the peak request "
                        f"rate ({peak:,.0f}/s)", rate >= peak))
    return out


def goal_lines(fig: Figures, m: Model, alone: tuple[Model, Figures] | None = None) -> list[str]:
    lines = _section("Goals:") + [f"  {text}: {_verdict(met)}" for text, met in goals(fig, m)]
    if alone is not None:
        lines += [f"  {text}: {_verdict(met)}" for text, met in day_goals(alone[1])]
        lines += [f"  {text}: {_verdict(met)}" for text, met in together_goals(m, fig, *alone)]
    return lines


# ---------------------------------------------------------------- a player-day's units (issue 45)

DAY_WRU, DAY_RRU = 35.0, 20.0  # a player-day's units at most, on today's scripted day (alone)
DAY_AT = 10_000_000


def day_goals(fig_alone: Figures) -> list[tuple[str, bool]]:
    """Issue 45's goal: a player-day at most DAY_WRU write and DAY_RRU read units, on the scripted day
    with every player alone (playing together prints its own figures on top)."""
    n = DAY_AT if any(u.players == DAY_AT for u in fig_alone.units) else fig_alone.units[-1].players
    u = _day_units(fig_alone, n)
    met = u.wru <= DAY_WRU and u.rru <= DAY_RRU
    return [(f"a player-day at {_count(n)} (every player alone) at most {DAY_WRU:g} write units and "
             f"{DAY_RRU:g} read units ({u.wru:.1f} WRU, {u.rru:.1f} RRU)", met)]


def _traced_units(row: dict[str, Any]) -> PlayerDayUnits:
    return PlayerDayUnits(**{k: row[k] for k in ("players", "api_requests", "lambda_ms", "rru", "wru",
                                                   "stored_kb")})


def _month(n: int, u: PlayerDayUnits) -> float:
    costs = costs_module()
    lines = costs.month(n, t=costs.Traced(u.api_requests, u.lambda_ms, u.rru, u.wru, u.stored_kb))
    return float(sum(line.dollars for line in lines))


def beside_lines(fig: Figures, fig_alone: Figures, before: dict[str, Any], where: str) -> list[str]:
    """This code beside the code before (`before`: its `units_json`, from its own scripted day in this
    run): a player-day's units at 10 M, alone and with playing together, and the month at 10 M and
    100 M, each at today's prices (infra/costs.py)."""
    was = {row["players"]: _traced_units(row) for row in before["per_player_day"]}
    was_alone = {row["players"]: _traced_units(row) for row in before.get("without_together", [])}
    out = _section(f"Beside the code before ({where}: its own scripted day, run in this run; the same "
                   "prices):")
    for label, now_fig, then in (("every player alone", fig_alone, was_alone), ("with playing together", fig,
                                                                                  was)):
        for n in (DAY_AT, 100_000_000):
            if n not in then or not any(u.players == n for u in now_fig.units):
                continue
            now, old = _day_units(now_fig, n), then[n]
            cost, was_cost = _month(n, now), _month(n, old)
            out.append(f"  {label}, {_count(n)}: a player-day {now.wru:.1f} WRU and {now.rru:.1f} RRU, "
                       f"before {old.wru:.1f} and {old.rru:.1f} ({now.wru / old.wru - 1:+.0%}, "
                       f"{now.rru / old.rru - 1:+.0%}); {now.api_requests:.2f} API requests at "
                       f"{now.lambda_ms:.0f} ms (before {old.api_requests:.2f} at {old.lambda_ms:.0f} ms); "
                       f"the month ${cost:,.0f}, before ${was_cost:,.0f} ({cost / was_cost - 1:+.1%})")
    return out


# ---------------------------------------------------------------- playing together

UNITS_UP = 0.25  # a player-day's units (reads and writes) up at most this with playing together
TOGETHER_AT = 10_000_000


def _day_units(fig: Figures, n: int) -> PlayerDayUnits:
    return next(u for u in fig.units if u.players == n)


def scans_and_counts(m: Model) -> list[str]:
    """The API requests (not the snapshot job's) that Scan or COUNT, as "session: step"."""
    from bench.scale.day import SNAPSHOT_JOB

    found = set()
    for req in m.day.requests:
        if req.session == SNAPSHOT_JOB:
            continue
        for call in req.calls:
            if call.operation == "Scan" or any(t.read in ("scan", "count") for t in call.touches):
                found.add(f"{req.session}: {req.step}")
    return sorted(found)


def together_goals(m: Model, fig: Figures, alone: Model, fig_alone: Figures) -> list[tuple[str, bool]]:
    """Playing together's goals: a player-day's units up at most UNITS_UP, and no Scan or COUNT on a
    request path (no shared key over half its limit at 10 M is the goals' first)."""
    n = TOGETHER_AT if TOGETHER_AT in m.a.scales else m.a.scales[-1]
    now, before = _day_units(fig, n), _day_units(fig_alone, n)
    up = (now.rru + now.wru) / max(1e-9, before.rru + before.wru) - 1
    scans = scans_and_counts(m)
    return [
        (f"a player-day's units with playing together up at most {UNITS_UP:.0%} on today's without it "
         f"({before.rru + before.wru:,.1f} -> {now.rru + now.wru:,.1f}: {up:+.1%})", up <= UNITS_UP),
        ("no Scan and no COUNT on a request path" + (f" (found: {', '.join(scans)})" if scans else ""),
         not scans),
    ]


def _session_units(m: Model, n: int) -> dict[str, tuple[float, float, float]]:
    """Per session kind at `n` (the day's mean): its units a session (RRU, WRU) and sessions a player-day."""
    out: dict[str, tuple[float, float, float]] = {}
    for kind in m.kinds:
        rru = wru = 0.0
        for (target, _), units in m.request_units(kind, n, "day", per_key=False).items():
            if target != "s3":
                rru, wru = rru + units.rcu * kind.per_session, wru + units.wcu * kind.per_session
        was = out.get(kind.session, (0.0, 0.0, m.a.per_player_day(kind.session)))
        out[kind.session] = (was[0] + rru, was[1] + wru, was[2])
    return out


def together_lines(m: Model, fig: Figures, alone: Model, fig_alone: Figures) -> list[str]:
    """Playing together beside today's code without it: a player-day's units, each social view's, the
    hottest keys, the busiest followed player's and club's partitions, and the month's cost."""
    from bench.scale.social import CLUB, FOLLOWED, SOCIAL_SESSIONS

    out = _section("Playing together (docs/friends.md), beside today's code without it (the same day, every "
                   "player alone):")
    for n in (TOGETHER_AT, m.a.scales[-1]):
        if n not in m.a.scales:
            continue
        now, before = _day_units(fig, n), _day_units(fig_alone, n)
        units, was = now.rru + now.wru, before.rru + before.wru
        out.append(f"  a player-day at {_count(n)}: {now.rru:,.1f} RRU and {now.wru:,.1f} WRU ({units:,.1f} "
                   f"units), without: {before.rru:,.1f} RRU and {before.wru:,.1f} WRU ({was:,.1f}): reads "
                   f"{now.rru / before.rru - 1:+.1%}, writes {now.wru / before.wru - 1:+.1%}, units "
                   f"{units / was - 1:+.1%}; {now.api_requests:.2f} API requests (without: "
                   f"{before.api_requests:.2f})")
    sessions = _session_units(m, TOGETHER_AT)
    out.append(f"  each social view at {_count(TOGETHER_AT)}, RRU / WRU a view and views a player-day:")
    for session in SOCIAL_SESSIONS:
        if session in sessions:
            rru, wru, per_day = sessions[session]
            out.append(f"    {session:<18} {rru:>7.2f} / {wru:<5.2f}  × {per_day:.2f} a player-day")
    for n in m.a.scales:
        for w in WINDOWS:
            key, _, share = hottest(fig, n, w, m)
            busiest = [(k, v) for k, v in fig.partitions[(n, w)].items() if FOLLOWED in k[1] or CLUB in k[1]]
            worst = max(busiest, key=lambda kv: m.share_of_limit(kv[0][0], kv[1]), default=None)
            social = ""
            if worst is not None:
                (target, klass), busy = worst
                social = (f"; the busiest social one, {_key(target, klass)}: {_n(busy.wcu)} WCU/s, "
                          f"{_n(busy.rcu)} RCU/s (×{m.share_of_limit(target, busy):,.3f})")
            out.append(f"  hottest key at {_count(n)}, {WINDOW_NAMES[w]}: {_key(*key)} ×{share:,.2f}{social}")
    costs = costs_module()
    for n in (TOGETHER_AT, m.a.scales[-1]):
        if n not in m.a.scales:
            continue
        totals = []
        for f in (fig, fig_alone):
            u = _day_units(f, n)
            lines = costs.month(n, t=costs.Traced(u.api_requests, u.lambda_ms, u.rru, u.wru, u.stored_kb))
            totals.append(sum(line.dollars for line in lines))
        out.append(f"  the month at {_count(n)}: ${totals[0]:,.0f} with playing together, ${totals[1]:,.0f} "
                   f"without ({totals[0] / totals[1] - 1:+.1%})")
    return out


def report_lines(m: Model, fig: Figures, alone: tuple[Model, Figures] | None = None) -> list[str]:
    """The whole report (`alone`: the same day without playing together, printed beside)."""
    together = together_lines(m, fig, *alone) if alone is not None else []
    return [
        "The scale model: the real app over moto for a scripted day, every AWS call recorded with the "
        "partition keys it touches and its capacity units, multiplied by the traffic model below.",
        *assumptions_lines(m),
        *day_lines(m),
        *keys_lines(fig, m),
        *limits_lines(fig, m),
        *throughput_lines(fig, m),
        *lambda_lines(fig, m),
        *throttle_lines(fig, m),
        *cost_lines(fig, m),
        *together,
        *goal_lines(fig, m, alone),
    ]


def units_json(m: Model, fig: Figures, alone: Figures | None = None) -> dict[str, Any]:
    """What infra/costs.py reads: a player-day's units at each scale modelled (with playing together, as
    the code is; `without_together`: the same day with every player alone)."""
    apart = {"without_together": [{k: round(v, 3) for k, v in asdict(u).items()} for u in alone.units]} \
        if alone is not None else {}
    return {
        "made_by": "python -m bench scale",
        "about": "A daily player's day on the API and the table, from a trace of the real app over moto, "
                 "multiplied out to each number of daily players (docs/operations.md, 'The scale model').",
        "scripted_players": m.day.players - 1,
        "per_player_day": [{k: round(v, 3) for k, v in asdict(u).items()} for u in fig.units],
        # What the limits are sized from (infra/README.md, "Limits"): at each scale, the worst window's
        # API requests a second, concurrent Lambdas, and the table's and each index's WCU/s and RCU/s.
        "limits": [_limits(m, fig, n) for n in m.a.scales],
        **apart,
    }


def _limits(m: Model, fig: Figures, n: int) -> dict[str, Any]:
    throughput: dict[str, dict[str, float]] = {}
    for w in WINDOWS:
        for target, load in table_totals(fig, n, w).items():
            cell = throughput.setdefault(target, {"wcu": 0.0, "rcu": 0.0})
            cell["wcu"] = round(max(cell["wcu"], load.wcu), 1)
            cell["rcu"] = round(max(cell["rcu"], load.rcu), 1)
    return {
        "players": n,
        "requests_per_second": round(max(fig.requests[(n, w)] for w in WINDOWS), 1),
        "concurrent_lambdas": round(max(fig.concurrency[(n, w)] for w in WINDOWS), 1),
        "throughput": dict(sorted(throughput.items())),
    }
