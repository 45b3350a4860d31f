"""Each worker's server starts from the run's one shared build and its store (tests/site_seed.py), so
it fills none of the days ahead itself: the seed's build filled them once for every worker."""

from __future__ import annotations

from typing import Any

import pytest

from tests.browser.chain_helpers import public_day, site_today

pytestmark = pytest.mark.browser


def test_a_server_over_the_seed_fills_no_day_ahead_and_serves_them(site_server: Any) -> None:
    assert "filled the days ahead" not in site_server.log.read_text()
    today = site_today(site_server)  # the store it was given answers
    assert public_day(site_server, today)["date"] == today
