"""The Lambda entry points on moto: the API through Mangum, and the scheduled nightly writing to S3."""

from __future__ import annotations

import datetime as dt
import importlib
import json
import sys
from collections.abc import Iterator
from typing import Any

import boto3
import pytest

from functions import metrics
from functions.routes.players import PLAYERS_PER_HOUR
from puzzlebook.calendar import next_to_begin, oldest_date
from tests.support import LambdaContext, call_lambda, http_event, make_table, mocked_aws


@pytest.fixture
def handler(monkeypatch) -> Iterator[Any]:
    with mocked_aws() as dynamodb:
        make_table(dynamodb, "puzzlebook")
        boto3.client("s3").create_bucket(Bucket="puzzlebook-site")
        boto3.client("ssm").put_parameter(
            Name="/puzzlebook/site-key", Value="lambda-secret", Type="SecureString"
        )
        monkeypatch.setenv("PUZZLEBOOK_STORE", "dynamodb://puzzlebook")
        monkeypatch.delenv("SITE_KEY", raising=False)
        monkeypatch.setenv("SITE_KEY_PARAMETER", "/puzzlebook/site-key")
        monkeypatch.setenv("PUZZLEBOOK_BUCKET", "puzzlebook-site")
        sys.modules.pop("functions.handler", None)
        module = importlib.import_module("functions.handler")
        yield module
        sys.modules.pop("functions.handler", None)


@pytest.mark.slow
def test_the_api_runs_through_mangum_and_the_nightly_makes_it_healthy(handler, capsys) -> None:
    assert handler.app.state.ctx.settings.site_key == b"lambda-secret"  # read from SSM once, at cold start
    status, body = call_lambda(handler.handler, http_event("GET", "/api/health"))
    assert status == 503 and "isn’t stored" in body["error"]
    status, made = call_lambda(handler.handler, http_event("POST", "/api/players", {"name": "Ada"}))
    assert status == 201
    signed_in = {"authorization": f"Bearer {made['token']}"}
    status, me = call_lambda(handler.handler, http_event("GET", "/api/me", headers=signed_in))
    assert status == 200 and me["name"] == "Ada"

    before = dt.datetime.now(dt.UTC)
    report = handler.nightly({}, LambdaContext())
    after = dt.datetime.now(dt.UTC)
    # Every daily game's files of the dates in play (somewhere on Earth, and the one before) and of
    # the next date to begin at UTC+14 (staged), the chess home cards, and the index last.
    first, last = oldest_date(before) - dt.timedelta(days=1), next_to_begin(after)
    assert report["games"]["chain"]["failed"] == {} and report["published"][-1] == "daily/index.json"
    dated = report["published"][:-1]
    assert all(first.isoformat() <= p.rsplit("/", 1)[1][:10] <= last.isoformat() for p in dated), dated
    for game in ("chess", "chain", "storm", "streak"):
        assert f"daily/{game}/{next_to_begin(before).isoformat()}.json" in dated, game
    # The log line CloudWatch turns into the metric NightlyNotStagedAlarm watches: all staged.
    logged = [json.loads(line) for line in capsys.readouterr().out.splitlines() if line.startswith("{")]
    assert [m[metrics.STAGED] for m in logged] == [1]
    metric = logged[0]["_aws"]["CloudWatchMetrics"][0]
    assert metric["Namespace"] == metrics.NAMESPACE and metric["Dimensions"] == [["FunctionName"]]
    status, body = call_lambda(handler.handler, http_event("GET", "/api/health"))
    assert status == 200 and body["last_chain_day"] > body["today"]
    s3 = boto3.client("s3")
    index = json.loads(s3.get_object(Bucket="puzzlebook-site", Key="daily/index.json")["Body"].read())
    today = body["today"]
    assert today in index["chain"] and today in index["chess"]
    chess = json.loads(
        s3.get_object(Bucket="puzzlebook-site", Key=f"daily/chess/{today}.json")["Body"].read()
    )
    assert chess["date"] == today and chess["dailies"]
    card = s3.get_object(Bucket="puzzlebook-site", Key=f"daily/chess/{today}.html")
    assert card["ContentType"] == "text/html; charset=utf-8"
    assert f'data-id="{chess["dailies"][0]["id"]}"' in card["Body"].read().decode()


@pytest.mark.slow
def test_new_players_are_counted_per_viewer_as_cloudfront_saw_it(handler) -> None:
    """Behind CloudFront every request comes from an edge address (sourceIp), and X-Forwarded-For is
    whatever the viewer wrote, then the viewer's address (CloudFront's), then the edge's (API
    Gateway's): each viewer has its own hour, and what it writes itself changes nothing."""
    edge = "130.176.98.1"

    def new_player(viewer: str, written: str = "") -> dict[str, Any]:
        forwarded = ", ".join(part for part in (written, viewer, edge) if part)
        event = http_event(
            "POST", "/api/players", {"name": "Ada"}, {"x-forwarded-for": forwarded}, source_ip=edge
        )
        return handler.handler(event, LambdaContext())

    for k in range(PLAYERS_PER_HOUR):
        made = new_player("203.0.113.7", written=f"10.1.{k // 200}.{k % 200}, 198.51.100.{k % 200}")
        assert made["statusCode"] == 201, made["body"]
    refused = new_player("203.0.113.7", written="203.0.113.8")
    assert refused["statusCode"] == 429 and int(refused["headers"]["retry-after"]) > 0
    assert f"at most {PLAYERS_PER_HOUR} an hour" in json.loads(refused["body"])["error"]
    # Another viewer behind the same edge, and one that claims to be the refused one, are let in.
    assert new_player("203.0.113.8")["statusCode"] == 201
    assert new_player("203.0.113.9", written="203.0.113.7")["statusCode"] == 201


def test_after_a_snapstart_restore_each_instance_draws_its_own_random_numbers(monkeypatch) -> None:
    """Instances resumed from one snapshot start with the same `random` state; the hook the handler
    registers with the runtime (snapshot_restore_py, in Lambda's Python runtime) seeds it again."""
    import random
    import types

    registered: list[Any] = []
    before: list[Any] = []
    runtime = types.ModuleType("snapshot_restore_py")
    runtime.register_after_restore = registered.append  # type: ignore[attr-defined]
    runtime.register_before_snapshot = before.append  # type: ignore[attr-defined]
    monkeypatch.setitem(sys.modules, "snapshot_restore_py", runtime)
    with mocked_aws() as dynamodb:
        make_table(dynamodb, "puzzlebook")
        monkeypatch.setenv("PUZZLEBOOK_STORE", "dynamodb://puzzlebook")
        monkeypatch.setenv("SITE_KEY", "snap-secret")
        sys.modules.pop("functions.handler", None)
        try:
            module = importlib.import_module("functions.handler")
        finally:
            sys.modules.pop("functions.handler", None)
    assert module.SNAPSTART_HOOKS is True
    assert registered == [module.after_restore]
    assert before == [module.before_snapshot]
    snapshot = random.getstate()  # what every restored instance starts from
    draws = []
    for _ in range(2):  # two instances restored from the same snapshot
        random.setstate(snapshot)
        registered[0]()
        draws.append([random.random() for _ in range(4)])
    random.setstate(snapshot)
    assert [random.random() for _ in range(4)] not in draws, "the hook changed nothing"
    assert draws[0] != draws[1]


def test_without_the_lambda_runtime_no_hook_is_registered(handler) -> None:
    assert "snapshot_restore_py" not in sys.modules
    assert handler.SNAPSTART_HOOKS is False
