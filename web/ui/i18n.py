"""Words of the table in Dutch, English and German.

Frame words live in `words.json` beside this module; each game's words (log
entries, prompts, card names) live in `words.json` in its screen package
(ui/screens/<game>/), in the format described in docs/engine-conventions.md.
Engine log entries are data; this module turns them into sentences.
"""

from __future__ import annotations

import json
import re
from pathlib import Path

LANGS = ("nl", "en", "de")
LANG_NAMES = {"nl": "Nederlands", "en": "English", "de": "Deutsch"}

# the frame's words (lobby, table, saves, ...): data beside this module
FRAME = json.loads((Path(__file__).resolve().parent / "words.json").read_text(encoding="utf-8"))

_PLACEHOLDER = re.compile(r"\{(\w+)(?::(\w+))?\}")
# "{n|kaart|kaarten}" -> "1 kaart" / "3 kaarten": a count with its noun
_COUNT = re.compile(r"\{(\w+)\|([^|{}]*)\|([^|{}]*)\}")


def pick_lang(preferred: str | None, browser: str | None) -> str:
    for candidate in (preferred, (browser or "")[:2].lower()):
        if candidate in LANGS:
            return candidate
    return "en"


def game_strings(game_id: str) -> dict:
    """The game's strings file, or empty tables when it has none yet."""
    from .screens import words_path

    path = words_path(game_id)
    if path is None:
        return {}
    try:
        return json.loads(path.read_text(encoding="utf-8"))
    except (OSError, ValueError):
        return {}


class Words:
    """Translate frame keys and game entries into one language."""

    def __init__(self, lang: str, game_id: str | None = None, player_name=None):
        self.lang = lang if lang in LANGS else "en"
        self.game_id = game_id
        self.game = game_strings(game_id).get(self.lang, {}) if game_id else {}
        self.player_name = player_name or (lambda seat: f"#{seat + 1}")
        self.missing: set = set()  # (section, key) asked for but not worded: tests check it stays empty

    def _lookup(self, section: str, key: str, table: dict, fallback):
        if key in table:
            return table[key]
        self.missing.add((section, key))
        return fallback

    def t(self, key: str, _escape=None, **params) -> str:
        template = FRAME[self.lang].get(key) or self._lookup("frame", key, FRAME["en"], key)
        return self.fill(template, params, _escape)

    def name(self, ident) -> str:
        """A game id (card, country, ...) in this language."""
        return self._lookup("names", str(ident), self.game.get("names", {}), str(ident))

    def why(self, err) -> str:
        """Why a save could not be read (an engine SaveError, worded here)."""
        key = f"saveerr.{getattr(err, 'key', 'damaged')}"
        if key not in FRAME["en"]:
            key = "saveerr.damaged"
        return self.t(key, **getattr(err, "params", {}))

    def ui(self, key: str, _escape=None, **params) -> str:
        """A game-specific interface word (`ui` section of the strings file)."""
        return self.fill(self._lookup("ui", key, self.game.get("ui", {}), key), params, _escape)

    def illegal(self, reason: dict | None) -> str:
        """Why a move was refused: the engine's reason key, worded by the
        game's strings ("illegal" section) or the frame's."""
        reason = dict(reason or {"k": "not_allowed"})
        key = str(reason.get("k"))
        template = self.game.get("illegal", {}).get(key)
        if template is None:
            template = FRAME[self.lang].get("illegal." + key) or FRAME[self.lang]["illegal.not_allowed"]
        return self.fill(template, reason)

    def size(self, chars: int) -> str:
        """How much storage `chars` characters take: kB, or MB above a million."""
        if chars < 1_000_000:
            return self.t("size.kb", n=max(1, -(-int(chars) // 1000)))
        mb = f"{chars / 1_000_000:.1f}"
        return self.t("size.mb", n=mb if self.lang == "en" else mb.replace(".", ","))

    def level(self, level: str, game_id: str | None = None) -> str:
        """A bot level's name: the frame's (random, greedy, basic, strong,
        expert), else the game's `ui` words `level.<name>`."""
        return self._level("level.", level, game_id, level)

    def level_help(self, level: str, game_id: str | None = None) -> str:
        """What a bot level does, one line for the lobby (`levelhelp.<name>`)."""
        return self._level("levelhelp.", level, game_id, "")

    def _level(self, prefix: str, level: str, game_id, fallback: str) -> str:
        key = prefix + level
        if key in FRAME[self.lang]:
            return FRAME[self.lang][key]
        game = game_strings(game_id).get(self.lang, {}) if game_id else self.game
        return self._lookup("ui", key, game.get("ui", {}), fallback)

    def fill(self, template: str, params: dict, escape=None, link=None) -> str:
        """The template with its parameters put in.  With `escape` (the UI
        kit's), the template and every value put in are escaped once each
        (values that are HTML already stay as they are); with `link` too,
        a `{x:name}` goes through `link(ident, escaped name)`, which may make
        it a tappable name (the UI kit's `Say.entry`)."""
        esc = escape or str
        if escape:
            template = escape(template)

        def one(match):
            key, kind = match.group(1), match.group(2)
            if key not in params:
                self.missing.add(("param", key))
                return match.group(0)
            value = params[key]
            if kind == "player":
                seats = [v for v in _as_list(value) if v is not None]
                if not seats:
                    return esc(self.t("table.nobody"))
                return self._join([esc(self.player_name(v)) for v in seats])
            if kind == "name":
                names = [esc(self.name(v)) for v in _as_list(value)]
                if link and escape:
                    names = [link(v, n) for v, n in zip(_as_list(value), names)]
                return self._join(names)
            if isinstance(value, list):
                return self._join([esc(v) for v in value])
            return esc(value)

        def count(match):
            key, one_form, many_form = match.groups()
            if key not in params:
                self.missing.add(("param", key))
                return match.group(0)
            value = params[key]
            return f"{esc(value)} {one_form if value in (1, -1) else many_form}"

        return _PLACEHOLDER.sub(one, _COUNT.sub(count, template))

    def entry(self, entry: dict, escape=None, link=None) -> str:
        """One engine log entry as a sentence (`escape`, `link`: see fill)."""
        template = self.game.get("log", {}).get(entry.get("k", ""))
        if template is None:
            self.missing.add(("log", entry.get("k", "")))
            params = ", ".join(f"{k}={v}" for k, v in entry.items() if k not in ("k", "turn"))
            text = f"{entry.get('k', '?')}: {params}"
            return escape(text) if escape else text
        return self.fill(template, entry, escape, link)

    def prompt(self, prompt: dict | None, phase: str | None = None) -> str:
        if not prompt and not phase:
            return ""
        prompt = prompt or {"k": phase}
        key = prompt.get("k") or phase or ""
        template = self.game.get("phase", {}).get(key)
        if template is None:
            self.missing.add(("phase", key))
            return ""
        return self.fill(template, prompt)

    def _join(self, items: list[str]) -> str:
        if len(items) <= 1:
            return "".join(items)
        last = {"nl": " en ", "en": " and ", "de": " und "}[self.lang]
        return ", ".join(items[:-1]) + last + items[-1]


def _as_list(value):
    return value if isinstance(value, list) else [value]
