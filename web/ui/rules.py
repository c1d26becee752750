"""The rules reference: one per game, in nl/en/de, in our own words.

Each game's screen package holds `rules.json`:

    {"groups": [{"id": "objects", "items": ["key", ...]}, ...],   # the index
     "nl": {"sections": [{"id": "turn", "title": ..., "text": [paragraph, ...]}, ...],
            "groups": {"objects": "Voorwerpen", ...},               # group titles
            "items": {"key": "what it does", ...}},
     "en": {...}, "de": {...}}

Items are keyed by the ids the engine uses (a card, a wheel segment, an
official), titled by the game's `names` in words.json.  One renderer shows
any game's reference as a dialog over the table, opened at its contents, a
section ("#turn") or an item.

The page loads the text only when it is first opened: `make dist` puts the
index into the app (a name on the table knows whether it has an entry) and
each language's text in `rules/<game>.<lang>.json` beside the page
(`split`), which the app fetches (`url`); the service worker keeps them for
offline use.  In CPython (tests, the build) the whole file is at hand.
"""

from __future__ import annotations

import json
from functools import lru_cache
from pathlib import Path

from .i18n import LANGS
from .kit import Html, button, h, join, tag

SECTION = "#"  # a section's id in a link ("#turn"); item ids never start with it


@lru_cache(maxsize=None)
def source(game_id: str) -> dict:
    """The game's rules.json as found beside its screen ({} when it has none)."""
    from .screens import folder

    where = folder(game_id)
    if where is None:
        return {}
    path = where / "rules.json"
    try:
        return json.loads(path.read_text(encoding="utf-8"))
    except (OSError, ValueError):
        return {}


def groups(game_id: str) -> list[dict]:
    return list(source(game_id).get("groups") or [])


@lru_cache(maxsize=None)
def linkable(game_id: str) -> frozenset:
    """The item ids that have an entry: a name on the table with one opens it."""
    return frozenset(i for g in groups(game_id) for i in g.get("items", []))


def texts_here(game_id: str, lang: str) -> dict | None:
    """One language's text when the whole file is at hand (not in the page)."""
    return source(game_id).get(lang)


def url(game_id: str, lang: str) -> str:
    """Where the page finds one language's text (relative to the page)."""
    return f"rules/{game_id}.{lang}.json"


def split(data: dict) -> tuple[str, dict]:
    """For the build: the index that travels with the app, and each
    language's text as its own file {lang: json text}."""
    index = json.dumps({"groups": data.get("groups", [])}, ensure_ascii=False, separators=(",", ":"))
    return index, {lang: json.dumps(data[lang], ensure_ascii=False, separators=(",", ":"))
                   for lang in LANGS if lang in data}


class Reference:
    """One game's rules in one language."""

    def __init__(self, game_id: str, texts: dict):
        self.game_id = game_id
        self.groups = groups(game_id)
        self.sections = list(texts.get("sections") or [])
        self.group_titles = dict(texts.get("groups") or {})
        self.items = dict(texts.get("items") or {})

    def has(self, at: str) -> bool:
        if at.startswith(SECTION):
            return any(s["id"] == at[1:] for s in self.sections)
        return at in self.items

    def render(self, words, title: str, at: str = "", extra=None) -> Html:
        """The dialog, showing `at` (an item id, "#section", or "" for the
        first section); `extra(ident)` may add a picture or facts to an item."""
        if not self.has(at):
            at = SECTION + self.sections[0]["id"] if self.sections else ""
        nav = [h('<h3 class="rules-nav-h">{}</h3>', words.t("rules.how"))]
        nav.append(tag("ul", join(tag("li", self._link(SECTION + s["id"], s["title"], at))
                                  for s in self.sections), cls="rules-sections"))
        for g in self.groups:
            nav.append(h('<h3 class="rules-nav-h">{}</h3>', self.group_titles.get(g["id"], g["id"])))
            nav.append(tag("ul", join(tag("li", self._link(i, words.name(i), at)) for i in g["items"]
                                      if i in self.items), cls="rules-items"))
        if at.startswith(SECTION):
            section = next(s for s in self.sections if s["id"] == at[1:])
            head, paragraphs, more = section["title"], section["text"], Html("")
        else:
            head, paragraphs = words.name(at), [self.items.get(at, "")]
            more = extra(at) if extra else Html("")
        body = h('<h3 id="rules-entry-h">{}</h3>{}{}', _capital(head), more or "",
                 join(tag("p", p) for p in paragraphs))
        return h('<div class="rules" role="dialog" aria-modal="true" aria-labelledby="rules-h">'
                 '<div class="rules-head"><h2 id="rules-h">{title}</h2>{close}</div>'
                 '<div class="rules-body"><article class="rules-text" id="rules-text" tabindex="-1" '
                 'aria-labelledby="rules-entry-h">{body}</article>'
                 '<nav class="rules-nav" aria-label="{contents}">{nav}</nav></div></div>',
                 title=words.t("rules.title", game=title), contents=words.t("rules.contents"),
                 close=button(words.t("rules.close"), cmd="rules-close", id="rules-close"),
                 body=body, nav=join(nav))

    @staticmethod
    def _link(at: str, label: str, current: str) -> Html:
        return button(_capital(label), cmd="rules", arg=at, cls="rules-link",
                      aria_current="true" if at == current else None)


def _capital(text: str) -> str:
    """A name as a title ("knight" -> "Knight")."""
    return text[:1].upper() + text[1:] if isinstance(text, str) else text
