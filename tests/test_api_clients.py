"""Which client a request is counted against (functions/clients.py): the socket's peer locally, the
viewer CloudFront saw on AWS, an IPv6 client by its /64."""

from __future__ import annotations

import datetime as dt

import pytest
from starlette.requests import Request

from functions.clients import UNKNOWN, client_address, network_of, viewer_behind_cloudfront
from tests.support import Clock, http_event, settings_for_tests, sqlite_store, uvicorn_serving

EDGE = "130.176.98.1"  # a CloudFront edge: API Gateway's sourceIp for every viewer behind it


@pytest.mark.parametrize(
    ("forwarded", "viewer"),
    [
        # CloudFront appended the viewer, API Gateway the edge.
        (f"203.0.113.7, {EDGE}", "203.0.113.7"),
        # Whatever the viewer wrote itself stands left of CloudFront's entry and is never read.
        (f"1.2.3.4, 203.0.113.7, {EDGE}", "203.0.113.7"),
        (f"203.0.113.7, 198.51.100.2, 203.0.113.9, {EDGE}", "203.0.113.9"),
        (f"not-an-address, 203.0.113.7,{EDGE}", "203.0.113.7"),
        # Had API Gateway added nothing, CloudFront's entry is last.
        ("10.0.0.1, 203.0.113.7", "203.0.113.7"),
        ("2001:db8::1, " + EDGE, "2001:db8::1"),
        # Nothing usable: the caller falls back to the edge's address.
        ("", None),
        (EDGE, None),
        (f"{EDGE}, {EDGE}", EDGE),
        (f"203.0.113.7, rubbish, {EDGE}", None),
    ],
)
def test_the_viewer_is_the_entry_cloudfront_added(forwarded: str, viewer: str | None) -> None:
    assert viewer_behind_cloudfront(forwarded, EDGE) == viewer


@pytest.mark.parametrize(
    ("address", "network"),
    [
        ("203.0.113.7", "203.0.113.7"),
        ("2001:db8:aa:bb:1:2:3:4", "2001:db8:aa:bb::/64"),
        ("2001:db8:aa:bb:ffff:ffff:ffff:ffff", "2001:db8:aa:bb::/64"),
        ("2001:DB8:AA:BB::9", "2001:db8:aa:bb::/64"),
        ("::ffff:203.0.113.7", "203.0.113.7"),
        ("testclient", "testclient"),
    ],
)
def test_a_client_is_an_ipv4_address_or_an_ipv6_64(address: str, network: str) -> None:
    assert network_of(address) == network


def _request(scope: dict) -> Request:
    return Request({"type": "http", "method": "POST", "path": "/api/players", "query_string": b"", **scope})


def test_locally_the_socket_peer_counts_and_forwarded_for_is_ignored() -> None:
    forged = [(b"x-forwarded-for", b"203.0.113.7")]
    assert client_address(_request({"client": ("198.51.100.7", 50000), "headers": forged})) == "198.51.100.7"
    assert client_address(_request({"client": None, "headers": forged})) == UNKNOWN


def test_through_mangum_the_viewer_cloudfront_saw_counts() -> None:
    """The ASGI scope as Mangum builds it from API Gateway's event."""
    from mangum.handlers.api_gateway import HTTPGateway

    def scope_of(forwarded: str | None) -> dict:
        headers = {"x-forwarded-for": forwarded} if forwarded is not None else {}
        event = http_event("POST", "/api/players", {"name": "Ada"}, headers, source_ip=EDGE)
        return HTTPGateway(event, None, {"api_gateway_base_path": "/"}).scope

    assert client_address(Request(scope_of(f"6.6.6.6, 2001:db8:1:2::5, {EDGE}"))) == "2001:db8:1:2::/64"
    assert client_address(Request(scope_of(f"6.6.6.6, 203.0.113.7, {EDGE}"))) == "203.0.113.7"
    # No header at all (not through CloudFront): the address that connected.
    assert client_address(Request(scope_of(None))) == EDGE


def test_the_local_server_counts_the_socket_peer_whatever_forwarded_for_says(tmp_path) -> None:
    """Over real HTTP as `build.py serve` runs it (uvicorn on 127.0.0.1 with the local server's
    options): the new-player window counted is 127.0.0.1's, not the address the header names."""
    import httpx2

    from functions.app import create_app
    from functions.routes.players import HOURLY, NEW_PLAYERS
    from ops.server import UVICORN_OPTIONS
    from service.store.site import RollingCap

    now = dt.datetime(2026, 11, 2, 12, 0, tzinfo=dt.UTC)
    with sqlite_store(tmp_path / "puzzlebook.sqlite3") as store:
        app = create_app(settings_for_tests(), store, clock=Clock(now))
        with uvicorn_serving(app, **UVICORN_OPTIONS) as base:
            forged = {"X-Forwarded-For": "203.0.113.9"}
            made = httpx2.post(f"{base}/api/players", json={"name": "Ada"}, headers=forged, timeout=60)
        assert made.status_code == 201
        def counted(who: str) -> int:
            key = RollingCap(f"{NEW_PLAYERS}-{HOURLY.window}", who, HOURLY, int(now.timestamp())).key
            item = store.get_item(*key)
            return HOURLY.counted(item["doc"] if item else None, int(now.timestamp()))

        assert counted("127.0.0.1") == 1
        assert counted("203.0.113.9") == 0
