"""Votes and reports on chess puzzles (docs/api.md, "Puzzle votes"; docs/votes.md): after a puzzle
ends a signed-in player votes it up or down and may report a problem with a reason. One word per
player per puzzle, changeable; it is written to the player's own item (service/games/chess/votes.py)
and the tallies are the nightly's view, never read here.
"""

from __future__ import annotations

import re
from enum import Enum
from typing import Annotated, ClassVar, Literal

from fastapi import APIRouter, Path, Request
from pydantic import BaseModel, Field

from functions.bodies import documented, errors
from functions.caching import PRIVATE, cached
from functions.clients import client_address
from functions.deps import Post, Signed, signed_in, signed_post
from functions.errors import ApiError
from functions.limits import Limit, enforce
from functions.routes.chess.models import PUZZLE_ID, PUZZLE_ID_WORDS, Band, PuzzleId
from functions.words import Says, Worded
from puzzlebook.messages import msg
from puzzlebook.standing import age_days
from puzzlebook.votes import GUEST_WORDS, REASONS, PuzzleVote, Voter, source_of
from service.games.chess.puzzles import puzzles_of
from service.games.chess.votes import PuzzleVotes, TooManyGuestWords

router = APIRouter()
TAGS: list[str | Enum] = ["chess"]
VOTES_PER_HOUR = 300
VOTES = Limit("chess-vote", VOTES_PER_HOUR, msg(
    "too_many_votes", "Too many votes: at most {most} an hour. {retry}")(most=VOTES_PER_HOUR))
NOT_PLAYED = msg("vote_not_played",
                 "Vote on a puzzle once you have played it: this account has no result for it.")
GUEST_FULL = msg("guest_votes_full", "This account has sent its {most} words on puzzles played signed out, "
                 "the most it keeps: vote on the puzzles you play signed in.")(most=GUEST_WORDS)
NO_PUZZLE = msg("no_such_puzzle", "There's no {band} puzzle {id} in the collection.")
Reader = Annotated[Signed, signed_in(msg("sign_in_for_vote", "Sign in to see your vote."))]
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
    vote: Annotated[VoteWord | None, Says(msg("bad_vote", 'The vote must be "up", "down" or null.'))] = None
    reason: Annotated[
        Reason | None,
        Field(description="; ".join(f"{k}: {v}" for k, v in REASONS.items())),
        Says(msg("bad_vote_reason", "The reason must be null or one of {reasons}.")(
            reasons=", ".join(REASONS))),
    ] = None
    guest: Annotated[
        bool,
        Field(description="True for a word given while signed out, sent by the browser on sign-in: the "
                          "server never had that play's result, so the played rule is the browser's. "
                          f"Such a word is counted apart in the tallies, and an account keeps at most "
                          f"{GUEST_WORDS} on puzzles it has no result of."),
        Says(msg("guest_not_boolean", "guest must be true or false.")),
    ] = False


class ChessVoted(BaseModel):
    """Your word on the puzzle, as kept."""

    id: str
    vote: VoteWord | None
    reason: Reason | None


Voting = Annotated[Post[ChessVote], signed_post(
    ChessVote, msg("sign_in_to_vote", "Sign in to vote on puzzles."))]


@router.put(
    "/chess/votes",
    tags=TAGS,
    response_model=ChessVoted,
    openapi_extra=documented(ChessVote),
    responses=errors(400, 401, 413, 422, 429, 503),
    summary="Vote on a puzzle you have played (up, down or none) and report a problem with it",
)
@cached(PRIVATE)
async def put_vote(post: Voting, request: Request) -> ChessVoted:
    player, body, ctx = post.player, post.body, post.ctx
    if puzzles_of(ctx).puzzle(body.band, body.id) is None:
        raise ApiError(422, NO_PUZZLE(band=body.band, id=body.id))
    votes = PuzzleVotes(ctx.store)
    played = votes.played(player.id, body.id)
    # A guest's play was never posted (a result posts only for the player who played it), so a word
    # given as a guest and sent on sign-in is taken on the browser's word: kept marked unplayed,
    # counted apart in the tallies, and only so many an account (docs/votes.md).
    if not body.guest and not played:
        raise ApiError(422, NOT_PLAYED)
    had = votes.kept(player.id, body.id)
    enforce(ctx, VOTES, player.id)
    word = PuzzleVote(_TO_NUMBER[body.vote], body.reason)
    now = ctx.now()
    voter = Voter(played=played, age=age_days(player.created, now),
                  source=source_of(ctx.settings.site_key, client_address(request)))
    try:
        votes.put(player.id, body.band, body.id, word, voter, now, guest=body.guest, had=had)
    except TooManyGuestWords:
        raise ApiError(422, GUEST_FULL) from None
    return ChessVoted(id=body.id, vote=body.vote, reason=body.reason)



@router.get(
    "/chess/votes/{puzzle_id}",
    tags=TAGS,
    response_model=ChessVoted,
    responses=errors(400, 401, 503),
    summary="Your vote and report on a puzzle (both null when you have given none)",
)
@cached(PRIVATE)
async def get_vote(me: Reader, puzzle_id: IdPath) -> ChessVoted:
    if not re.fullmatch(PUZZLE_ID, puzzle_id):
        raise ApiError(400, PUZZLE_ID_WORDS)
    word = PuzzleVotes(me.ctx.store).mine(me.player.id, puzzle_id)
    reason: Reason | None = word.reason  # type: ignore[assignment]
    return ChessVoted(id=puzzle_id, vote=_TO_WORD[word.vote], reason=reason)
