"""Junk for the engine: actions that look like legal ones but are not equal
as JSON, odd seats, and damaged saves.  Used by the reliability tests and by
bench/reliability.py (which prints the counts for BENCHMARKS.md)."""

from __future__ import annotations

import json
from collections import OrderedDict

from engine import GAMES, IllegalAction, SaveError, load, new_game
from engine.rng import Rng

HUGE = 10**400
NOT_JSON = (float("nan"), float("inf"), -float("inf"), b"1", {1, 2}, object())


def deep(levels=100_000):
    value = []
    for _ in range(levels):
        value = [value]
    return value


DEEP, NESTED = deep(), deep(1000)


def looped():
    value = {"type": "x"}
    value["self"] = value
    return value


def _wrong_types(value):
    """Values that Python may call equal to `value` but JSON does not."""
    kind = type(value)
    if kind is bool:
        return [int(value), float(value), str(value).lower(), [value], None]
    if kind is int:
        out = [float(value), str(value), [value], None, value + 2**64, HUGE]
        if value in (0, 1):
            out.append(bool(value))
        return out
    if kind is float:
        return [int(value), str(value)]
    if kind is str:
        return [[value], value.encode(), value + " ", None, {"k": value}]
    if kind is list:
        out = [tuple(value) + ("x",), value + [None], value[:-1] if value else [None], {"0": value}]
        for i, item in enumerate(value):
            for wrong in _wrong_types(item):
                out.append(value[:i] + [wrong] + value[i + 1:])
        return out
    if kind is dict:
        return [[value], json.dumps(value)]
    return [None]


def junk_actions(action):
    """Look-alikes of one legal action (a dict): each differs from it as JSON."""
    out = []
    for key, value in action.items():
        for wrong in _wrong_types(value):
            out.append({**action, key: wrong})
        rest = {k: v for k, v in action.items() if k != key}
        out.append(rest)
        out.append({**rest, key.upper() + "_": value})
    out += [
        {**action, "extra": 1},
        {**action, "type": None},
        [action],
        json.dumps(action),
        {1: action.get("type")},
        {**action, "nested": NESTED},
        {**action, "loop": looped()},
        None, 0, 1, True, "garbage", [], {},
        DEEP, looped(),
    ] + [{**action, "odd": odd} for odd in NOT_JSON] + list(NOT_JSON)
    return out


ODD_SEATS = (True, False, 1.0, 0.0, "0", "1", None, -1, 99, 2**70, [0], (0,))


