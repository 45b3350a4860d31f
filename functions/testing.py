"""Stores for tests: a fresh SQLite file, or the real table definition on moto's DynamoDB.

For any engineer's tests (lessons included):

    from functions.testing import dynamo_store, sqlite_store
    with dynamo_store() as store: ...

moto is imported only here, so production code never loads it. moto isn't
safe under threads: race tests use SQLite, or drive DynamoDB's conditional
writes directly (see tests/test_store_contract.py).
"""

from __future__ import annotations

import datetime as dt
import os
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any

from functions.store.dynamo import DynamoStore
from functions.store.sqlite import SqliteStore

TEST_TABLE = "puzzlebook-test"


@contextmanager
def sqlite_store(path: str | Path) -> Iterator[SqliteStore]:
    """A SqliteStore on `path` (created), closed afterwards."""
    store = SqliteStore(path)
    try:
        yield store
    finally:
        store.close()


def make_table(client: Any, name: str = TEST_TABLE) -> None:
    """Create the table of infra/template.yaml under `name`, TTL included."""
    from sitebuild.template import dynamodb_table_kwargs, dynamodb_ttl_attribute

    client.create_table(**dynamodb_table_kwargs(name))
    ttl = dynamodb_ttl_attribute()
    if ttl:
        client.update_time_to_live(
            TableName=name, TimeToLiveSpecification={"Enabled": True, "AttributeName": ttl}
        )


@contextmanager
def mocked_aws() -> Iterator[Any]:
    """moto for the duration (fake credentials, us-east-1): yields a DynamoDB client."""
    import boto3
    from moto import mock_aws

    fake = {
        "AWS_ACCESS_KEY_ID": "testing",
        "AWS_SECRET_ACCESS_KEY": "testing",
        "AWS_SESSION_TOKEN": "testing",
        "AWS_DEFAULT_REGION": "us-east-1",
    }
    saved = {k: os.environ.get(k) for k in fake}
    os.environ.update(fake)
    try:
        with mock_aws():
            yield boto3.client("dynamodb", region_name="us-east-1")
    finally:
        for k, v in saved.items():
            if v is None:
                os.environ.pop(k, None)
            else:
                os.environ[k] = v


@contextmanager
def dynamo_store(name: str = TEST_TABLE) -> Iterator[DynamoStore]:
    """A DynamoStore on a fresh moto table made from infra/template.yaml."""
    with mocked_aws() as client:
        make_table(client, name)
        yield DynamoStore(name, client)


class Clock:
    """A settable clock for create_app(clock=...): tests post "on" any site day."""

    def __init__(self, at: dt.datetime) -> None:
        self.at = at

    def __call__(self) -> dt.datetime:
        return self.at

    def advance(self, **delta: float) -> None:
        self.at += dt.timedelta(**delta)


def settings_for_tests(**overrides: str) -> Any:
    """Settings for tests: a fixed test key, UTC, nothing read from the environment."""
    from puzzlebook.settings import load

    return load({"SITE_KEY": "puzzlebook-test-key", **overrides}, warn=False)


def signed_up(client: Any, name: str = "Ada") -> dict[str, str]:
    """Create a player through the API; the Authorization header that signs in as them."""
    made = client.post("/api/players", json={"name": name})
    assert made.status_code == 201, made.text
    return {"Authorization": f"Bearer {made.json()['token']}"}
