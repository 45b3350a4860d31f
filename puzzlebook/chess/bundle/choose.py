"""Choosing each band's puzzles from the slices' candidates.

Each hundred of a band gets an equal share, split by line length (LENGTHS);
within a slice candidates are taken smallest hash first, and a motif already
at its cap is set aside unless the slice cannot fill otherwise. A hundred that
falls short is topped up with longer lines, and a band still short takes from
its other hundreds. Every candidate is replayed before it can be taken
(Pool), so a bad row is skipped, counted, and never bundled.
"""

from __future__ import annotations

import heapq
import itertools
from collections import Counter
from collections.abc import Callable, Iterable, Iterator
from dataclasses import dataclass
from typing import Any

from puzzlebook.chess.bands import BANDS
from puzzlebook.chess.bundle.replay import replay
from puzzlebook.chess.bundle.scan import Entry, Slice
from puzzlebook.chess.source_game import game_ref

# Solver moves -> share of each hundred.
LENGTHS: dict[int, float] = {1: 0.25, 2: 0.5, 3: 0.25}
# In order of precedence: a puzzle's motif is the first of these among its themes.
MOTIFS = (
    "mate", "fork", "pin", "skewer", "discoveredAttack", "doubleCheck", "sacrifice", "deflection",
    "attraction", "clearance", "interference", "hangingPiece", "trappedPiece", "promotion",
    "advancedPawn", "quietMove", "defensiveMove", "zugzwang", "xRayAttack", "intermezzo",
    "capturingDefender", "exposedKing",
)
MOTIF_CAP = 0.3  # the most of a slice one motif may take while others are left
OTHER = "other"

_MOTIF_BYTES = [(m, m.encode()) for m in MOTIFS]  # themes stay bytes until a candidate is taken

Note = Callable[[str], None]


def motif_of(themes: str) -> str:
    """The puzzle's motif: the first of MOTIFS among its themes, else "other"."""
    have = set(themes.split())
    for motif in MOTIFS:
        if motif in have:
            return motif
    return OTHER


@dataclass(frozen=True)
class Candidate:
    """A candidate that replays: everything choose() and the writer need."""

    key: int
    id: str
    fen: str
    moves: str
    rating: int
    themes: str
    length: int
    motif: str
    position: str  # the FEN without its clocks, for duplicates
    game: str = ""  # the source game's reference (source_game.game_ref), "" when unknown

    def row(self) -> list[Any]:
        """The bundle row: [id, fen, moves, rating, themes], and the source game's reference
        as a sixth field when it is known."""
        row: list[Any] = [self.id, self.fen, self.moves, self.rating, self.themes]
        return [*row, self.game] if self.game else row


class Replayer:
    """Replays candidates once each, counting the bad ones by reason."""

    def __init__(self) -> None:
        self.bad: Counter[str] = Counter()
        self._ids: set[str] = set()

    def check(self, entry: Entry, length: int, motif: str) -> Candidate | None:
        """The entry as a Candidate if it replays (and its id is new), else None."""
        key, rating, packed = entry
        try:
            pid, fen, moves, game_url, themes = packed.decode("utf-8").split("\n")
        except UnicodeDecodeError:
            self.bad["not UTF-8 text"] += 1
            return None
        fen, moves, themes = fen.strip(), " ".join(moves.split()), " ".join(themes.split())
        problem, position = replay(pid, fen, moves)
        if problem is None and pid in self._ids:
            problem = "repeated id"
        if problem:
            self.bad[problem] += 1
            return None
        self._ids.add(pid)
        return Candidate(key, pid, fen, moves, rating, themes, length, motif, position, game_ref(game_url))


