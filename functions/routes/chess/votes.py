"""Votes and reports on chess puzzles (docs/api.md, "Puzzle votes"; docs/votes.md): after a puzzle
ends a signed-in player votes it up or down and may report a problem with a reason. One word per
player per puzzle, changeable; it is written to the player's own item (service/games/chess/votes.py)
and the tallies are the nightly's view, never read here.
"""

from __future__ import annotations

import re
from enum import Enum
from typing import Annotated, ClassVar, Literal

from fastapi import APIRouter, Path
from pydantic import BaseModel, Field

from functions.bodies import documented, errors
from functions.caching import PRIVATE, cached
from functions.deps import Post, Signed, signed_in, signed_post
from functions.errors import ApiError
from functions.limits import Limit, enforce
from functions.routes.chess.models import PUZZLE_ID, Band, PuzzleId
from functions.words import Says, Worded
from puzzlebook.votes import REASONS, PuzzleVote
from service.games.chess.puzzles import puzzles_of
from service.games.chess.votes import PuzzleVotes

router = APIRouter()
TAGS: list[str | Enum] = ["chess"]
VOTES_PER_HOUR = 300
VOTES = Limit("chess-vote", VOTES_PER_HOUR, f"Too many votes: at most {VOTES_PER_HOUR} an hour. {{retry}}")
NOT_PLAYED = "Vote on a puzzle once you have played it: this account has no result for it."
Voter = Annotated[Signed, signed_in("Sign in to see your vote.")]
IdPath = Annotated[str, Path(json_schema_extra={"pattern": f"^{PUZZLE_ID}$"}, description="A puzzle id.")]

VoteWord = Literal["up", "down"]
Reason = Literal["wrong-theme", "several-moves", "broken", "other"]
_TO_NUMBER = {"up": 1, "down": -1, None: 0}
_TO_WORD: dict[int, VoteWord | None] = {1: "up", -1: "down", 0: None}


class ChessVote(Worded):
    """Your word on a puzzle you have played: `vote` up, down or null (none), and `reason` the problem
    you report, or null. It replaces what you said before; both null forgets it."""

    REQUIRED: ClassVar[tuple[str, ...]] = ("id", "band")

    id: PuzzleId
    band: Band
    vote: Annotated[VoteWord | None, Says("The vote must be \"up\", \"down\" or null.")] = None
    reason: Annotated[
        Reason | None,
        Field(description="; ".join(f"{k}: {v}" for k, v in REASONS.items())),
        Says(f"The reason must be null or one of {', '.join(REASONS)}."),
    ] = None
    guest: Annotated[
        bool,
        Field(description="True for a word given while signed out, sent by the browser on sign-in: the "
                          "server never had that play's result, so the played rule is the browser's."),
        Says("guest must be true or false."),
    ] = False


class ChessVoted(BaseModel):
    """Your word on the puzzle, as kept."""

    id: str
    vote: VoteWord | None
    reason: Reason | None


Voting = Annotated[Post[ChessVote], signed_post(ChessVote, "Sign in to vote on puzzles.")]


@router.put(
    "/chess/votes",
    tags=TAGS,
    response_model=ChessVoted,
    openapi_extra=documented(ChessVote),
    responses=errors(400, 401, 413, 422, 429, 503),
    summary="Vote on a puzzle you have played (up, down or none) and report a problem with it",
)
@cached(PRIVATE)
async def put_vote(post: Voting) -> ChessVoted:
    player, body, ctx = post.player, post.body, post.ctx
    if puzzles_of(ctx).puzzle(body.band, body.id) is None:
        raise ApiError(422, f"There's no {body.band} puzzle {body.id} in the collection.")
    votes = PuzzleVotes(ctx.store)
    # A guest's play was never posted (a result posts only for the player who played it), so a word
    # given as a guest and sent on sign-in is taken on the browser's word; it is kept marked as such.
    if not body.guest and not votes.played(player.id, body.id):
        raise ApiError(422, NOT_PLAYED)
    enforce(ctx, VOTES, player.id)
    word = PuzzleVote(_TO_NUMBER[body.vote], body.reason)
    votes.put(player.id, body.band, body.id, word, ctx.now(), guest=body.guest)
    return ChessVoted(id=body.id, vote=body.vote, reason=body.reason)


@router.get(
    "/chess/votes/{puzzle_id}",
    tags=TAGS,
    response_model=ChessVoted,
    responses=errors(400, 401, 503),
    summary="Your vote and report on a puzzle (both null when you have given none)",
)
@cached(PRIVATE)
async def get_vote(me: Voter, puzzle_id: IdPath) -> ChessVoted:
    if not re.fullmatch(PUZZLE_ID, puzzle_id):
        raise ApiError(400, "The puzzle id must be five letters or digits, as on Lichess.")
    word = PuzzleVotes(me.ctx.store).mine(me.player.id, puzzle_id)
    reason: Reason | None = word.reason  # type: ignore[assignment]
    return ChessVoted(id=puzzle_id, vote=_TO_WORD[word.vote], reason=reason)
