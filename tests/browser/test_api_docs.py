"""/api/docs renders the OpenAPI document's operations in Swagger UI under the site's own CSP (the one
infra/template.yaml gives CloudFront): every script and style from our origin, no violation."""

from __future__ import annotations

from typing import Any
from urllib.parse import urlparse

import pytest

pytestmark = pytest.mark.browser

# Swagger UI builds and lays out every operation of the document (over a hundred) on the page's
# main thread: seconds on an idle machine, more than the fixture's 10 s when two shared cores are
# busy with other workers. The waits below get a minute; a page that never renders still fails.
RENDER_DEADLINE_MS = 60_000


def test_the_api_docs_render_every_operation_with_no_csp_violation(page: Any, site_server: Any) -> None:
    status, document = site_server.get("/api/openapi.json")
    assert status == 200
    operations = sum(len(ops) for ops in document["paths"].values())
    asked: list[str] = []
    page.on("request", lambda request: asked.append(request.url))
    problems: list[str] = []
    page.on("console", lambda message: problems.append(message.text) if message.type == "error" else None)

    page.set_default_timeout(RENDER_DEADLINE_MS)
    answer = page.goto("/api/docs")
    assert answer is not None and answer.status == 200
    assert "script-src 'self'" in answer.headers["content-security-policy"]
    page.wait_for_selector(".opblock-summary", state="visible")
    page.wait_for_function("n => document.querySelectorAll('.opblock').length === n", arg=operations)
    assert page.locator(".info .title").first.inner_text().startswith("Puzzle Book API")
    assert page.locator(".opblock-summary-path", has_text="/api/me").count() >= 1

    # An operation opens, with its request body's schema.
    page.locator(".opblock-post .opblock-summary", has_text="/api/chess/solves").first.click()
    page.wait_for_selector(".opblock.is-open .opblock-section-request-body, .opblock.is-open .body-param")

    elsewhere = [url for url in asked if urlparse(url).netloc not in ("", urlparse(site_server.url).netloc)]
    assert not elsewhere, f"asked another origin for: {elsewhere}"
    assert page.evaluate("window.__cspViolations") == []
    assert not problems, problems
