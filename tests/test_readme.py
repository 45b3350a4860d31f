"""The README's instructions do what it says: the port `make serve` is told to use."""

from __future__ import annotations

import re
import subprocess
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]


def test_the_readme_says_how_to_pick_the_port_and_make_serve_uses_it() -> None:
    readme = (ROOT / "README.md").read_text(encoding="utf-8")
    said = re.search(r"`make serve PORT=(\d+)` serves at http://localhost:(\d+)", readme)
    assert said, "the README says how to give make serve another port"
    port, address = said.groups()
    assert port == address
    # make -n prints the commands without running them: the server would be told that port.
    planned = subprocess.run(
        ["make", "-n", "serve", f"PORT={port}"], cwd=ROOT, capture_output=True, text=True, check=True
    ).stdout
    assert re.search(rf"build\.py serve --port {port}\b", planned), planned


def test_the_readme_tells_a_newcomer_what_the_site_has_and_how_long_the_first_serve_takes() -> None:
    readme = (ROOT / "README.md").read_text(encoding="utf-8")
    head = readme[: readme.index("## The command line")]
    for thing in ("**Storm**", "**Streak**", "**Themes and your mix**", "**Review**", "**Analysis**",
                  "**Lessons**", "**Classes**", "**Chain**", "**Chess Puzzles**"):
        assert thing in head, thing
    assert "The first `make serve` takes about two minutes" in head
    assert "http://localhost:8000: open that" in head and "SITE_KEY=<that key> make serve" in head
