"""infra/costs.py and the cost table of infra/README.md: the README shows what the
model computes, the model behaves like a bill, and a player's day on the API and the
table is the one `python -m bench scale` measured (infra/scale_trace.json)."""

from __future__ import annotations

import importlib.util
import json
import sys
from pathlib import Path
from types import ModuleType

import pytest

ROOT = Path(__file__).resolve().parent.parent


@pytest.fixture(scope="module")
def costs() -> ModuleType:
    spec = importlib.util.spec_from_file_location("infra_costs", ROOT / "infra" / "costs.py")
    assert spec and spec.loader
    module = importlib.util.module_from_spec(spec)
    sys.modules["infra_costs"] = module  # dataclasses look their module up by name
    spec.loader.exec_module(module)
    return module


def test_the_readme_shows_exactly_what_the_model_computes(costs: ModuleType) -> None:
    sections = costs.readme_sections((ROOT / "infra" / "README.md").read_text(encoding="utf-8"))
    assert sections["day"] == costs.day(), "run: python infra/costs.py --update-readme"
    assert sections["costs"] == costs.table(), "run: python infra/costs.py --update-readme"
    assert sections["working"] == costs.working(), "run: python infra/costs.py --update-readme"


def test_the_readme_explains_the_costs_with_the_code_as_it_is() -> None:
    """Its words once explained the reads with a place counted on the boards (`Select COUNT` over
    every entry ahead), which the boards' snapshots removed (issue 28)."""
    readme = (ROOT / "infra" / "README.md").read_text(encoding="utf-8")
    for stale in ("Select COUNT", "counted on the boards", "places counted"):
        assert stale not in readme, stale
    assert "No request reads a board" in readme


def test_the_bill_grows_with_the_players_and_is_small_for_a_small_site(costs: ModuleType) -> None:
    totals = [sum(line.dollars for line in costs.month(n)) for _, n in costs.SCALES]
    assert totals == sorted(totals)
    assert totals[0] < 10  # a thousand players: pocket money
    # past the free tiers, a hundred times the players with the same day each costs roughly a hundred
    # times as much
    same = costs.traced(100_000)
    totals = [sum(line.dollars for line in costs.month(n, t=same)) for _, n in costs.SCALES]
    assert 50 < totals[2] / totals[1] < 150


def test_a_players_day_is_the_traces(costs: ModuleType) -> None:
    trace = json.loads((ROOT / "infra" / "scale_trace.json").read_text(encoding="utf-8"))
    assert trace["made_by"] == "python -m bench scale"
    points = trace["per_player_day"]
    for point in points:
        assert costs.traced(point["players"]) == costs.Traced(
            **{k: point[k] for k in ("api_requests", "lambda_ms", "rru", "wru", "stored_kb")})
    for _, n in costs.SCALES:  # the README's scales are measured ones, not interpolated
        assert n in {p["players"] for p in points}
    low, high = points[0], points[1]
    middle = costs.traced((low["players"] + high["players"]) // 2)
    assert middle.rru == pytest.approx((low["rru"] + high["rru"]) / 2)
    assert costs.traced(1) == costs.traced(low["players"])  # the nearest outside the trace's scales
    # what a player does doesn't depend on how many others there are, nor, since the boards are
    # snapshots, what it reads
    first, last = costs.traced(points[0]["players"]), costs.traced(points[-1]["players"])
    assert (first.api_requests, first.wru) == (last.api_requests, last.wru)
    assert first.rru <= last.rru


def test_free_tiers_are_applied(costs: ModuleType) -> None:
    small = {line.service: line.dollars for line in costs.month(100)}
    assert small["CloudFront"] == 0 and small["Lambda (arm64)"] == 0 and small["KMS"] == 0
    assert small["HTTP API"] > 0  # no lasting free tier for the HTTP API


def test_cloudfront_data_is_priced_in_tiers(costs: ModuleType) -> None:
    assert costs._tiered(1_000) == pytest.approx(85.0)
    assert costs._tiered(20_480) == pytest.approx(10_240 * 0.085 + 10_240 * 0.080)


def test_update_readme_rewrites_only_the_marked_sections(costs: ModuleType, tmp_path: Path) -> None:
    readme = tmp_path / "README.md"
    readme.write_text("intro\n<!-- day:begin -->\n<!-- day:end -->\n<!-- costs:begin -->\nold\n"
                      "<!-- costs:end -->\nmiddle\n"
                      "<!-- working:begin -->\n<!-- working:end -->\n"
                      "<!-- live:begin -->\n<!-- live:end -->\nend\n", encoding="utf-8")
    assert costs.update_readme(readme) is True
    text = readme.read_text(encoding="utf-8")
    assert text.startswith("intro\n") and "\nmiddle\n" in text and text.endswith("end\n")
    assert costs.readme_sections(text) == {"day": costs.day(), "costs": costs.table(),
                                           "working": costs.working(), "live": costs.live_table()}
    assert costs.update_readme(readme) is False
    readme.write_text("no markers\n", encoding="utf-8")
    with pytest.raises(ValueError, match="lacks the <!-- day:begin/end --> markers"):
        costs.update_readme(readme)


def test_live_play_is_priced_from_the_traces_live_day_at_the_websocket_apis_prices(costs: ModuleType) -> None:
    """Live play (docs/live.md): the WebSocket API's messages (the first billion at $1.00 a million, then
    $0.80) and connection minutes ($0.25 a million), the live Lambda's and DynamoDB's, from the day
    `python -m bench scale --live --write` measured; its cost grows with the players."""
    assert costs.PRICES["websocket_per_million_messages"] == 1.00
    assert costs.PRICES["websocket_per_million_messages_after_1b"] == 0.80
    assert costs.PRICES["websocket_per_million_connection_minutes"] == 0.25
    small = costs.LiveTraced(players=1, messages=1e6 / 30, connection_minutes=0, invocations=0, lambda_ms=0,
                             rru=0, wru=0)
    assert costs.live_month(small)[0].dollars == pytest.approx(1.00)
    big = costs.LiveTraced(players=1, messages=2e9 / 30, connection_minutes=4e6 / 30, invocations=0,
                           lambda_ms=0, rru=0, wru=0)
    assert costs.live_month(big)[0].dollars == pytest.approx(1000 + 800 + 1.00)
    totals = [sum(line.dollars for line in costs.live_month(costs.live_traced(n))) for _, n in costs.SCALES]
    assert totals == sorted(totals)
    trace = json.loads((ROOT / "infra" / "scale_trace.json").read_text(encoding="utf-8"))
    assert {p["players"] for p in trace["live"]["per_day"]} >= {n for _, n in costs.SCALES}


def test_the_live_functions_log_is_priced_from_the_bytes_it_writes(costs: ModuleType) -> None:
    """The live function logs its warnings alone (infra/template.yaml): a day's bytes as the trace
    measured them; a trace without them, the bytes an invocation every function writes by default."""
    warned = costs.LiveTraced(players=1, messages=0, connection_minutes=0, invocations=1e6, lambda_ms=0,
                              rru=0, wru=0, log_bytes=2**30 / 30)
    assert costs.live_month(warned)[3].dollars == pytest.approx(costs.PRICES["logs_ingest_gb"])
    before = costs.LiveTraced(players=1, messages=0, connection_minutes=0, invocations=1e6, lambda_ms=0,
                              rru=0, wru=0)
    month = 30e6 * costs.PLAYER.log_bytes_per_invoke / 2**30 * costs.PRICES["logs_ingest_gb"]
    assert costs.live_month(before)[3].dollars == pytest.approx(month)
