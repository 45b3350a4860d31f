"""The live rooms' items (docs/store.md, "Live rooms"). Each room is its own partition, so a room's
writes never meet another's; a connection is an item of its own.

A race:        RACE#<id>  HEAD (the race), FAN (its fan-out state), R#<pid> (each racer's progress),
                          C#<connection> (each connection in it)
               RACEP#<id> PUZZLES (its puzzles: written once, read once a process and kept)
The lobby:     LOBBY#racer QUICK (the open quick race's id)
A live class:  LIVE#<id>  HEAD (the session), FAN, S#<pid> (each student who joined),
                          A#<nnnn>#<pid> (a student's answer to puzzle n), C#<connection>
               LIVEC#<class id> OPEN (the class's open session's id)
A connection:  CONN#<connection> CONN (its player and the room it is in)
An invite:     P#<recipient> INVITE#<race> (in the recipient's own partition: service/live/invites.py),
               P#<sender>    INVITED#<race> (a counter: how many the sender sent to that race)
"""

from __future__ import annotations

HEAD = "HEAD"
FAN = "FAN"
CONNS = "C#"
RACERS = "R#"
STUDENTS = "S#"
PUZZLES = "PUZZLES"
LOBBY, QUICK = "LOBBY#racer", "QUICK"
OPEN = "OPEN"
CONNECTION = "CONN"
RACE_ROOM, CLASS_ROOM = "RACE#", "LIVE#"


def race(race_id: str) -> str:
    return f"{RACE_ROOM}{race_id}"


def race_puzzles(race_id: str) -> str:
    return f"RACEP#{race_id}"


def racer(pid: str) -> str:
    return f"{RACERS}{pid}"


def session(session_id: str) -> str:
    return f"{CLASS_ROOM}{session_id}"


def student(pid: str) -> str:
    return f"{STUDENTS}{pid}"


def answers(n: int) -> str:
    return f"A#{n:04d}#"


def answer(n: int, pid: str) -> str:
    return f"{answers(n)}{pid}"


def class_open(class_id: str) -> str:
    return f"LIVEC#{class_id}"


def conn_in(conn: str) -> str:
    return f"{CONNS}{conn}"


def connection(conn: str) -> str:
    return f"CONN#{conn}"


INVITES, INVITED = "INVITE#", "INVITED#"


def invite(race_id: str) -> str:
    """An invite to race `race_id`, in its recipient's partition (P#<pid>)."""
    return f"{INVITES}{race_id}"


def invited(race_id: str) -> str:
    """The sender's count of invites to race `race_id`, in the sender's partition (P#<pid>)."""
    return f"{INVITED}{race_id}"
