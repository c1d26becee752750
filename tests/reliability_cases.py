"""The fault matrix: damaged storage entries and import files, as data.

Shared by the fast CPython matrix (tests/test_startup_faults.py, the real
App start-up against a fake localStorage) and the browser subset
(e2e/test_reliability.py).  Every case names the message the player must
get; the checks that follow are the same for all: the app reaches the lobby
or the table, says so in the player's language, and every other save is
kept byte for byte.
"""

from __future__ import annotations

import json

import engine
from engine.rng import Rng

PREFIX = "speeltafel:save:"
PREFS = "speeltafel:prefs"
CURRENT = "speeltafel:current"
DEEP = "[" * 100_000


def save_text(game_id="carcassonne", seats=2, moves=4, seed=3, kinds=("human", "bot"), options=None,
              until=None):
    """A real save of the table: the engine's save plus the table's meta.
    `until(action)`: keep playing until such an action was made."""
    state = engine.new_game(game_id, seats, options, seed)
    rng = Rng(seed + 1)
    made = 0
    while not state.is_over() and (made < moves or (until and not any(until(a) for _, a in state.actions))):
        seat = rng.choice(state.to_act())
        state.apply(seat, rng.choice(state.legal_actions(seat)))
        made += 1
        assert made < 500, "no such action came up"
    kinds = (list(kinds) * seats)[:seats]
    players = [{"name": f"Speler {i + 1}", "kind": k, "level": None if k == "human" else "random"}
               for i, k in enumerate(kinds)]
    meta = {"players": players, "names": [p["name"] for p in players], "created": 1_600_000_000_000,
            "updated": 1_600_000_100_000, "over": state.is_over(), "viewer": 0, "notes": {}}
    return state.to_json(meta=meta)


def edit(text, **changes):
    save = json.loads(text)
    for path, value in changes.items():
        target = save
        keys = path.split("__")
        for key in keys[:-1]:
            target = target[int(key) if isinstance(target, list) else key]
        last = keys[-1]
        target[int(last) if isinstance(target, list) else last] = value
    return json.dumps(save)


def drop(text, path):
    save = json.loads(text)
    target = save
    keys = path.split("__")
    for key in keys[:-1]:
        target = target[int(key) if isinstance(target, list) else key]
    del target[keys[-1]]
    return json.dumps(save)


def float_to(text):
    """A Kutschfahrt save whose first action with "to" says 1.0 instead of 1."""
    save = json.loads(text)
    for _, action in save["actions"]:
        if "to" in action:
            action["to"] = float(action["to"])
            return json.dumps(save)
    raise AssertionError("no action with 'to'")


def kutschfahrt_to():
    return float_to(save_text("kutschfahrt", 3, moves=1, seed=1, kinds=("human", "bot", "bot"),
                              until=lambda a: "to" in a))


def good_saves():
    """The saves beside every damaged entry: they must come through untouched."""
    return {"good": save_text("carcassonne", 2, 4, seed=3),
            "good2": save_text("thurn_taxis", 3, 6, seed=5, kinds=("human", "bot", "bot"))}


