"""The release rule (ops/release.py): nothing dated after today is served, at the CDN (the release
function of infra/template.yaml, run here under node) and on the local server (ops.release.refused),
both held to tests/vectors/release.json, around midnight and the changes of offset; and the function's
table of offsets kept true to tzdata, to the zone the stack deploys with, and ahead of the clock."""

from __future__ import annotations

import datetime as dt
import json
from collections import defaultdict
from pathlib import Path
from typing import Any
from zoneinfo import ZoneInfo

import pytest

from ops import release
from ops.template import TEMPLATE, load_template
from tests.edge import viewer_requests, viewer_requests_of

HERE = Path(__file__).parent
VECTORS = json.loads((HERE / "vectors" / "release.json").read_text(encoding="utf-8"))
SITE_DAYS = json.loads((HERE / "vectors" / "site.json").read_text(encoding="utf-8"))["site_days"]


def _instant(text: str) -> dt.datetime:
    return dt.datetime.fromisoformat(text.replace("Z", "+00:00"))


def _ms(text: str) -> int:
    return int(_instant(text).timestamp() * 1000)


def _template_code() -> str:
    code: str = load_template()["Resources"][release.FUNCTION]["Properties"]["FunctionCode"]
    return code


def _code_for(zone: str) -> str:
    """The template's function as `python -m ops.release --zone zone` would write it."""
    return release.with_offsets(_template_code(), zone, release.table_for(ZoneInfo(zone), 2026))


def _function_answers(cases: list[dict[str, Any]]) -> list[dict[str, Any]]:
    """The function's answer to each case's path at its instant, with its zone's table: one node run
    per zone."""
    by_zone: dict[str, list[int]] = defaultdict(list)
    for k, case in enumerate(cases):
        by_zone[case["zone"]].append(k)
    groups = [(_code_for(zone), [{"uri": cases[k]["path"], "now_ms": _ms(cases[k]["instant"])} for k in ks])
              for zone, ks in by_zone.items()]
    answers: list[dict[str, Any]] = [{} for _ in cases]
    for ks, got in zip(by_zone.values(), viewer_requests_of(groups), strict=True):
        for k, answer in zip(ks, got, strict=True):
            answers[k] = answer
    return answers


@pytest.mark.parametrize("case", VECTORS["cases"], ids=lambda c: f"{c['zone']} {c['instant']} {c['path']}")
def test_the_local_servers_rule_is_the_vectors(case: dict[str, Any]) -> None:
    assert release.applies(case["path"].partition("%")[0]), "every vector is a path the function runs on"
    assert release.refused(case["path"], _instant(case["instant"]), ZoneInfo(case["zone"])) == case["refused"]


def test_the_cdns_function_is_the_vectors() -> None:
    cases = VECTORS["cases"]
    refusal = VECTORS["refusal"]
    for case, answer in zip(cases, _function_answers(cases), strict=True):
        what = f"{case['path']} at {case['instant']} in {case['zone']} ({case['why']})"
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


def test_both_release_each_day_at_the_instant_the_site_day_turns_in_every_zone_of_the_site_vectors() -> None:
    """tests/vectors/site.json's site days (the browser's dayIn and puzzlebook's site_day): at each of
    its instants, that day is out and the next one isn't, at the CDN and on the local server."""
    cases = []
    for c in SITE_DAYS["cases"]:
        after = (dt.date.fromisoformat(c["day"]) + dt.timedelta(days=1)).isoformat()
        for day, refused in ((c["day"], None), (after, after)):
            cases.append({"zone": c["zone"], "instant": c["instant"], "path": f"/daily/chain/{day}.json",
                          "refused": refused})
    for case, answer in zip(cases, _function_answers(cases), strict=True):
        python = release.refused(case["path"], _instant(case["instant"]), ZoneInfo(case["zone"]))
        assert python == case["refused"], case
        assert ("statusCode" in answer) == (case["refused"] is not None), (case, answer)


def test_past_its_table_the_function_keeps_the_last_offset() -> None:
    """A template not refreshed for years still releases each day in the zone's standard time (the
    table's last offset), an hour off at most in summer; the test below fails two years before that."""
    code = release.with_offsets(_template_code(), "Europe/London",
                              release.table_for(ZoneInfo("Europe/London"), 2000))  # ends 2012
    answers = viewer_requests(code, [
        {"uri": "/daily/chess/2030-01-02.json", "now_ms": _ms("2030-01-01T23:59:59Z")},
        {"uri": "/daily/chess/2030-01-02.json", "now_ms": _ms("2030-01-02T00:00:00Z")},
        # Before the table: its first offset.
        {"uri": "/daily/chess/1990-06-02.json", "now_ms": _ms("1990-06-01T23:59:59Z")},
    ])
    assert [a.get("statusCode") for a in answers] == [404, None, 404]


# ---------------------------------------------------------------- the table in the template


def test_the_template_carries_the_zone_it_deploys_with_and_the_rule_that_says_so() -> None:
    text = TEMPLATE.read_text(encoding="utf-8")
    zone, _ = release.template_table(text)
    assert zone == release.samconfig_zone(), "run python -m ops.release after changing SiteTimeZone"
    assertion = load_template()["Rules"]["SiteZoneIsTheReleaseFunctions"]["Assertions"][0]["Assert"]
    assert assertion == {"Fn::Equals": [{"Ref": "SiteTimeZone"}, zone]}
    assert release.with_table(text, *release.template_table(text)) == text, "the made part is as made"


def test_the_templates_offsets_are_tzdatas_and_run_two_years_ahead_at_least() -> None:
    zone, table = release.template_table(TEMPLATE.read_text(encoding="utf-8"))
    made_in = dt.datetime.fromtimestamp(table[0], dt.UTC).year + release.YEARS_BEFORE
    assert table == release.table_for(ZoneInfo(zone), made_in), "tzdata changed: python -m ops.release"
    now = dt.datetime.now(dt.UTC).timestamp()
    assert table[0] <= now, "the table starts in the future"
    assert table[-1] - now >= 2 * 365 * 86400, "fewer than two years of offsets left: python -m ops.release"


def test_a_new_zone_is_written_in_whole() -> None:
    text = TEMPLATE.read_text(encoding="utf-8")
    london = release.with_table(text, "Europe/London", release.table_for(ZoneInfo("Europe/London"), 2026))
    zone, table = release.template_table(london)
    assert zone == "Europe/London" and len(table) > 40 and table[1] == 0 and 3600 in table
    assert 'Assert: !Equals [!Ref SiteTimeZone, "Europe/London"]' in london


    def rest(t: str) -> str:  # the template less the made part and the rule's zone
        begin, end = t.index(release.BEGIN), t.index(release.END)
        return release.ZONE_RULE.sub("", t[:begin] + t[end:])

    assert rest(london) == rest(text), "only the made part and the rule's zone change"


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


def test_the_function_fits_cloudfronts_size_limit_in_a_zone_with_summer_time() -> None:
    """A CloudFront Function's code is at most 10 KB; a zone's table of offsets must leave it under."""
    for zone in ("UTC", "Europe/London", "America/Santiago", "Australia/Lord_Howe"):
        assert len(_code_for(zone).encode("utf-8")) <= 10 * 1024, zone
