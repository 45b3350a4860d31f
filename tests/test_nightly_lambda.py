"""The Lambda entry points on moto: the API through Mangum, and the scheduled nightly writing to S3."""

from __future__ import annotations

import base64
import importlib
import json
import sys
from collections.abc import Iterator
from typing import Any

import boto3
import pytest

from functions.testing import make_table, mocked_aws


def http_event(
    method: str, path: str, body: Any = None, headers: dict[str, str] | None = None
) -> dict[str, Any]:
    """An API Gateway HTTP API (payload 2.0) event, as CloudFront → API Gateway delivers it."""
    raw = json.dumps(body).encode() if body is not None else b""
    return {
        "version": "2.0",
        "routeKey": "$default",
        "rawPath": path,
        "rawQueryString": "",
        "headers": {"host": "puzzlebook.example", "content-type": "application/json", **(headers or {})},
        "requestContext": {
            "http": {
                "method": method,
                "path": path,
                "protocol": "HTTP/1.1",
                "sourceIp": "192.0.2.1",
                "userAgent": "pytest",
            },
            "stage": "$default",
            "requestId": "r1",
            "accountId": "123456789012",
            "apiId": "api",
            "domainName": "puzzlebook.example",
            "domainPrefix": "puzzlebook",
            "time": "02/Nov/2026:12:00:00 +0000",
            "timeEpoch": 1793620800000,
        },
        "isBase64Encoded": bool(raw),
        "body": base64.b64encode(raw).decode() if raw else None,
    }


class LambdaContext:
    function_name = "puzzlebook-api"
    aws_request_id = "r1"

    def get_remaining_time_in_millis(self) -> int:
        return 30_000


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


def call(module: Any, event: dict[str, Any]) -> tuple[int, Any]:
    out = module.handler(event, LambdaContext())
    body = base64.b64decode(out["body"]) if out.get("isBase64Encoded") else out["body"].encode()
    return out["statusCode"], json.loads(body)


@pytest.mark.slow
def test_the_api_runs_through_mangum_and_the_nightly_makes_it_healthy(handler) -> None:
    assert handler.app.state.ctx.settings.site_key == b"lambda-secret"  # read from SSM once, at cold start
    status, body = call(handler, http_event("GET", "/api/health"))
    assert status == 503 and "isn’t stored" in body["error"]
    status, made = call(handler, http_event("POST", "/api/players", {"name": "Ada"}))
    assert status == 201
    status, me = call(
        handler, http_event("GET", "/api/me", headers={"authorization": f"Bearer {made['token']}"})
    )
    assert status == 200 and me["name"] == "Ada"

    report = handler.nightly({}, LambdaContext())
    assert report["chain_failed"] == {} and len(report["published"]) == 7
    status, body = call(handler, http_event("GET", "/api/health"))
    assert status == 200 and body["last_chain_day"] > body["today"]
    s3 = boto3.client("s3")
    index = json.loads(s3.get_object(Bucket="puzzlebook-site", Key="daily/index.json")["Body"].read())
    today = body["today"]
    assert today in index["chain"] and today in index["chess"]
    chess = json.loads(
        s3.get_object(Bucket="puzzlebook-site", Key=f"daily/chess/{today}.json")["Body"].read()
    )
    assert chess["date"] == today and chess["dailies"]
