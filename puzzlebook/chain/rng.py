"""FNV-1a 32-bit, mulberry32, and the integer draws the generator makes with them.

Both functions compute exactly what the usual JavaScript does (Math.imul and
unsigned shifts), so a seed gives the same stream in Python and in a browser.

How a uint32 becomes a choice: `below(n)` is (u * n) >> 32, the high part of a
32x32-bit product. It uses the stream's best-mixed high bits, never touches a
float, and its bias for n <= 100 is below n / 2**32 (invisible here). Every
other draw is built on `below`.
"""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from typing import TypeVar

MASK = 0xFFFFFFFF
FNV_OFFSET = 0x811C9DC5
FNV_PRIME = 0x01000193

T = TypeVar("T")


def fnv1a(text: str) -> int:
    """FNV-1a 32-bit of `text`, one UTF-16 code unit at a time as JavaScript's
    charCodeAt walks it (for the ASCII seed strings, one byte per character).

    >>> fnv1a("2026-09-07:chain")  # seed 002's golden fact
    3844008438
    """
    h = FNV_OFFSET
    units = text.encode("utf-16-le")
    for i in range(0, len(units), 2):
        h = ((h ^ (units[i] | units[i + 1] << 8)) * FNV_PRIME) & MASK
    return h


def mulberry32(seed: int) -> Iterator[int]:
    """The endless mulberry32 stream for a 32-bit `seed`, as uint32 values."""
    a = seed & MASK
    while True:
        a = (a + 0x6D2B79F5) & MASK
        t = ((a ^ (a >> 15)) * (a | 1)) & MASK
        t ^= (t + ((t ^ (t >> 7)) * (t | 61))) & MASK
        yield (t ^ (t >> 14)) & MASK


class Draws:
    """Integer choices from one mulberry32 stream. Every method consumes
    exactly one number, except shuffle (one per swap position)."""

    __slots__ = ("_next", "used")

    def __init__(self, seed: int) -> None:
        self._next = mulberry32(seed).__next__
        self.used = 0

    def below(self, n: int) -> int:
        """A number in 0..n-1 (n >= 1), as (u32 * n) >> 32."""
        self.used += 1
        return (self._next() * n) >> 32

    def between(self, low: int, high: int) -> int:
        """A number in low..high, both included."""
        return low + self.below(high - low + 1)

    def pick(self, items: Sequence[T]) -> T:
        """One of `items` (not empty), each equally likely."""
        return items[self.below(len(items))]

    def weighted(self, weights: Sequence[int]) -> int:
        """An index into `weights` (positive integers), drawn in proportion."""
        r = self.below(sum(weights))
        for index, weight in enumerate(weights):
            if r < weight:
                return index
            r -= weight
        raise AssertionError("unreachable: r < sum(weights)")

    def shuffle(self, items: list[T]) -> None:
        """Fisher–Yates in place: from the last position down, swap with a
        position drawn at or below it."""
        for i in range(len(items) - 1, 0, -1):
            j = self.below(i + 1)
            items[i], items[j] = items[j], items[i]
