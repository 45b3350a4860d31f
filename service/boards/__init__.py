"""Boards as snapshots (issue 28): each live board's top rows and its distribution, published as static
JSON at most every 15 s, and a player's place found on it without counting the board.

    board.py      a live board (its id, day, band, snapshot path and how the store reads it)
    live.py       which boards are live on a day, and the board a snapshot path names (the registry)
    snapshot.py   the pure builder `snapshot_of` and the API's reader of snapshots (`Snapshots`)
    publisher.py  the publisher: each live board's snapshot when it changed, through the site's Writer

docs/api.md ("Boards") and docs/architecture.md ("Boards as snapshots") say how they meet.
"""
