"""tests/conftest.py's rule for what `make check` leaves to `make test`: the API's tests over moto's
DynamoDB, never the store contract suite's."""

from __future__ import annotations

from types import SimpleNamespace

import pytest

from tests.conftest import leaves_check

pytest_plugins = ("pytester",)  # for the store_kind fixture's test, below


def item(nodeid: str, **params: object) -> object:
    return SimpleNamespace(nodeid=nodeid, callspec=SimpleNamespace(params=params) if params else None)


def test_an_api_test_over_dynamodb_is_left_to_make_test_and_over_sqlite_it_is_not() -> None:
    assert leaves_check(item("tests/test_api_tickets.py::test_x[dynamodb]", store_kind="dynamodb"))
    assert leaves_check(item("tests/test_api_streak.py::test_x[dynamodb-skip]", store_kind="dynamodb",
                             how="skip"))
    assert leaves_check(item("tests/test_api_daily_run.py::test_x[storm-dynamodb]", world="storm",
                             store_kind="dynamodb"))
    assert not leaves_check(item("tests/test_api_tickets.py::test_x[sqlite]", store_kind="sqlite"))


def test_the_store_tests_run_over_both_stores_in_make_check() -> None:
    assert not leaves_check(item("tests/test_store_contract.py::test_x[dynamodb]", store_kind="dynamodb"))
    assert not leaves_check(item("tests/test_store_classes.py::test_x[dynamodb]", store_kind="dynamodb"))


def test_tests_without_parameters_and_other_parameters_stay() -> None:
    assert not leaves_check(item("tests/test_api_store_failures.py::test_throttled_dynamodb_is_503"))
    assert not leaves_check(item("tests/test_api_players.py::test_x[evil]", name="dynamodb?"))
    assert not leaves_check(item("tests/test_api_players.py::test_x[list]", rows=[1, 2]))


def test_a_single_test_named_slow_here_is_left_to_make_test() -> None:
    named = "tests/test_store_classes.py::test_a_class_holds_at_most_the_limit_of_students[dynamodb]"
    assert leaves_check(item(named, store_kind="dynamodb"))


def test_the_store_kind_fixture_gives_each_store_and_the_rule_sees_its_dynamodb_run(
    pytester: pytest.Pytester,
) -> None:
    """A test taking `store_kind` (tests/conftest.py) is collected once per store, and the DynamoDB
    one is what `make check` leaves out: the conftest's own hook, run on a test that takes it."""
    pytester.makeconftest("from tests.conftest import *  # noqa: F403")
    pytester.makepyfile(test_over_stores="def test_x(store_kind):\n    assert store_kind\n")
    result = pytester.runpytest_inprocess("-q", "-m", "not slow", "-p", "no:schemathesis",
                                          "-p", "no:xdist", "--rootdir", str(pytester.path))
    result.assert_outcomes(passed=1, deselected=1)
    result.stdout.no_fnmatch_line("*dynamodb*passed*")


def test_every_test_handed_out_first_still_exists() -> None:
    """A renamed test would silently fall back to its place as collected: each LONG_FIRST entry (the
    Python suite's and the browser tests') names a test file, and a test in it that starts so."""
    import re
    from pathlib import Path

    from tests.browser.conftest import LONG_FIRST as BROWSER_FIRST
    from tests.conftest import LONG_FIRST, ROOT

    for entry in LONG_FIRST + BROWSER_FIRST:
        path, _, start = entry.partition("::")
        source = Path(ROOT, path).read_text(encoding="utf-8")
        assert not start or re.search(rf"^def {re.escape(start)}", source, re.MULTILINE), entry


class _Item:
    """As much of a pytest item as unique_ids reads and writes."""

    def __init__(self, name: str, nodeid: str) -> None:
        from _pytest.nodeid import NodeId

        self.name, self._id = name, NodeId.parse(nodeid)

    @property
    def nodeid(self) -> str:
        return str(self._id)


def test_each_api_operation_the_schema_test_makes_has_an_id_of_its_own() -> None:
    """schemathesis's items named their operation, their ids didn't: xdist ran one of the 80."""
    import pytest

    from tests.conftest import unique_ids

    base = "tests/test_api_schema.py::test_x"
    items = [_Item("test_x[POST /api/chess/solves]", base), _Item("test_x[GET /api/health]", base),
             _Item("test_y[1-2]", "tests/test_a.py::test_y[1-2]"), _Item("test_z", "tests/test_a.py::test_z")]
    unique_ids(items)  # type: ignore[arg-type]
    assert [i.nodeid for i in items] == [f"{base}[POST /api/chess/solves]", f"{base}[GET /api/health]",
                                         "tests/test_a.py::test_y[1-2]", "tests/test_a.py::test_z"]
    with pytest.raises(pytest.UsageError, match="1 test ids are shared"):
        unique_ids([_Item("test_z", "tests/test_a.py::test_z"), _Item("test_z", "tests/test_a.py::test_z")])  # type: ignore[list-item]
