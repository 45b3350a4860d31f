"""The theme catalogue: every theme a bundled puzzle carries has a name, a group and a line
of its own, so no theme page or dashboard row ever shows a bare key."""

from __future__ import annotations

from collections import Counter
from pathlib import Path

import pytest

from puzzlebook.chess import themes
from puzzlebook.chess.shards import Bundle

ROOT = Path(__file__).resolve().parent.parent


def bundle_theme_counts() -> Counter[str]:
    bundle = Bundle(ROOT / "shards")
    counts: Counter[str] = Counter()
    for band, info in bundle.index["bands"].items():
        for k in range(int(info["shards"])):
            for row in bundle.shard(band, k):
                counts.update(row[4].split())
    return counts


def test_every_theme_of_the_committed_bundle_is_catalogued() -> None:
    counts = bundle_theme_counts()
    missing = sorted(key for key in counts if not themes.is_theme(key))
    assert missing == [], f"themes in shards/ without an entry in puzzlebook/chess/themes.py: {missing}"
    # The figures: 76 themes, `short` the most common, `vukovicMate` 46.
    assert len(counts) == 76
    assert counts["short"] == 16591 and counts["vukovicMate"] == 46


def test_each_entry_has_a_name_a_known_group_and_a_one_line_description() -> None:
    group_keys = [g.key for g in themes.GROUPS]
    assert len(set(group_keys)) == len(group_keys)
    names = Counter(t.name for t in themes.THEMES.values())
    assert [n for n, c in names.items() if c > 1] == [], "two themes would read the same"
    for key, entry in themes.THEMES.items():
        assert entry.key == key
        assert entry.group in group_keys
        assert entry.name.strip() == entry.name and entry.name
        line = entry.description
        assert "\n" not in line and 10 < len(line) <= 110, (key, line)
        assert line[0].isupper() and line.endswith("."), (key, line)


def test_groups_follow_lichess_for_the_themes_a_player_knows() -> None:
    # One theme from each of Lichess's groups, where lila files it.
    expected = {
        "rookEndgame": "phases",
        "fork": "motifs",
        "deflection": "advanced",
        "discoveredCheck": "advanced",
        "mateIn2": "mates",
        "mate": "mates",
        "smotheredMate": "matePatterns",
        "enPassant": "specialMoves",
        "crushing": "goals",
        "oneMove": "lengths",
        "superGM": "origin",
    }
    assert {key: themes.theme(key).group for key in expected} == expected
    # The piece tags are not Lichess's and come last.
    assert themes.GROUPS[-1].key == "pieces"
    assert {t.key for t in themes.in_group("pieces")} == {"King", "Queen", "Rook", "Bishop", "Knight", "Pawn"}


def test_unknown_keys_are_refused_with_words_that_say_so() -> None:
    with pytest.raises(KeyError, match="'Fork' is not a known puzzle theme"):
        themes.theme("Fork")
    with pytest.raises(KeyError, match="not a theme group"):
        themes.in_group("tactics")
    assert not themes.is_theme("")


def test_the_json_form_lists_every_theme_once_in_group_order() -> None:
    data = themes.as_json()
    groups = data["groups"]
    assert isinstance(groups, list)
    assert [g["key"] for g in groups] == [g.key for g in themes.GROUPS]
    keys = [t["key"] for g in groups for t in g["themes"]]
    assert sorted(keys) == sorted(themes.THEMES) and len(keys) == len(set(keys))
