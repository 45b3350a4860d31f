"""Which client is asking: the address a per-client limit counts against, from what can be trusted.

Locally (uvicorn) the client is the socket's peer: nothing stands between, and
an X-Forwarded-For header is whatever the client wrote, so it is ignored.

On AWS a request goes viewer → CloudFront → API Gateway (HTTP API) → Lambda,
and Mangum makes the ASGI scope from API Gateway's event. There:
- the scope's client is `requestContext.http.sourceIp`, the address that
  connected to API Gateway: CloudFront's edge server, shared by many viewers;
- `x-forwarded-for` arrives as one comma-joined header. A viewer may send one of
  its own (any text); CloudFront appends the address that connected to it (the
  viewer), and API Gateway appends the address that connected to it (CloudFront's,
  equal to sourceIp).
So the viewer is the right-most entry once API Gateway's own addition (an entry
equal to sourceIp at the end) is taken off; whatever stands left of it was
written by the viewer and is never read. docs/api.md records the choice and
its limit (a caller that skips CloudFront for the execute-api address directly
can choose that entry).

IPv6 addresses count by their /64 network: one line or device usually holds a
whole /64 and can pick any address in it.
"""

from __future__ import annotations

import ipaddress

from fastapi import Request

UNKNOWN = "unknown"


def client_address(request: Request) -> str:
    """The address (an IPv4 address or an IPv6 /64) that `request` is counted against."""
    peer = request.client.host if request.client else ""
    if "aws.event" in request.scope:  # through Mangum: API Gateway, with CloudFront in front
        viewer = viewer_behind_cloudfront(request.headers.get("x-forwarded-for", ""), peer)
        if viewer is not None:
            return network_of(viewer)
    return network_of(peer) if peer else UNKNOWN


def viewer_behind_cloudfront(forwarded_for: str, source_ip: str) -> str | None:
    """The viewer's address in an X-Forwarded-For that CloudFront and then API Gateway appended to:
    the right-most entry once API Gateway's (equal to `source_ip`) is off; None when there's no
    such entry or it isn't an IP address (then the caller falls back to `source_ip`)."""
    entries = [entry.strip() for entry in forwarded_for.split(",")]
    entries = [entry for entry in entries if entry]
    if entries and entries[-1] == source_ip:
        entries.pop()
    if not entries:
        return None
    try:
        return str(ipaddress.ip_address(entries[-1]))
    except ValueError:
        return None


def network_of(address: str) -> str:
    """What one client holds: an IPv4 address as it is, an IPv6 address's /64 network (an IPv4
    address written as IPv6 is the IPv4 address). Text that isn't an address is kept as it is."""
    try:
        ip = ipaddress.ip_address(address)
    except ValueError:
        return address
    if isinstance(ip, ipaddress.IPv6Address):
        if ip.ipv4_mapped is not None:
            return str(ip.ipv4_mapped)
        return str(ipaddress.IPv6Network((int(ip), 64), strict=False))
    return str(ip)
