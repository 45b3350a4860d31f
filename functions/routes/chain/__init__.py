"""Chain's routes (`router`, which functions/app.py takes through the game registry) and their bodies
(models.py). What a post counts for is decided by puzzlebook.chain.results; see routes.py."""

from functions.routes.chain.routes import router

__all__ = ["router"]
