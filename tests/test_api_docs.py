"""/api/docs loads Swagger UI from our own origin: the pinned swagger-ui-dist, published by the build
under /swagger-ui/<version>/, and a start script the API serves (no inline script, no CDN).
The page itself is driven in Chromium by tests/browser/test_api_docs.py."""

from __future__ import annotations

import json
import re
import shutil
from pathlib import Path

import pytest
from fastapi.testclient import TestClient

from functions.app import create_app
from ops.headers import security_headers
from service.store.sqlite import SqliteStore
from service.swagger_ui import SWAGGER_UI_FILES, SWAGGER_UI_FOLDER, SWAGGER_UI_VERSION
from sitebuild.assets import MissingVendorFiles, api_docs_files
from tests.support import settings_for_tests

ROOT = Path(__file__).resolve().parents[1]


@pytest.fixture
def client(tmp_path):
    store = SqliteStore(tmp_path / "puzzlebook.sqlite3")
    with TestClient(create_app(settings_for_tests(), store)) as client:
        yield client
    store.close()


def test_the_pinned_version_is_the_one_package_json_and_the_lock_pin() -> None:
    package = json.loads((ROOT / "package.json").read_text())
    lock = json.loads((ROOT / "package-lock.json").read_text())
    assert package["dependencies"]["swagger-ui-dist"] == SWAGGER_UI_VERSION
    assert lock["packages"]["node_modules/swagger-ui-dist"]["version"] == SWAGGER_UI_VERSION


def test_the_page_loads_only_files_from_our_origin_and_no_inline_script(client: TestClient) -> None:
    page = client.get("/api/docs")
    assert page.status_code == 200 and page.headers["content-type"].startswith("text/html")
    html = page.text
    urls = re.findall(r'(?:src|href)="([^"]+)"', html)
    assert urls and all(url.startswith("/") or url == "data:," for url in urls), urls
    assert f"/{SWAGGER_UI_FOLDER}/swagger-ui-bundle.js" in urls and "/api/docs/start.js" in urls
    assert not re.search(r"<script(?![^>]*\bsrc=)[^>]*>", html), "an inline script breaks script-src 'self'"
    assert "style=" not in html and "<style" not in html
    start = client.get("/api/docs/start.js")
    assert start.status_code == 200 and start.headers["content-type"].startswith("text/javascript")
    assert "/api/openapi.json" in start.text


def test_the_sites_policy_allows_scripts_and_styles_from_our_origin_only() -> None:
    policy = security_headers()["Content-Security-Policy"]
    csp = dict(part.strip().split(" ", 1) for part in policy.split(";"))
    # 'wasm-unsafe-eval' lets the analysis engine compile its WebAssembly; it allows no eval of text.
    assert csp["script-src"] == "'self' 'wasm-unsafe-eval'" and csp["style-src"] == "'self'"


def test_the_build_publishes_swagger_ui_under_its_version() -> None:
    files = api_docs_files(ROOT / "node_modules")
    assert set(files) == {f"{SWAGGER_UI_FOLDER}/{name}" for name in SWAGGER_UI_FILES}
    bundle = files[f"{SWAGGER_UI_FOLDER}/swagger-ui-bundle.js"]
    assert bundle == (ROOT / "node_modules/swagger-ui-dist/swagger-ui-bundle.js").read_bytes()


def test_another_installed_version_is_refused_saying_what_to_do(tmp_path: Path) -> None:
    package = tmp_path / "swagger-ui-dist"
    shutil.copytree(ROOT / "node_modules/swagger-ui-dist", package)
    meta = json.loads((package / "package.json").read_text())
    meta["version"] = "4.0.0"
    (package / "package.json").write_text(json.dumps(meta))
    with pytest.raises(MissingVendorFiles, match="npm ci"):
        api_docs_files(tmp_path)
    with pytest.raises(MissingVendorFiles, match="npm ci"):
        api_docs_files(tmp_path / "nowhere")
