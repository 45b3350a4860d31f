"""The site's root sends a visitor to their language (issue 44; docs/languages.md, "Choosing a
language"): one rule, puzzlebook.languages.root_redirect, applied by the local server and, in the
CDN, by infra/template.yaml's page-path function, both held to tests/vectors/languages.json."""

from __future__ import annotations

import json
import re
from pathlib import Path
from typing import Any

import pytest

from ops.template import load_template
from puzzlebook.languages import LANGUAGES, root_redirect
from tests.edge import viewer_requests

VECTORS = json.loads((Path(__file__).parent / "vectors" / "languages.json").read_text(encoding="utf-8"))
CASES: list[dict[str, Any]] = VECTORS["cases"]


def _function_code() -> str:
    code: str = load_template()["Resources"]["PagePathFunction"]["Properties"]["FunctionCode"]
    return code


@pytest.mark.parametrize("case", CASES, ids=lambda c: c["why"])
def test_the_local_rule_is_the_vectors(case: dict[str, Any]) -> None:
    assert root_redirect(case["accept"], case["cookie"]) == case["to"]


def _cookies(header: str | None) -> dict[str, dict[str, str]]:
    """A Cookie header as CloudFront hands a function its cookies."""
    pairs = (part.strip().partition("=") for part in (header or "").split(";") if part.strip())
    return {name: {"value": value} for name, _, value in pairs}


def test_the_cdns_function_is_the_vectors() -> None:
    requests = [{"uri": "/", "headers": {"accept-language": {"value": c["accept"]}} if c["accept"] else {},
                 "cookies": _cookies(c["cookie"])} for c in CASES]
    for case, answer in zip(CASES, viewer_requests(_function_code(), requests), strict=True):
        if case["to"] is None:
            assert answer.get("uri") == "/index.html", case["why"]
            continue
        assert answer["statusCode"] == 302, case["why"]
        assert answer["headers"]["location"]["value"] == case["to"], case["why"]
        assert answer["headers"]["cache-control"]["value"] == "private, no-store", case["why"]


def test_the_function_knows_the_sites_languages() -> None:
    listed = re.search(r"var LANGUAGES = \[([^\]]*)\]", _function_code())
    assert listed, "the function lists the languages"
    assert re.findall(r"'([^']+)'", listed.group(1)) == [language.code.lower() for language in LANGUAGES]


def test_only_the_root_is_sent_anywhere() -> None:
    spanish = {"accept-language": {"value": "es"}}
    answers = viewer_requests(_function_code(), [{"uri": path, "headers": spanish}
                                                 for path in ("/about/", "/es/", "/index.html", "/chain/")])
    assert [answer.get("uri") for answer in answers] == [
        "/about/index.html", "/es/index.html", "/index.html", "/chain/index.html"]

