"""What a Streak run's verdicts add up to: puzzles solved until one wrong move, one skip a run.

A run is a list of puzzles attempted, in order, each with its verdicts:

- "right": the line's move, and the puzzle goes on (the opponent's reply is played at once);
- "solved": the move that solves it (the line's last move, or any move that mates);
- "wrong": any other legal move: the puzzle is missed and the run is over;
- "skip": the player passed the puzzle (after none or some right moves): it ends unsolved and the
  run goes on. A run has one skip.

Every puzzle but the last ends (solved or skipped); the last may also end with "wrong", or be left
open when the player ends the run. The score is the number of puzzles solved. There is no clock: the
run's seconds only break ties on the boards.

The browser's copy is site/static/js/streak/tally.js; tests/vectors/streak.json binds the two.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, replace
from typing import Any, Literal

from puzzlebook.messages import Message, msg

Verdict = Literal["right", "solved", "wrong", "skip"]
VERDICTS: tuple[str, ...] = ("right", "solved", "wrong", "skip")


class BadRun(ValueError):
    """Verdicts no run can have (the module docstring's rules)."""

    def __init__(self, message: Message) -> None:
        super().__init__(str(message))
        self.message = message  # said in the request's language when the API refuses the run


AFTER_WRONG = msg("streak_after_wrong_move", "Puzzle {number} comes after the wrong move that ended the run "
                                             "in puzzle {missed}.")
SKIP_AFTER_END = msg("streak_skip_after_end", "Puzzle {number} is skipped after it was over.")
MOVE_AFTER_END = msg("run_move_after_end", "Puzzle {number} has a move after it was over.")
SECOND_SKIP = msg("streak_second_skip", "Puzzle {number} is skipped, but a run has one skip (used in puzzle "
                                        "{used}).")
NOT_A_VERDICT = msg("streak_verdict_unknown", "A verdict is right, solved, wrong or skip, not {verdict}.")
LEFT_OPEN = msg("streak_puzzle_left_open", "Puzzle {number} was left before it was solved, missed or "
                                           "skipped, yet the run went on.")


@dataclass(frozen=True, slots=True)
class Tally:
    """What a run's verdicts add up to.

    score: puzzles solved; highest: the rating of the highest-rated puzzle solved (None: none);
    attempted: puzzles attempted; skipped: the number of the puzzle skipped (from 1; None: the skip
    unused); missed: the number of the puzzle whose wrong move ended the run (None: it ended
    otherwise); moves: the solver's moves (right, solving and wrong).
    """

    score: int = 0
    highest: int | None = None
    attempted: int = 0
    skipped: int | None = None
    missed: int | None = None
    moves: int = 0

    @property
    def over(self) -> bool:
        """Whether a wrong move ended the run."""
        return self.missed is not None

    def to_doc(self) -> dict[str, Any]:
        return {
            "score": self.score, "highest": self.highest, "attempted": self.attempted,
            "skipped": self.skipped, "missed": self.missed, "moves": self.moves,
        }

    @classmethod
    def from_doc(cls, doc: dict[str, Any]) -> Tally:
        def number(name: str) -> int | None:
            value = doc.get(name)
            return None if value is None else int(value)

        return cls(int(doc["score"]), number("highest"), int(doc.get("attempted", 0)), number("skipped"),
                   number("missed"), int(doc.get("moves", 0)))


def tally_run(puzzles: Sequence[tuple[int, Sequence[str]]]) -> Tally:
    """The tally of a run: (rating, verdicts) per puzzle attempted, in order. BadRun when the
    verdicts are no run's (module docstring).

    >>> t = tally_run([(800, ["right", "solved"]), (820, ["skip"]), (850, ["solved"]), (900, ["wrong"])])
    >>> t.score, t.highest, t.skipped, t.missed, t.attempted, t.moves
    (2, 850, 2, 4, 4, 4)
    >>> tally_run([(800, ["skip"]), (820, ["right", "skip"])])
    Traceback (most recent call last):
    ...
    puzzlebook.streak.tally.BadRun: Puzzle 2 is skipped, but a run has one skip (used in puzzle 1).
    """
    tally = Tally()
    last = len(puzzles) - 1
    for k, (rating, verdicts) in enumerate(puzzles):
        number = k + 1
        if tally.over:
            raise BadRun(AFTER_WRONG(number=number, missed=tally.missed))
        ended = False
        for verdict in verdicts:
            if ended:
                raise BadRun((SKIP_AFTER_END if verdict == "skip" else MOVE_AFTER_END)(number=number))
            if verdict == "skip":
                if tally.skipped is not None:
                    raise BadRun(SECOND_SKIP(number=number, used=tally.skipped))
                tally = replace(tally, skipped=number)
            elif verdict == "wrong":
                tally = replace(tally, missed=number, moves=tally.moves + 1)
            elif verdict == "solved":
                highest = rating if tally.highest is None else max(tally.highest, rating)
                tally = replace(tally, score=tally.score + 1, highest=highest, moves=tally.moves + 1)
            elif verdict == "right":
                tally = replace(tally, moves=tally.moves + 1)
            else:
                raise BadRun(NOT_A_VERDICT(verdict=repr(verdict)))
            ended = verdict != "right"
        if not ended and k != last:
            raise BadRun(LEFT_OPEN(number=number))
        tally = replace(tally, attempted=tally.attempted + 1)
    return tally
