"""The live Lambda's sender (functions/live/aws.py) on API Gateway's answers: a connection gone (410) is
reported gone, so the rooms forget it; a throttled post loses that message and keeps the connection."""

from __future__ import annotations

import boto3
from botocore.stub import Stubber

from functions.live.aws import ManagementSender


def _sender() -> tuple[ManagementSender, Stubber]:
    client = boto3.client("apigatewaymanagementapi", endpoint_url="https://x.execute-api.us-east-1.amazonaws.com/live",
                          region_name="us-east-1", aws_access_key_id="k", aws_secret_access_key="s")
    return ManagementSender("unused", client), Stubber(client)


def test_a_connection_gone_is_reported_gone() -> None:
    sender, stub = _sender()
    stub.add_client_error("post_to_connection", service_error_code="GoneException", http_status_code=410)
    stub.add_response("post_to_connection", {}, {"ConnectionId": "c2=", "Data": b'{"t":"pong"}'})
    with stub:
        assert sender.send("c1=", '{"t":"pong"}') is False
        assert sender.send("c2=", '{"t":"pong"}') is True


def test_a_throttled_post_keeps_the_connection() -> None:
    sender, stub = _sender()
    stub.add_client_error("post_to_connection", service_error_code="LimitExceededException",
                          http_status_code=429)
    with stub:
        assert sender.send("c1=", '{"t":"pong"}') is True
