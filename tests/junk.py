"""Junk for the engine: actions that look like legal ones but are not equal
as JSON, odd seats, and damaged saves.  Used by the reliability tests and by
bench/reliability.py (which prints the counts for BENCHMARKS.md)."""

from __future__ import annotations

import json

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
