"""A signed-in player's review of chess puzzles (docs/api.md, "Review"; docs/review.md): the puzzles
missed or solved with help, coming back on FSRS's schedule until solved cleanly. The browser keeps
its own copy (it works offline) and posts it whole; the server merges it into the player's own item
(service/games/chess/review.py) and answers the merged review, which the browser keeps. A review is
never a rated result: nothing here reads or moves a rating. A post counts against the hour's
posts in that same write of the player's item (docs/review.md, "Posts an hour").

A review's work (reading up to MAX_REVIEW_RESULTS results, FSRS over every card for its due day) runs
in the thread pool, as a lesson's check does: the event loop answers other requests meanwhile
(docs/review.md, "What a post costs").
"""

from __future__ import annotations

import datetime as dt
from enum import Enum
from typing import Annotated, Any, ClassVar

from fastapi import APIRouter
from pydantic import BaseModel, Field
from starlette.concurrency import run_in_threadpool

from functions.bodies import documented, errors
from functions.caching import PRIVATE, cached
from functions.deps import Post, Signed, signed_in, signed_post
from functions.errors import ApiError
from functions.limits import Limit, too_many
from functions.words import Says, Worded
from puzzlebook.calendar import DATE_PATTERN
from puzzlebook.chess.bands import BANDS
from puzzlebook.messages import msg
from puzzlebook.patterns import whole_text
from puzzlebook.review.queue import MAX_CARDS, MAX_RESULTS, MAX_REVIEW_RESULTS, PUZZLE_ID, BadReview, Queue
from puzzlebook.review.schedule import GRADES
from puzzlebook.review.syncs import Full, Hourly
from service.context import Context
from service.games.chess.review import ChessReview

router = APIRouter()
TAGS: list[str | Enum] = ["chess"]
PATH = "/chess/review"
SYNCS_PER_HOUR = 600
SYNCS = Limit("chess-review", SYNCS_PER_HOUR, msg(
    "too_many_review_posts", "Too many review posts: at most {most} an hour. {retry}")(most=SYNCS_PER_HOUR))
# Counted in the review's own item, in the post's one write (docs/review.md, "Posts an hour"): the
# clock hour, as a rate window counts it.
SYNCS_RULE = Hourly(SYNCS.most, SYNCS.window)
DATED_AHEAD = msg("review_result_ahead", "Card {card}: a result is dated {day}, after today ({today}).")
SIGN_IN = msg("sign_in_for_review", "Sign in to keep your review on the server.")
AHEAD = 1  # days a result may be dated after the server's site day (a browser's clock a little ahead)
Reviewer = Annotated[Signed, signed_in(SIGN_IN)]
CARDS_WORDS = msg("review_cards_shape", "The cards must be a list of at most {cards} cards, each "
                  "{{band, id, results}}, with at most {results} results among them.")(
    cards=MAX_CARDS, results=MAX_REVIEW_RESULTS)


# A result as the document states it: [a real date, a grade], exactly what Queue.from_doc accepts.
RESULT_SCHEMA: dict[str, Any] = {
    "type": "array", "minItems": 2, "maxItems": 2,
    "prefixItems": [{"type": "string", "pattern": whole_text(DATE_PATTERN)},
                    {"type": "string", "enum": list(GRADES)}],
}


class ReviewCardDoc(BaseModel):
    """A puzzle in review: its results day by day, `[day, grade]` (grade miss, help or clean)."""

    band: str = Field(json_schema_extra={"enum": list(BANDS)})
    id: str = Field(json_schema_extra={"pattern": whole_text(PUZZLE_ID.pattern)})
    results: list[list[str]] = Field(
        min_length=1, max_length=MAX_RESULTS, json_schema_extra={"items": RESULT_SCHEMA},
        description=f"[YYYY-MM-DD, grade], grade one of {', '.join(GRADES)}; a day's worse result stands",
    )


class ChessReviewPost(Worded):
    """A browser's copy of the player's review, merged into the server's."""

    REQUIRED: ClassVar[tuple[str, ...]] = ("cards",)

    cards: Annotated[list[dict[str, Any]], Field(max_length=MAX_CARDS, json_schema_extra={
        "items": ReviewCardDoc.model_json_schema()}), Says(CARDS_WORDS)]


class ReviewCardKept(ReviewCardDoc):
    """A card as kept, with what its results say: the day it comes back (null once graduated) and
    the day it graduated (null while in review)."""

    due: str | None
    graduated: str | None


class ChessReviewKept(BaseModel):
    """The player's review as kept: every card, and how many are due on the server's site day."""

    cards: list[ReviewCardKept]
    due_today: int
    today: str


Syncing = Annotated[
    Post[ChessReviewPost], signed_post(ChessReviewPost, SIGN_IN)
]


def _answer(queue: Queue, today: dt.date) -> ChessReviewKept:
    """The review as answered: each card with its due day, worked out once (FSRS over its results)."""
    day = today.isoformat()
    cards = [ReviewCardKept(band=c.band, id=c.id, results=[list(r) for r in c.results], due=c.due,
                            graduated=c.graduated) for c in queue.cards]
    due_today = sum(c.due is not None and c.due <= day for c in cards)
    return ChessReviewKept(cards=cards, due_today=due_today, today=day)


@router.get(
    PATH,
    tags=TAGS,
    response_model=ChessReviewKept,
    responses=errors(401, 503),
    summary="Your review: the puzzles coming back until solved cleanly, and how many are due today",
)
@cached(PRIVATE)
async def get_review(me: Reviewer) -> ChessReviewKept:
    return await run_in_threadpool(review_of, me.ctx, me.player.id)


def review_of(ctx: Context, pid: str, *, consistent: bool = True) -> ChessReviewKept:
    """`pid`'s review as GET /api/chess/review answers it (also the home page's, functions/routes/home.py,
    which reads it eventually consistent: `consistent` False). FSRS over every card: in a worker thread."""
    return _answer(ChessReview(ctx.store).mine(pid, consistent=consistent), ctx.today())


@router.post(
    PATH,
    tags=TAGS,
    response_model=ChessReviewKept,
    openapi_extra=documented(ChessReviewPost),
    responses=errors(400, 401, 413, 422, 429, 503),
    summary="Merge this browser's review into yours (the worse of a day's results stands) and get it back",
)
@cached(PRIVATE)
async def post_review(post: Syncing) -> ChessReviewKept:
    return await run_in_threadpool(_merged, post)


def _merged(post: Post[ChessReviewPost]) -> ChessReviewKept:
    """The post read, checked, merged into the player's review and answered: in a worker thread."""
    player, body, ctx = post.player, post.body, post.ctx
    try:
        theirs = Queue.posted({"cards": body.cards}, tuple(BANDS))
    except BadReview as bad:
        raise ApiError(400, bad.message) from None
    today = ctx.today()
    latest = (today + dt.timedelta(days=AHEAD)).isoformat()
    ahead = next((c for c in theirs.cards if c.last > latest), None)
    if ahead is not None:
        raise ApiError(422, DATED_AHEAD(card=ahead.key, day=ahead.last, today=today.isoformat()))
    now_ts = int(ctx.now().timestamp())
    try:
        merged = ChessReview(ctx.store).merge(player.id, theirs, today.isoformat(), cap=SYNCS_RULE,
                                              now_ts=now_ts)
    except Full as full:
        raise too_many(SYNCS, full.wait) from None
    return _answer(merged, today)
