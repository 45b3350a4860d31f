"""The release rule (ops/release.py): nothing dated is served before its date begins at UTC+14, at
the CDN (the release function of infra/template.yaml, run here under node) and on the local server
(ops.release.refused), both held to tests/vectors/release.json."""

from __future__ import annotations

import datetime as dt
import json
from pathlib import Path
from typing import Any

import pytest

from ops import release
from ops.template import load_template
from puzzlebook.calendar import EARLIEST_OFFSET
from tests.edge import viewer_requests

HERE = Path(__file__).parent
VECTORS = json.loads((HERE / "vectors" / "release.json").read_text(encoding="utf-8"))


def _instant(text: str) -> dt.datetime:
    return dt.datetime.fromisoformat(text.replace("Z", "+00:00"))


def _ms(text: str) -> int:
    return int(_instant(text).timestamp() * 1000)


def _template_code() -> str:
    code: str = load_template()["Resources"][release.FUNCTION]["Properties"]["FunctionCode"]
    return code


@pytest.mark.parametrize("case", VECTORS["cases"], ids=lambda c: f"{c['instant']} {c['path']}")
def test_the_local_servers_rule_is_the_vectors(case: dict[str, Any]) -> None:
    assert release.applies(case["path"].partition("%")[0]), "every vector is a path the function runs on"
    assert release.refused(case["path"], _instant(case["instant"])) == case["refused"]


def test_the_cdns_function_is_the_vectors() -> None:
    cases = VECTORS["cases"]
    refusal = VECTORS["refusal"]
    requests = [{"uri": c["path"], "now_ms": _ms(c["instant"])} for c in cases]
    answers = viewer_requests(_template_code(), requests)
    for case, answer in zip(cases, answers, strict=True):
        what = f"{case['path']} at {case['instant']} ({case['why']})"
        if case["refused"] is None:
            assert answer == {"uri": case["path"], "querystring": {}, "headers": {}}, what
            continue
        assert answer["statusCode"] == refusal["status"], what
        assert answer["headers"]["cache-control"]["value"] == refusal["cache_control"], what
        assert answer["headers"]["content-type"]["value"] == refusal["content_type"], what
        assert answer["body"]["encoding"] == "text"
        body = answer["body"]["data"]
        assert body == release.refusal_body(case["refused"]).decode("utf-8"), what
        if case["refused"] == refusal["day"]:
            assert body == refusal["body"]


def test_the_function_releases_at_the_earliest_zones_offset() -> None:
    assert release.function_offset(_template_code()) == EARLIEST_OFFSET == 14 * 60


# ---------------------------------------------------------------- where the function runs


def _behaviours() -> list[dict[str, Any]]:
    config = load_template()["Resources"]["Distribution"]["Properties"]["DistributionConfig"]
    return [*config["CacheBehaviors"], {**config["DefaultCacheBehavior"], "PathPattern": "*"}]


def test_the_function_runs_on_exactly_the_dated_behaviours() -> None:
    arn = {"Fn::GetAtt": [release.FUNCTION, "FunctionMetadata.FunctionARN"]}
    carrying = [b["PathPattern"] for b in _behaviours()
                if {"EventType": "viewer-request", "FunctionARN": arn} in b.get("FunctionAssociations", [])]
    assert sorted(carrying) == sorted(release.DATED)
    patterns = [b["PathPattern"] for b in _behaviours()]
    for pattern in release.DATED:
        if pattern.startswith("/api/"):
            assert patterns.index(pattern) < patterns.index("/api/*"), f"{pattern} would be taken by /api/*"


def test_the_rule_applies_to_the_daily_files_and_each_daily_games_api_copy_only() -> None:
    from puzzlebook.games import GAMES

    for game in GAMES:
        assert release.applies(f"/api/{game.key}/daily/2026-12-01") is game.daily
    assert release.applies("/daily/storm/2026-12-01.json")
    for path in ("/api/boards/chess/daily/2026-12-01", "/archive/", "/static/0123456789/app.js",
                 "/api/chain/2026-12-01/walkthrough"):
        assert not release.applies(path), path
