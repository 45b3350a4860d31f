"""ops/headers.py: the CDN's security headers, read from the template, as
the local server sends them."""

from __future__ import annotations

import textwrap
from pathlib import Path

import pytest

from ops.headers import HeadersPolicyError, security_headers
from ops.template import load_template

EXPECTED = {
    "Content-Security-Policy", "X-Content-Type-Options", "X-Frame-Options", "Referrer-Policy",
    "Strict-Transport-Security",
}


def _csp_directives(value: str) -> dict[str, list[str]]:
    out = {}
    for part in value.split(";"):
        words = part.split()
        if words:
            out[words[0]] = words[1:]
    return out


def test_the_five_headers_come_from_the_template_policy() -> None:
    headers = security_headers()
    assert set(headers) == EXPECTED
    policy = load_template()["Resources"]["SecurityHeaders"]["Properties"]["ResponseHeadersPolicyConfig"]
    csp = policy["SecurityHeadersConfig"]["ContentSecurityPolicy"]["ContentSecurityPolicy"]
    assert headers["Content-Security-Policy"] == csp
    assert headers["X-Content-Type-Options"] == "nosniff"
    assert headers["X-Frame-Options"] == "DENY"
    assert headers["Referrer-Policy"] == "strict-origin-when-cross-origin"
    assert headers["Strict-Transport-Security"] == "max-age=63072000; includeSubDomains; preload"


def test_the_policy_lets_the_site_work_and_nothing_else_in() -> None:
    """What the site needs: its own scripts, styles, fetches (shards, dailies, /api),
    the service worker, the manifest and data: images (cm-chessboard's markers);
    and no inline script or eval anywhere: the one exception, 'wasm-unsafe-eval', lets the
    analysis engine (Stockfish, in a worker) compile its WebAssembly and evaluates no text."""
    csp = _csp_directives(security_headers()["Content-Security-Policy"])
    assert csp["default-src"] == ["'self'"]
    assert csp["script-src"] == ["'self'", "'wasm-unsafe-eval'"]
    for directive in ("style-src", "connect-src", "worker-src", "manifest-src"):
        assert csp[directive] == ["'self'"], directive
    assert set(csp["img-src"]) == {"'self'", "data:"}
    assert csp["object-src"] == ["'none'"]
    assert csp["frame-ancestors"] == ["'none'"]
    everything = " ".join(" ".join(v) for v in csp.values())
    assert "unsafe-inline" not in everything and "'unsafe-eval'" not in everything and "*" not in everything


def test_callers_get_their_own_copy() -> None:
    first = security_headers()
    first["X-Frame-Options"] = "SAMEORIGIN"
    assert security_headers()["X-Frame-Options"] == "DENY"


def _template(tmp_path: Path, policy: str, name: str = "template.yaml") -> Path:
    # a new name per template: templates are read once per path and cached
    path = tmp_path / name
    body = textwrap.indent(textwrap.dedent(policy).strip("\n"), " " * 6)
    path.write_text(
        "Resources:\n  SecurityHeaders:\n    Type: AWS::CloudFront::ResponseHeadersPolicy\n"
        "    Properties:\n      ResponseHeadersPolicyConfig:\n        Name: !Sub \"${AWS::StackName}-x\"\n"
        + textwrap.indent(body, "  ") + "\n",
        encoding="utf-8",
    )
    return path


def test_custom_headers_and_other_settings_are_read_too(tmp_path: Path) -> None:
    path = _template(tmp_path, """
        SecurityHeadersConfig:
          FrameOptions: { FrameOption: sameorigin, Override: true }
          StrictTransportSecurity: { AccessControlMaxAgeSec: 600, Override: true }
          XSSProtection: { Protection: true, ModeBlock: true, Override: true }
        CustomHeadersConfig:
          Items:
            - { Header: Permissions-Policy, Value: "camera=()", Override: true }
    """)
    assert security_headers(path) == {
        "X-Frame-Options": "SAMEORIGIN",
        "Strict-Transport-Security": "max-age=600",
        "X-XSS-Protection": "1; mode=block",
        "Permissions-Policy": "camera=()",
    }


def test_a_malformed_policy_is_a_clear_error(tmp_path: Path) -> None:
    path = _template(tmp_path, """
        SecurityHeadersConfig:
          ContentSecurityPolicy: { ContentSecurityPolicy: "", Override: true }
    """)
    with pytest.raises(HeadersPolicyError, match="ContentSecurityPolicy must be a non-empty string"):
        security_headers(path)
    empty = _template(tmp_path, """
        Comment: nothing set
    """, name="empty.yaml")
    with pytest.raises(HeadersPolicyError, match="sets no headers"):
        security_headers(empty)
