"""Classes' routes (`router`, included by functions/app.py) and their bodies (models.py): a teacher's
classes, joining, students, assigned lessons and the results table (routes.py), and a student's
progress and the class's heatmap, to the teacher (progress.py). docs/classes.md."""

from fastapi import APIRouter

from functions.routes.classes import progress, routes

router = APIRouter()
router.include_router(routes.router)
router.include_router(progress.router)

__all__ = ["router"]
