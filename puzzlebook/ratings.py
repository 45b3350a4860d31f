"""Glicko-2 ratings (Glickman, "Example of the Glicko-2 system"), with Lichess's parameters.

`glicko2` is the paper's update for one rating period, step by step, with the
paper's own tau unless told otherwise. `rate_puzzle` is how Puzzle Book uses
it: every first result for a puzzle is one period against the puzzle held
certain (its Lichess rating, RD 0), with Lichess's puzzle parameters, so a
rating here reads like a Lichess puzzle rating. While a rating is provisional
a result counts half (Lichess's weighted average of before and after), and
moves it no further than a result at its own level would, so one slip can't
throw a new player hundreds of points. docs/ratings.md works a week
and a new player's first results.
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Literal

# The Glicko-2 scale: ratings and RDs are divided by this to work in mu/phi.
SCALE = 173.7178
# The convergence tolerance of step 5 (the paper's value).
EPSILON = 0.000001

# Lichess's parameters (lila's Glicko settings for puzzles).
NEW_RATING = 1500.0
NEW_RD = 500.0
NEW_VOLATILITY = 0.09
TAU = 0.75
RD_MIN = 45.0
RD_MAX = 500.0
VOLATILITY_MAX = 0.1
MAX_DELTA = 700.0
PROVISIONAL_RD = 110.0
# How much of a result a provisional rating takes: half, as Lichess's rating
# regulator takes half of a game against a bot (its Glicko `average`).
PROVISIONAL_WEIGHT = 0.5

Outcome = Literal["clean", "hints", "lost"]
OUTCOMES: tuple[Outcome, ...] = ("clean", "hints", "lost")


@dataclass(frozen=True, slots=True)
class Rating:
    """A player's rating, rating deviation (RD) and volatility."""

    rating: float
    rd: float
    volatility: float

    @property
    def provisional(self) -> bool:
        """True while the rating is still uncertain: RD of PROVISIONAL_RD or more."""
        return provisional(self.rd)

    def to_doc(self) -> dict[str, float]:
        """As the store keeps it (what `Rating(**doc)` reads back)."""
        return {"rating": self.rating, "rd": self.rd, "volatility": self.volatility}


NEW_PLAYER = Rating(NEW_RATING, NEW_RD, NEW_VOLATILITY)

# The rules below work in plain floats, (rating, RD, volatility) as a tuple where they hand one on:
# a rating moves through several steps a result, and a frozen dataclass made at each was most of
# their cost (docs/operations.md, "Throughput"). `glicko2` and `rate_puzzle` hand back a Rating.
Triple = tuple[float, float, float]


def provisional(rd: float) -> bool:
    """Whether a rating with this RD is provisional (PROVISIONAL_RD or more): `Rating.provisional`."""
    return rd >= PROVISIONAL_RD


def _g(phi: float) -> float:
    return 1.0 / math.sqrt(1.0 + 3.0 * phi * phi / (math.pi * math.pi))


def _expected(mu: float, mu_j: float, g_j: float) -> float:
    return 1.0 / (1.0 + math.exp(-g_j * (mu - mu_j)))


def _new_volatility(sigma: float, phi: float, v: float, delta: float, tau: float) -> float:
    """Step 5: the new volatility, by the Illinois algorithm as the paper gives it."""
    a = math.log(sigma * sigma)
    # The paper's f(x), its terms that don't hold x worked out once (the same floats: each is the
    # left part of the sum it stood in).
    spread = delta * delta - phi * phi - v
    variance = phi * phi + v
    tau2 = tau * tau
    exp = math.exp

    def f(x: float) -> float:
        ex = exp(x)
        return ex * (spread - ex) / (2.0 * (variance + ex) ** 2) - (x - a) / tau2

    big_a = a
    if delta * delta > variance:
        big_b = math.log(spread)
    else:
        k = 1
        while f(a - k * tau) < 0:
            k += 1
        big_b = a - k * tau
    f_a, f_b = f(big_a), f(big_b)
    while abs(big_b - big_a) > EPSILON:
        big_c = big_a + (big_a - big_b) * f_a / (f_b - f_a)
        f_c = f(big_c)
        if f_c * f_b <= 0:
            big_a, f_a = big_b, f_b
        else:
            f_a /= 2.0
        big_b, f_b = big_c, f_c
    return math.exp(big_a / 2.0)


def glicko2(
    rating: float,
    rd: float,
    volatility: float,
    results: Sequence[tuple[float, float, float]],
    *,
    tau: float = 0.5,
) -> Rating:
    """The player's Rating after one rating period, per Glickman's paper.

    `results` holds (opponent rating, opponent RD, score) for each game of the
    period, score 1 for a win, 0.5 a draw, 0 a loss. With no games only the RD
    grows (step 6 alone). No clamping here: `rate_puzzle` applies Lichess's
    bounds. Raises ValueError for an RD or volatility that isn't positive.
    """
    return Rating(*_period(rating, rd, volatility, results, tau))


