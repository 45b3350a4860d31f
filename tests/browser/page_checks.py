"""What the browser tests read off a page as a person sees it: whether it scrolls sideways at a
width and colour scheme (the walk's check, tests/browser/test_no_sideways_scroll.py), and the words
it shows and says (the languages' checks, tests/browser/test_pseudo_locale.py and
tests/browser/test_every_language.py)."""

from __future__ import annotations

from typing import Any

SCHEMES = ["light", "dark"]

# What sticks out past the right edge, for the failure message.
OVERFLOW = """async () => {
  // Two frames: the layout (and any resize handler) has caught up with the viewport.
  for (let i = 0; i < 2; i++) await new Promise((done) => requestAnimationFrame(done))
  const width = innerWidth
  const out = []
  // Inside a box that scrolls or clips, it doesn't widen the page.
  const clipped = (el) => {
    for (let up = el.parentElement; up && up !== document.body; up = up.parentElement) {
      if (getComputedStyle(up).overflowX !== 'visible') return true
    }
    return false
  }
  for (const el of document.querySelectorAll('body *')) {
    const box = el.getBoundingClientRect()
    // Text too long for its box runs past the box's own edge, unless the box clips it.
    const own = getComputedStyle(el).overflowX === 'visible' ? box.left + el.scrollWidth : 0
    const right = Math.max(box.right, own)
    if (box.width && right > width + 0.5 && !clipped(el)) {
      const name = el.tagName.toLowerCase() + (el.id ? '#' + el.id : '') +
        [...el.classList].map((c) => '.' + c).join('')
      out.push(`${name} (right edge ${Math.round(right)})`)
    }
  }
  return { scroll: document.documentElement.scrollWidth, width, out: out.slice(0, 6) }
}"""


def sideways(page: Any, widths: list[int], schemes: list[str] = SCHEMES) -> list[str]:
    """At each width and scheme, how the page is wider than the screen (nothing when it isn't)."""
    problems = []
    for width in widths:
        page.set_viewport_size({"width": width, "height": 800})
        for scheme in schemes:
            page.emulate_media(color_scheme=scheme)
            found = page.evaluate(OVERFLOW)
            if found["scroll"] > found["width"]:
                problems.append(f"{width} px, {scheme}: {found['scroll']} px wide; sticking out: "
                                + ", ".join(found["out"]))
    return problems


# Resolves once nothing on the page has changed for a moment (at most 3 s): the page's scripts have
# written what they write on opening.
SETTLED = """() => new Promise((done) => {
  const finish = () => { watch.disconnect(); clearTimeout(cap); done(true) }
  let quiet = setTimeout(finish, 200)
  const cap = setTimeout(finish, 3000)
  const watch = new MutationObserver(() => { clearTimeout(quiet); quiet = setTimeout(finish, 200) })
  watch.observe(document, { subtree: true, childList: true, characterData: true, attributes: true })
})"""

# What the page shows and says now: [kind, text] for the title, each visible text, and the checked
# attributes of each visible element, outside what is not the site's words (tests/pseudo_check.py),
# and what the live regions announced since the last look.
WORDS = """() => {
  const lang = document.documentElement.lang
  // A sprite sheet's own titles (cm-chessboard's pieces, drawn at no size to be copied from) show nowhere.
  const sprite = (el) => {
    const svg = el.closest('svg')
    const box = svg && el.closest('title, desc, metadata') ? svg.getBoundingClientRect() : null
    return !!box && box.width * box.height === 0
  }
  const skipped = (el) => !!el.closest('script, style, code, pre, samp, template, [translate="no"]') ||
    (el.closest('[lang]')?.getAttribute('lang') ?? lang) !== lang || sprite(el)
  const shown = (el) => {
    const box = el.closest('svg') || el.closest('select') || el
    return box.checkVisibility({ visibilityProperty: true })
  }
  const out = [['title', document.title]]
  const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT)
  for (let node = walker.nextNode(); node; node = walker.nextNode()) {
    const el = node.parentElement
    const text = node.data.replace(/\\s+/g, ' ').trim()
    if (text && el && !skipped(el) && shown(el)) out.push(['text', text])
  }
  const names = ['aria-label', 'title', 'placeholder', 'alt', 'aria-description', 'aria-roledescription',
                 'aria-valuetext']
  for (const el of document.body.querySelectorAll('*')) {
    if (skipped(el) || !shown(el)) continue
    for (const name of names) {
      const value = el.getAttribute(name)
      if (value && value.trim()) out.push([name, value])
    }
    if (el instanceof HTMLInputElement && ['submit', 'button', 'reset'].includes(el.type) && el.value) {
      out.push(['value', el.value])
    }
  }
  for (const text of window.__announced || []) out.push(['announced', text])
  window.__announced = []
  return out
}"""
