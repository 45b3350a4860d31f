"""Glicko-2: the paper's worked example, and how a puzzle result moves a player."""

from __future__ import annotations

import pytest

from puzzlebook.ratings import (
    MAX_DELTA,
    NEW_PLAYER,
    PROVISIONAL_RD,
    RD_MAX,
    RD_MIN,
    VOLATILITY_MAX,
    Rating,
    even_step,
    glicko2,
    outcome_of,
    rate_puzzle,
)


def test_glickmans_worked_example() -> None:
    after = glicko2(1500, 200, 0.06, [(1400, 30, 1), (1550, 100, 0), (1700, 300, 0)], tau=0.5)
    assert after.rating == pytest.approx(1464.06, abs=0.01)
    assert after.rd == pytest.approx(151.52, abs=0.01)
    assert after.volatility == pytest.approx(0.05999, abs=1e-5)


def test_a_period_without_games_only_widens_the_rd() -> None:
    after = glicko2(1500, 200, 0.06, [])
    assert after.rating == 1500
    assert after.rd > 200
    assert after.volatility == 0.06


def test_a_new_player_is_1500_500_and_provisional() -> None:
    assert (NEW_PLAYER.rating, NEW_PLAYER.rd, NEW_PLAYER.volatility) == (1500, 500, 0.09)
    assert NEW_PLAYER.provisional
    assert not Rating(1500, 109.9, 0.06).provisional
    assert Rating(1500, 110, 0.06).provisional


def test_a_clean_solve_raises_and_a_loss_lowers() -> None:
    player = Rating(1600, 70, 0.06)
    won = rate_puzzle(player, 1700, "clean")
    lost = rate_puzzle(player, 1700, "lost")
    assert won.rating > 1600 > lost.rating
    # An expected win is worth less than an upset.
    assert rate_puzzle(player, 1200, "clean").rating - 1600 < won.rating - 1600


def test_hints_move_half_of_a_clean_solve() -> None:
    player = Rating(1600, 70, 0.06)
    clean = rate_puzzle(player, 2000, "clean")
    hinted = rate_puzzle(player, 2000, "hints")
    assert hinted.rating - 1600 == pytest.approx((clean.rating - 1600) / 2)
    assert hinted.rd == pytest.approx(clean.rd)


def test_a_game_moves_at_most_700_and_a_provisional_rating_no_more_than_a_result_at_its_level() -> None:
    # Glicko-2 alone would take a new player from 1500 to 552 for missing a 600; Lichess's bound
    # stops it at 800, half of that at 1150, and a miss at their own level costs 117.
    assert glicko2(1500, 500, 0.09, [(600, 0, 0)], tau=0.75).rating < NEW_PLAYER.rating - MAX_DELTA
    after = rate_puzzle(NEW_PLAYER, 600, "lost")
    assert after.rating == pytest.approx(NEW_PLAYER.rating - even_step(NEW_PLAYER))
    assert round(even_step(NEW_PLAYER)) == 117


def test_a_new_players_first_slip_costs_what_a_miss_at_their_level_costs() -> None:
    # Issue 26: from 1580 ± 396, one wrong move on a 653-rated puzzle cost 350 points (Glicko-2's
    # -877, Lichess's bound of 700, half of it while provisional). Now it costs 98: a miss at 1580.
    player = Rating(1580, 396, 0.09)
    slip = rate_puzzle(player, 653, "lost")
    at_level = rate_puzzle(player, 1580, "lost")
    assert round(slip.rating) == round(at_level.rating) == 1482 and round(slip.rd) == 394
    # Issue 12's player: a clean Easy 1070, then one wrong move on an Easy 1150 (was 1570 -> 973
    # with Glicko-2 alone, 1535 -> 1207 counting half).
    first = rate_puzzle(NEW_PLAYER, 1070, "clean")
    again = rate_puzzle(first, 1150, "lost")
    assert (round(first.rating), round(first.rd)) == (1535, 448)
    assert (round(again.rating), round(again.rd)) == (1427, 402)
    assert again.provisional


