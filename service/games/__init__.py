"""Each game's part of the service layer, in its own folder: service/games/<key>/.

A game's package holds its keys (keys.py), its records (records.py: a `<Game>Records(store)` class
that reads, calls the game's settle step and writes), and in its __init__.py its hooks: a subclass
of service.games.hooks.GameHooks, listed in service/games/registry.py, which the jobs iterate.
"""
