"""Reading a save: the one check used at start-up, on resume and on import.

A save is text from localStorage or from a file a player picked, so it may
hold anything: it is parsed strictly (no NaN or Infinity, a nesting limit, a
size limit), every field is checked for its shape, and only then is the
action log replayed.  Whatever the text, the only exception that leaves
this module is `SaveError`, which carries a machine key and parameters (the
table words it in the player's language; the engine never words anything).

SaveError keys:
    not_text, too_big, too_deep, not_json, not_finite   the text itself
    not_a_save, version, unknown_game                   what kind of file it is
    bad_seats, bad_options, bad_seed, bad_actions        a field of the wrong shape
    bad_action (move=n)                                 one entry of the log
    replay_failed (move=n)                              move n is not legal there
    bad_meta, bad_players (seat=n)                      the table's part (checked by the UI)
    damaged                                              anything else
"""

from __future__ import annotations

import json
import math
import re
from itertools import accumulate

from .protocol import SAVE_FORMAT, SAVE_VERSION, IllegalAction, replay

MAX_CHARS = 5_000_000  # localStorage holds about this much per site
MAX_DEPTH = 64  # a save nests about 6 deep; JSON parsers recurse per level
MAX_ACTIONS = 200_000
MAX_SEED = 2**63

_STRING = re.compile(r'"[^"\\]*(?:\\.[^"\\]*)*"')
_NOT_BRACKET = re.compile(r"[^\[\]{}]+")
_DEPTH = {"[": 1, "{": 1, "]": -1, "}": -1}


class SaveError(ValueError):
    """A save that cannot be read.  `key` says why (see the module doc),
    `params` give details such as the move number: data, so the table words
    it in nl/en/de."""

    def __init__(self, key: str, **params):
        self.key = key
        self.params = params
        super().__init__(key + "".join(f" {k}={v}" for k, v in sorted(params.items())))


def is_int(value) -> bool:
    """A JSON integer: `True` is not 1 here."""
    return isinstance(value, int) and not isinstance(value, bool)


def depth(text: str) -> int:
    """How deep the brackets of a JSON text nest, without recursing (so a
    text of 100,000 `[` is measured, not a crash)."""
    brackets = _NOT_BRACKET.sub("", _STRING.sub("", text))
    return max(accumulate(map(_DEPTH.__getitem__, brackets)), default=0)


def _no_constant(name):
    raise SaveError("not_finite")


def _finite_float(text):
    value = float(text)
    if not math.isfinite(value):
        raise SaveError("not_finite")
    return value


def parse(text) -> object:
    """Strict JSON: finite numbers only, at most MAX_DEPTH deep and MAX_CHARS long."""
    if not isinstance(text, str):
        raise SaveError("not_text")
    if len(text) > MAX_CHARS:
        raise SaveError("too_big")
    if depth(text) > MAX_DEPTH:
        raise SaveError("too_deep")
    try:
        return json.loads(text, parse_constant=_no_constant, parse_float=_finite_float)
    except SaveError:
        raise
    except (ValueError, RecursionError, OverflowError, TypeError):
        raise SaveError("not_json") from None


def check(save) -> dict:
    """The fields of a parsed save, each checked for its shape; returns a
    new dict with the options resolved (defaults filled in) and the rest as
    read, `meta` included unchecked (the table checks its own part)."""
    from .registry import GAMES

    if not isinstance(save, dict) or save.get("format") != SAVE_FORMAT:
        raise SaveError("not_a_save")
    version = save.get("version")
    if not is_int(version) or version != SAVE_VERSION:
        raise SaveError("version")
    game_id = save.get("game")
    if not isinstance(game_id, str) or game_id not in GAMES:
        raise SaveError("unknown_game")
    spec = GAMES[game_id]
    seats = save.get("seats")
    if not is_int(seats) or not spec.min_seats <= seats <= spec.max_seats:
        raise SaveError("bad_seats")
    options = save.get("options", {})
    if not isinstance(options, dict):
        raise SaveError("bad_options")
    try:
        for key, value in options.items():  # also those the table ignores at this seat count
            spec.option(key).check(value)
        options = spec.resolve_options(options, seats)
    except (KeyError, ValueError, TypeError):
        raise SaveError("bad_options") from None
    seed = save.get("seed")
    if not is_int(seed) or not 0 <= seed < MAX_SEED:
        raise SaveError("bad_seed")
    actions = save.get("actions")
    if not isinstance(actions, list) or len(actions) > MAX_ACTIONS:
        raise SaveError("bad_actions")
    for move, entry in enumerate(actions, 1):
        if not (isinstance(entry, list) and len(entry) == 2 and is_int(entry[0])
                and 0 <= entry[0] < seats and isinstance(entry[1], dict)):
            raise SaveError("bad_action", move=move)
    return {"format": SAVE_FORMAT, "version": version, "game": game_id, "seats": seats,
            "options": options, "seed": seed, "actions": actions, "meta": save.get("meta")}


def read(text) -> dict:
    """Parse and check a save's text without replaying it (fast: the lobby
    lists saves with this)."""
    try:
        return check(parse(text))
    except SaveError:
        raise
    except Exception:  # noqa: BLE001 - whatever the text, only SaveError leaves
        raise SaveError("damaged") from None


def build(save: dict):
    """Replay a checked save; a move the rules refuse names its number."""
    try:
        state = replay(save["game"], save["seats"], save["options"], save["seed"], [])
    except Exception:  # noqa: BLE001
        raise SaveError("damaged") from None
    try:
        actions = type(state).upgrade_actions(save["actions"])
    except Exception:  # noqa: BLE001
        raise SaveError("damaged") from None
    for move, (seat, action) in enumerate(actions, 1):
        try:
            state.apply(seat, action)
        except IllegalAction:
            raise SaveError("replay_failed", move=move) from None
        except Exception:  # noqa: BLE001 - a rules bug on odd input is still a bad save
            raise SaveError("replay_failed", move=move) from None
    return state


def load(text):
    """Rebuild a game from its save.  Raises SaveError only, whatever `text`
    holds; the caller keeps the text as it is (a damaged save is never
    thrown away)."""
    return build(read(text))