def test_a_provisional_solve_far_above_earns_what_one_at_its_level_earns() -> None:
    player = Rating(1580, 396, 0.09)
    far = rate_puzzle(player, 2400, "clean")
    assert far.rating == pytest.approx(rate_puzzle(player, 1580, "clean").rating)
    assert rate_puzzle(player, 2400, "hints").rating - 1580 == pytest.approx((far.rating - 1580) / 2)
    # A settled rating isn't bound by it: the worked week's 2400 Expert solved clean earns 28 and a half.
    assert 28 < rate_puzzle(Rating(1600, 70, 0.06), 2400, "clean").rating - 1600 < 29


@pytest.mark.parametrize("puzzle", [600, 1000, 1400, 1500, 1800, 2200, 2599])
@pytest.mark.parametrize("outcome", ["clean", "hints", "lost"])
def test_a_new_players_first_result_moves_at_most_350(puzzle: int, outcome: str) -> None:
    after = rate_puzzle(NEW_PLAYER, puzzle, outcome)  # type: ignore[arg-type]
    assert abs(after.rating - NEW_PLAYER.rating) <= MAX_DELTA / 2 + 1e-9
    assert after.provisional


def test_a_new_players_first_win_and_first_loss_at_their_level_are_the_same_size() -> None:
    won, lost = rate_puzzle(NEW_PLAYER, 1500, "clean"), rate_puzzle(NEW_PLAYER, 1500, "lost")
    assert (round(won.rating), round(lost.rating), round(won.rd)) == (1617, 1383, 393)
    assert won.rd == pytest.approx(lost.rd)


def test_a_provisional_rating_settles_in_about_two_dozen_results_at_its_level() -> None:
    # Winning and losing puzzles rated at their own rating, in turn: half-weighted results
    # take 23 to bring the RD under 110 (plain Glicko-2 took 11), and never more than 350 a go.
    player, results = NEW_PLAYER, 0
    while player.provisional:
        before = player
        player = rate_puzzle(player, player.rating, "clean" if results % 2 == 0 else "lost")
        assert abs(player.rating - before.rating) <= MAX_DELTA / 2
        results += 1
    assert results == 23 and player.rd < PROVISIONAL_RD


def test_a_settled_rating_is_plain_glicko_2_within_lichess_bounds() -> None:
    player = Rating(1600, 70, 0.06)
    for puzzle, outcome, score in [(1180, "clean", 1.0), (1650, "lost", 0.0), (2400, "lost", 0.0)]:
        plain = glicko2(1600, 70, 0.06, [(puzzle, 0, score)], tau=0.75)
        assert rate_puzzle(player, puzzle, outcome) == plain  # type: ignore[arg-type]
    # The worked week of docs/ratings.md: Monday's clean Easy 1180 is worth 2.3.
    assert rate_puzzle(player, 1180, "clean").rating - 1600 == pytest.approx(2.3, abs=0.05)


def test_rd_and_volatility_stay_in_lichess_bounds() -> None:
    player = NEW_PLAYER
    for k in range(300):
        player = rate_puzzle(player, 1500 + (k % 7) * 50, "clean" if k % 3 else "lost")
        assert RD_MIN <= player.rd <= RD_MAX
        assert player.volatility <= VOLATILITY_MAX
    assert not player.provisional
    # A settled, steady player would drop under the floor without it.
    assert glicko2(1500, 45.2, 0.001, [(1500, 0, 1)], tau=0.75).rd < RD_MIN
    assert rate_puzzle(Rating(1500, 45.2, 0.001), 1500, "clean").rd == RD_MIN
    # An upset streak can't push volatility past the cap either.
    wild = Rating(1500, 300, 0.099)
    for _ in range(20):
        wild = rate_puzzle(wild, 2500, "clean")
        assert wild.volatility <= VOLATILITY_MAX


@pytest.mark.parametrize(
    ("missed", "mistakes", "hints", "outcome"),
    [
        (False, 0, 0, "clean"),
        (False, 0, 2, "hints"),
        (False, 1, 0, "lost"),
        (False, 1, 3, "lost"),
        (True, 0, 0, "lost"),
    ],
)
def test_outcome_of_a_result(missed: bool, mistakes: int, hints: int, outcome: str) -> None:
    assert outcome_of(missed, mistakes, hints) == outcome


def test_nonsense_is_refused() -> None:
    with pytest.raises(ValueError, match="outcome"):
        rate_puzzle(NEW_PLAYER, 1500, "won")  # type: ignore[arg-type]
    with pytest.raises(ValueError, match="positive"):
        glicko2(1500, 0, 0.06, [(1500, 0, 1)])
