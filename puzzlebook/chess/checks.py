"""Whether a posted chess result counts: the checks of a solve and of a miss, in their order.

A solve (seed 000, "Posting and the referee"): a believable time first (a second a move,
`referee.min_seconds`), then the moves. The solution line itself is accepted without running
anything; a solve that leaves the line only at its last move needs a replay by the referee, which
accepts it only if that move mates; anything else doesn't solve. `check_solve` says which, so the
API can apply its replay limit between "replay" and `check_replay`, which runs python-chess.

A miss ("Misses"): Show solution always counts; a wrong move must leave the line where it goes on
(the moves before it are the line's own, and it isn't the line's move): anything else isn't a wrong
move in this puzzle (another mate there would be a solve, posted as one).

A result's play ticket (puzzlebook.tickets) is checked first of all, once the puzzle is found
(`check_ticket`): the ticket must be this player's, for this puzzle, and issued at least the claimed
seconds ago; a result that says it was made offline and carries no ticket passes as offline.

Pure: the API finds the puzzle in the bundle first, and what a counted result changes is
results.py's.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Literal

from puzzlebook.chess.puzzle import Puzzle
from puzzlebook.chess.referee import min_seconds, needs_referee, solves
from puzzlebook.tickets import Ticket, admit

GAME = "chess"

SolveVerdict = Literal["solved", "replay", "too-fast", "not-solved", "no-mate"]
MissVerdict = Literal["missed", "not-a-wrong-move"]


def check_solve(puzzle: Puzzle, moves: Sequence[str], seconds: int) -> SolveVerdict:
    """The verdict on a posted solve, before any replay.

    "too-fast" (under a second a move), "solved" (the solution line itself), "replay" (the line
    but for its last move: the referee must replay it, `check_replay`) or "not-solved".
    """
    if seconds < min_seconds(moves):
        return "too-fast"
    if list(moves) == puzzle.solution:
        return "solved"
    if not needs_referee(puzzle, moves):
        return "not-solved"
    return "replay"


def check_replay(puzzle: Puzzle, moves: Sequence[str]) -> SolveVerdict:
    """The referee's verdict on a solve `check_solve` sent to it: "solved" if its last move mates
    (python-chess replays the whole line), else "no-mate"."""
    return "solved" if solves(puzzle, list(moves)) else "no-mate"


def check_miss(puzzle: Puzzle, how: Literal["wrong", "gave-up"], moves: Sequence[str]) -> MissVerdict:
    """The verdict on a posted miss: "missed" (it counts) or "not-a-wrong-move" (a wrong-move miss
    whose moves don't leave the line at their last)."""
    if how == "wrong" and not needs_referee(puzzle, moves):
        return "not-a-wrong-move"
    return "missed"


def check_ticket(text: str | None, *, offline: bool, key: bytes, player: str, puzzle_id: str,
                 seconds: int | None, now: int, moves: Sequence[str] = ()) -> Ticket | None:
    """The ticket a chess result carries, checked for `player` and the puzzle `puzzle_id` (a chess
    ticket's target is the puzzle's Lichess id), claiming `seconds` (None for a miss) at `now` (ms),
    a solve's `moves` taking at least a second each since the ticket was issued; None for an
    offline result. puzzlebook.tickets.TicketRefused says why not."""
    return admit(text, offline=offline, key=key, player=player, game=GAME, target=puzzle_id,
                 seconds=seconds, now=now, floor=min_seconds(moves) if moves else 0)
