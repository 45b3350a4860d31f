"""Chain: a daily arithmetic puzzle made from the date (seed 002).

rng        FNV-1a and mulberry32, and the integer draws built on them
tiles      the tiles and the one rule for playing a tile on a value
calendar   the level of each weekday
walk       the random walk that becomes the solution
spares     the decoy tiles
solver     the exhaustive survey of every sequence of tiles
score      the feature score and its calibrated band per level
candidate  one attempt: walk, spares, shuffle, survey, the five checks
walkthrough the readable explanation stored with a day
generate   generate(day) -> row, public(row), verify(row), check_solve(row, tiles)
report     the figures behind `build.py chain report` and `calibrate`

A day's puzzle is a function of the date and of this code. ENGINE_VERSION names
the code: bump it whenever any public puzzle would change (the golden test in
tests/test_chain_golden.py says so when it happens).
"""

ENGINE_VERSION = 1