def storage_cases():
    """(name, {key: text} added to storage, expected message key, stage reached)."""
    good = save_text("carcassonne", 2, 4, seed=7)
    kf = kutschfahrt_to()
    lobby_form = {"game": "carcassonne", "seats": 2, "options": {},
                  "players": [{"name": "Anna", "kind": "human", "level": None},
                              {"name": "Bot", "kind": "bot", "level": "random"}]}

    def prefs(value):
        return {PREFS: value if isinstance(value, str) else json.dumps(value)}

    def lobby_with(**changes):
        return prefs({"lobby": {**lobby_form, **changes}})

    def current(text, save_id="cur"):
        return {PREFIX + save_id: text, CURRENT: save_id}

    reset, aside, damaged = "boot.prefs_reset", "boot.set_aside", "boot.damaged"
    return [
        # preferences: each field falls back to its default, the others stay
        ("prefs delay is a word", prefs({"bot_delay_ms": "x"}), reset, "lobby"),
        ("prefs null", prefs("null"), reset, "lobby"),
        ("prefs a list", prefs("[1]"), reset, "lobby"),
        ("prefs 100000 nested [", prefs(DEEP), reset, "lobby"),
        ("prefs not json", prefs("{"), reset, "lobby"),
        ("prefs lang a number", prefs({"lang": 5}), reset, "lobby"),
        ("prefs lang unknown", prefs({"lang": "xx"}), reset, "lobby"),
        ("prefs delay infinite", prefs('{"bot_delay_ms": 1e999}'), reset, "lobby"),
        ("prefs delay NaN", prefs('{"bot_delay_ms": NaN}'), reset, "lobby"),
        ("prefs delay true", prefs({"bot_delay_ms": True}), reset, "lobby"),
        ("prefs delay negative", prefs({"bot_delay_ms": -5}), reset, "lobby"),
        ("prefs lobby a list", prefs({"lobby": [1]}), reset, "lobby"),
        ("lobby players without name", lobby_with(players=[{"kind": "human"}, {"kind": "bot", "level": "random"}]),
         reset, "lobby"),
        ("lobby players null", lobby_with(players=None), reset, "lobby"),
        ("lobby players are strings", lobby_with(players=["Anna", "Bram"]), reset, "lobby"),
        ("lobby unknown game", lobby_with(game="chess"), reset, "lobby"),
        ("lobby 99 seats", lobby_with(seats=99), reset, "lobby"),
        ("lobby seats a word", lobby_with(seats="two"), reset, "lobby"),
        ("lobby unknown option value", lobby_with(options={"start": "mars"}), reset, "lobby"),
        ("lobby unknown option", lobby_with(options={"nonsense": 1}), reset, "lobby"),
        ("lobby seed too big", lobby_with(seed=10**30), reset, "lobby"),
        ("lobby seed negative", lobby_with(seed=-1), reset, "lobby"),
        ("lobby player of an unknown kind", lobby_with(players=[{"name": "A", "kind": "alien", "level": None}]),
         reset, "lobby"),
        ("lobby bot of an unknown level", lobby_with(players=[{"name": "A", "kind": "human", "level": None},
                                                              {"name": "B", "kind": "bot", "level": "godlike"}]),
         reset, "lobby"),
        # the game in progress cannot go on: set aside, kept, said
        ("current meta is [1]", current(edit(good, meta=[1])), aside, "lobby"),
        ("current players lack kind", current(drop(good, "meta__players__0__kind")), aside, "lobby"),
        ("current players lack name", current(drop(good, "meta__players__1__name")), aside, "lobby"),
        ("current player of an unknown kind",
         current(edit(good, meta__players__1__kind="alien")), aside, "lobby"),
        ("current seed 1e999", current(good.replace('"seed":7', '"seed":1e999')), aside, "lobby"),
        ("current seed huge", current(edit(good, seed=10**30)), aside, "lobby"),
        ("current seed a word", current(edit(good, seed="x")), aside, "lobby"),
        ("current kutschfahrt to 1.0", current(kf), aside, "lobby"),
        ("current updated NaN", current(good.replace('"updated":1600000100000', '"updated":NaN')), aside, "lobby"),
        ("current 100000 nested [", current(DEEP), aside, "lobby"),
        ("current unknown game", current(edit(good, game="chess")), aside, "lobby"),
        ("current game is a list", current(edit(good, game=["carcassonne"])), aside, "lobby"),
        ("current version 2", current(edit(good, version=2)), aside, "lobby"),
        ("current actions a dict", current(edit(good, actions={})), aside, "lobby"),
        ("current seat true", current(edit(good, actions__0__0=True)), aside, "lobby"),
        ("current move out of order", current(edit(good, actions__1=json.loads(good)["actions"][0])), aside, "lobby"),
        ("current viewer out of range", current(edit(good, meta__viewer=7)), aside, "lobby"),
        ("current viewer is a bot", current(edit(good, meta__viewer=1)), aside, "lobby"),
        ("current notes a list", current(edit(good, meta__notes=[1])), aside, "lobby"),
        ("current option of the wrong type", current(edit(good, options__start=1)), aside, "lobby"),
        ("current 11 seats", current(edit(good, seats=11)), aside, "lobby"),
        ("current truncated", current(good[: len(good) // 2]), aside, "lobby"),
        ("current names missing", {CURRENT: "gone"}, "boot.current_missing", "lobby"),
        ("current key holds 100000 [", {CURRENT: DEEP}, "boot.current_missing", "lobby"),
    ] + ([
        # the tests' toy game is known to the engine but has no screen
        ("current game without a screen", current(save_text("toy", 2, 2, kinds=("human",))), "table.no_screen",
         "lobby"),
    ] if "toy" in engine.GAMES else []) + [
        # damaged entries beside the good ones: listed, kept, counted
        ("entry 100000 nested [", {PREFIX + "deep": DEEP}, damaged, "lobby"),
        ("entry empty", {PREFIX + "empty": ""}, damaged, "lobby"),
        ("entry binary junk", {PREFIX + "junk": "\x00\xff\ud800 {"}, damaged, "lobby"),
        ("entry null", {PREFIX + "null": "null"}, damaged, "lobby"),
        ("entry too big", {PREFIX + "big": json.dumps({"pad": "x" * 5_100_000})}, damaged, "lobby"),
        ("entry players without name", {PREFIX + "noname": drop(good, "meta__players__0__name")}, damaged, "lobby"),
        ("entry created infinite", {PREFIX + "inf": good.replace('"created":1600000000000', '"created":-Infinity')},
         damaged, "lobby"),
        ("entry id with html", {PREFIX + '<img src=x onerror="alert(1)">': "{"}, damaged, "lobby"),
        ("entry with an empty id", {PREFIX: "[]"}, damaged, "lobby"),
        ("good game resumes beside damage", {**current(good), PREFIX + "deep": DEEP}, None, "table"),
    ]


def import_cases():
    """(name, file text, expected SaveError key): every one refused with a message."""
    good = save_text("carcassonne", 2, 4, seed=9)
    return [
        ("updated NaN", good.replace('"updated":1600000100000', '"updated":NaN'), "not_finite"),
        ("kutschfahrt to 1.0", kutschfahrt_to(), "replay_failed"),
        ("seed 1e999", good.replace('"seed":9', '"seed":1e999'), "not_finite"),
        ("game id a list", edit(good, game=["carcassonne"]), "unknown_game"),
        ("100000 nested [", DEEP, "too_deep"),
        ("not json", "hello", "not_json"),
        ("another format", json.dumps({"format": "something else"}), "not_a_save"),
        ("version 99", edit(good, version=99), "version"),
        ("players without name", drop(good, "meta__players__0__name"), "bad_players"),
        ("action with an extra key", edit(good, actions__0__1={**json.loads(good)["actions"][0][1], "x": 1}),
         "replay_failed"),
        ("seat true", edit(good, actions__0__0=True), "bad_action"),
        ("empty file", "", "not_json"),
        ("seed 10**30", edit(good, seed=10**30), "bad_seed"),
        ("a bot of an unknown level", edit(good, meta__players__1__level="godlike"), "bad_players"),
        ("too big", json.dumps({"pad": "x" * 5_100_000}), "too_big"),
    ]
