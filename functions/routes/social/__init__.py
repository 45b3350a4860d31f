"""Playing together over HTTP: following (follows.py), the friends' boards and streaks (friends.py),
clubs (clubs.py) and invites to a race (invites.py), one router. Built at its first request
(functions/app.py, ON_DEMAND)."""

from __future__ import annotations

from fastapi import APIRouter

from functions.routes.social import clubs, follows, friends, invites

router = APIRouter()
for module in (follows, friends, clubs, invites):
    router.include_router(module.router)
