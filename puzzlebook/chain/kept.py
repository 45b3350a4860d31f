"""What Chain keeps of a player's day, as typed values: a solve or a give-up (the first result of the
day stands). The settle step (results.py) makes them; the store keeps each as its item's record
(`to_doc`) and reads it back (`result_of_doc`). docs/store.md lists the items.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Literal


@dataclass(frozen=True, slots=True)
class KeptSolve:
    """A solve as kept: hand indices in the order played, seconds, undos and resets, whether it was
    clean (no undo, no reset), when it was posted (UTC stamp), whether it went on the day's board
    and whether it came offline."""

    tiles: tuple[int, ...]
    seconds: int
    undos: int
    resets: int
    clean: bool
    posted: str
    on_board: bool = False
    offline: bool = False
    kind: Literal["solve"] = "solve"

    def to_doc(self) -> dict[str, Any]:
        return {
            "kind": self.kind,
            "tiles": list(self.tiles),
            "seconds": self.seconds,
            "undos": self.undos,
            "resets": self.resets,
            "clean": self.clean,
            "posted": self.posted,
            "on_board": self.on_board,
            "offline": self.offline,
        }

    @classmethod
    def from_doc(cls, doc: dict[str, Any]) -> KeptSolve:
        return cls(
            tiles=tuple(doc.get("tiles", ())),
            seconds=doc["seconds"],
            undos=doc.get("undos", 0),
            resets=doc.get("resets", 0),
            clean=bool(doc["clean"]),
            posted=doc["posted"],
            on_board=bool(doc.get("on_board", False)),
            offline=bool(doc.get("offline", False)),
        )


@dataclass(frozen=True, slots=True)
class KeptGiveup:
    """A give-up as kept: when it was posted, and whether it came offline."""

    posted: str
    offline: bool = False
    kind: Literal["giveup"] = "giveup"

    def to_doc(self) -> dict[str, Any]:
        return {"kind": self.kind, "posted": self.posted, "offline": self.offline}

    @classmethod
    def from_doc(cls, doc: dict[str, Any]) -> KeptGiveup:
        return cls(doc["posted"], bool(doc.get("offline", False)))


KeptResult = KeptSolve | KeptGiveup


def result_of_doc(doc: dict[str, Any]) -> KeptResult:
    """A kept result read back, a solve or a give-up by its `kind`.

    >>> result_of_doc({"kind": "giveup", "posted": "t"})
    KeptGiveup(posted='t', offline=False, kind='giveup')
    """
    return KeptGiveup.from_doc(doc) if doc.get("kind") == "giveup" else KeptSolve.from_doc(doc)
