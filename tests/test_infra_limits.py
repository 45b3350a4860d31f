"""infra/limits.py and infra/README.md, "Limits": the limits are sized from the scale model
(infra/scale_trace.json, written by `python -m bench scale --write`), the README shows exactly what
they come to, and the template's defaults hold the model's 10 M without any quota raised."""

from __future__ import annotations

import doctest
import importlib.util
import json
import sys
from pathlib import Path
from types import ModuleType

import pytest

from ops.template import load_template

ROOT = Path(__file__).resolve().parent.parent


@pytest.fixture(scope="module")
def limits() -> ModuleType:
    spec = importlib.util.spec_from_file_location("infra_limits", ROOT / "infra" / "limits.py")
    assert spec and spec.loader
    module = importlib.util.module_from_spec(spec)
    sys.modules["infra_limits"] = module  # dataclasses look their module up by name
    spec.loader.exec_module(module)
    return module


def test_the_readme_shows_exactly_what_the_model_needs(limits: ModuleType) -> None:
    text = (ROOT / "infra" / "README.md").read_text(encoding="utf-8")
    assert limits.readme_with(text, limits.table()) == text, "run: python infra/limits.py --update-readme"
    # What bench scale's goal reads: the throttle to set once the account's quota is raised.
    hundred = next(n for n in limits.needs() if n.players == 100_000_000)
    assert limits.readme_throttle(100_000_000, text) == limits.api_throttle(hundred)[0]


def test_a_limit_is_the_need_and_a_fifth_more_rounded_up_never_below_the_default(limits: ModuleType) -> None:
    assert doctest.testmod(limits).failed == 0
    assert limits.asked(1000) == 1200 and limits.asked(1001) == 1300
    assert limits.asked(100, 1_000) == 1_000


def test_the_templates_throttle_holds_10_m_within_the_accounts_default_quota(limits: ModuleType) -> None:
    """A stage's throttle can't exceed the account's quota (10,000 a second unless raised), so the
    template's default is what a new account can deploy: the 10 M figures, up to the quota, which holds
    the model's worst window at 10 M (with playing together, its fifth of headroom asks the quota
    raised: infra/README.md, "Limits"); at 100 M, the README's figures are set in parameter_overrides
    once the quota is raised."""
    params = load_template()["Parameters"]
    rate, burst = params["ApiRateLimit"]["Default"], params["ApiBurstLimit"]["Default"]
    ten = next(n for n in limits.needs() if n.players == 10_000_000)
    asked_rate, asked_burst = limits.api_throttle(ten)
    assert (rate, burst) == (min(asked_rate, limits.API_RATE_QUOTA), min(asked_burst, limits.API_BURST_QUOTA))
    assert ten.requests <= rate <= limits.API_RATE_QUOTA and burst <= limits.API_BURST_QUOTA


def test_every_scale_asks_for_more_than_it_needs(limits: ModuleType) -> None:
    for need in limits.needs():
        rate, _ = limits.api_throttle(need)
        assert rate >= need.requests * limits.HEADROOM
        assert limits.asked(need.lambdas, limits.LAMBDA_QUOTA) >= need.lambdas
        for wcu, rcu in need.throughput.values():
            assert limits.asked(wcu) >= wcu and limits.asked(rcu) >= rcu


def test_a_trace_without_limits_says_what_to_run(limits: ModuleType, tmp_path: Path) -> None:
    old = tmp_path / "scale_trace.json"
    old.write_text(json.dumps({"per_player_day": []}), encoding="utf-8")
    with pytest.raises(ValueError, match="python -m bench scale --write"):
        limits.needs(old)
