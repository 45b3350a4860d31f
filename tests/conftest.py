"""What `make check` leaves to `make test`, beyond the tests marked slow where they stand.

`make check` is the loop while working (`-m "not slow"`: docs/architecture.md, "Tests"), and most
of its CPU went to running the API's tests twice, once over SQLite and once over DynamoDB in
moto, which answers each call three to five times slower. The API's routes, rules and answers are
the same over both stores, and what could differ between the stores is what the store contract
suite (tests/test_store_*.py) holds every backend to. So a test parametrized over the stores
outside tests/test_store_*.py runs over DynamoDB in `make test` only (marked slow here), and
`make check` runs it over SQLite; the store tests run over both in either.

SLOW_HERE names single tests (node ids) that are slow for their parameters alone.

Every app a test makes reads the committed chess bundle through one Bundle per test process
(`one_committed_bundle`), as one Lambda container's app does for its life, rather than a Bundle of
its own: a new app read the shards again, and its first new player had the day's dailies picked
from the bands' orders sorted afresh (SHA-256 of every puzzle of a band), a tenth of a second or
more of every API test. The bundle is never written, and the orders are kept per bundle
(puzzlebook/chess/daily.py), so nothing a test sees changes.
"""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

ROOT = Path(__file__).resolve().parent.parent
COMMITTED_SHARDS = ROOT / "shards"

STORE_TESTS = "tests/test_store_"  # the contract suite: every backend in `make check` too
SLOW_BACKEND = "dynamodb"  # the parameter a store-parametrized test gets for moto's DynamoDB

SLOW_HERE = frozenset({
    # sixty students joining one class, through moto (7 s of CPU; over SQLite it stays in `make check`)
    "tests/test_store_classes.py::test_a_class_holds_at_most_the_limit_of_students[dynamodb]",
})


def leaves_check(item: pytest.Item) -> bool:
    """Whether `item` runs in `make test` only, by the rules above."""
    if item.nodeid in SLOW_HERE:
        return True
    callspec = getattr(item, "callspec", None)
    if callspec is None or item.nodeid.startswith(STORE_TESTS):
        return False
    return SLOW_BACKEND in callspec.params.values()


@pytest.hookimpl(tryfirst=True)  # before `-m "not slow"` deselects
def pytest_collection_modifyitems(items: list[pytest.Item]) -> None:
    for item in items:
        if leaves_check(item):
            item.add_marker(pytest.mark.slow)


@pytest.fixture(scope="session", autouse=True)
def one_committed_bundle() -> Iterator[None]:
    """Apps opening the committed bundle (settings.shards, the default) share one Bundle; an app
    given another bundle opens its own, as before."""
    from puzzlebook.chess.shards import Bundle
    from service.games.chess.puzzles import ChessPuzzles

    opened: dict[Path, Bundle] = {}
    own = ChessPuzzles.bundle

    def bundle(self: Any) -> Bundle:
        if self._bundle is None and Path(self.ctx.settings.shards).resolve() == COMMITTED_SHARDS:
            self._bundle = opened.setdefault(COMMITTED_SHARDS, Bundle(COMMITTED_SHARDS))
        return own.fget(self)  # type: ignore[no-any-return]

    with pytest.MonkeyPatch.context() as patch:
        patch.setattr(ChessPuzzles, "bundle", property(bundle))
        yield
