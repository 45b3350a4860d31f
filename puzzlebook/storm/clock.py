"""Storm's clock, combo and score: what a run's verdicts add up to.

A run is a list of puzzles attempted, in order, each with its solver moves' verdicts:

- "right": the line's move, and the puzzle goes on (the opponent's reply is played at once);
- "solved": the move that solves it (the line's last move, or any move that mates);
- "wrong": any other legal move; the puzzle ends unsolved.

Every puzzle but the last ends with "solved" or "wrong"; the last may be left open when the clock
stops. The clock starts at START seconds. A wrong move takes WRONG_PENALTY seconds and breaks the
combo (the count of consecutive right moves, "solved" included); reaching a combo in
COMBO_BONUSES, or any multiple of BONUS_EVERY past the last of them, adds its seconds. The score
is the number of puzzles solved.

The browser's copy is site/static/js/storm/clock.js; tests/vectors/storm.json binds the two.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, replace
from typing import Literal

from puzzlebook.messages import Message, msg

Verdict = Literal["right", "solved", "wrong"]
VERDICTS: tuple[str, ...] = ("right", "solved", "wrong")

START = 180
WRONG_PENALTY = 10
# (combo reached, seconds added), in order; then every BONUS_EVERY moves past the last: BONUS_LATER.
COMBO_BONUSES: tuple[tuple[int, int], ...] = ((5, 3), (12, 5), (20, 7), (30, 10))
BONUS_EVERY = 10
BONUS_LATER = 10


def combo_bonus(combo: int) -> int:
    """The seconds added as the combo reaches `combo`.

    >>> [combo_bonus(n) for n in (4, 5, 12, 20, 30, 35, 40, 50)]
    [0, 3, 5, 7, 10, 0, 10, 10]
    """
    for at, bonus in COMBO_BONUSES:
        if combo == at:
            return bonus
    last = COMBO_BONUSES[-1][0]
    return BONUS_LATER if combo > last and (combo - last) % BONUS_EVERY == 0 else 0


class BadRun(ValueError):
    """Verdicts no run can have: a move after a puzzle ended, or a puzzle left open before the last."""

    def __init__(self, message: Message) -> None:
        super().__init__(str(message))
        self.message = message  # said in the request's language when the API refuses the run


NOT_A_VERDICT = msg("storm_verdict_unknown", "A move’s verdict is right, solved or wrong, not {verdict}.")
MOVE_AFTER_END = msg("run_move_after_end", "Puzzle {number} has a move after it was over.")
LEFT_OPEN = msg("storm_puzzle_left_open", "Puzzle {number} was left before it was solved or missed, yet the "
                                          "run went on.")


@dataclass(frozen=True, slots=True)
class Tally:
    """What a run's verdicts add up to.

    score: puzzles solved; mistakes: wrong moves; combo: the combo at the end; combo_best: the
    longest; bonus / penalty: seconds added by combos / taken by wrong moves; highest: the rating
    of the highest-rated puzzle solved (None: none solved); attempted: puzzles attempted.
    """

    score: int = 0
    mistakes: int = 0
    combo: int = 0
    combo_best: int = 0
    bonus: int = 0
    penalty: int = 0
    highest: int | None = None
    attempted: int = 0

    @property
    def length(self) -> int:
        """The seconds the run's clock gives in all: when it reaches zero, the run is over."""
        return START + self.bonus - self.penalty

    def left(self, seconds: float) -> float:
        """The clock after `seconds` of play."""
        return self.length - seconds

    def to_doc(self) -> dict[str, int | None]:
        return {
            "score": self.score, "mistakes": self.mistakes, "combo": self.combo,
            "combo_best": self.combo_best, "bonus": self.bonus, "penalty": self.penalty,
            "highest": self.highest, "attempted": self.attempted, "length": self.length,
        }


def step(tally: Tally, verdict: str) -> Tally:
    """The tally after one more move's `verdict` (the puzzle's rating is counted by `tally_run`)."""
    if verdict == "wrong":
        return replace(tally, mistakes=tally.mistakes + 1, combo=0, penalty=tally.penalty + WRONG_PENALTY)
    if verdict not in ("right", "solved"):
        raise BadRun(NOT_A_VERDICT(verdict=repr(verdict)))
    combo = tally.combo + 1
    return replace(tally, score=tally.score + (verdict == "solved"), combo=combo,
                   combo_best=max(combo, tally.combo_best), bonus=tally.bonus + combo_bonus(combo))


def tally_run(puzzles: Sequence[tuple[int, Sequence[str]]]) -> Tally:
    """The tally of a run: (rating, verdicts) per puzzle attempted, in order. BadRun when the
    verdicts are no run's (module docstring).

    >>> t = tally_run([(800, ["right", "solved"]), (820, ["wrong"]), (850, ["solved"])])
    >>> t.score, t.mistakes, t.combo, t.highest, t.length
    (2, 1, 1, 850, 170)
    """
    tally = Tally()
    last = len(puzzles) - 1
    for k, (rating, verdicts) in enumerate(puzzles):
        ended = False
        for verdict in verdicts:
            if ended:
                raise BadRun(MOVE_AFTER_END(number=k + 1))
            tally = step(tally, verdict)
            if verdict == "solved":
                highest = rating if tally.highest is None else max(tally.highest, rating)
                tally = replace(tally, highest=highest)
            ended = verdict != "right"
        if not ended and k != last:
            raise BadRun(LEFT_OPEN(number=k + 1))
        tally = replace(tally, attempted=tally.attempted + 1)
    return tally


def out_of_time(tally: Tally, seconds: float) -> bool:
    """Whether a run that lasted `seconds` outlived its clock (its last move came after zero).

    >>> out_of_time(tally_run([(800, ["wrong"])]), 170), out_of_time(tally_run([(800, ["wrong"])]), 171)
    (False, True)
    """
    return seconds > tally.length
