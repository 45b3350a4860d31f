"""Streak: the day's run of chess puzzles in rising difficulty, no clock, until one wrong move
(docs/streak.md).

tally.py: what a run's verdicts add up to (pure, shared with the browser through
tests/vectors/streak.json); run.py: which puzzles make a day's run; results.py: a posted run
replayed with the chess referee, checked, and settled against the player's runs; kept.py: the
scored run as the store keeps it.
"""
