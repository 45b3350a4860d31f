"""Votes and reports on chess puzzles in the store (puzzlebook/votes.py has the rules; docs/votes.md).

A player's word on a puzzle is one item of their own: `P#<pid>` / `PV#<puzzle id>` (their vote, the
reason they reported, when, and who gave it: whether the account had played the puzzle, its age, a
digest of the address: puzzlebook.votes.Voter), written whole on each change, so no write ever
touches a key another player writes. Each is also an entry on GSI1 in a shard of `PVOTES`
(`PVOTES#s<nn>`, the player's shard, as a board's entries: service/store/keys.py), which only the
periodic view reads. A guest's word on a puzzle the account has no result of counts once against
the account's GUEST_WORDS, on a counter item of the player's (`P#<pid>` / `PVGUEST#chess`).

The tallies per puzzle are a view made by the nightly fill (`refresh_view`: every shard read once,
puzzlebook.votes.tally) and kept as one item, `PUZZLEVOTES` / `view`, with the puzzles worth an
operator's look (any down vote or report; at most VIEW_MOST of each kind). No request reads more
than the player's own item: `build.py report puzzles` prints the view.
"""

from __future__ import annotations

import datetime as dt
from dataclasses import dataclass
from typing import Any

from puzzlebook.votes import (
    GUEST_WORDS,
    PuzzleVote,
    Voter,
    VoteTally,
    Word,
    most_reported,
    tally,
    worst_voted,
)
from service.games.chess import keys as CK
from service.store import keys as K
from service.store.base import Store
from service.store.items import Add, Conflict, Delete, Item, Op, Put, doc_of, make_item, utc_stamp

VOTE = CK.CHESS_VOTES
VOTES_INDEX = (1, "PVOTES")
VIEW = ("PUZZLEVOTES", "view")
VIEW_MOST = 500  # of each kind (worst voted, most reported): the view stays well under an item's 400 KB


def vote_key(puzzle_id: str) -> str:
    return f"{VOTE}{puzzle_id}"


class TooManyGuestWords(Exception):
    """The account has kept its GUEST_WORDS words on puzzles it has no result of; nothing was written."""


def voter_of(doc: dict[str, Any], pid: str) -> Voter:
    """Who gave a kept word. A word kept before words said so was a played one (only a guest's skipped
    the played rule, and it says `guest`) of an account of full age, from an address of its own."""
    return Voter(played=bool(doc.get("played", not doc.get("guest"))), age=int(doc.get("age", 365)),
                 source=str(doc.get("from", pid)))


@dataclass(frozen=True, slots=True)
class VoteView:
    """The tallies as last made: when, how many players' words were counted, and the puzzles worth a
    look (worst voted and most reported, merged, by id)."""

    computed: str
    counted: int
    tallies: list[VoteTally]

    def worst(self, most: int) -> list[VoteTally]:
        return worst_voted(self.tallies, most)

    def reported(self, most: int) -> list[VoteTally]:
        return most_reported(self.tallies, most)


class PuzzleVotes:
    """Puzzle votes in `store`."""

    def __init__(self, store: Store) -> None:
        self.store = store

    def played(self, pid: str, puzzle_id: str) -> bool:
        """Whether the player has a result of the puzzle (a solve or a miss kept): one may vote on a
        puzzle one has played, as on lichess, where the vote is kept on the player's round."""
        me = K.player(pid)
        return bool(self.store.get_items([(me, CK.chess_solve(puzzle_id)), (me, CK.chess_miss(puzzle_id))]))

    def mine(self, pid: str, puzzle_id: str) -> PuzzleVote:
        """The player's word on the puzzle (no vote and no report when they have given none)."""
        item = self.store.get_item(K.player(pid), vote_key(puzzle_id))
        return PuzzleVote.from_doc(doc_of(item)) if item else PuzzleVote()

    def put(self, pid: str, band: str, puzzle_id: str, vote: PuzzleVote, voter: Voter, now: dt.datetime, *,
            guest: bool = False, had: Item | None = None) -> None:
        """Keep the player's word on the puzzle, replacing what they said before (`had`, the item as
        read; none and none: forgotten), with who gave it (`voter`); `guest`: given while signed out
        and sent on sign-in. A guest's word on a puzzle not played (`voter.played` false) counts
        against the account's GUEST_WORDS unless the word it replaces did already:
        TooManyGuestWords, and nothing written, once they are used."""
        key = (K.player(pid), vote_key(puzzle_id))
        if vote.empty:
            self.store.transact([Delete(*key)])
            return
        doc: dict[str, Any] = {"band": band, **vote.to_doc(), "at": utc_stamp(now), "played": voter.played,
                               "age": voter.age, "from": voter.source}
        if guest:
            doc["guest"] = True
        index = {VOTES_INDEX[0]: (K.board_entry(VOTES_INDEX, pid), f"{puzzle_id}#{pid}")}
        ops: list[Op] = [Put(make_item(*key, doc, index=index))]
        counted_before = had is not None and doc_of(had).get("played") is False
        if not voter.played and not counted_before:
            ops.append(Add(K.player(pid), CK.CHESS_GUEST_WORDS, {"words": 1}, below=("words", GUEST_WORDS)))
        try:
            self.store.transact(ops)
        except Conflict:
            raise TooManyGuestWords from None

    def kept(self, pid: str, puzzle_id: str) -> Item | None:
        """The item of the player's word on the puzzle, or None."""
        return self.store.get_item(K.player(pid), vote_key(puzzle_id))

    # ---- the periodic view -------------------------------------------------------------

    def compute_view(self, now: dt.datetime) -> VoteView:
        """Every player's word read (each shard of the index once) and tallied: for the nightly fill
        and the operator's command only, never a request."""
        index, base = VOTES_INDEX
        words: list[Word] = []
        for partition in K.board_partitions(base):
            for item in self.store.query_items(partition, index=index):
                doc = doc_of(item)
                pid = item["PK"].removeprefix(K.player(""))
                words.append(Word(str(doc["band"]), item["SK"].removeprefix(VOTE), PuzzleVote.from_doc(doc),
                                  voter_of(doc, pid)))
        tallies = tally(words)
        keep = {t.puzzle: t for t in [*worst_voted(tallies, VIEW_MOST), *most_reported(tallies, VIEW_MOST)]}
        return VoteView(utc_stamp(now), len(words), [keep[k] for k in sorted(keep)])

    def refresh_view(self, now: dt.datetime) -> VoteView:
        """Make the view now and keep it."""
        view = self.compute_view(now)
        doc: dict[str, Any] = {"computed": view.computed, "counted": view.counted,
                               "rows": [t.to_row() for t in view.tallies]}
        self.store.transact([Put(make_item(*VIEW, doc))])
        return view

    def view(self) -> VoteView | None:
        """The view as last kept, or None before the first."""
        item = self.store.get_item(*VIEW)
        if item is None:
            return None
        doc = doc_of(item)
        return VoteView(doc["computed"], int(doc["counted"]), [VoteTally.from_row(r) for r in doc["rows"]])
