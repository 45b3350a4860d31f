"""What the store keeps and answers, as plain dataclasses (no storage details)."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any


@dataclass(frozen=True, slots=True)
class Player:
    """A player: id, display name, the SHA-256 of their token, and when they joined."""

    id: str
    name: str
    token_hash: str
    created: str


@dataclass(frozen=True, slots=True)
class BoardRow:
    """One place on a board: the place, the player, and what the board ranks by."""

    place: int
    player_id: str
    name: str
    detail: dict[str, Any]


@dataclass(frozen=True, slots=True)
class Board:
    """The top of a board (at most 100 rows) and the caller's own row, when they have a place."""

    rows: list[BoardRow]
    mine: BoardRow | None = None
