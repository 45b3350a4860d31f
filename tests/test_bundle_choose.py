"""choose(): equal hundreds, lengths in proportion, the motif cap, top-ups and shortfalls."""

from __future__ import annotations

from puzzlebook.chess.bundle.choose import Pool, Replayer, choose, motif_of
from puzzlebook.chess.bundle.scan import pack
from tests.test_bundle_rows import pid, row

PER_BAND = 80  # twenty a hundred: 5 one-movers, 10 two-movers, 5 three-movers


def entries(start: int, themes: list[str], length: int, rating: int) -> list[tuple]:
    """Pool entries keyed start, start+1, ... (smallest first), one per theme string."""
    made = []
    for k, theme in enumerate(themes):
        r = row(start + k, rating, length)
        made.append((start + k, rating, pack(pid(start + k), r["FEN"], r["Moves"], theme)))
    return made


def pools_of(spec: dict[tuple[str, int, int], list[tuple]], replayer: Replayer) -> dict:
    return {s: Pool(e, s[2], replayer) for s, e in spec.items()}


def test_motif_is_the_first_of_motifs_present() -> None:
    assert motif_of("endgame fork mate short") == "mate"
    assert motif_of("pin fork middlegame") == "fork"
    assert motif_of("endgame short crushing") == "other"


def test_no_motif_over_its_cap_unless_the_slice_cannot_fill() -> None:
    themes = ["mate"] * 6 + ["fork"] * 2 + ["pin"] * 6
    pool = entries(0, themes, 2, 1450)
    chosen = choose(pools_of({("Medium", 0, 2): pool}, Replayer()), PER_BAND)["Medium"]
    taken = [c.key for c in chosen[:10]]
    # Cap 3 of 10: mates 0-2, forks 6-7, pins 8-10; then the pool runs out and
    # the set-aside mates 3 and 4 fill the slice.
    assert taken == [0, 1, 2, 6, 7, 8, 9, 10, 3, 4]


def test_cap_holds_when_other_motifs_are_there() -> None:
    themes = ["mate"] * 10 + ["fork", "pin", "skewer", "sacrifice", "deflection", "attraction", "clearance"]
    pool = entries(0, themes, 2, 1450)
    chosen = choose(pools_of({("Medium", 0, 2): pool}, Replayer()), PER_BAND)["Medium"]
    first_ten = chosen[:10]
    assert sum(c.motif == "mate" for c in first_ten) == 3
    assert [c.key for c in first_ten] == [0, 1, 2, 10, 11, 12, 13, 14, 15, 16]


def test_short_hundred_is_topped_up_with_longer_lines() -> None:
    notes: list[str] = []
    spec = {
        ("Hard", 0, 1): entries(0, ["fork"], 1, 1850),
        ("Hard", 0, 2): entries(100, ["fork", "pin", "skewer", "mate"] * 4, 2, 1850),
        ("Hard", 0, 3): entries(200, ["pin", "fork", "mate", "skewer", "sacrifice"], 3, 1850),
    }
    chosen = choose(pools_of(spec, Replayer()), PER_BAND, note=notes.append)["Hard"]
    first_hundred = chosen[:20]
    lengths = [c.length for c in first_hundred]
    assert lengths.count(1) == 1 and lengths.count(3) == 5
    assert lengths.count(2) == 14  # 10 of its own share, 4 topping up the missing one-movers
    assert "Hard 1800s: 4 short; topped up 4 with longer lines" in notes


def test_short_band_takes_from_its_other_hundreds_and_says_how_short() -> None:
    notes: list[str] = []
    spec = {
        ("Expert", 0, 2): entries(0, ["fork", "pin", "skewer", "mate"] * 5, 2, 2250),
        ("Expert", 1, 2): entries(500, ["fork", "pin", "skewer", "mate"] * 5, 2, 2350),
        ("Expert", 1, 1): entries(900, ["fork", "pin"], 1, 2350),
    }
    chosen = choose(pools_of(spec, Replayer()), PER_BAND, note=notes.append)["Expert"]
    # The 2200s take 10 two-movers and top up with the other 10; the 2300s
    # take 2 one-movers and 10 two-movers and top up 8; the band then takes
    # the 2 two-movers left: 42 in all.
    assert len(chosen) == 42
    assert len({c.id for c in chosen}) == 42
    assert "Expert 2400s: 20 short; topped up 0 with longer lines" in notes
    assert "Expert: 2 more from its other hundreds; 38 short in all" in notes


def test_band_shortfall_prefers_longer_lines_smallest_hash_first() -> None:
    notes: list[str] = []
    spec = {
        ("Easy", 0, 1): entries(0, ["fork", "pin", "skewer", "mate"] * 5, 1, 1050),
        ("Easy", 0, 2): entries(100, ["fork", "pin", "skewer", "mate"] * 5, 2, 1050),
    }
    chosen = choose(pools_of(spec, Replayer()), PER_BAND, note=notes.append)["Easy"]
    # The 1000s take 5 + 10, top up 5 two-movers; the band then takes the
    # last 5 two-movers before the 15 one-movers left.
    keys = [c.key for c in chosen]
    assert keys[20:25] == [115, 116, 117, 118, 119]
    assert keys[25:] == list(range(5, 20))
    assert "Easy: 20 more from its other hundreds; 40 short in all" in notes


def test_bad_candidates_are_skipped_counted_and_only_reached_ones_replayed() -> None:
    good = entries(10, ["fork", "pin", "skewer", "mate", "sacrifice"] * 4, 2, 1450)
    fen, moves = good[0][2].decode().split("\n")[1:3]
    broken = [(0, 1450, pack(pid(0), "not a fen", moves, "fork")),
              (1, 1450, pack(pid(1), fen, "e2e4 e7e5 d2d4", "pin"))]
    tail = [(k, 1450, pack(pid(k), "8/8/8/8/8/8/8/8 w - - 0 1", "a1a2 a2a3", "pin")) for k in range(90, 99)]
    replayer = Replayer()
    spec = {("Medium", 0, 2): broken + good[:10] + tail}
    chosen = choose(pools_of(spec, replayer), 40)["Medium"]  # 10 a hundred, 5 two-movers
    assert [c.key for c in chosen[:5]] == [10, 11, 12, 13, 14]
    assert "not a fen" not in {c.fen for c in chosen}
    # The tail is reached only by the top-up and the band's shortfall.
    assert replayer.bad["invalid FEN"] == 1 + len(tail)
    assert replayer.bad["odd line"] == 1


def test_unneeded_candidates_are_never_replayed() -> None:
    good = entries(0, ["fork", "pin", "skewer", "mate", "sacrifice"] * 2, 2, 1450)
    tail = [(k, 1450, pack(pid(k), "8/8/8/8/8/8/8/8 w - - 0 1", "a1a2 a2a3", "pin")) for k in range(90, 99)]
    spec = {("Medium", 0, 2): good + tail}
    for hundred in (1, 2, 3):
        spec[("Medium", hundred, 2)] = entries(100 * hundred, ["fork", "pin"] * 10, 2, 1450 + 100 * hundred)
    replayer = Replayer()
    choose(pools_of(spec, replayer), 20)  # five a hundred; every hundred can fill itself
    assert replayer.bad == {}
