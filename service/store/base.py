"""The Store: one interface, two backends (sqlite.py, dynamo.py).

A backend supplies six primitives over items shaped like DynamoDB's
(service/store/items.py: a partition key, a sort key, three sparse indexes,
conditional writes in one all-or-nothing transaction). Everything else is
written once, on top of them, in one mixin per area:

  players.py   players: create, read, rename, delete
  credentials.py  ways back in: device tokens, passkeys, recovery codes, WebAuthn challenges
  boards.py    the leaderboards' machinery, the caller's place, the streak boards
  site.py      rate limits and the health heartbeat

and each game keeps its own records on top of the Store, in its own folder
(service/games/<key>/records.py, a `<Game>Records(store)` class), so the two backends cannot drift:
the contract suite (tests/test_store_contract.py) runs the same tests against both.

Errors: a backend raises StoreUnavailable when it can't do its job (locked,
throttled, unreachable); the API answers 503. Conflict is internal: a
conditional write lost a race, and the record method reads again and retries.
"""

from __future__ import annotations

from service.store.boards import BOARD_SIZE, Boards
from service.store.credentials import Credentials
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
from service.store.players import Players
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


class Store(Players, Credentials, Boards, SiteRecords, Primitives):
    """The storage behind the API and the nightly job. Subclasses implement the primitives."""

    def warm(self) -> None:
        """Do now what the first request would otherwise do first (DynamoDB: make the client), for a
        snapshot to hold it (functions/handler.py). Nothing by default."""
