"""Streak's routes (routes.py: starting a run with its ticket, posting it, the boards, the player's
own runs) and their bodies (models.py)."""

from functions.routes.streak.routes import router

__all__ = ["router"]
