"""What the store keeps and answers, as plain dataclasses (no storage details)."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any


@dataclass(frozen=True, slots=True)
class Player:
    """A player: id, display name, the SHA-256 of their token, and when they joined; and the profile
    as read (its `version`, and its whole `doc`, which keeps what the player's friends read of them:
    puzzlebook.friends.state), so a write of it made from this read needs no read again."""

    id: str
    name: str
    token_hash: str
    created: str
    version: int = field(default=0, compare=False)
    doc: dict[str, Any] = field(default_factory=dict, compare=False, hash=False, repr=False)

    @property
    def language(self) -> str | None:
        """The language the player chose to be kept (a code of puzzlebook.languages), or None."""
        language = self.doc.get("language")
        return language if isinstance(language, str) else None


@dataclass(frozen=True, slots=True)
class BoardRow:
    """One place on a board: the place, the player, what the board ranks by, and the entry's rank key
    (its index sort key without the trailing `#<pid>`: what a published snapshot may carry)."""

    place: int
    player_id: str
    name: str
    detail: dict[str, Any]
    key: str = ""


@dataclass(frozen=True, slots=True)
class Board:
    """The top of a board (at most 100 rows) and the caller's own row, when they have a place."""

    rows: list[BoardRow]
    mine: BoardRow | None = None


@dataclass(frozen=True, slots=True)
class Passkey:
    """A player's passkey: its credential id and public key (base64url), the authenticator's signature
    counter, its name, when it was added and last signed in (UTC stamps), and the item's version."""

    id: str
    name: str
    public_key: str
    sign_count: int
    added: str
    last_used: str | None = None
    transports: tuple[str, ...] = ()
    version: int = 1


@dataclass(frozen=True, slots=True)
class Challenge:
    """A WebAuthn challenge handed out: for `purpose` ("register" for player `pid`, or "signin"), the
    random bytes (base64url), and when it expires (epoch seconds)."""

    purpose: str
    challenge: str
    pid: str | None
    expires_at: int
