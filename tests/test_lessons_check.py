"""POST /api/lessons/validate (issue 26, item 8): counted per client address like imports, and
checked off the event loop, so a big check never holds the other requests of the process."""

from __future__ import annotations

import datetime as dt
import json
import threading
from pathlib import Path

import httpx2
import pytest

from functions.routes.lessons import imports as lesson_imports
from functions.routes.lessons import routes as lesson_routes
from tests.support import served, sqlite_store

NOON = dt.datetime(2026, 11, 2, 12, 0, tzinfo=dt.UTC)
JSON = {"Content-Type": "application/json"}
EXAMPLES = Path(__file__).resolve().parents[1] / "site/templates/lessons/_examples"
LESSON = (EXAMPLES / "guide_lesson.json").read_text(encoding="utf-8")


def test_checks_are_counted_per_address_as_imports_are(tmp_path) -> None:
    school = ("198.51.100.7", 5000)
    with sqlite_store(tmp_path / "s.sqlite3") as store, served(store, NOON, client=school) as world:
        # A type it can't read is refused before it is counted: a foreign page can't spend the quota.
        assert world.client.post("/api/lessons/validate", content=b"[]",
                                 headers={"Content-Type": "text/plain"}).status_code == 415
        for _ in range(lesson_routes.IMPORTS_PER_HOUR):
            assert world.client.post("/api/lessons/validate", content=b"[]", headers=JSON).status_code == 200
        refused = world.client.post("/api/lessons/validate", content=LESSON, headers=JSON)
        assert refused.status_code == 429, refused.text
        assert refused.json()["error"].startswith(
            f"Too many lesson checks from your network: at most {lesson_routes.IMPORTS_PER_HOUR} an hour.")
        assert int(refused.headers["Retry-After"]) > 0
        world.clock.advance(hours=1)
        assert world.client.post("/api/lessons/validate", content=LESSON, headers=JSON).status_code == 200
    elsewhere = ("203.0.113.9", 5000)
    with sqlite_store(tmp_path / "s.sqlite3") as store, served(store, NOON, client=elsewhere) as w:
        assert w.client.post("/api/lessons/validate", content=LESSON, headers=JSON).status_code == 200


def test_other_requests_are_answered_while_a_check_runs(tmp_path, monkeypatch: pytest.MonkeyPatch) -> None:
    """The check is held (in the thread it runs in) until /api/health has answered. On the event loop,
    holding it would hold health too, and the health request would never be answered: the order
    proves the check runs elsewhere, with no time measured."""
    from functions.app import create_app
    from tests.support import settings_for_tests, uvicorn_serving

    started, released = threading.Event(), threading.Event()
    real_check = lesson_imports.check

    def held_check(*args, **kwargs):
        started.set()
        released.wait(60)  # a guard against a hung test, not a measure: health releases it first
        return real_check(*args, **kwargs)

    monkeypatch.setattr(lesson_imports, "check", held_check)
    big = json.dumps(json.loads(LESSON) * 40)
    answers: dict[str, httpx2.Response] = {}
    with sqlite_store(tmp_path / "s.sqlite3") as store, uvicorn_serving(
            create_app(settings_for_tests(), store)) as base:

        def validate() -> None:
            answers["check"] = httpx2.post(f"{base}/api/lessons/validate", content=big, headers=JSON,
                                           timeout=120)

        checking = threading.Thread(target=validate)
        checking.start()
        assert started.wait(60), "the check never started"
        try:
            health = httpx2.get(f"{base}/api/health", timeout=30)
            assert "check" not in answers, "the check was still held while health answered"
        finally:
            released.set()
        checking.join(120)
    # Answered (this store holds no Chain days, so health says what is missing: still an answer).
    assert health.status_code in (200, 503) and health.json(), health.text
    assert answers["check"].status_code == 200 and answers["check"].json()["count"] == len(json.loads(big))
