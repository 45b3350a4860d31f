"""The site's security headers, read from the CDN's response headers policy.

infra/template.yaml's `SecurityHeaders` resource is the one source: CloudFront
adds those headers to every response in production, and the local server
(`make serve`, the browser tests) adds the same ones from here, so a page that
breaks the content security policy breaks locally first.
"""

from __future__ import annotations

from functools import cache
from pathlib import Path
from typing import Any

from ops.template import TEMPLATE, resource

POLICY = "SecurityHeaders"


class HeadersPolicyError(ValueError):
    """The template's response headers policy can't be turned into headers."""


def _text(value: Any, where: str) -> str:
    if not isinstance(value, str) or not value.strip():
        raise HeadersPolicyError(f"{POLICY}: {where} must be a non-empty string in infra/template.yaml")
    return value


def _hsts(config: dict[str, Any]) -> str:
    seconds = config.get("AccessControlMaxAgeSec")
    if not isinstance(seconds, int) or seconds < 0:
        raise HeadersPolicyError(f"{POLICY}: StrictTransportSecurity max age must be a whole number")
    value = f"max-age={seconds}"
    if config.get("IncludeSubdomains"):
        value += "; includeSubDomains"
    if config.get("Preload"):
        value += "; preload"
    return value


def _xss(config: dict[str, Any]) -> str:
    if not config.get("Protection"):
        return "0"
    if config.get("ModeBlock"):
        return "1; mode=block"
    if config.get("ReportUri"):
        return f"1; report={config['ReportUri']}"
    return "1"


@cache
def _headers(path: Path) -> tuple[tuple[str, str], ...]:
    props = resource(POLICY, path)["Properties"]["ResponseHeadersPolicyConfig"]
    security = props.get("SecurityHeadersConfig") or {}
    out: list[tuple[str, str]] = []
    if "ContentSecurityPolicy" in security:
        csp = security["ContentSecurityPolicy"].get("ContentSecurityPolicy")
        out.append(("Content-Security-Policy", _text(csp, "ContentSecurityPolicy")))
    if "ContentTypeOptions" in security:
        out.append(("X-Content-Type-Options", "nosniff"))
    if "FrameOptions" in security:
        option = _text(security["FrameOptions"].get("FrameOption"), "FrameOptions.FrameOption")
        out.append(("X-Frame-Options", option.upper()))
    if "ReferrerPolicy" in security:
        referrer = security["ReferrerPolicy"].get("ReferrerPolicy")
        out.append(("Referrer-Policy", _text(referrer, "ReferrerPolicy")))
    if "StrictTransportSecurity" in security:
        out.append(("Strict-Transport-Security", _hsts(security["StrictTransportSecurity"])))
    if "XSSProtection" in security:
        out.append(("X-XSS-Protection", _xss(security["XSSProtection"])))
    custom = (props.get("CustomHeadersConfig") or {}).get("Items") or []
    for item in custom:
        name = _text(item.get("Header"), "a custom header's name")
        out.append((name, _text(item.get("Value"), f"the value of custom header {name}")))
    if not out:
        raise HeadersPolicyError(f"{POLICY} in infra/template.yaml sets no headers")
    return tuple(out)


def security_headers(path: Path = TEMPLATE) -> dict[str, str]:
    """The headers every response of the site carries, name -> value, as CloudFront sends them.

    Content-Security-Policy, X-Content-Type-Options, X-Frame-Options,
    Referrer-Policy and Strict-Transport-Security (plus any custom headers the
    policy adds). A fresh dict each call: callers may change their copy.
    Raises HeadersPolicyError when the template's policy is malformed.
    """
    return dict(_headers(Path(path)))
