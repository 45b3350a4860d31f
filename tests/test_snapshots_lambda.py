"""The snapshot function on moto (infra/template.yaml, SnapshotFunction): four rounds a run, each
board's snapshot written to the bucket with its 15-second Cache-Control, and only when it changed."""

from __future__ import annotations

import importlib
import json
import sys
from collections.abc import Iterator
from typing import Any

import boto3
import pytest

from tests.support import LambdaContext, make_table, mocked_aws, record_test_solve

BUCKET = "puzzlebook-site"


@pytest.fixture
def job(monkeypatch: pytest.MonkeyPatch) -> Iterator[Any]:
    with mocked_aws() as dynamodb:
        make_table(dynamodb, "puzzlebook")
        boto3.client("s3").create_bucket(Bucket=BUCKET)
        boto3.client("ssm").put_parameter(Name="/puzzlebook/site-key", Value="lambda-secret",
                                          Type="SecureString")
        monkeypatch.setenv("PUZZLEBOOK_STORE", "dynamodb://puzzlebook")
        monkeypatch.delenv("SITE_KEY", raising=False)
        monkeypatch.setenv("SITE_KEY_PARAMETER", "/puzzlebook/site-key")
        monkeypatch.setenv("PUZZLEBOOK_BUCKET", BUCKET)
        sys.modules.pop("functions.snapshots", None)
        module = importlib.import_module("functions.snapshots")
        waits: list[float] = []
        module.sleep = waits.append  # no real waiting: each wait is recorded, and passes on its clock
        module.waits = waits
        module.publisher().monotonic = lambda: sum(waits)
        yield module
        sys.modules.pop("functions.snapshots", None)


def _snapshots(s3: Any) -> dict[str, Any]:
    listed = s3.list_objects_v2(Bucket=BUCKET, Prefix="snapshots/").get("Contents", [])
    return {o["Key"]: s3.get_object(Bucket=BUCKET, Key=o["Key"]) for o in listed}


class OneRound(LambdaContext):
    """A run with time for one round only: over moto a round reads each live board's shards, some
    1,000 queries, and one is enough to see what a run writes once the first has written it all."""

    def __init__(self) -> None:
        self.asked = 0

    def get_remaining_time_in_millis(self) -> int:
        self.asked += 1
        return 30_000 if self.asked == 1 else 5_000


@pytest.mark.slow
def test_a_run_publishes_each_board_once_then_only_what_changed(job: Any) -> None:
    first = job.handler({}, LambdaContext())["written"]
    assert job.waits == [15, 15, 15]  # four rounds, 15 s apart
    s3 = boto3.client("s3")
    published = _snapshots(s3)
    assert sorted(first) == sorted(published) and "snapshots/chess/alltime.json" in published
    alltime = published["snapshots/chess/alltime.json"]
    assert alltime["CacheControl"] == "public, max-age=15"
    assert alltime["ContentType"].startswith("application/json")
    assert json.loads(alltime["Body"].read())["rows"] == []
    # Nothing changed: a second run (the container's publisher remembers) writes nothing.
    assert job.handler({}, OneRound())["written"] == []
    store = job.publisher().store
    ada = store.create_player("Ada", "h", job.publisher().clock()).id
    record_test_solve(store, ada, now=job.publisher().clock())
    written = job.handler({}, OneRound())["written"]
    assert "snapshots/chess/alltime.json" in written and len(written) < len(first)
    rows = json.loads(s3.get_object(Bucket=BUCKET, Key="snapshots/chess/alltime.json")["Body"].read())["rows"]
    assert [(r["place"], r["name"], r["clean"]) for r in rows] == [(1, "Ada", 1)]
    assert ada not in json.dumps(rows)


def test_a_run_with_little_time_left_begins_no_more_rounds(job: Any) -> None:
    class Short(LambdaContext):
        def get_remaining_time_in_millis(self) -> int:
            return 5_000

    assert job.handler({}, Short())["written"] == []
    assert _snapshots(boto3.client("s3")) == {}
