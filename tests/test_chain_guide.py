"""The Chain guides' worked examples (puzzlebook/chain/guide.py, the pages
/chain/strategy/ and /chain/difficulty/): past days only, made by the
generator, each example's reasoning leading to its day's answer, and the
score taken apart exactly as the engine adds it up.

The example days are pinned here as they were published: if the generator
ever makes them differently, these fail and the guides' words must be read
again (the build also refuses an example whose reasoning stops working)."""

from __future__ import annotations

import datetime as dt
import re
from pathlib import Path

import pytest

from puzzlebook.chain import guide
from puzzlebook.chain.generate import generate
from service.settings import load
from sitebuild import builder
from sitebuild.pages import PageError
from tests.site_seed import copy_seed
from tests.static_record import shared_static
from tests.support import build_env

# One xdist worker runs the module: `built` (below) is built once, not once per worker.
pytestmark = pytest.mark.xdist_group("chain_guide")

TODAY = dt.date(2026, 11, 30)
ROOT = Path(__file__).resolve().parent.parent

# date -> (start, target, hand, one solving order), as published.
PINNED = {
    "2026-09-07": (20, 630, ("÷2", "+48", "×9", "×7", "+28"), ("×7", "÷2", "×9")),
    "2026-09-11": (21, 200, ("−37", "+70", "÷3", "+82", "+84", "+76"), ("÷3", "+84", "+76", "−37", "+70")),
    "2026-09-16": (84, 276, ("+85", "+94", "−28", "+41", "+44"), ("−28", "+41", "+85", "+94")),
    "2026-10-12": (66, 971, ("swap", "+58", "+55", "+63", "+49"), ("+55", "+58", "swap")),
    "2026-10-18": (75, 490, ("+18", "×4", "×9", "÷7", "+82", "+76"), ("+18", "×4", "×9", "+82", "÷7")),
}


def examples_in_templates() -> set[str]:
    """Every day the guide templates ask chain_guide for."""
    found = set()
    for name in ("strategy.html", "difficulty.html"):
        text = (ROOT / "site/templates/chain" / name).read_text(encoding="utf-8")
        found |= set(re.findall(r'chain_guide\.(?:example|rejected)\("(\d{4}-\d\d-\d\d)"', text))
    return found


def test_the_guides_show_only_pinned_days() -> None:
    assert examples_in_templates() == set(PINNED)


@pytest.mark.parametrize("day", sorted(PINNED))
def test_each_example_is_the_day_as_it_was_published(day: str) -> None:
    e = guide.example(day, before=TODAY)
    assert (e.start, e.target, e.hand, e.solution) == PINNED[day]
    row = generate(day)
    assert e.score == row["score"] and e.orders == row["walkthrough"]["orders"]


@pytest.mark.parametrize("day", [TODAY, TODAY + dt.timedelta(days=1), dt.date(2027, 6, 1)])
def test_today_and_later_are_refused(day: dt.date) -> None:
    with pytest.raises(guide.NotPastError, match="never public"):
        guide.example(day, before=TODAY)
    with pytest.raises(guide.NotPastError):
        guide.rejected(day, 0, before=TODAY)


def test_the_score_is_taken_apart_exactly_as_the_engine_adds_it() -> None:
    day = dt.date(2026, 9, 1)
    while day < TODAY:
        e = guide.example(day, before=TODAY)
        assert sum(t.points for t in e.terms) == e.score == generate(day)["score"], day
        assert e.in_band
        day += dt.timedelta(days=1)


def test_the_thrown_away_attempt_scored_outside_its_band() -> None:
    thrown = guide.rejected("2026-09-07", 0, before=TODAY)
    assert (thrown.start, thrown.target, thrown.failure) == (71, 182, "score_out_of_band")
    assert thrown.score == 31 and not thrown.in_band
    with pytest.raises(ValueError, match="kept"):
        guide.rejected("2026-09-07", 2, before=TODAY)  # the third attempt became the day


def test_every_past_day_has_exactly_one_set_that_works() -> None:
    day = dt.date(2026, 9, 1)
    while day < TODAY:
        e = guide.example(day, before=TODAY)
        answers = [c for c in e.choices() if c.orders]
        assert len(answers) == 1 and sorted(answers[0].tiles) == sorted(e.solution), day
        assert answers[0].orders == e.orders
        day += dt.timedelta(days=1)


def test_sizing_up_the_7th_of_september() -> None:
    s = guide.size_up(guide.example("2026-09-07", before=TODAY))
    assert (s.adds, s.adds_reach) == (("+48", "+28"), 96)
    assert s.factors == (2, 3, 3, 5, 7)
    assert (s.muls, s.divs, s.multiplied, s.divided) == (("×7", "×9"), ("÷2",), 1260, 2)


