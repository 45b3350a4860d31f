"""A player's review: one card per puzzle missed or solved with help, its results day by day, and the
rules that change it (a result added, two copies merged, the old graduates let go, what is due).

A card's state is its results alone (the day it is due, whether it graduated: schedule.py), so two
copies of a review, a browser's and the server's, merge by taking every day's results from both;
where both have a result on the same day, **the worse one stands** (a miss on the phone and a clean
solve on the laptop that day: it was missed). A clean solve graduates the card; a graduated card is
kept KEEP_GRADUATED days more, so an older copy that still holds it can't bring it back; a later miss
of the same puzzle starts it afresh.

    >>> q = add(Queue(), "Easy", "0000D", "2026-12-01", "miss")
    >>> [(c.key, c.due) for c in due_on(q, "2026-12-02")]
    [('Easy/0000D', '2026-12-02')]
    >>> q = add(q, "Easy", "0000D", "2026-12-02", "clean")
    >>> due_on(q, "2026-12-30"), q.cards[0].graduated
    ([], '2026-12-02')
"""

from __future__ import annotations

import datetime as dt
import re
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field
from typing import Any

from puzzlebook.messages import Refusal, msg
from puzzlebook.review.schedule import CLEAN, GRADES, HELP, MISS, Result, due_day, worse

# A review is one item of the player's (DynamoDB: 400 KB at most), posted whole by the browser and
# answered whole, each card with its due day (FSRS over its results): its size is the cost of a post.
MAX_CARDS = 400  # a review's cards at most: the newest are kept
MAX_RESULTS = 30  # a card's results at most: the latest are kept
# A review's results at most, all its cards together (the newest cards are kept): what a real review
# holds, with room to spare. Simulated a year of daily play under FSRS (docs/review.md, "Bounds"):
# 9 new misses a day, solving 60% of reviews cleanly, peaks near 1,100 results; 40 misses a day at
# 10% near 3,600. So 4,000 (10 a card on average), not the 12,000 of 400 full cards: about 110 KB.
MAX_REVIEW_RESULTS = 4000
KEEP_GRADUATED = 90  # days a graduated card is kept, so an old copy can't bring it back
PUZZLE_ID = re.compile(r"[A-Za-z0-9]{1,16}")
DAY = re.compile(r"[0-9]{4}-[0-9]{2}-[0-9]{2}")


class BadReview(Refusal):
    """A review, card or result that isn't one (its message says which)."""


NOT_A_CARD = msg("review_card_not_object", "Each card must be an object with band, id and results.")
CARD_BAND = msg("review_card_band", "A card's band must be one of {bands}.")
CARD_ID = msg("review_card_id", "A card's id must be a puzzle id: 1 to 16 letters or digits.")
CARD_RESULTS = msg("review_card_results",
                   "Card {card}: results must be a list of [day, grade], at least one.")
CARD_TOO_MANY = msg("review_card_too_many", "Card {card}: at most {most} results.")
RESULT_SHAPE = msg("review_result_shape", "Card {card}: each result must be [day, grade].")
RESULT_DAY = msg("review_result_day", "Card {card}: {day} is not a day written YYYY-MM-DD.")
RESULT_GRADE = msg("review_result_grade", "Card {card}: a grade must be one of {grades}, not {grade}.")
NOT_A_REVIEW = msg("review_not_object", "A review must be an object with a list of cards.")
TOO_MANY_CARDS = msg("review_too_many_cards", "A review holds at most {most} cards.")
TOO_MANY_RESULTS = msg("review_too_many_results",
                       "A review holds at most {most} results, all its cards together; this one has {count}.")
NOT_A_GRADE = msg("review_grade", "A grade must be one of {grades}.")


def grade_of(solved: bool, mistakes: int, hints: int) -> str:
    """A finished puzzle's grade: missed (a wrong move, as for the rating, or the solution shown),
    solved with help (hints, no wrong move), or solved cleanly."""
    if not solved or mistakes:
        return MISS
    return HELP if hints else CLEAN


