"""Chess Puzzles' routes (routes.py: posting solves and misses, the daily and all-time boards; mine.py:
the player's dashboard and history; votes.py: votes and reports on puzzles; review.py: the player's
review) and their bodies (models.py)."""

from fastapi import APIRouter

from functions.routes.chess import mine, review, routes, votes

# The two modules' routes in one router, not two included ones: FastAPI matches an included router
# level by level (twice per level), and a solve is the busiest request there is.
router = APIRouter(routes=[*routes.router.routes, *mine.router.routes, *votes.router.routes,
                            *review.router.routes])

__all__ = ["router"]
