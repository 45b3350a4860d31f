"""Chess Puzzles' routes (routes.py: posting solves and misses, the daily and all-time boards; mine.py:
the player's dashboard and history) and their bodies (models.py)."""

from fastapi import APIRouter

from functions.routes.chess import mine, routes

router = APIRouter()
router.include_router(routes.router)
router.include_router(mine.router)

__all__ = ["router"]
