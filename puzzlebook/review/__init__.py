"""Review: the puzzles a player missed, or solved with help, come back until they are solved cleanly
(issue 29, part 3; docs/review.md says it in a player's words).

`schedule` is the rule of one puzzle (its results, day by day, to the day it is due next, by FSRS);
`queue` is a player's whole review: the cards, a result added, two copies merged, what is due.
Both are pure and are the browser's too (site/static/js/review/), bound by tests/vectors/review.json.
"""
