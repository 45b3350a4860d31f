"""Playing together over HTTP: following (follows.py), the friends' boards and streaks (friends.py) and
clubs (clubs.py), one router. Built at its first request (functions/app.py, ON_DEMAND)."""

from __future__ import annotations

from fastapi import APIRouter

from functions.routes.social import clubs, follows, friends

router = APIRouter()
for module in (follows, friends, clubs):
    router.include_router(module.router)
