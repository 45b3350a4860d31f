"""One pass over the Lichess CSV: each slice's candidates, and counts of the rest.

A slice is one band's hundred-point rating range at one line length (solver
moves). Its candidates are the rows that pass the quality bar with the smallest
SHA-256 of their id: a sample that looks random but is the same every time.
Only the cheap columns are looked at here; replaying the moves with
python-chess is left for the few candidates that are actually taken
(choose.Pool).

The file is cut into chunks of whole lines. Chunks are scanned in worker
processes when there are several cores and the file is large; each chunk is
sent with every full slice's current cut-off, so a worker returns only rows
that can still get in, and the parent keeps one bounded heap per slice. The
result does not depend on the number of workers: the smallest keys are the
smallest keys whatever order they arrive in.
"""

from __future__ import annotations

import csv
import hashlib
import heapq
import multiprocessing
import os
from collections import Counter, deque
from collections.abc import Iterable, Iterator
from dataclasses import dataclass, field
from typing import Any

from puzzlebook.chess.bands import BANDS


class SourceError(ValueError):
    """The source cannot be read as a Lichess puzzle CSV; the message says where and why."""


# The columns read; GameUrl is read when the header has it (the puzzle's source game), and
# OpeningTags may be there too and is ignored.
COLUMNS = ("PuzzleId", "FEN", "Moves", "Rating", "RatingDeviation", "Popularity", "NbPlays", "Themes")
GAME = "GameUrl"
UNKNOWABLE = ("NbPlays", "Popularity", "RatingDeviation")  # empty means unknown
CANDIDATES = 8000  # per slice
LONGEST = 3  # solver moves; longer lines are not bundled
CHUNK = 4 << 20  # bytes of CSV per chunk of work
PARALLEL_FROM = 64 << 20  # below this many bytes, one process does it all
NO_LIMIT = 1 << 256  # above every SHA-256

# (band, hundred, length): hundred 0 is the band's lowest hundred.
Slice = tuple[str, int, int]
# A candidate as scanned: (SHA-256 of the id as an int, rating, packed), where
# packed is the UTF-8 of id, FEN, moves, GameUrl and themes joined by newlines (which no
# field can hold): one small object a candidate, as hundreds of thousands wait. Themes come
# last, where choose.Pool finds a candidate's motif.
Entry = tuple[int, int, bytes]


def pack(puzzle_id: str, fen: str, moves: str, themes: str, game_url: str = "") -> bytes:
    """The packed fields of an Entry."""
    return "\n".join((puzzle_id, fen, moves, game_url, themes)).encode("utf-8")



@dataclass(frozen=True)
class Bar:
    """The quality bar. An empty (unknown) value fails its threshold unless its
    column is in `admit_unknown`."""

    min_plays: int = 1000
    min_popularity: int = 80
    max_deviation: int = 90
    admit_unknown: frozenset[str] = frozenset()

    def __post_init__(self) -> None:
        unknown = set(self.admit_unknown) - set(UNKNOWABLE)
        if unknown:
            allowed = ", ".join(UNKNOWABLE)
            raise ValueError(f"admit_unknown names {sorted(unknown)}; only {allowed} can be unknown")


@dataclass
class Scan:
    """What one pass found: `pools` (each slice's candidates, smallest hash first),
    `passed` (rows that passed the bar, per slice), the data `rows` read and
    `counts` of the rows left out, by reason."""

    pools: dict[Slice, list[Entry]]
    passed: dict[Slice, int]
    rows: int = 0
    counts: Counter[str] = field(default_factory=Counter)


