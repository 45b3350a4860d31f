"""infra/costs.py and the cost table of infra/README.md: the README shows what the
model computes, and the model behaves like a bill."""

from __future__ import annotations

import importlib.util
import sys
from pathlib import Path
from types import ModuleType

import pytest

ROOT = Path(__file__).resolve().parent.parent


@pytest.fixture(scope="module")
def costs() -> ModuleType:
    spec = importlib.util.spec_from_file_location("infra_costs", ROOT / "infra" / "costs.py")
    assert spec and spec.loader
    module = importlib.util.module_from_spec(spec)
    sys.modules["infra_costs"] = module  # dataclasses look their module up by name
    spec.loader.exec_module(module)
    return module


def test_the_readme_shows_exactly_what_the_model_computes(costs: ModuleType) -> None:
    sections = costs.readme_sections((ROOT / "infra" / "README.md").read_text(encoding="utf-8"))
    assert sections["costs"] == costs.table(), "run: python infra/costs.py --update-readme"
    assert sections["working"] == costs.working(), "run: python infra/costs.py --update-readme"


def test_the_bill_grows_with_the_players_and_is_small_for_a_small_site(costs: ModuleType) -> None:
    totals = [sum(line.dollars for line in costs.month(n)) for _, n in costs.SCALES]
    assert totals == sorted(totals)
    assert totals[0] < 10  # a thousand players: pocket money
    # past the free tiers, a hundred times the players costs roughly a hundred times as much
    assert 50 < totals[2] / totals[1] < 150


def test_free_tiers_are_applied(costs: ModuleType) -> None:
    small = {line.service: line.dollars for line in costs.month(100)}
    assert small["CloudFront"] == 0 and small["Lambda (arm64)"] == 0 and small["KMS"] == 0
    assert small["HTTP API"] > 0  # no lasting free tier for the HTTP API


def test_cloudfront_data_is_priced_in_tiers(costs: ModuleType) -> None:
    assert costs._tiered(1_000) == pytest.approx(85.0)
    assert costs._tiered(20_480) == pytest.approx(10_240 * 0.085 + 10_240 * 0.080)


def test_update_readme_rewrites_only_the_marked_sections(costs: ModuleType, tmp_path: Path) -> None:
    readme = tmp_path / "README.md"
    readme.write_text("intro\n<!-- costs:begin -->\nold\n<!-- costs:end -->\nmiddle\n"
                      "<!-- working:begin -->\n<!-- working:end -->\nend\n", encoding="utf-8")
    assert costs.update_readme(readme) is True
    text = readme.read_text(encoding="utf-8")
    assert text.startswith("intro\n") and "\nmiddle\n" in text and text.endswith("end\n")
    assert costs.readme_sections(text) == {"costs": costs.table(), "working": costs.working()}
    assert costs.update_readme(readme) is False
    readme.write_text("no markers\n", encoding="utf-8")
    with pytest.raises(ValueError, match="lacks the <!-- costs:begin/end --> markers"):
        costs.update_readme(readme)