def _period(rating: float, rd: float, volatility: float, results: Sequence[tuple[float, float, float]],
            tau: float) -> Triple:
    """`glicko2`, as floats."""
    if rd <= 0 or volatility <= 0:
        raise ValueError(f"RD and volatility must be positive, not {rd} and {volatility}")
    mu = (rating - 1500.0) / SCALE
    phi = rd / SCALE
    if not results:
        return rating, math.sqrt(phi * phi + volatility * volatility) * SCALE, volatility
    v_inverse = 0.0
    improvement = 0.0
    for opp_rating, opp_rd, score in results:
        mu_j = (opp_rating - 1500.0) / SCALE
        g_j = _g(opp_rd / SCALE)
        e_j = _expected(mu, mu_j, g_j)
        v_inverse += g_j * g_j * e_j * (1.0 - e_j)
        improvement += g_j * (score - e_j)
    v = 1.0 / v_inverse
    delta = v * improvement
    sigma = _new_volatility(volatility, phi, v, delta, tau)
    phi_star = math.sqrt(phi * phi + sigma * sigma)
    phi_new = 1.0 / math.sqrt(1.0 / (phi_star * phi_star) + 1.0 / v)
    mu_new = mu + phi_new * phi_new * improvement
    return mu_new * SCALE + 1500.0, phi_new * SCALE, sigma


def _step(rating: float, rd: float, volatility: float, puzzle_rating: float, score: float) -> Triple:
    """One result's Glicko-2 step within Lichess's bounds (±MAX_DELTA a game at most, RD in
    RD_MIN..RD_MAX, volatility ≤ VOLATILITY_MAX), a provisional rating taking PROVISIONAL_WEIGHT of
    it: each of rating, RD and volatility moved that share of the way."""
    after, after_rd, after_volatility = _period(rating, rd, volatility, ((puzzle_rating, 0.0, score),), TAU)
    change = max(-MAX_DELTA, min(MAX_DELTA, after - rating))
    after, after_rd, after_volatility = (
        rating + change, max(RD_MIN, min(RD_MAX, after_rd)), min(VOLATILITY_MAX, after_volatility))
    if not provisional(rd):
        return after, after_rd, after_volatility
    return (
        rating + (after - rating) * PROVISIONAL_WEIGHT,
        rd + (after_rd - rd) * PROVISIONAL_WEIGHT,
        volatility + (after_volatility - volatility) * PROVISIONAL_WEIGHT,
    )


def even_step(player: Rating) -> float:
    """How far one result against a puzzle of the player's own rating moves them (a win and a loss
    there are the same size): the most any one result moves a provisional rating.

    >>> round(even_step(NEW_PLAYER), 1)
    117.2
    """
    return _even_step(player.rating, player.rd, player.volatility)


def _even_step(rating: float, rd: float, volatility: float) -> float:
    return _step(rating, rd, volatility, rating, 1.0)[0] - rating


def rate_puzzle(player: Rating, puzzle_rating: float, outcome: Outcome) -> Rating:
    """The player's Rating after their first result on a puzzle rated `puzzle_rating`.

    One Glicko-2 period (tau TAU) against the puzzle held certain (RD 0):
    "clean" scores 1, "lost" (a miss, or a solve with any mistake) scores 0,
    and "hints" (solved with hints, no mistakes) moves the rating by half of
    what a clean solve would have, with the clean solve's RD and volatility
    (the result was as informative as a clean one). Lichess's bounds apply.
    While `player` is provisional the bounded step counts PROVISIONAL_WEIGHT
    (rating, RD and volatility alike), so the RD falls more slowly too and the
    rating stays marked provisional for as long as it is that uncertain; and it
    moves no further than a result against a puzzle of its own rating would
    (`even_step`): a slip on a puzzle far below a new player costs what a miss at
    their level costs, and a solve far above earns what one at their level earns
    (docs/ratings.md, "A new player's first results").
    """
    if outcome not in OUTCOMES:
        raise ValueError(f"outcome must be one of {', '.join(OUTCOMES)}, not {outcome!r}")
    rating, rd, volatility = player.rating, player.rd, player.volatility
    after, after_rd, after_volatility = _step(
        rating, rd, volatility, puzzle_rating, 0.0 if outcome == "lost" else 1.0)
    if provisional(rd):
        most = _even_step(rating, rd, volatility)
        after = rating + max(-most, min(most, after - rating))
    if outcome == "hints":
        after = rating + (after - rating) / 2.0
    return Rating(after, after_rd, after_volatility)


def outcome_of(missed: bool, mistakes: int, hints: int) -> Outcome:
    """How a first result counts: a miss or any mistake is lost, else hints, else clean.

    >>> outcome_of(False, 0, 0), outcome_of(False, 0, 2), outcome_of(False, 1, 0), outcome_of(True, 0, 0)
    ('clean', 'hints', 'lost', 'lost')
    """
    if missed or mistakes > 0:
        return "lost"
    return "hints" if hints > 0 else "clean"
