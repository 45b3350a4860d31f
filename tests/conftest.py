"""The stores a test runs over, and what `make check` leaves to `make test`, beyond the tests marked
slow where they stand.

A test runs over both stores by taking the `store_kind` fixture (tests/support.py: STORE_KINDS), or
the `store` fixture, a fresh store of that kind; a world served over it is `world_of(store_kind,
tmp_path, now)` (tests/support.py).

`make check` is the loop while working (`-m "not slow"`: docs/architecture.md, "Tests"), and most
of its CPU went to running the API's tests twice, once over SQLite and once over DynamoDB in
moto, which answers each call three to five times slower. The API's routes, rules and answers are
the same over both stores, and what could differ between the stores is what the store contract
suite (tests/test_store_*.py) holds every backend to. So a test parametrized over the stores
outside tests/test_store_*.py (a `store_kind` of "dynamodb") runs over DynamoDB in `make test` only
(marked slow here), and `make check` runs it over SQLite; the store tests run over both in either.

SLOW_HERE names single tests (node ids) that are slow for their parameters alone.

LONG_FIRST hands the longest tests out first, so that the run's last minute is short tests spread over
every worker rather than one worker finishing a 40-second test alone (tests/browser/conftest.py does
the same for the browser tests).

Every app a test makes reads the committed chess bundle through one Bundle per test process
(`one_committed_bundle`), as one Lambda container's app does for its life, rather than a Bundle of
its own: a new app read the shards again, and its first new player had the day's dailies picked
from the bands' orders sorted afresh (SHA-256 of every puzzle of a band), a tenth of a second or
more of every API test. The bundle is never written, and the orders are kept with the bundle
(`Bundle.derived`), so nothing a test sees changes.
"""

from __future__ import annotations

import os
from collections.abc import Iterator
from pathlib import Path
from typing import TYPE_CHECKING, Any

import pytest

from tests.support import COMPRESS_CACHE, STORE_KINDS, StoreKind, store_of

if TYPE_CHECKING:
    from service.store.base import Store

ROOT = Path(__file__).resolve().parent.parent
COMMITTED_SHARDS = ROOT / "shards"
# Where the run's builds keep compressed copies by content (tests/support.py, COMPRESS_CACHE): every
# pytest process of a `make test` (the Python suite, the browser suite's seed and servers) shares it.
COMPRESS_CACHE_FOLDER = ROOT / "var" / "test-cache" / "compressed"


def pytest_configure(config: pytest.Config) -> None:
    os.environ.setdefault(COMPRESS_CACHE, str(COMPRESS_CACHE_FOLDER))  # servers and seeds inherit it

STORE_TESTS = "tests/test_store_"  # the contract suite: every backend in `make check` too
SLOW_BACKEND: StoreKind = "dynamodb"  # the `store_kind` a test gets for moto's DynamoDB

SLOW_HERE = frozenset({
    # sixty students joining one class, through moto (7 s of CPU; over SQLite it stays in `make check`)
    "tests/test_store_classes.py::test_a_class_holds_at_most_the_limit_of_students[dynamodb]",
})


# Handed out first, longest first: a name matches a node id's start; a module of an xdist group is
# handed out whole, where its first test stands. Wall seconds each, on 2 cores at load 7.
LONG_FIRST = (
    "tests/test_site_build.py::",  # one group: a cold build, then builds over copies of it
    "tests/test_no_leaks.py::",  # one group: a cold build beside the one above, sharing its compressing
    "tests/test_bench.py::test_scale_",  # the scale model over moto: 52 s
    "tests/test_snapshots_lambda.py::test_a_run_publishes_each_board_once",  # six rounds over moto
    "tests/test_lessons_api.py::test_a_pgn_larger_than_a_dynamodb_item",  # 160 games, each store: 45 s
    "tests/test_lessons_api.py::test_an_import_too_big_to_keep",  # 28,000 moves checked twice: 35 s
    "tests/test_store_sqlite.py::test_the_log_stays_small",  # 20,000 results: 36 s
    "tests/test_store_sqlite.py::test_a_clean_stop_of_serve",  # a server's start and stop: 32 s
    "tests/test_chain_guide.py::",  # one group: a site build, then a build over a copy of it
    "tests/test_bench.py::test_lessons_times",  # 23 s
    "tests/test_bundle_reproduce.py::",  # the bundle made again from its source: 20 s
    "tests/test_nightly_lambda.py::",  # 18 s
)


def long_first(items: list[pytest.Item]) -> None:
    """Put LONG_FIRST's tests first, in its order (a stable sort: the rest as collected). Every xdist
    worker collects the same order, as it must."""
    def rank(item: pytest.Item) -> int:
        starts = [k for k, start in enumerate(LONG_FIRST) if item.nodeid.startswith(start)]
        return starts[0] if starts else len(LONG_FIRST)

    items.sort(key=rank)


def unique_ids(items: list[pytest.Item]) -> None:
    """Give each item a node id of its own, or stop the run saying which ids are shared.

    schemathesis names a test per API operation (``test_x[POST /api/chess/solves]``), but pytest 9
    builds an item's id from its parametrization, which those items lack, so all 80 shared one id;
    xdist's loadgroup keys its work by id, and `make test` ran one operation of the 80. The
    parameters the name carries are put in the id; any id still shared is an error."""
    from _pytest.nodeid import NodeId

    for item in items:
        _, bracket, params = item.name.partition("[")
        if bracket and "[" not in item.nodeid.rpartition("::")[2] and params.endswith("]"):
            item._id = NodeId.parse(f"{item.nodeid}[{params[:-1]}]")  # type: ignore[attr-defined]
    seen: dict[str, int] = {}
    for item in items:
        seen[item.nodeid] = seen.get(item.nodeid, 0) + 1
    shared = sorted(nodeid for nodeid, n in seen.items() if n > 1)
    if shared:
        raise pytest.UsageError(f"{len(shared)} test ids are shared by several tests, e.g. {shared[:3]}")


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
    unique_ids(items)
    for item in items:
        if leaves_check(item):
            item.add_marker(pytest.mark.slow)
    long_first(items)


@pytest.fixture(params=STORE_KINDS)
def store_kind(request: pytest.FixtureRequest) -> StoreKind:
    """Each store in turn: a test taking it runs once over SQLite and once over DynamoDB (moto), the
    latter in `make test` only outside tests/test_store_*.py (`leaves_check`). A module whose fixture
    of wider scope needs it overrides it with its own scope (tests/test_lessons_robust.py)."""
    kind: StoreKind = request.param
    return kind


@pytest.fixture
def store(store_kind: StoreKind, tmp_path: Path) -> Iterator[Store]:
    """A fresh store of each kind in turn."""
    with store_of(store_kind, tmp_path) as fresh:
        yield fresh


@pytest.fixture(scope="session", autouse=True)
def compiled_catalogs() -> None:
    """The catalogs compiled as the API reads them (service/speech.py: `locale/*/LC_MESSAGES/*.mo`,
    made from the committed `.po` by ops.messages; only those older than their `.po` are made again),
    so a test run straight from pytest answers in every language as `make` would."""
    from ops.messages import compile_all

    compile_all()


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