def normalised(results: Iterable[Result]) -> tuple[Result, ...]:
    """Results in day order, one a day (the worse stands), starting after the last clean one that
    isn't the last result (a puzzle missed again after it graduated starts afresh), the latest
    MAX_RESULTS."""
    by_day: dict[str, str] = {}
    for day, grade in results:
        by_day[day] = worse(by_day[day], grade) if day in by_day else grade
    ordered = sorted(by_day.items())
    cleans = [i for i, (_, grade) in enumerate(ordered[:-1]) if grade == CLEAN]
    if cleans:
        ordered = ordered[cleans[-1] + 1:]
    return tuple(ordered[-MAX_RESULTS:])


@dataclass(frozen=True, slots=True)
class Card:
    """One puzzle in review: its band, id and results (normalised)."""

    band: str
    id: str
    results: tuple[Result, ...]

    @property
    def key(self) -> str:
        return f"{self.band}/{self.id}"

    @property
    def graduated(self) -> str | None:
        """The day it was solved cleanly and left the review, or None while it is in it."""
        return self.results[-1][0] if self.results and self.results[-1][1] == CLEAN else None

    @property
    def due(self) -> str | None:
        """The day it comes back (None once graduated)."""
        return due_day(self.results)

    @property
    def last(self) -> str:
        """The day of its latest result."""
        return self.results[-1][0]

    def to_doc(self) -> dict[str, Any]:
        return {"band": self.band, "id": self.id, "results": [list(r) for r in self.results]}

    @classmethod
    def from_doc(cls, doc: Any, bands: Sequence[str] | None = None) -> Card:
        """A card from its doc; BadReview naming what is wrong (`bands`: the bands there are)."""
        if not isinstance(doc, dict):
            raise BadReview(NOT_A_CARD)
        band, pid, results = doc.get("band"), doc.get("id"), doc.get("results")
        if not isinstance(band, str) or (bands is not None and band not in bands):
            raise BadReview(CARD_BAND(bands=", ".join(bands or ())))
        if not isinstance(pid, str) or not PUZZLE_ID.fullmatch(pid):
            raise BadReview(CARD_ID)
        if not isinstance(results, list) or not results:
            raise BadReview(CARD_RESULTS(card=f"{band}/{pid}"))
        if len(results) > MAX_RESULTS:
            raise BadReview(CARD_TOO_MANY(card=f"{band}/{pid}", most=MAX_RESULTS))
        return cls(band, pid, normalised(_result(band, pid, r) for r in results))


def _result(band: str, pid: str, raw: Any) -> Result:
    if not (isinstance(raw, list) and len(raw) == 2 and all(isinstance(x, str) for x in raw)):
        raise BadReview(RESULT_SHAPE(card=f"{band}/{pid}"))
    day, grade = raw
    if not DAY.fullmatch(day) or not _real_day(day):
        raise BadReview(RESULT_DAY(card=f"{band}/{pid}", day=repr(day)))
    if grade not in GRADES:
        raise BadReview(RESULT_GRADE(card=f"{band}/{pid}", grades=", ".join(GRADES), grade=repr(grade)))
    return day, grade


def _real_day(day: str) -> bool:
    try:
        dt.date.fromisoformat(day)
    except ValueError:
        return False
    return True


