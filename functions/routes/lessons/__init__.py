"""Lessons' routes (`router`, which functions/app.py builds at the first request for a lesson: its
ON_DEMAND) and their bodies (models.py). Whether a student's result counts is decided by
puzzlebook.lessons.results; see routes.py."""

from functions.routes.lessons.routes import router

__all__ = ["router"]