class Pool:
    """A slice's candidates, smallest hash first. A candidate's motif comes from
    its themes alone; it is replayed only when it is about to be taken, once."""

    def __init__(self, entries: list[Entry], length: int, replayer: Replayer) -> None:
        self.entries = entries
        self.length = length
        self._replayer = replayer
        self._motifs: dict[int, str] = {}
        self._checked: dict[int, Candidate | None] = {}

    def __len__(self) -> int:
        return len(self.entries)

    def motif(self, k: int) -> str:
        """The motif of the k-th candidate."""
        found = self._motifs.get(k)
        if found is None:
            have = set(self.entries[k][2].rpartition(b"\n")[2].split())
            found = next((m for m, raw in _MOTIF_BYTES if raw in have), OTHER)
            self._motifs[k] = found
        return found

    def get(self, k: int) -> Candidate | None:
        """The k-th candidate if it replays, else None (and counted as bad, once)."""
        if k not in self._checked:
            self._checked[k] = self._replayer.check(self.entries[k], self.length, self.motif(k))
        return self._checked[k]

    def fit(self, have: set[str]) -> Iterator[Candidate]:
        """The candidates that replay and are not in `have`, in order."""
        for k, entry in enumerate(self.entries):
            if entry[2].partition(b"\n")[0].decode("utf-8", "replace") not in have:
                found = self.get(k)
                if found:
                    yield found


def _take_slice(pool: Pool | None, quota: int, cap: int) -> list[Candidate]:
    """Up to `quota` in order, no motif past `cap` unless the pool runs out first."""
    if pool is None:
        return []
    taken: list[Candidate] = []
    aside: list[int] = []
    motifs: Counter[str] = Counter()
    for k in range(len(pool)):
        if len(taken) == quota:
            break
        motif = pool.motif(k)
        if motifs[motif] < cap:
            found = pool.get(k)
            if found:
                taken.append(found)
                motifs[motif] += 1
        else:
            aside.append(k)
    for k in aside:
        if len(taken) == quota:
            break
        found = pool.get(k)
        if found:
            taken.append(found)
    return taken


def _spare(pools: Iterable[Pool], have: set[str], n: int) -> list[Candidate]:
    """The first `n` candidates, smallest hash first across `pools`, not in `have`."""
    merged = heapq.merge(*(p.fit(have) for p in pools), key=lambda c: c.key)
    return list(itertools.islice(merged, max(n, 0)))


def choose(pools: dict[Slice, Pool], per_band: int, motif_cap: float = MOTIF_CAP,
           note: Note | None = None) -> dict[str, list[Candidate]]:
    """Each band's puzzles: equal hundreds, lengths in proportion, no motif over
    its cap (relaxed only where a slice cannot fill otherwise).

    `note` receives a line for each top-up and each band shortfall, as the
    maker reports them on stderr.
    """
    say = note or (lambda _text: None)
    chosen: dict[str, list[Candidate]] = {}
    for band, (low, high) in BANDS.items():
        hundreds = (high - low) // 100
        picked: list[Candidate] = []
        for hundred in range(hundreds):
            before = len(picked)
            for length, share in LENGTHS.items():
                quota = round(per_band / hundreds * share)
                cap = max(1, int(quota * motif_cap))
                picked += _take_slice(pools.get((band, hundred, length)), quota, cap)
            # Strong puzzles are rarely one move long: a hundred that falls
            # short is topped up with its next two-movers, then three.
            short = round(per_band / hundreds) - (len(picked) - before)
            if short > 0:
                have = {c.id for c in picked}
                longer = [pools[s] for s in ((band, hundred, 2), (band, hundred, 3)) if s in pools]
                extra = list(itertools.islice((c for p in longer for c in p.fit(have)), short))
                picked += extra
                say(f"{band} {low + 100 * hundred}s: {short} short; topped up {len(extra)} with longer lines")
        # A hundred with too few good puzzles even so leaves its share to the
        # band's other hundreds, two- and three-movers first.
        short = per_band - len(picked)
        if short > 0:
            have = {c.id for c in picked}
            mine = {s: p for s, p in pools.items() if s[0] == band}
            extra = _spare([p for s, p in mine.items() if s[2] != 1], have, short)
            have.update(c.id for c in extra)
            extra += _spare([p for s, p in mine.items() if s[2] == 1], have, short - len(extra))
            picked += extra
            say(f"{band}: {len(extra)} more from its other hundreds; {per_band - len(picked)} short in all")
        chosen[band] = picked
    return chosen
