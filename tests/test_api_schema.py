"""schemathesis over /api/openapi.json, every route (lessons included): generated requests, valid and
not, never get a 5xx or an answer the document doesn't describe; a request the document calls valid is
never refused as malformed (400), and one it calls invalid is refused. In-process.

So the document says exactly what the API accepts: lengths, patterns, ranges, enums and required
fields (docs/api.md, "What the document promises"). A schema-valid request may still be refused for
what it asks, not its shape: 422 (moves that don't solve the puzzle, a lesson with problems, a Chain
that isn't solved), 404 (no such day or lesson), 401, 403 or 429; never 400."""

from __future__ import annotations

import atexit
import datetime as dt
import functools
import os
import shutil
import tempfile
import zlib
from pathlib import Path
from typing import Any

import pytest
import schemathesis
from fastapi.testclient import TestClient
from hypothesis import HealthCheck, settings
from schemathesis.checks import negative_data_rejection
from schemathesis.config import SchemathesisConfig
from schemathesis.core.parameters import ParameterLocation
from schemathesis.generation import GenerationMode

from functions.app import create_app
from puzzlebook.chain.generate import generate
from service.games.chain.records import ChainRecords
from service.store.sqlite import SqliteStore
from tests.support import Clock, settings_for_tests, signed_up

pytestmark = pytest.mark.slow


def _each_regex_made_once() -> None:
    """Make each pattern's strategy once a process, not again for every strategy derived from it.

    Hypothesis builds `from_regex` lazily, and each `.filter()` of it (schemathesis filters every
    pattern's strings by the schema's other facets) is a new lazy strategy that builds the regex's
    strategy again, walking every code point of each range in its classes: the names' pattern
    leaves out two planes of private use, some 130,000 code points, 1–2 s a build, made some 25
    times an operation; a third of the run's CPU. A regex's strategy is a value of its arguments
    (the same alphabet strategy is passed each time), so keeping it changes no case drawn. If
    Hypothesis moves `regex_strategy`, this fails at import rather than running slowly."""
    from hypothesis.strategies._internal import regex

    made: dict[tuple[Any, ...], Any] = {}
    build = regex.regex_strategy

    @functools.wraps(build)
    def regex_strategy(pattern: Any, fullmatch: bool, *, alphabet: Any, **hacks: Any) -> Any:
        key = (getattr(pattern, "pattern", pattern), getattr(pattern, "flags", None), fullmatch, alphabet,
               tuple(sorted(hacks.items())))
        if key not in made:
            made[key] = build(pattern, fullmatch, alphabet=alphabet, **hacks)
        return made[key]

    regex.regex_strategy = regex_strategy


_each_regex_made_once()

NOON = dt.datetime(2026, 11, 2, 12, 0, tzinfo=dt.UTC)
# The schema is loaded when this module is collected, so the app (and its store) is made here too.
_dir = Path(tempfile.mkdtemp(prefix="puzzlebook-schemathesis-"))
atexit.register(shutil.rmtree, _dir, True)
_store = SqliteStore(_dir / "puzzlebook.sqlite3")
for _day in ("2026-11-01", "2026-11-02", "2026-11-03"):
    ChainRecords(_store).put_chain_day(_day, generate(_day))
app = create_app(settings_for_tests(), _store, clock=Clock(NOON))
AUTH = signed_up(TestClient(app), "Schemathesis")
# Valid data may be refused for what it asks (422 and the rest), never as malformed: 400 fails the run.
ACCEPTED = ["2xx", "401", "403", "404", "409", "422", "429"]
CONFIG = SchemathesisConfig.from_dict(
    {"checks": {"positive_data_acceptance": {"expected-statuses": ACCEPTED}}}
)
schema = schemathesis.openapi.from_asgi("/api/openapi.json", app, config=CONFIG)
# A lesson import may be PGN: text, sent as it is.
PGN = "application/x-chess-pgn"
schemathesis.serializer.alias(PGN, "text/plain")


def _wrong_headers(case: schemathesis.Case) -> bool:
    """Whether schemathesis made the case's headers invalid (a negative case's header component)."""
    info = case.meta.components.get(ParameterLocation.HEADER) if case.meta else None
    return info is not None and info.mode is GenerationMode.NEGATIVE


# Cases an operation: enough in `make test` to reach each operation's refusals and its accepted
# shapes (the same cases every run: derandomized); `make fuzz` draws many more (docs/api.md).
EXAMPLES = int(os.environ.get("PUZZLEBOOK_FUZZ_EXAMPLES", "60"))


@schema.parametrize()
@settings(max_examples=EXAMPLES, deadline=None, suppress_health_check=list(HealthCheck), derandomize=True)
def test_no_server_errors_and_no_undocumented_answers(case: schemathesis.Case) -> None:
    # Half the cases as a signed-in player (so the checks behind the token run), half as a guest.
    # (crc32, not hash(): the same cases get the token on every run, whatever PYTHONHASHSEED is.)
    # A case whose headers were made wrong on purpose keeps them: our token would mend them, and
    # what else was wrong in it (an unknown query key, which the API ignores) would be all it tested.
    headers = AUTH if zlib.crc32(repr(case.body).encode()) % 2 == 0 and not _wrong_headers(case) else {}
    # Every check is on: no 5xx; documented statuses, bodies and headers (Cache-Control included);
    # valid data accepted as well formed (ACCEPTED); invalid data refused.
    excluded = []
    if case.media_type == PGN:
        # A PGN body is text on the wire: a "wrong type" body arrives as a string, valid PGN-wise, as
        # schemathesis itself already reckons for text/plain (which it knows; this alias it doesn't).
        excluded.append(negative_data_rejection)
    case.call_and_validate(headers=headers, excluded_checks=excluded)
