"""Each game's part of the site build, found by the game's key: sitebuild/games/<key>.py, for a game
that needs one (a game whose pages are plain templates needs none). A module may define:

    template_globals(today) -> {name: value}
        names the game's templates call, bound to the site day (a guide's worked examples, say)
"""

from __future__ import annotations

import datetime as dt
import importlib
import pkgutil
from typing import Any

from puzzlebook.games import GAMES


def template_globals(today: dt.date) -> dict[str, Any]:
    """Every game's template globals, in the registry's order."""
    here = {module.name for module in pkgutil.iter_modules(__path__)}
    found: dict[str, Any] = {}
    for game in GAMES:
        if game.key in here:
            module = importlib.import_module(f"{__name__}.{game.key}")
            if hasattr(module, "template_globals"):
                found.update(module.template_globals(today))
    return found
