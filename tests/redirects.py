"""For tests of folder redirects (the local server's, the CDN's page-path function): the paths that
try to make a redirect leave the site, and where a browser really goes for a Location.

A path that starts "//" or "/\\" (or their escapes, "/%2F", "/%5C", with tabs or newlines between)
names another host when it is echoed back as a Location: a browser reads "//evil.example/x/" as
https://evil.example/x/, and "\\" as "/". `browser_goes_to` asks node's URL class, which is the
WHATWG URL parser browsers follow, rather than a Python approximation of it.
"""

from __future__ import annotations

import itertools
import json
import subprocess

SITE = "https://puzzlebook.example"
# What may stand after the first slash: a slash or backslash, as such or escaped in either case,
# and what a browser drops or a server may decode to nothing (tab, newline, carriage return, space).
SEPARATORS = ("/", "\\", "%2F", "%2f", "%5C", "%5c", "%09", "%0A", "%0D", "%20")
# The same characters raw, for the CDN's function (its URI may come decoded); not valid on a request line.
RAW = ("\t", "\n", "\r", " ")
TARGETS = ("evil.example", "evil.example/x", "about")


def hostile_paths(separators: tuple[str, ...] = SEPARATORS) -> list[str]:
    """Every path "/" + one or two separators + a target: each starts "//" or "/\\" once decoded
    (or would, once a browser drops what it drops)."""
    seconds = ("", *separators)
    return [
        "/" + first + second + target
        for first, second, target in itertools.product(separators, seconds, TARGETS)
    ]


def browser_goes_to(locations: list[str], base: str = SITE) -> list[str]:
    """The origin a browser at `base` goes to for each Location header (resolved against `base` by the
    WHATWG URL parser, node's URL), or "invalid" where it can't be resolved."""
    script = (
        "const [base, ...locations] = JSON.parse(require('fs').readFileSync(0, 'utf8'));"
        "process.stdout.write(JSON.stringify(locations.map((l) => {"
        "  try { return new URL(l, base).origin; } catch (e) { return 'invalid'; }"
        "})));"
    )
    done = subprocess.run(["node", "-e", script], input=json.dumps([base, *locations]),
                          capture_output=True, text=True, check=True)
    origins: list[str] = json.loads(done.stdout)
    return origins
