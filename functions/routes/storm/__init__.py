"""Storm's routes (routes.py: starting a run with its ticket, posting it, the boards, the player's
own runs) and their bodies (models.py)."""

from functions.routes.storm.routes import router

__all__ = ["router"]