def _hundreds() -> dict[int, tuple[str, int]]:
    """rating // 100 -> (band, hundred within the band), for every bundled hundred."""
    table = {}
    for band, (low, high) in BANDS.items():
        if low % 100 or high % 100:
            raise ValueError(f"band {band} must start and end on a hundred")
        for k, r100 in enumerate(range(low // 100, high // 100)):
            table[r100] = (band, k)
    return table


def _header(line: str) -> dict[str, int]:
    row = next(csv.reader([line.lstrip("\ufeff").rstrip("\r\n")]), [])
    if not any(row):
        raise SourceError("line 1: expected a header naming the columns, found nothing")
    where = {name.strip(): i for i, name in enumerate(row)}
    missing = [c for c in COLUMNS if c not in where]
    if missing:
        raise SourceError(
            f"line 1: the header lacks column(s) {', '.join(missing)}; "
            f"a Lichess puzzle CSV starts with {','.join(COLUMNS)},GameUrl,OpeningTags"
        )
    return where


def _number(text: bytes, column: str, line: int) -> int:
    try:
        return int(text)
    except ValueError:
        raise SourceError(f"line {line}: {column} {_shown(text)} is not a whole number") from None


# A chunk's findings: (rows, {slot: [entry]}, {slot: passed}, counts). A slot is
# rating // 100 * 8 + length, cheaper to build than a Slice in the hot loop.
Found = tuple[int, dict[int, list[Entry]], dict[int, int], dict[str, int]]


class _Scanner:
    """Scans chunks of CSV lines against one header and one bar."""

    def __init__(self, where: dict[str, int], bar: Bar) -> None:
        self.where = where
        self.bar = bar
        self.hundreds = _hundreds()

    def chunk(self, data: bytes, first_line: int, limits: dict[int, int]) -> Found:
        """Scan one chunk whose first line is line `first_line` of the file.
        Keeps only rows whose key is at most their slot's limit (a full slot's
        current largest key; other slots have none)."""
        if b"\r" in data:
            data = data.replace(b"\r\n", b"\n")
        lines = data.split(b"\n")
        if lines and not lines[-1]:
            lines.pop()
        return self._rows(lines, first_line, limits)

    def _rows(self, lines: list[bytes], first_line: int, limits: dict[int, int]) -> Found:
        # This loop runs once per puzzle in the dump (millions): it works on
        # bytes (nothing is decoded), everything it touches is a local, and the
        # costly step (hashing) comes last.
        where, bar, hundreds = self.where, self.bar, self.hundreds
        ii, fi, mi, ri, ti = (where[name] for name in ("PuzzleId", "FEN", "Moves", "Rating", "Themes"))
        gi = where.get(GAME)
        width = len(where)
        # The quality bar, one rule for three columns: (column, its name, the least allowed value
        # times `sign`, sign, an empty cell admitted). RatingDeviation is a ceiling: negated, a floor.
        bars = tuple(
            (where[name], name, sign * limit, sign, name in bar.admit_unknown)
            for name, limit, sign in (
                ("NbPlays", bar.min_plays, 1),
                ("Popularity", bar.min_popularity, 1),
                ("RatingDeviation", bar.max_deviation, -1),
            )
        )
        sha256, from_bytes, join = hashlib.sha256, int.from_bytes, b"\n".join
        kept: dict[int, list[Entry]] = {}
        passed: Counter[int] = Counter()
        rows = outside = longer = odd = below = unknown = 0
        number = first_line - 1
        for line in lines:
            number += 1
            row = _quoted(line, number) if b'"' in line else line.split(b",")
            if len(row) != width:
                if not line.strip():
                    continue  # a blank line
                raise SourceError(
                    f"line {number}: {len(row)} fields where the header has {width} (missing columns?)"
                )
            rows += 1
            text = row[ri]
            try:
                rating = int(text)
            except ValueError:
                raise SourceError(f"line {number}: Rating {_shown(text)} is not a whole number") from None
            r100 = rating // 100
            if r100 not in hundreds:
                outside += 1
                continue
            moves = row[mi]
            plies = moves.count(b" ") + 1
            if plies & 1:
                odd += 1
                continue
            length = plies >> 1
            if length > LONGEST:
                longer += 1
                continue
            for column, name, least, sign, admitted in bars:
                text = row[column]
                if text:
                    if sign * _number(text, name, number) < least:
                        below += 1
                        break
                elif not admitted:
                    unknown += 1
                    break
            else:  # over the whole bar
                pid = row[ii]
                key = from_bytes(sha256(pid).digest(), "big")
                slot = r100 * 8 + length
                passed[slot] += 1
                if key <= limits.get(slot, NO_LIMIT):
                    game = row[gi] if gi is not None else b""
                    entry = (key, rating, join((pid, row[fi], moves, game, row[ti])))
                    found = kept.get(slot)
                    if found is None:
                        kept[slot] = [entry]
                    else:
                        found.append(entry)
        counts = {"outside the bands": outside, "longer than 3 moves": longer, "odd line": odd,
                  "below the bar": below, "unknown fails the bar": unknown}
        return rows, kept, dict(passed), counts


def _quoted(line: bytes, number: int) -> list[bytes]:
    """A line with quotes, split as CSV."""
    try:
        row = next(csv.reader([line.decode("utf-8")]), [])
    except (csv.Error, UnicodeDecodeError) as e:
        raise SourceError(f"line {number}: not valid CSV ({e})") from None
    return [field.encode("utf-8") for field in row]


def _shown(text: bytes) -> str:
    return repr(text.decode("utf-8", "replace"))


_WORKER: _Scanner | None = None


def _start_worker(where: dict[str, int], bar: Bar) -> None:
    global _WORKER
    _WORKER = _Scanner(where, bar)


def _work(data: bytes, first_line: int, limits: dict[int, int]) -> Found:
    assert _WORKER is not None
    return _WORKER.chunk(data, first_line, limits)


class _Heaps:
    """Each slot's `candidates` smallest keys so far, and their rows.

    A heap holds negated keys (a max-heap of the keys), bare ints that compare
    fast; `kept` maps the same int objects to (rating, packed). The same id
    twice in one slot has one key: the larger row is kept, whatever the order."""

    def __init__(self, candidates: int) -> None:
        self.candidates = candidates
        self.heaps: dict[int, list[int]] = {}
        self.kept: dict[int, dict[int, tuple[int, bytes]]] = {}
        self.passed: Counter[int] = Counter()
        self.counts: Counter[str] = Counter()
        self.rows = 0

    def limits(self) -> dict[int, int]:
        """The largest key still in each full slot: nothing above it can get in."""
        return {s: -h[0] for s, h in self.heaps.items() if len(h) >= self.candidates}

    def add(self, found: Found) -> None:
        rows, kept, passed, counts = found
        self.rows += rows
        self.passed.update(passed)
        self.counts.update(counts)
        cap = self.candidates
        push, replace = heapq.heappush, heapq.heapreplace
        for slot, entries in kept.items():
            heap = self.heaps.setdefault(slot, [])
            table = self.kept.setdefault(slot, {})
            for key, rating, packed in entries:
                neg = -key
                if neg in table:
                    table[neg] = max(table[neg], (rating, packed))
                elif len(heap) < cap:
                    push(heap, neg)
                    table[neg] = (rating, packed)
                elif neg > heap[0]:
                    del table[replace(heap, neg)]
                    table[neg] = (rating, packed)

    def pools(self) -> dict[int, list[Entry]]:
        """Each slot's entries, smallest key first (emptying the heaps as it goes)."""
        out = {}
        for slot in sorted(self.kept):
            table = self.kept.pop(slot)
            self.heaps.pop(slot, None)
            out[slot] = [(-neg, *table.pop(neg)) for neg in sorted(table, reverse=True)]
        return out


def workers_for(size: int) -> int:
    """How many worker processes a file of `size` bytes is worth (0: none, scan inline)."""
    cores = len(os.sched_getaffinity(0)) if hasattr(os, "sched_getaffinity") else (os.cpu_count() or 1)
    return min(cores, 4) if size >= PARALLEL_FROM and cores > 1 else 0


def scan(blocks: Iterable[bytes], bar: Bar, candidates: int = CANDIDATES, workers: int = 0) -> Scan:
    """Read the CSV's content (header first, as blocks of bytes) and keep each
    slice's candidates; `workers` > 1 scans chunks in that many processes.

    Raises SourceError, naming the line, on a missing column, a row with the
    wrong number of fields, a non-numeric Rating, or a non-numeric NbPlays,
    Popularity or RatingDeviation in a row that reaches the bar. Rows that are
    merely unfit (outside the bands, a line too long or of odd length, below
    the bar) are counted, not errors.
    """
    pieces = chunks(iter(blocks), CHUNK)
    try:
        first = next(pieces, b"")
    except SourceError as e:
        raise _placed(e, 1) from None
    newline = first.find(b"\n")
    head, first = (first, b"") if newline < 0 else (first[: newline + 1], first[newline + 1 :])
    try:
        header = head.decode("utf-8")
    except UnicodeDecodeError:
        raise SourceError("line 1: not UTF-8 text") from None
    where = _header(header)
    heaps = _Heaps(candidates)
    todo = _chained(first, pieces)
    if workers > 1:
        _scan_parallel(todo, where, bar, heaps, workers)
    else:
        line = 2  # the number of the next chunk's first line
        scanner = _Scanner(where, bar)
        try:
            for data in todo:
                heaps.add(scanner.chunk(data, line, heaps.limits()))
                line += data.count(b"\n")
        except SourceError as e:
            raise _placed(e, line) from None
    return _result(heaps)


def _chained(first: bytes, rest: Iterable[bytes]) -> Iterable[bytes]:
    if first:
        yield first
    yield from rest


def _placed(e: SourceError, line: int) -> SourceError:
    """A reading error (a truncated .zst, say) given the place it was noticed."""
    text = str(e)
    if text.startswith("line "):
        return e
    return SourceError(f"after line {line - 1}: {text}" if line > 1 else f"line 1: {text}")


def _scan_parallel(
    todo: Iterable[bytes], where: dict[str, int], bar: Bar, heaps: _Heaps, workers: int
) -> None:
    # Only a few chunks are in flight at once, so each is sent with fresh
    # limits and memory stays bounded however large the file. Results are
    # taken in file order, so the first bad line is the one reported.
    line = 2
    context = multiprocessing.get_context("fork" if os.name == "posix" else "spawn")
    with context.Pool(workers, initializer=_start_worker, initargs=(where, bar)) as pool:
        pending: deque[Any] = deque()
        chunk_list = iter(todo)
        while True:
            try:
                data = next(chunk_list)
            except StopIteration:
                break
            except SourceError as e:
                while pending:  # an earlier chunk's error comes first
                    heaps.add(pending.popleft().get())
                raise _placed(e, line) from None
            pending.append(pool.apply_async(_work, (data, line, heaps.limits())))
            line += data.count(b"\n")
            while len(pending) > 2 * workers:
                heaps.add(pending.popleft().get())
        while pending:
            heaps.add(pending.popleft().get())


def _result(heaps: _Heaps) -> Scan:
    table = _hundreds()
    found = Scan(pools={}, passed={}, rows=heaps.rows, counts=heaps.counts)
    for slot, entries in sorted(heaps.pools().items()):
        band, hundred = table[slot // 8]
        found.pools[(band, hundred, slot % 8)] = entries
    for slot, n in heaps.passed.items():
        band, hundred = table[slot // 8]
        found.passed[(band, hundred, slot % 8)] = n
    return found


def chunks(blocks: Iterator[bytes], size: int) -> Iterator[bytes]:
    """The blocks regrouped into chunks of whole lines, each about `size` bytes
    (the last one may lack its final newline). A SourceError from `blocks` is
    raised after the whole lines before it."""
    carry = b""
    pending: list[bytes] = []
    held = 0
    try:
        for block in blocks:
            pending.append(block)
            held += len(block)
            if held >= size:
                data = carry + b"".join(pending)
                cut = data.rfind(b"\n") + 1
                if cut:
                    yield data[:cut]
                    carry = data[cut:]
                else:
                    carry = data
                pending, held = [], len(carry)
    except SourceError:
        # The whole lines read before the damage still count, so the error
        # can say after which line the file went wrong.
        data = carry + b"".join(pending)
        cut = data.rfind(b"\n") + 1
        if cut:
            yield data[:cut]
        raise
    data = carry + b"".join(pending)
    if data:
        yield data
