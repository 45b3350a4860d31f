"""Chess Puzzles' routes (routes.py: posting solves and misses, the daily and all-time boards) and
their bodies (models.py)."""

from functions.routes.chess.routes import router

__all__ = ["router"]
