"""Storm: a three-minute race through the day's run of chess puzzles (docs/storm.md).

clock.py: the clock, the combo and the score (pure arithmetic the browser shares through
tests/vectors/storm.json); run.py: which puzzles make a day's run; results.py: a posted run
replayed with the chess referee, checked, and settled against the player's runs.
"""
