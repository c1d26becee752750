"""Known tables for the browser tests, made here with the engine: a fixed-seed
bot game replayed to the position wanted and saved with the table's meta,
then put into localStorage and opened (as a reload resumes a game)."""

from __future__ import annotations

import json
import random

import engine
from engine.play import bot_chooser, finish, play

NAMES = ["Anna", "Bram", "Carla", "Daan", "Eva", "Femke", "Gijs", "Hanna", "Ivo", "Joost"]


def bot_game(game: str, seats: int, seed: int, stop, options=None):
    """Play a game of greedy bots (fixed seed) until `stop(state, view of
    the seat to act)` says so; the state and the seat to act then."""
    level = engine.bots.LEVELS[game][1]
    state = engine.new_game(game, seats, options or {}, seed)
    if not state.is_over() and len(state.to_act()) == 1 and stop(state, state.view(state.to_act()[0])):
        return state, state.to_act()[0]
    for state in play(state, bot_chooser([level] * seats, seed=seed)):
        if not state.is_over() and len(state.to_act()) == 1 and stop(state, state.view(state.to_act()[0])):
            return state, state.to_act()[0]
    raise AssertionError(f"{game} seed {seed}: the position wanted never came")


def save_of(state, human: int, *more_humans: int) -> str:
    """The save of `state` with `human` at the table (and `more_humans`, a
    hot-seat game: a reload then asks the next one to take the device); the
    others are bots."""
    n = state.seats
    humans = {human, *more_humans}
    players = [{"name": NAMES[i], "kind": "human" if i in humans else "bot",
                "level": None if i in humans else "random"} for i in range(n)]
    meta = {"players": players, "names": NAMES[:n], "created": 1, "updated": 2, "over": state.is_over(),
            "viewer": human, "notes": {}}
    return state.to_json(meta=meta)


def late_carcassonne(phase="place"):
    """Five players, 60 and more tiles on the board."""
    return bot_game("carcassonne", 5, 4, lambda s, v: len(v["tiles"]) >= 60 and v["phase"] == phase)


def late_thurn_taxis(phase="draw"):
    """Four players, the end triggered: the last round."""
    return bot_game("thurn_taxis", 4, 1, lambda s, v: v["end_triggered_by"] is not None and v["phase"] == phase
                    and v["seat"] != v["end_triggered_by"])


def long_names_thurn_taxis():
    """The northern map with Braunschweig, its longest city name, among the open cards."""
    return bot_game("thurn_taxis", 3, 2, lambda s, v: v["phase"] == "draw"
                    and "braunschweig" in {c["city"] for c in v["display"]}, {"map": "north"})


def scoring_thurn_taxis():
    """A turn where the route may be scored, the Cartwright offered."""
    return bot_game("thurn_taxis", 3, 6, lambda s, v: any(a.get("wagner") for a in s.legal_actions(v["seat"])))


def late_kutschfahrt(phase="turn"):
    """Ten players, well into the ride."""
    return bot_game("kutschfahrt", 10, 4, lambda s, v: v["moves"] >= 50 and v["phase"] == phase)


def finished(game: str, seats: int, seed: int = 1):
    """A game of greedy bots played to its end."""
    state = engine.new_game(game, seats, {}, seed)
    return finish(state, bot_chooser([engine.bots.LEVELS[game][1]] * seats, seed=seed))


def stages(game: str, seats: int, seed: int, most: int = 10, steps: int = 3000) -> dict:
    """Saves of the first position of each kind in a game of random moves
    (no early claims of victory): the kind is the phase and the kinds of
    legal actions of the first seat to act, which is the human."""
    rng = random.Random(seed)
    state = engine.new_game(game, seats, {}, seed)
    found = {}
    for _ in range(steps):
        if state.is_over() or len(found) >= most:
            break
        seat = state.to_act()[0]
        legal = state.legal_actions(seat)
        kind = (state.view(seat).get("phase"), tuple(sorted({a["type"] for a in legal})))
        if kind not in found:
            found[kind] = save_of(state, seat)
        state.apply(seat, rng.choice([a for a in legal if a.get("type") != "claim"] or legal))
    return found


def opening(game, seats):
    return bot_game(game, seats, 1, lambda s, v: True)


def open_table(tab, save: str, lang: str = "en"):
    """Open the table of `save` (bots wait: the position stays as loaded)."""
    return open_with(tab, {"speeltafel:save:g1": save, "speeltafel:current": "g1"}, "table", lang)


def open_lobby(tab, saves: dict, lang: str = "en"):
    """Open the lobby with `saves` (id -> save) in the saved games list."""
    return open_with(tab, {f"speeltafel:save:{k}": v for k, v in saves.items()}, "lobby", lang)


def open_with(tab, items: dict, ready: str, lang: str = "en"):
    """Open the site on a storage holding only `items` (and the language)."""
    items = {**items, "speeltafel:prefs": json.dumps({"lang": lang, "bot_delay_ms": 60_000})}
    tab.replace_storage(items)
    tab.page.goto(tab.site)
    tab.wait(ready)
    return tab.page