def test_adding_up_the_16th_of_september_finds_the_spare() -> None:
    assert guide.sum_up(guide.example("2026-09-16", before=TODAY)) == guide.SumCheck(320, 44, "+44")


def test_ruling_in_the_divide_on_the_11th_of_september() -> None:
    r = guide.rule_in(guide.example("2026-09-11", before=TODAY))
    assert r.without == guide.SumCheck(296, 96, None)
    assert (r.tile, r.after) == ("÷3", 7)
    assert r.then == guide.SumCheck(282, 82, "+82")
    assert r.twin == "+84"


def test_working_back_from_the_12th_of_october() -> None:
    w = guide.work_back(guide.example("2026-10-12", before=TODAY))
    assert [(b.tile, b.before) for b in w.backs] == [
        ("swap", 179), ("+58", 913), ("+55", 916), ("+63", 908), ("+49", 922)]
    assert (w.before, w.reach, w.nearest, w.gap, w.firsts) == (179, 187, 908, 113, ("+55", "+58"))


def test_reasoning_that_doesnt_fit_a_day_is_refused() -> None:
    easy = guide.example("2026-09-07", before=TODAY)
    for reason in (guide.sum_up, guide.rule_in, guide.work_back):
        with pytest.raises(guide.GuideError):
            reason(easy)
    with pytest.raises(guide.GuideError):
        guide.size_up(guide.example("2026-09-16", before=TODAY))


def test_a_swap_cannot_finish_on_a_number_ending_in_zero() -> None:
    backs = guide.last_moves(630, [(4, 0), (2, 9), (3, 2)])
    assert [(b.tile, b.before) for b in backs] == [("swap", None), ("×9", 70), ("÷2", 1260)]


def _settings(tmp: Path):
    env = {"PUZZLEBOOK_STORE": f"sqlite:///{tmp / 'store.sqlite3'}", "PUZZLEBOOK_DIST": str(tmp / "dist"),
           **build_env()}
    return load(env, warn=False)


@pytest.fixture(scope="module")
def built(tmp_path_factory: pytest.TempPathFactory) -> tuple[Path, builder.BuildReport]:
    """The site built on TODAY, once for the module (a cold build over an empty store)."""
    tmp = tmp_path_factory.mktemp("guides")
    with shared_static(tmp / "dist", tmp_path_factory):
        return tmp, builder.build_site(_settings(tmp), today=TODAY)


@pytest.mark.slow  # builds the whole site
def test_the_guides_are_built_into_the_site_and_its_sitemap(built: tuple[Path, builder.BuildReport]) -> None:
    tmp_path, report = built
    assert {"/chain/strategy/", "/chain/difficulty/"} <= set(report.pages)
    sitemap = (tmp_path / "dist/sitemap.xml").read_text()
    assert "/chain/strategy/</loc>" in sitemap and "/chain/difficulty/</loc>" in sitemap
    strategy = (tmp_path / "dist/chain/strategy/index.html").read_text()
    assert "Worked example: Monday 7 September 2026" in strategy
    assert "20 ×7 → 140, ÷2 → 70, ×9 → 630" in strategy
    assert "320 − 276 = 44, and +44 is in the hand" in strategy
    difficulty = (tmp_path / "dist/chain/difficulty/index.html").read_text()
    assert "36 to 54" in difficulty and "55 to 81" in difficulty
    assert "31 is below the easy band" in difficulty
    # Written for a player, not as the generator's design note.
    assert "set aside the lowest-scoring 15 in every hundred" in difficulty
    for note in ("percentile", "candidate", "calibration", "generator"):
        assert note not in re.sub(r"<[^>]+>", " ", difficulty).lower(), note
    for page in ("chain/index.html", "howto/chain/index.html"):
        text = (tmp_path / "dist" / page).read_text()
        assert 'href="/chain/strategy/"' in text and 'href="/chain/difficulty/"' in text, page


@pytest.mark.slow  # builds the whole site
def test_a_build_on_a_day_an_example_isnt_over_fails(built: tuple[Path, builder.BuildReport],
                                                      tmp_path: Path) -> None:
    # Over a copy of `built`'s store and output: its days are kept, so the build is the pages'.
    copy_seed(built[0] / "dist", tmp_path / "dist", tmp_path / "store.sqlite3")
    with pytest.raises(PageError, match=r"chain/(strategy|difficulty)\.html: .*not 2026-10-18"):
        builder.build_site(_settings(tmp_path), today=dt.date(2026, 10, 18))
