"""What the table does when the page opens, decided without the browser.

Whatever localStorage holds, start-up reaches a table or the lobby:
preferences fall back to their defaults field by field; a game in progress
that cannot be resumed is set aside (kept, listed as damaged, and said);
damaged saves are counted for the lobby's message.  `App.start` only carries
out what is decided here, so the fault matrix (tests/test_startup_faults.py)
runs the same decisions in CPython against a fake localStorage.

Messages are (key, params) pairs, worded in the player's language by the
caller (ui/i18n.py).
"""

from __future__ import annotations

from dataclasses import dataclass, field

import engine
from engine import bots
from engine.saves import MAX_SEED, SaveError, is_int

from . import lobby, pace
from .i18n import LANGS, pick_lang
from .names import clean
from .session import Session


@dataclass
class Prefs:
    lang: str
    pace: str  # how fast the bots play (ui/pace.py)
    bot_delay_ms: int | None  # an older table's own delay, kept until a pace is chosen
    lobby: dict | None  # the remembered new-game form, every field checked
    reset: bool = False  # something could not be read and fell back to its default


@dataclass
class Resumed:
    session: Session | None = None
    text: str | None = None  # the save it was loaded from
    notices: list = field(default_factory=list)  # [(i18n key, params)]
    set_aside: dict = field(default_factory=dict)  # save id -> SaveError


def read_prefs(store, browser_lang: str | None) -> Prefs:
    """The stored preferences, field by field: a field that cannot be used
    takes its default and the others stay."""
    raw = store.prefs()
    reset = not store.prefs_readable()
    lang = raw.get("lang")
    if lang is not None and lang not in LANGS:
        reset, lang = True, None
    speed, own_delay, damaged = pace.from_prefs(raw)
    form, dropped = clean_lobby(raw.get("lobby"))
    return Prefs(pick_lang(lang, browser_lang), speed, own_delay, form, reset or damaged or dropped)


def clean_lobby(saved) -> tuple[dict | None, bool]:
    """The remembered new-game form with every field checked.  Returns the
    usable part and whether anything had to be dropped."""
    if saved is None:
        return None, False
    if not isinstance(saved, dict) or saved.get("game") not in engine.GAMES:
        return None, True
    game = saved["game"]
    spec = engine.GAMES[game]
    out = {"game": game}
    dropped = False
    seats = saved.get("seats")
    if is_int(seats) and spec.min_seats <= seats <= spec.max_seats:
        out["seats"] = seats
    elif "seats" in saved:
        dropped = True
    players = saved.get("players")
    if isinstance(players, list):
        out["players"] = []
        for p in players[: spec.max_seats]:
            player, bad = _clean_player(p, game)
            out["players"].append(player)
            dropped = dropped or bad
    elif "players" in saved:
        dropped = True
    options = saved.get("options")
    if isinstance(options, dict):
        out["options"] = {}
        for key, value in options.items():
            try:
                out["options"][key] = spec.option(key).check(value)
            except (KeyError, ValueError, TypeError):
                dropped = True
    elif "options" in saved:
        dropped = True
    hints = saved.get("hints")
    if isinstance(hints, bool):
        out["hints"] = hints
    elif "hints" in saved:
        dropped = True
    seed = saved.get("seed")
    if is_int(seed) and 0 <= seed < MAX_SEED:
        out["seed"] = seed
    elif "seed" in saved:
        dropped = True
    return out, dropped


def _clean_player(p, game: str) -> tuple[dict | None, bool]:
    """One remembered seat; None for a seat that keeps its default."""
    if not isinstance(p, dict):
        return None, True
    name, kind, level = p.get("name"), p.get("kind"), p.get("level")
    name = clean(name) or None  # as the lobby takes it (ui/names.py)
    bad = name is None
    if kind in ("human", "remote"):
        return {"name": name, "kind": kind, "level": None}, bad
    if kind == "bot":
        if level not in bots.LEVELS[game]:
            level, bad = None, True
        return {"name": name, "kind": "bot", "level": level}, bad
    return None, True


def lobby_model(form: dict | None, words, games: list[str]) -> dict | None:
    """The new-game form shown in the lobby: the remembered one where it
    still fits, the defaults elsewhere."""
    game = form["game"] if form and form["game"] in games else (games or [None])[0]
    model = lobby.default_model(game, words)
    if model is None or not form or form["game"] != game:
        return model
    if "seats" in form:
        model["seats"] = form["seats"]
        lobby.fit_players(model, words)
    for i, p in enumerate(form.get("players", [])[: model["seats"]]):
        if p is None:
            continue
        seat = model["players"][i]
        if p["kind"] in ("human", "remote"):
            seat.update(kind=p["kind"], level=None)
        else:
            seat.update(kind="bot", level=p["level"] or bots.default_level(game))
        if p["name"]:
            seat["name"] = p["name"]
    model["options"] = dict(form.get("options", {}))
    lobby.resolved_options(model)
    if "hints" in form:
        model["hints"] = form["hints"]
    if "seed" in form:
        model["seed"] = form["seed"]
    return model


def load(store, save_id: str) -> tuple[Session, str]:
    """The game `save_id` from the newest of its copies that replays
    (localStorage's and the journal's, ui/journal.py), and that copy's text.
    Raises KeyError when there is none, else SaveError (the newest one's)
    when none replays."""
    error = None
    for text in store.candidates(save_id):
        try:
            return Session.from_save(text, save_id), text
        except SaveError as err:
            error = error or err
        except Exception:  # noqa: BLE001 - a rules bug on an odd save must not brick the table
            error = error or SaveError("damaged")
    if error is None:
        raise KeyError(save_id)
    raise error


def resume(store, games: list[str]) -> Resumed:
    """The game in progress, if it can go on; otherwise it is set aside
    (its save untouched) and the player is told why."""
    found = Resumed()
    current = store.current()
    if current is None:
        return found
    try:
        session, text = load(store, current)
    except KeyError:
        store.set_current(None)
        found.notices.append(("boot.current_missing", {}))
        return found
    except SaveError as error:
        store.set_current(None)
        found.set_aside[current] = error
        found.notices.append(("boot.set_aside", {"why": error}))
        return found
    if session.game_id in games:
        found.session, found.text = session, text
        return found
    store.set_current(None)
    found.notices.append(("table.no_screen", {}))
    return found


def damaged_notice(entries: list[dict]) -> list:
    """The lobby's message about damaged saves (set-aside ones are said apart)."""
    n = sum(1 for row in entries if row["damaged"] and not row.get("set_aside"))
    return [("boot.damaged", {"n": n})] if n else []