def damaged_saves(text, replays):
    """Damaged versions of one good save's text: each must raise SaveError.
    `replays(actions)`: an independent check whether a reordered log happens
    to be legal after all (taking from one slot twice can be), to skip it."""
    save = json.loads(text)
    out = []

    def variant(**changes):
        out.append(json.dumps({**save, **changes}))

    for field in ("format", "version", "game", "seats", "seed", "actions", "options"):
        rest = {k: v for k, v in save.items() if k != field}
        if field != "options":
            out.append(json.dumps(rest))  # missing
        for wrong in (None, "x", [], [1], {"a": 1}, -1, 1.5, True, 10**30):
            if (field, wrong) in (("options", None), ("actions", [])):
                continue  # no options means the defaults; no moves is a game at its start
            variant(**{field: wrong})
    variant(game="chess")
    variant(game=[save["game"]])
    variant(version=save["version"] + 1)
    variant(version=float(save["version"]))
    variant(seats=float(save["seats"]))
    variant(seats=save["seats"] + 20)
    variant(seats=0)
    variant(seed=float(save["seed"]))
    variant(seed=2**64)
    variant(options={"nonsense": True})
    for opt, value in save["options"].items():
        variant(options={**save["options"], opt: [value]})
        if isinstance(value, bool):
            variant(options={**save["options"], opt: int(value)})
        elif isinstance(value, str):
            variant(options={**save["options"], opt: value + "?"})
    actions = save["actions"]
    for i in range(0, len(actions), max(1, len(actions) // 6)):
        seat, action = actions[i]
        for odd in (True, 1.0, -1, save["seats"], "0", None):
            variant(actions=actions[:i] + [[odd, action]] + actions[i + 1:])
        for wrong in junk_actions(action)[:12]:
            try:
                variant(actions=actions[:i] + [[seat, wrong]] + actions[i + 1:])
            except (TypeError, ValueError):
                pass  # not JSON-able (a set, an object): cannot be in a file
        variant(actions=actions[:i] + [[seat, action, 1]] + actions[i + 1:])
        variant(actions=actions[:i] + [[seat]] + actions[i + 1:])
        variant(actions=actions[:i] + [{"seat": seat, "action": action}] + actions[i + 1:])
        reordered = [actions[:i] + [actions[i], actions[i]] + actions[i + 1:]]
        if i + 1 < len(actions):
            reordered.append(actions[:i] + [actions[i + 1], actions[i]] + actions[i + 2:])
        for log in reordered:
            if not replays(log):
                variant(actions=log)
    # the text itself
    for cut in (1, 2, len(text) // 3, len(text) // 2, len(text) - 1):
        out.append(text[:cut])
    out += [
        "", " ", "null", "true", "1", '"save"', "[]", "{}", "[" * 100_000, "{" * 1000,
        '{"a":' * 100_000, text.replace(f'"seed":{save["seed"]}', '"seed":1e999'),
        text.replace(f'"seed":{save["seed"]}', '"seed":NaN'),
        text.replace(f'"seed":{save["seed"]}', '"seed":Infinity'),
        text.replace(f'"seed":{save["seed"]}', '"seed":-Infinity'),
        text.replace(f'"seed":{save["seed"]}', '"seed":' + "9" * 5000),
        text.replace(f'"seats":{save["seats"]}', '"seats":' + "1" * 400),
        text + "x", "x" + text, text.replace('"', "'"), text.replace(":", "="),
        json.dumps([save]), json.dumps({"save": save}), json.dumps(text),
        json.dumps({**save, "actions": [[0, deep(200)]]}),
        " " * 5_000_001,
    ]
    out.append(None)
    out.append(text.encode())
    out.append(12)
    return out


# ------------------------------------------------------------- the rounds
def as_json(value):
    """An independent oracle: the JSON text of a value, or None if it has none."""
    try:
        return json.dumps(value, sort_keys=True, allow_nan=False)
    except (TypeError, ValueError, RecursionError):
        return None


def junk_against(state, seat):
    """Junk for the seat's first legal actions, minus any that happens to
    equal a legal action as JSON (removing a key may name another move)."""
    legal = state.legal_actions(seat)
    legal_texts = {as_json(a) for a in legal}
    for action in legal[:3]:
        for junk in junk_actions(action):
            text = as_json(junk)
            if text is not None and text in legal_texts and isinstance(junk, dict):
                continue
            yield junk


def positions(game_id, seats, every, seed):
    """Every `every`-th position of random games, one game after another."""
    while True:
        state = new_game(game_id, seats, None, seed)
        rng = Rng(seed + 7)
        i = 0
        while not state.is_over():
            if i % every == 0:
                yield state
            seat = rng.choice(state.to_act())
            state.apply(seat, rng.choice(state.legal_actions(seat)))
            i += 1
        seed += 1


def junk_round(game_id, target=2000, seed=13):
    """Throw at least `target` junk actions and odd seats at positions of
    random games.  Counts: tried, accepted (must be 0), other exceptions
    (must be 0), positions whose fingerprint changed (must be 0), and
    JSON-equal copies refused (must be 0: the check is not just "refuse all")."""
    seats = GAMES[game_id].min_seats
    out = {"tried": 0, "accepted": 0, "escaped": 0, "changed": 0, "copies_refused": 0, "positions": 0,
           "examples": []}
    for state in positions(game_id, seats, 11, seed):
        if out["tried"] >= target:
            break
        out["positions"] += 1
        before = state.fingerprint()
        seat = state.to_act()[0]
        legal = state.legal_actions(seat)
        idle = [s for s in range(seats) if s not in state.to_act()]
        attempts = [(seat, junk) for junk in junk_against(state, seat)]
        attempts += [(odd, legal[0]) for odd in ODD_SEATS + tuple(idle)]
        for who, junk in attempts:
            out["tried"] += 1
            try:
                state.apply(who, junk)
            except IllegalAction:
                continue
            except Exception as err:  # noqa: BLE001
                out["escaped"] += 1
                out["examples"].append(f"{type(err).__name__}: {as_json(junk) or repr(junk)[:80]}")
                continue
            out["accepted"] += 1
            out["examples"].append(f"accepted: seat {who!r} {as_json(junk) or repr(junk)[:80]}")
            break  # the position moved on: stop here
        if state.fingerprint() != before:
            out["changed"] += 1
            break
        # the same action as JSON (a copy, keys reordered, through a file) is accepted
        clone = state.clone()
        try:
            clone.apply(seat, OrderedDict(reversed(list(json.loads(json.dumps(legal[0])).items()))))
            assert clone.actions[-1] == [seat, legal[0]]
        except (IllegalAction, AssertionError):
            out["copies_refused"] += 1
    return out


def replays_by_the_rules(game_id, seats, seed, options):
    """Is this log legal?  Asked of the rules' legal lists, compared as JSON
    text (not with the protocol's own matching, which is under test)."""
    def replays(actions):
        state = new_game(game_id, seats, options, seed)
        for seat, action in actions:
            if seat not in state.to_act():
                return False
            if as_json(action) not in {as_json(a) for a in state.legal_actions(seat)}:
                return False
            state.apply(seat, action)
        return True
    return replays


def good_save(game_id, moves=30, seed=6):
    state = new_game(game_id, GAMES[game_id].min_seats, seed=seed)
    rng = Rng(seed)
    for _ in range(moves):
        if state.is_over():
            break
        seat = rng.choice(state.to_act())
        state.apply(seat, rng.choice(state.legal_actions(seat)))
    return state.to_json(meta={"names": ["a", "b"]})


def damaged_round(game_id):
    """Load every damaged version of a good save.  Counts: damaged saves
    tried, loaded (must be 0), other exceptions (must be 0); the SaveError
    keys seen; whether the good save itself loads."""
    text = good_save(game_id)
    save = json.loads(text)
    replays = replays_by_the_rules(game_id, save["seats"], save["seed"], save["options"])
    out = {"tried": 0, "loaded": 0, "escaped": 0, "keys": set(), "examples": [],
           "good_loads": load(text).actions == save["actions"] and replays(save["actions"])}
    for damaged in damaged_saves(text, replays):
        out["tried"] += 1
        try:
            load(damaged)
        except SaveError as err:
            out["keys"].add(err.key)
            continue
        except BaseException as err:  # noqa: BLE001
            out["escaped"] += 1
            out["examples"].append(f"{type(err).__name__}: {str(damaged)[:80]!r}")
            continue
        out["loaded"] += 1
        out["examples"].append(f"loaded: {str(damaged)[:200]!r}")
    return out
