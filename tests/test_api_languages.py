"""The API speaks the request's language (issue 44): every error answers its words in the language
Accept-Language asks for (English when the site has none of them) with the same stable code, and a
signed-in player's own language is kept on their profile and follows them to another device. Over
real HTTP (TestClient) on both stores; a refusal changes nothing stored."""

from __future__ import annotations

import datetime as dt
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from functions.auth import issue_token
from puzzlebook.languages import LANGUAGES
from tests.support import Signed, StoreKind, signed_up, world_of

NOON = dt.datetime(2026, 11, 2, 12, 0, tzinfo=dt.UTC)
CODES = ", ".join(language.code for language in LANGUAGES)


@pytest.fixture
def world(store_kind: StoreKind, tmp_path: Path) -> Iterator[Signed]:
    with world_of(store_kind, tmp_path, NOON) as world:
        yield world.grown(Signed, me=signed_up(world.client, "Ada"))


def profile(world: Signed) -> list[Any]:
    """Everything kept under the signed-in player (their partition), to hold a refusal to nothing."""
    pid = world.me["Authorization"].split()[1].split(".")[0]
    return sorted(map(repr, world.store.query_items(f"P#{pid}")))


def said(
    world: Signed, language: str | None, method: str, path: str, **sent: Any
) -> tuple[int, dict[str, str]]:
    headers = {**world.me, **({"Accept-Language": language} if language else {})}
    got = world.client.request(method, path, headers=headers, **sent)
    return got.status_code, got.json()


# The same refusal in each language: a rename to nothing, a name too long (a plural), a bad language.
CASES = [
    ("PATCH", "/api/me", {"json": {"name": ""}}, "name_empty", {
        None: "The name can't be empty.",
        "es": "El nombre no puede estar vacío.",
        "ar": "لا يمكن أن يكون الاسم فارغًا.",
        "ja": "The name can't be empty.",
        "fr-CH, de;q=0.5": "Le nom ne peut pas être vide.",
        "pt": "O nome não pode ficar vazio.",
    }),
    ("PATCH", "/api/me", {"json": {"name": "x" * 25}}, "name_too_long", {
        None: "The name can be at most 24 characters, not 25.",
        "es-MX": "El nombre puede tener como mucho 24 caracteres, no 25.",
        "ru": "Имя может содержать не больше 24 символов, а не 25.",
        "ar": "يمكن أن يكون الاسم 24 حرفًا على الأكثر، لا 25.",
        "zz, ja;q=0.9": "The name can be at most 24 characters, not 25.",
    }),
    ("PUT", "/api/me/language", {"json": {"language": "klingon"}}, "not_a_language", {
        None: f"The site has no language “klingon”: choose one of {CODES}.",
        "es": f"El sitio no tiene el idioma «klingon»: elige uno de estos: {CODES}.",
        "de": f"Die Seite hat keine Sprache „klingon“: Wähle eine von {CODES}.",
    }),
    ("GET", "/api/nowhere", {}, "no_such_path", {
        "es": "No hay nada en /api/nowhere.",
        "ar": "لا شيء في /api/nowhere.",
        "tlh": "There's nothing at /api/nowhere.",
    }),
]


@pytest.mark.parametrize(("method", "path", "sent", "code", "words"), CASES, ids=[c[3] for c in CASES])
def test_an_error_is_in_the_requests_language_with_one_code(
    world: Signed, method: str, path: str, sent: dict[str, Any], code: str, words: dict[str | None, str]
) -> None:
    before = profile(world)
    for language, expected in words.items():
        status, body = said(world, language, method, path, **sent)
        assert status in (400, 404, 422), (language, body)
        assert body == {"error": expected, "code": code}, language
    assert profile(world) == before  # nothing stored changed on any refusal


def test_the_answer_says_which_language_it_speaks(world: Signed) -> None:
    for asked, spoken in (("es", "es"), ("ar-EG", "ar"), ("pt-PT", "pt-BR"), ("ja", "en"), (None, "en")):
        headers = {"Accept-Language": asked} if asked else {}
        got = world.client.get("/api/nowhere", headers=headers)
        assert got.headers["content-language"] == spoken, asked


def test_a_validation_error_in_spanish_names_the_field(world: Signed) -> None:
    status, body = said(world, "es", "PUT", "/api/me/language", json={"language": 5})
    assert (status, body) == (400, {"error": "Language debe ser texto.", "code": "field_not_text"})
    status, body = said(world, "es", "PUT", "/api/me/language", json={})
    assert (status, body) == (400, {"error": "Falta language.", "code": "field_missing"})


def test_a_signed_in_players_language_is_kept_and_follows_them_to_another_device(world: Signed) -> None:
    assert world.client.get("/api/me", headers=world.me).json()["language"] is None
    kept = world.client.put("/api/me/language", json={"language": "es"}, headers=world.me)
    assert (kept.status_code, kept.json()) == (200, {"language": "es"})
    pid = world.me["Authorization"].split()[1].split(".")[0]
    other_device = {"Authorization": f"Bearer {issue_token(world.store, pid, NOON, 'code')}"}
    assert world.client.get("/api/me", headers=other_device).json()["language"] == "es"
    changed = world.client.put("/api/me/language", json={"language": "pt-BR"}, headers=other_device)
    assert changed.json() == {"language": "pt-BR"}
    assert world.client.get("/api/me", headers=world.me).json()["language"] == "pt-BR"
    assert world.client.get("/api/me", headers=world.me).json()["name"] == "Ada"  # the rest of it kept


@pytest.mark.parametrize("code", ["klingon", "ES", "pt-br", "pt", "en-US", "", " es"])
def test_only_the_sites_codes_exactly_are_kept(world: Signed, code: str) -> None:
    world.client.put("/api/me/language", json={"language": "fr"}, headers=world.me)
    before = profile(world)
    refused = world.client.put("/api/me/language", json={"language": code}, headers=world.me)
    assert refused.status_code == 422
    assert refused.json()["code"] == "not_a_language" and CODES in refused.json()["error"]
    assert profile(world) == before
    assert world.client.get("/api/me", headers=world.me).json()["language"] == "fr"


def test_keeping_a_language_needs_a_player(world: Signed) -> None:
    got = world.client.put("/api/me/language", json={"language": "es"}, headers={"Accept-Language": "es"})
    assert got.status_code == 401 and got.json()["code"] == "sign_in_needed"
    assert got.json()["error"].startswith("Inicia sesión primero")
