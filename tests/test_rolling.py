"""The rolling limit's record stays short: no empty buckets before the first with a use."""

from __future__ import annotations

from puzzlebook.rolling import Rolling


def test_a_first_use_keeps_one_bucket() -> None:
    assert Rolling(3, 3600).take(None, 7265) == {"t": 7265 // 60, "n": [1], "l": [7265 % 60]}


def test_buckets_that_left_the_window_are_dropped_and_the_empty_ones_before_the_first_use() -> None:
    rule = Rolling(10, 3600)
    record = {"t": 0, "n": [2, 0, 1], "l": [5, 0, 40]}  # uses at 5 s and 160 s
    assert rule.take(record, 3610) == {"t": 2, "n": [1] + [0] * 57 + [1], "l": [40] + [0] * 57 + [10]}
    # An hour past them both, only the new use is left.
    assert rule.take(record, 7300) == {"t": 7300 // 60, "n": [1], "l": [7300 % 60]}