@dataclass(frozen=True, slots=True)
class Queue:
    """A player's review: its cards by key."""

    cards: tuple[Card, ...] = field(default=())

    def card(self, band: str, pid: str) -> Card | None:
        return next((c for c in self.cards if c.band == band and c.id == pid), None)

    def to_doc(self) -> dict[str, Any]:
        return {"cards": [c.to_doc() for c in self.cards]}

    @classmethod
    def from_doc(cls, doc: Any, bands: Sequence[str] | None = None) -> Queue:
        """A review from its doc ({"cards": [...]}); BadReview naming what is wrong."""
        cards = doc.get("cards") if isinstance(doc, dict) else None
        if not isinstance(cards, list):
            raise BadReview(NOT_A_REVIEW)
        if len(cards) > MAX_CARDS:
            raise BadReview(TOO_MANY_CARDS(most=MAX_CARDS))
        return _of([Card.from_doc(c, bands) for c in cards])

    @classmethod
    def posted(cls, doc: Any, bands: Sequence[str] | None = None) -> Queue:
        """A browser's review as posted: `from_doc`, after the count of its results, so a review
        larger than any the rule keeps (MAX_REVIEW_RESULTS) is refused before any card is read.

        >>> big = {"cards": [{"band": "Easy", "id": f"p{k}", "results": [["2026-12-01", "miss"]] * 30}
        ...                  for k in range(MAX_REVIEW_RESULTS // 30 + 1)]}
        >>> Queue.posted(big)  # doctest: +ELLIPSIS
        Traceback (most recent call last):
        ...
        puzzlebook.review.queue.BadReview: A review holds at most 4000 results, ...; this one has 4020.
        """
        cards = doc.get("cards") if isinstance(doc, dict) else None
        if isinstance(cards, list):
            lists = (c.get("results") for c in cards if isinstance(c, dict))
            results = sum(len(r) for r in lists if isinstance(r, list))
            if results > MAX_REVIEW_RESULTS:
                raise BadReview(TOO_MANY_RESULTS(most=MAX_REVIEW_RESULTS, count=results))
        return cls.from_doc(doc, bands)


def _of(cards: Iterable[Card]) -> Queue:
    """The queue of `cards` (one per key, the results of a key's cards merged), in key order."""
    merged: dict[str, Card] = {}
    for card in cards:
        had = merged.get(card.key)
        results = normalised([*had.results, *card.results]) if had else card.results
        merged[card.key] = Card(card.band, card.id, results)
    return Queue(tuple(merged[k] for k in sorted(merged)))


def add(queue: Queue, band: str, pid: str, day: str, grade: str) -> Queue:
    """The review after `grade` on `day` for puzzle (band, pid): a puzzle not in review enters it
    unless solved cleanly; one in review takes the result (a clean one graduates it)."""
    if grade not in GRADES:
        raise BadReview(NOT_A_GRADE(grades=", ".join(GRADES)))
    if queue.card(band, pid) is None and grade == CLEAN:
        return queue
    return _of([*queue.cards, Card(band, pid, ((day, grade),))])


def merge(a: Queue, b: Queue) -> Queue:
    """Two copies of a review as one: every card of either, each day's worse result standing."""
    return _of([*a.cards, *b.cards])


def pruned(queue: Queue, today: str, most_results: int = MAX_REVIEW_RESULTS) -> Queue:
    """Let go of the cards graduated more than KEEP_GRADUATED days before `today`, then keep the
    cards whose latest result is newest, as many as fit in MAX_CARDS cards and `most_results`
    results (the newest first; the first that doesn't fit and every older one go)."""
    cutoff = (dt.date.fromisoformat(today) - dt.timedelta(days=KEEP_GRADUATED)).isoformat()
    kept = [c for c in queue.cards if c.graduated is None or c.graduated >= cutoff]
    if len(kept) > MAX_CARDS or sum(len(c.results) for c in kept) > most_results:
        newest, kept, held = sorted(kept, key=lambda c: (c.last, c.key), reverse=True), [], 0
        for card in newest:
            if len(kept) == MAX_CARDS or held + len(card.results) > most_results:
                break
            kept.append(card)
            held += len(card.results)
    return _of(kept)


def due_on(queue: Queue, today: str) -> list[Card]:
    """The cards due on `today` (or overdue), the longest waiting first."""
    due = [(c.due, c.key, c) for c in queue.cards if c.due is not None and c.due <= today]
    return [c for _, _, c in sorted(due, key=lambda t: (t[0], t[1]))]


__all__ = ["CLEAN", "HELP", "MISS", "BadReview", "Card", "Queue", "add", "due_on", "grade_of", "merge",
           "normalised", "pruned"]
