"""What a player's profile keeps of playing together (`Social`, under the profile's doc key `f`): their
follow code, whether they allow being followed, the clubs they are in, and the days they played a daily
(puzzlebook.friends.played). Small, since the profile is read at every sign-in; a profile kept before
any of it reads as none of it (no code, following allowed, no clubs, no days).
"""

from __future__ import annotations

from dataclasses import dataclass, field, replace
from typing import Any

from puzzlebook.friends.played import Played

KEY = "f"  # the profile doc's key of this record


@dataclass(frozen=True, slots=True)
class Social:
    """A player's follow code (ten characters; None until they first ask for it), whether they turned
    following off (`closed`), their clubs by slot (`clubs`: a club's slot says which index slot of their
    results it is kept in, GSI2 or GSI3; "" a free slot: a club keeps its slot while the player is in
    it), and their days played (`played`)."""

    code: str | None = None
    closed: bool = False
    clubs: tuple[str, ...] = ()
    played: Played = field(default_factory=Played)

    @property
    def keeps_days(self) -> bool:
        """Whether their days are marked: once anyone could follow them (they have a code) or they are
        in a club. A player who never asked for a code can have no follower, so nothing is written."""
        return self.code is not None or bool(self.in_clubs)

    @property
    def in_clubs(self) -> tuple[str, ...]:
        """The clubs they are in."""
        return tuple(club for club in self.clubs if club)

    def slot_of(self, club: str) -> int | None:
        """The slot of `club` (None: not one of theirs)."""
        return self.clubs.index(club) if club and club in self.clubs else None

    def joined(self, club: str) -> Social:
        """In `club` too, in the first free slot (the caller has checked there is one: MAX_CLUBS).

        >>> Social(clubs=("", "b")).joined("c").clubs
        ('c', 'b')
        """
        if club in self.clubs:
            return self
        slots = list(self.clubs)
        free = slots.index("") if "" in slots else len(slots)
        slots[free:free + 1] = [club]
        return replace(self, clubs=tuple(slots))

    def left(self, *clubs: str) -> Social:
        """Out of `clubs`, their slots freed (the others keep theirs).

        >>> Social(clubs=("a", "b")).left("a").clubs, Social(clubs=("a", "b")).left("b").clubs
        (('', 'b'), ('a',))
        """
        slots = ["" if club in clubs else club for club in self.clubs]
        while slots and not slots[-1]:
            slots.pop()
        return replace(self, clubs=tuple(slots))

    def to_doc(self) -> dict[str, Any]:
        doc: dict[str, Any] = {}
        if self.code is not None:
            doc["c"] = self.code
        if self.closed:
            doc["x"] = True
        if self.in_clubs:
            doc["k"] = list(self.clubs)
        if self.played.first is not None or self.played.recent:
            doc["p"] = self.played.to_doc()
        return doc

    @classmethod
    def from_doc(cls, doc: dict[str, Any] | None) -> Social:
        """As `to_doc` keeps it (or nothing: none of it).

        >>> kept = Social("7KQ2M9XD4T", True, ("club1",))
        >>> Social.from_doc(kept.to_doc()) == kept
        True
        """
        doc = doc or {}
        clubs = tuple(doc.get("k") or ())
        return cls(doc.get("c"), bool(doc.get("x", False)), clubs, Played.from_doc(doc.get("p")))


def social_of(profile_doc: dict[str, Any] | None) -> Social:
    """The record a profile's doc keeps."""
    return Social.from_doc((profile_doc or {}).get(KEY))


def with_social(profile_doc: dict[str, Any], social: Social) -> dict[str, Any]:
    """A profile's doc with `social` in place of what it kept (the name, token hash and the rest kept)."""
    doc = {k: v for k, v in profile_doc.items() if k != KEY}
    kept = social.to_doc()
    if kept:
        doc[KEY] = kept
    return doc
