"""The puzzle themes: every theme key the bundle's rows carry, with a name, a group and a
line in plain words saying what it means.

Keys and groups are Lichess's (lila's `PuzzleTheme.categorized`, in its order), so a theme
here is the theme a Lichess player knows. The descriptions are ours. `mate` sits in two of
Lichess's lists (its mates and its goals); it is filed once, under mates. Three keys of
the bundle aren't in lila's list: `collinearMove`, `epauletteMate` and `swallowstailMate`,
tagged by Lichess's puzzle tagger; they are filed where their kind is (advanced, mate
patterns). Six keys aren't Lichess themes at all: `King`, `Queen`, `Rook`, `Bishop`,
`Knight`, `Pawn` came with one of the slice's sources, which tagged the piece that carries
the tactic; they get a group of their own, `pieces`, last.

Pure data and two look-ups; the build and the site read it (docs/bundle.md, docs/site.md).
"""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True)
class Group:
    """A heading on the themes page."""

    key: str
    name: str


@dataclass(frozen=True)
class Theme:
    """One theme: its Lichess key, the name a player reads, its group's key, and what it
    means in a line."""

    key: str
    name: str
    group: str
    description: str


# In the order the themes page shows them (Lichess's, then ours).
GROUPS: tuple[Group, ...] = (
    Group("phases", "Phases"),
    Group("motifs", "Motifs"),
    Group("advanced", "Advanced"),
    Group("mates", "Mates"),
    Group("matePatterns", "Mate patterns"),
    Group("specialMoves", "Special moves"),
    Group("goals", "Goals"),
    Group("lengths", "Lengths"),
    Group("origin", "Origin"),
    Group("pieces", "Pieces"),
)

# (key, name, description) per group, in the group's order.
_TABLE: dict[str, tuple[tuple[str, str, str], ...]] = {
    "phases": (
        ("opening", "Opening", "The first moves of a game, before the pieces have all come out."),
        ("middlegame", "Middlegame", "The fight after the opening, with most pieces still on the board."),
        ("endgame", "Endgame", "Few pieces left: kings come forward and pawns race to promote."),
        ("rookEndgame", "Rook endgame", "An ending where rooks and pawns are all that remain."),
        ("bishopEndgame", "Bishop endgame", "An ending where bishops and pawns are all that remain."),
        ("pawnEndgame", "Pawn endgame", "Only kings and pawns: every tempo counts."),
        ("knightEndgame", "Knight endgame", "An ending where knights and pawns are all that remain."),
        ("queenEndgame", "Queen endgame", "An ending where queens and pawns are all that remain."),
        ("queenRookEndgame", "Queen and rook endgame", "An ending with queens, rooks and pawns left."),
    ),
    "motifs": (
        ("advancedPawn", "Advanced pawn", "A pawn far up the board, close to becoming a queen."),
        ("attackingF2F7", "Attacking f2 or f7",
         "Strike at the square beside the king that only the king guards."),
        ("capturingDefender", "Capturing the defender",
         "Take the piece that guards something, then win what it guarded."),
        ("discoveredAttack", "Discovered attack",
         "Move one piece out of the way so the one behind it attacks."),
        ("doubleCheck", "Double check", "Give check with two pieces at once, so only a king move helps."),
        ("exposedKing", "Exposed king", "The king has lost its shelter of pawns and pieces; go after it."),
        ("fork", "Fork", "One piece attacks two targets, and only one can be saved."),
        ("hangingPiece", "Hanging piece", "A piece left unguarded, there for the taking."),
        ("kingsideAttack", "Kingside attack", "An attack on a king that castled on the kingside."),
        ("pin", "Pin", "A piece can't move without exposing a more valuable one behind it."),
        ("queensideAttack", "Queenside attack", "An attack on a king that castled on the queenside."),
        ("sacrifice", "Sacrifice", "Give up material on purpose to get something better back."),
        ("skewer", "Skewer", "Attack a valuable piece so that when it moves, the one behind it falls."),
        ("trappedPiece", "Trapped piece", "A piece with no safe square left: attack it and win it."),
    ),
    "advanced": (
        ("attraction", "Attraction", "Lure an enemy piece, often the king, onto a square where it suffers."),
        ("clearance", "Clearance",
         "Move a piece away, even at a cost, to free a square or a line for another."),
        ("collinearMove", "Collinear move",
         "A piece slides along the line it shares with another, to a better square on it."),
        ("discoveredCheck", "Discovered check", "Move one piece away and the piece behind it gives check."),
        ("defensiveMove", "Defensive move",
         "The best move is a quiet defence that stops the threat and holds the position."),
        ("deflection", "Deflection", "Pull a defender away from the square or piece it has to guard."),
        ("interference", "Interference", "Put a piece between an enemy piece and what it defends."),
        ("intermezzo", "Intermezzo", "Before the expected reply, play a stronger move in between."),
        ("quietMove", "Quiet move", "No check and no capture, yet it sets up a threat that can't be met."),
        ("xRayAttack", "X-ray attack",
         "A piece attacks or defends a square through an enemy piece in its way."),
        ("zugzwang", "Zugzwang", "The opponent must move, and every move makes things worse."),
    ),
    "mates": (
        ("mate", "Checkmate", "Finish the game: the king is attacked and has no way out."),
        ("mateIn1", "Mate in 1", "One move gives checkmate."),
        ("mateIn2", "Mate in 2", "Checkmate in two of your moves, whatever the defence."),
        ("mateIn3", "Mate in 3", "Checkmate in three of your moves, whatever the defence."),
    ),
    "matePatterns": (
        ("anastasiaMate", "Anastasia's mate",
         "A knight and a rook or queen pin the king against the edge, its own piece beside it."),
        ("arabianMate", "Arabian mate",
         "A rook mates a cornered king while a knight guards the rook and the last square."),
        ("backRankMate", "Back-rank mate",
         "A rook or queen mates on the back rank, the king shut in by its own pawns."),
        ("balestraMate", "Balestra mate",
         "A bishop gives mate from afar while a queen takes the king's escape squares."),
        ("blindSwineMate", "Blind swine mate",
         "Two rooks on the seventh rank mate the king beside its corner."),
        ("bodenMate", "Boden's mate",
         "Two bishops on crossing diagonals mate a king boxed in by its own pieces."),
        ("cornerMate", "Corner mate",
         "A king stuck in the corner is mated, a rook or queen cutting it off and a knight finishing."),
        ("doubleBishopMate", "Double bishop mate", "Two bishops side by side on diagonals mate the king."),
        ("dovetailMate", "Dovetail mate",
         "A queen mates from a square diagonally next to the king, whose own pieces block its retreat."),
        ("epauletteMate", "Epaulette mate",
         "The king's own pieces stand either side of it like shoulder pads; a check from in front mates."),
        ("hookMate", "Hook mate", "A rook, a knight and a pawn lock together around the king for mate."),
        ("killBoxMate", "Kill box mate",
         "A rook beside the king and a queen behind it box the king in for mate."),
        ("morphysMate", "Morphy's mate",
         "A bishop mates along the long diagonal while a rook cuts the king off."),
        ("operaMate", "Opera mate", "A rook mates on the back rank, guarded by a bishop from a distance."),
        ("pillsburysMate", "Pillsbury's mate",
         "A rook mates on the open file beside the king while a bishop holds the diagonal."),
        ("smotheredMate", "Smothered mate", "A knight mates a king that its own pieces surround."),
        ("swallowstailMate", "Swallow's tail mate",
         "A guarded queen mates from just in front of the king, its own pieces filling the corners behind."),
        ("triangleMate", "Triangle mate", "A queen and a rook form a triangle around the king and mate it."),
        ("vukovicMate", "Vuković mate",
         "A backed-up rook mates a king on the edge while a knight covers its escape squares."),
    ),
    "specialMoves": (
        ("castling", "Castling", "The answer is to castle: the king to safety, the rook into play."),
        ("enPassant", "En passant", "Take a pawn that has just moved two squares as if it had moved one."),
        ("promotion", "Promotion", "A pawn reaches the last rank and becomes a new piece."),
        ("underPromotion", "Underpromotion",
         "Promote to a knight, bishop or rook, because a queen would be worse."),
    ),
    "goals": (
        ("equality", "Equality", "Out of a bad spot: save the game and level the position."),
        ("advantage", "Advantage", "Win something that leaves you clearly better, though not yet winning."),
        ("crushing", "Crushing", "Win decisively: the opponent's mistake costs them the game."),
    ),
    "lengths": (
        ("oneMove", "One move", "The whole puzzle is a single move."),
        ("short", "Short", "Two moves of yours win."),
        ("long", "Long", "Three moves of yours win."),
    ),
    "origin": (
        ("master", "Master games", "Taken from a game played by a titled player."),
        ("masterVsMaster", "Master against master", "Taken from a game between two titled players."),
        ("superGM", "Super GM games", "Taken from a game between players of the world's very best."),
    ),
    "pieces": (
        ("King", "King", "The king itself makes the winning move."),
        ("Queen", "Queen", "The queen makes the winning move."),
        ("Rook", "Rook", "A rook makes the winning move."),
        ("Bishop", "Bishop", "A bishop makes the winning move."),
        ("Knight", "Knight", "A knight makes the winning move."),
        ("Pawn", "Pawn", "A pawn makes the winning move."),
    ),
}

