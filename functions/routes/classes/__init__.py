"""Classes' routes (`router`, included by functions/app.py) and their bodies (models.py): a teacher's
classes, joining, students, assigned lessons and the results table. docs/classes.md."""

from functions.routes.classes.routes import router

__all__ = ["router"]
