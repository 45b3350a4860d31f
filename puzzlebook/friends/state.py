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
    following off (`closed`), their clubs (in slot order: the first's results are indexed on GSI2, the
    second's on GSI3), and their days played (`played`)."""

    code: str | None = None
    closed: bool = False
    clubs: tuple[str, ...] = ()
    played: Played = field(default_factory=Played)

    @property
    def keeps_days(self) -> bool:
        """Whether their days are marked: once anyone could follow them (they have a code) or they are
        in a club. A player who never asked for a code can have no follower, so nothing is written."""
        return self.code is not None or bool(self.clubs)

    def to_doc(self) -> dict[str, Any]:
        doc: dict[str, Any] = {}
        if self.code is not None:
            doc["c"] = self.code
        if self.closed:
            doc["x"] = True
        if self.clubs:
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

    def with_clubs(self, clubs: tuple[str, ...]) -> Social:
        return replace(self, clubs=clubs)


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
