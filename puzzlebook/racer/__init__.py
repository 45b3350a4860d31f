"""Puzzle Racer: Storm's puzzles raced live by 2 to 10 players (issue 43; docs/live.md).

race.py: a race's life (made, waiting, the countdown, racing for RACE_SECONDS, over), joining,
starting, the quick race's pairing; puzzles.py: the race's puzzles, rising like Storm's run;
progress.py: one racer's progress, each move judged as it arrives on the server's clock, scored by
Storm's rules (puzzlebook/storm/clock.py's `step`); table.py: the standings and the table at the end.
"""
