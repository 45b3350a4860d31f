"""The Store: one interface, two backends (sqlite.py, dynamo.py).

A backend supplies six primitives over items shaped like DynamoDB's
(service/store/items.py: a partition key, a sort key, three sparse indexes,
conditional writes in one all-or-nothing transaction). Everything else is
written once, on top of them, in one mixin per area:

  players.py   players and their tallies
  results.py   chess solves and misses, Chain solves and give-ups, ratings
  boards.py    the leaderboards and the caller's place
  site.py      rate limits, kept chess dailies, stored Chain days
  lessons.py   lessons and their results

so the two backends cannot drift: the contract suite (tests/test_store_contract.py)
runs the same tests against both.

Errors: a backend raises StoreUnavailable when it can't do its job (locked,
throttled, unreachable); the API answers 503. Conflict is internal: a
conditional write lost a race, and the record method reads again and retries.
"""

from __future__ import annotations

from service.store.boards import BOARD_SIZE, Boards
from service.store.items import (
    INDEXES,
    Absent,
    Add,
    Conflict,
    Delete,
    Item,
    Key,
    Op,
    Primitives,
    Put,
    StoreGone,
    StoreUnavailable,
    make_item,
    utc_stamp,
)
from service.store.lessons import Lessons
from service.store.players import Players
from service.store.results import Results
from service.store.site import SiteRecords

__all__ = [
    "BOARD_SIZE",
    "INDEXES",
    "Absent",
    "Add",
    "Conflict",
    "Delete",
    "Item",
    "Key",
    "Op",
    "Put",
    "Store",
    "StoreGone",
    "StoreUnavailable",
    "make_item",
    "utc_stamp",
]


class Store(Players, Results, Boards, SiteRecords, Lessons, Primitives):
    """The storage behind the API and the nightly job. Subclasses implement the primitives."""
