"""What every live room shares (docs/live.md): the fan-out rule (fanout.py) and a move's timing on the
server's own clock. A room's own rules are the race's (puzzlebook/racer/) and the live class's
(puzzlebook/live_class/)."""