THEMES: dict[str, Theme] = {
    key: Theme(key, name, group, description)
    for group, rows in _TABLE.items()
    for key, name, description in rows
}

_GROUP_KEYS = {group.key for group in GROUPS}


def theme(key: str) -> Theme:
    """The theme with Lichess key `key` (case as Lichess writes it).

    >>> theme("fork").group
    'motifs'
    >>> theme("frok")
    Traceback (most recent call last):
    ...
    KeyError: "'frok' is not a known puzzle theme (puzzlebook/chess/themes.py lists them)"
    """
    found = THEMES.get(key)
    if found is None:
        raise KeyError(f"{key!r} is not a known puzzle theme (puzzlebook/chess/themes.py lists them)")
    return found


def is_theme(key: str) -> bool:
    """Whether `key` is a theme this catalogue knows."""
    return key in THEMES


def group(key: str) -> Group:
    """The group with key `key`."""
    for found in GROUPS:
        if found.key == key:
            return found
    raise KeyError(f"{key!r} is not a theme group (one of {', '.join(g.key for g in GROUPS)})")


def in_group(key: str) -> tuple[Theme, ...]:
    """The themes of group `key`, in the group's order."""
    group(key)
    return tuple(t for t in THEMES.values() if t.group == key)


def as_json() -> dict[str, object]:
    """The catalogue as the site reads it: groups in order, each with its themes."""
    return {
        "groups": [
            {
                "key": g.key,
                "name": g.name,
                "themes": [
                    {"key": t.key, "name": t.name, "description": t.description} for t in in_group(g.key)
                ],
            }
            for g in GROUPS
        ]
    }


assert set(_TABLE) == _GROUP_KEYS, "every group has its rows and every row's group is listed"
