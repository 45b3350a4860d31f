"""The ticketed daily run, once for every run mode (Storm, Streak): a day's run of chess puzzles
picked from the bundle and kept on first need, a play ticket per started run (the player's first of
the day ranked), the server's scoring of a posted run, the day's board and the best board.

A mode is a `RunMode` (mode.py): its keys, its pick, its kept result (its scoring rule says what a
result holds and which beats which) and its board's columns. What it keeps (records.py), its hooks
for the jobs (hooks.py: the nightly, the site build, the boards) and an app's reads of its kept runs
(runs.py) are this package's, given the mode. A game adds a mode in service/games/<key>/__init__.py
(docs/architecture.md, "Run modes"); its HTTP side is functions/routes/daily_run/.
"""
