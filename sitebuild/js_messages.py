"""A language's words written into the browser's modules at build time (docs/languages.md, "The
browser's words").

The modules say `t('Solved in {time}', { time })` and `tn('{n} puzzle', '{n} puzzles', n, { n })`
(lib/i18n.js). For a language other than English the build rewrites each such call's literals in a
copy of the sources before bundling: `t('Resuelto en {time}', …)`, and a plural's two literals
`tn({"one": "…", "other": "…"}, "", n, …)`, its forms by CLDR category for Intl.PluralRules. A
`t('…')` with no values becomes its words alone, in every language, English's too: marking a
string costs English's bundles nothing. So a page asks for no catalog and carries only the words
its own modules use.

The calls are found with the lexer Babel's javascript extractor reads the same files with
(`babel.messages.jslexer`), here keeping each token's place, so what is rewritten is exactly what
`python -m ops.messages` extracted: a name token `t` or `tn`, `(`, a string literal (and for `tn`,
`,` and a second one).
"""

from __future__ import annotations

import json
from collections.abc import Iterator
from dataclasses import dataclass

from babel.messages.jslexer import division_re, get_rules, indicates_division, regex_re, unquote_string

from sitebuild.catalogs import BrowserMessages


@dataclass(frozen=True)
class Token:
    type: str
    value: str
    start: int
    end: int


def tokens(source: str) -> Iterator[Token]:
    """The source's tokens with their places, as babel.messages.jslexer.tokenize reads them."""
    rules = get_rules(jsx=False, dotted=True, template_string=True)
    may_divide = False
    pos, end = 0, len(source)
    while pos < end:
        for token_type, rule in rules:  # noqa: B007  (the loop's last pair is the one matched)
            match = rule.match(source, pos)
            if match is not None:
                break
        else:
            match = (division_re if may_divide else regex_re).match(source, pos)
            token_type = "operator" if may_divide else "regexp"
            if match is None:
                pos += 1
                continue
        if token_type is not None:
            token = Token(token_type, match.group(), match.start(), match.end())
            may_divide = indicates_division(token)  # type: ignore[arg-type]  (reads .type and .value alone)
            yield token
        pos = match.end()


@dataclass(frozen=True)
class Call:
    """A t()/tn() call's literals in a module: `msgid`, and the span [start, stop) a translation
    replaces. `alone`: a t() of words alone, whose whole call the words replace in every language."""

    kind: str  # "t" or "tn"
    msgid: str
    start: int
    stop: int
    alone: bool = False


def calls(source: str) -> tuple[Call, ...]:
    """Every t()/tn() call of `source` that `translate` rewrites, in order: found once a module and
    applied for each language (the lexing is most of the work, and the same in every language)."""
    found = list(tokens(source))
    sites: list[Call] = []
    for i, token in enumerate(found):
        if token.type != "name" or token.value not in ("t", "tn") or i + 2 >= len(found):
            continue
        if found[i + 1].value != "(" or found[i + 2].type != "string":
            continue
        first = found[i + 2]
        msgid = unquote_string(first.value)
        if token.value == "t":
            if i + 3 < len(found) and found[i + 3].value == ")":
                sites.append(Call("t", msgid, token.start, found[i + 3].end, alone=True))
            else:
                sites.append(Call("t", msgid, first.start, first.end))
        elif i + 4 < len(found) and found[i + 3].value == "," and found[i + 4].type == "string":
            sites.append(Call("tn", msgid, first.start, found[i + 4].end))
    return tuple(sites)


def translate(source: str, messages: BrowserMessages, found: tuple[Call, ...] | None = None) -> str:
    """The module's source with every t()/tn() literal that has a translation replaced by it, and
    every t() of words alone by the words. `found`: the source's `calls`, when already known.

    >>> from sitebuild.catalogs import BrowserMessages
    >>> es = BrowserMessages({"Hint": "Pista", "Solved in {time}": "Resuelto en {time}"},
    ...                      {"{n} move": {"one": "{n} jugada", "other": "{n} jugadas"}})
    >>> print(translate("a(t('Hint'), t('Solved in {time}', { time }), tn('{n} move', '{n} moves', n))", es))
    a("Pista", t("Resuelto en {time}", { time }), tn({"one": "{n} jugada", "other": "{n} jugadas"}, "", n))
    >>> print(translate("t('Hint') + x.t('Hint') // t('Hint')", BrowserMessages({}, {})))
    "Hint" + x.t('Hint') // t('Hint')
    """
    parts: list[str] = []
    done = 0
    for call in calls(source) if found is None else found:
        if call.kind == "tn":
            forms = messages.plurals.get(call.msgid)
            if not forms:
                continue
            text = json.dumps(forms, ensure_ascii=False) + ', ""'
        elif call.alone or call.msgid in messages.texts:
            text = json.dumps(messages.texts.get(call.msgid, call.msgid), ensure_ascii=False)
        else:
            continue
        parts += [source[done:call.start], text]
        done = call.stop
    parts.append(source[done:])
    return "".join(parts)
