"""FNV-1a and mulberry32 in Python against the reference JavaScript run under
node, and the integer draws built on them."""

from __future__ import annotations

import itertools
import json
import shutil
import subprocess

import pytest

from puzzlebook.chain.rng import Draws, fnv1a, mulberry32

# The usual JavaScript: FNV-1a over charCodeAt with Math.imul; mulberry32 as
# published (returning the uint32 instead of dividing it by 2**32); and a
# multiply-shift draw with BigInt, so nothing here shares code with Python.
REFERENCE_JS = r"""
function fnv1a(s) {
  let h = 0x811c9dc5;
  for (let i = 0; i < s.length; i++) { h ^= s.charCodeAt(i); h = Math.imul(h, 16777619) >>> 0; }
  return h;
}
function mulberry32(a) {
  return function () {
    a |= 0; a = a + 0x6D2B79F5 | 0;
    let t = Math.imul(a ^ a >>> 15, 1 | a);
    t = t + Math.imul(t ^ t >>> 7, 61 | t) ^ t;
    return ((t ^ t >>> 14) >>> 0);
  };
}
const input = JSON.parse(process.argv[1]);
const out = { hashes: input.texts.map(fnv1a), streams: {}, shuffles: {} };
for (const seed of input.seeds) {
  const next = mulberry32(seed);
  out.streams[seed] = Array.from({ length: input.count }, next);
  const rand = mulberry32(seed);
  const items = Array.from({ length: 10 }, (_, i) => i);
  for (let i = items.length - 1; i > 0; i--) {
    const j = Number((BigInt(rand()) * BigInt(i + 1)) >> 32n);
    [items[i], items[j]] = [items[j], items[i]];
  }
  out.shuffles[seed] = items;
}
console.log(JSON.stringify(out));
"""

SEEDS = [0, 1, 42, 3844008438, 0xFFFFFFFF, 0x6D2B79F5]
TEXTS = ["", "a", "2026-09-07:chain", "2026-09-07:chain:attempt:0", "2026-12-31:chain:attempt:499", "é€😀"]


@pytest.fixture(scope="module")
def node_says() -> dict:
    node = shutil.which("node")
    assert node, "node is needed: the reference is JavaScript"
    done = subprocess.run(
        [node, "-e", REFERENCE_JS, json.dumps({"seeds": SEEDS, "texts": TEXTS, "count": 1000})],
        capture_output=True, text=True, check=True, timeout=60,
    )
    return json.loads(done.stdout)


def test_the_seeds_golden_hash() -> None:
    assert fnv1a("2026-09-07:chain") == 3844008438


def test_fnv1a_equals_javascripts(node_says: dict) -> None:
    assert [fnv1a(text) for text in TEXTS] == node_says["hashes"]


@pytest.mark.parametrize("seed", SEEDS)
def test_the_first_thousand_mulberry32_outputs_equal_javascripts(seed: int, node_says: dict) -> None:
    assert list(itertools.islice(mulberry32(seed), 1000)) == node_says["streams"][str(seed)]


@pytest.mark.parametrize("seed", SEEDS)
def test_fisher_yates_with_multiply_shift_draws_equals_javascripts(seed: int, node_says: dict) -> None:
    items = list(range(10))
    Draws(seed).shuffle(items)
    assert items == node_says["shuffles"][str(seed)]


def test_below_is_the_high_part_of_the_product_and_stays_in_range() -> None:
    raw = list(itertools.islice(mulberry32(7), 2000))
    draws = Draws(7)
    for u, n in zip(raw, itertools.cycle([1, 2, 10, 99, 100]), strict=False):
        got = draws.below(n)
        assert got == (u * n) >> 32
        assert 0 <= got < n
    assert draws.used == 2000


def test_weighted_draws_follow_the_integer_weights() -> None:
    draws = Draws(2026)
    counts = [0] * 5
    for _ in range(20000):
        counts[draws.weighted((30, 25, 20, 15, 10))] += 1
    # Each share within 1.5 points of its weight (20,000 draws: a few sigma).
    for count, weight in zip(counts, (30, 25, 20, 15, 10), strict=True):
        assert abs(count * 100 - weight * 20000) <= 300 * 100


def test_between_reaches_both_ends_and_nothing_outside() -> None:
    draws = Draws(99)
    seen = {draws.between(10, 99) for _ in range(5000)}
    assert seen == set(range(10, 100))


def test_the_same_seed_gives_the_same_stream_and_another_seed_another() -> None:
    assert list(itertools.islice(mulberry32(5), 50)) == list(itertools.islice(mulberry32(5), 50))
    assert list(itertools.islice(mulberry32(5), 50)) != list(itertools.islice(mulberry32(6), 50))
