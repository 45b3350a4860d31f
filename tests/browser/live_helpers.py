"""What the live pages' tests share (docs/live.md, "The pages"): what a screen reader hears (every
message the page's live region, #announcer, is given, kept in order), a race's puzzles as its server
keeps them, and the check that a page doesn't scroll sideways (the walk's, at the page's own width and
both schemes)."""

from __future__ import annotations

from typing import Any

from puzzlebook.chess.puzzle import Puzzle
from tests.browser.page_checks import OVERFLOW

# Kept before any page script runs: each text #announcer is given, in order, in window.__said.
HEARD = """
window.__said = [];
document.addEventListener('DOMContentLoaded', () => {
  const region = document.getElementById('announcer');
  if (!region) return;
  new MutationObserver(() => {
    const text = region.textContent.trim();
    if (text) window.__said.push(text);
  }).observe(region, { childList: true, characterData: true, subtree: true });
});
"""


def hear(page: Any) -> None:
    """Keep what the page's live region says from the next page loaded on (window.__said)."""
    page.context.add_init_script(HEARD)


def said(page: Any) -> list[str]:
    return list(page.evaluate("() => window.__said || []"))


def wait_said(page: Any, text: str, times: int = 1, timeout: float = 15_000) -> None:
    """Wait until the live region has said something containing `text` (`times` times)."""
    page.wait_for_function("([text, n]) => (window.__said || []).filter((s) => s.includes(text)).length >= n",
                           arg=[text, times], timeout=timeout)


def race_puzzles(site_server: Any, race_id: str) -> list[Puzzle]:
    """The race's puzzles as its server keeps them (service/live: the race's puzzles item)."""
    from service.live import keys as K
    from service.store.items import doc_of
    from service.store.sqlite import SqliteStore

    store = SqliteStore(site_server.store_url.removeprefix("sqlite:///"))
    try:
        rows = doc_of(store.get_item(K.race_puzzles(race_id), K.PUZZLES))["rows"]
    finally:
        store.close()
    return [Puzzle.from_row([*row[:4], ""], "") for row in rows]


def tab_to(page: Any, element_id: str, limit: int = 40) -> None:
    """Press Tab until the keyboard focus is on #`element_id`."""
    for _ in range(limit):
        if page.evaluate("() => document.activeElement && document.activeElement.id") == element_id:
            return
        page.keyboard.press("Tab")
    raise AssertionError(f"Tab never reached #{element_id}")


def no_sideways_scroll(page: Any, scheme: str) -> None:
    """The page fits its width in both schemes (the walk's check: tests/browser/test_no_sideways_scroll.py),
    back in `scheme` after."""
    problems = []
    for each in ("light", "dark"):
        page.emulate_media(color_scheme=each)
        found = page.evaluate(OVERFLOW)
        if found["scroll"] > found["width"]:
            problems.append(f"{each}: {found['scroll']} px wide; sticking out: {', '.join(found['out'])}")
    page.emulate_media(color_scheme=scheme)
    assert not problems, "\n".join(problems)
