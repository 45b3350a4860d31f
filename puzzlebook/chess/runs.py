"""A posted run of puzzles replayed with the chess referee, the part Storm and Streak share: each
attempted puzzle's solver moves judged from its starting position, and the pace every run keeps.

A solver move is `right` (the line's move, and the line goes on: its reply is played at once),
`solved` (the line's last move, or any mate: seed 000's rule) or `wrong` (any other legal move). A
game adds up the verdicts by its own rules (puzzlebook.storm.clock, puzzlebook.streak.tally) and
refuses what they can't stand with the same RunRefused.
"""

from __future__ import annotations

from collections.abc import Sequence

import chess

from puzzlebook.chess.puzzle import Puzzle, position_at
from puzzlebook.chess.referee import judge, play
from puzzlebook.messages import Message, Refusal, msg, uncatalogued


class RunRefused(Refusal):
    """A run that can't be scored. `reason` is one word for the API; its message says it plainly
    (English text not yet catalogued is said as it is: puzzlebook.messages.uncatalogued)."""

    def __init__(self, reason: str, words: Message | str) -> None:
        super().__init__(words if isinstance(words, Message) else uncatalogued(words))
        self.reason = reason


TOO_MANY_PUZZLES = msg("run_puzzle_count", "The run has {puzzles} puzzles, not {moves}.")
LATE = msg("run_late", "This run of {day} arrived on {today}: a {mode} run is taken until the end of the day "
           "after its own.")
TOO_QUICK = msg("run_too_fast", "That’s quicker than a real run: {floor} moves take at least {floor} "
                "seconds, a second a move.")
AFTER_END = msg("run_move_after_end", "Puzzle {number} has a move after it was over.")
ILLEGAL = msg("run_move_illegal", "Move {move} of puzzle {number} can’t be played there.")


def solver_moves(moves: Sequence[Sequence[str]]) -> int:
    """How many moves the solver made in a run (right, solving and wrong alike).

    >>> solver_moves([["e2e4", "d2d4"], ["g1f3"], []])
    3
    """
    return sum(len(m) for m in moves)


def check_pace(moves: Sequence[Sequence[str]], seconds: float) -> int:
    """The fewest seconds the run's `moves` take at a second a solver move (the floor every game's
    results keep: puzzlebook.chess.referee.min_seconds), or RunRefused ("too-fast") when the run
    claims fewer `seconds` than that. The caller also holds the run's arrival to it, counted from
    its ticket (puzzlebook.tickets.check's `floor`), so a script can't claim the floor at once.

    >>> check_pace([["e2e4", "d2d4"], ["g1f3"]], 3)
    3
    >>> check_pace([["e2e4", "d2d4"], ["g1f3"]], 2)  # doctest: +ELLIPSIS
    Traceback (most recent call last):
    ...
    puzzlebook.chess.runs.RunRefused: That’s quicker than a real run: ...
    """
    floor = solver_moves(moves)
    if seconds < floor:
        raise RunRefused("too-fast", TOO_QUICK(floor=floor))
    return floor


def starting_positions(puzzles: Sequence[Puzzle]) -> list[chess.Board]:
    """Each puzzle's position at the solver's first move. A day's run is the same for everyone, so
    the server makes these once and a replay goes on copies (a copy costs far less than reading a
    FEN)."""
    return [position_at(p, 1) for p in puzzles]


def verdicts(
    puzzle: Puzzle, moves: Sequence[str], number: int, start: chess.Board | None = None
) -> list[str]:
    """The verdict on each of the solver's `moves` in `puzzle` (the run's puzzle `number`, from 1),
    from `start` (its position at the solver's first move, copied; made here when None).

    RunRefused for an illegal move, or a move after the puzzle was solved or missed.
    """
    board = start.copy(stack=False) if start is not None else position_at(puzzle, 1)
    line = puzzle.line
    out: list[str] = []
    for k, uci in enumerate(moves):
        if out and out[-1] != "right":
            raise RunRefused("after-end", AFTER_END(number=number))
        ply = 2 * k + 1
        if not play(board, uci):
            raise RunRefused("illegal", ILLEGAL(move=k + 1, number=number))
        verdict = judge(puzzle, ply, board, uci)
        if verdict == "wrong":
            out.append("wrong")
        elif verdict == "mate" or ply == len(line) - 1:
            out.append("solved")
        else:
            out.append("right")
            # The line's own reply, checked when the bundle was made: pushed without a legality check.
            board.push(chess.Move.from_uci(line[ply + 1]))
    return out
