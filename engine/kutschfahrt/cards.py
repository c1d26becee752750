"""Card data (cards.json) and small pure helpers about objects and occupations."""

from __future__ import annotations

import json
import os

_HERE = os.path.dirname(os.path.abspath(__file__))

with open(os.path.join(_HERE, "cards.json"), encoding="utf-8") as _f:
    DATA = json.load(_f)

OBJECTS = {o["id"]: o for o in DATA["objects"]}
OBJECT_IDS = [o["id"] for o in DATA["objects"]]
OCCUPATIONS = {o["id"]: o for o in DATA["occupations"]}
OCCUPATION_IDS = [o["id"] for o in DATA["occupations"]]
ASSOCIATIONS = DATA["associations"]
SETUP = {int(k): v for k, v in DATA["setup"].items()}
BAGS = [o["id"] for o in DATA["objects"] if o.get("bag")]
TRADE_EFFECTS = {o["id"]: o["trade_effect"] for o in DATA["objects"] if o.get("trade_effect")}
MUST_ACCEPT = {o["id"] for o in DATA["objects"] if o.get("must_accept")}
GOAL = {a: v["goal"] for a, v in ASSOCIATIONS.items()}          # association -> key/goblet
GOAL_BAG = {a: v["bag"] for a, v in ASSOCIATIONS.items()}        # association -> its bag
OTHER = {"order": "brotherhood", "brotherhood": "order"}


def other_assoc(a: str) -> str:
    return OTHER[a]


def object_pool(seats: int, kinds: set[str]) -> list[str]:
    """The objects in play: the chosen kinds, minus the ones the cards exclude."""
    pool = []
    for o in DATA["objects"]:
        if o["id"] not in kinds:
            continue
        if seats < o.get("min_seats", 0) or seats > o.get("max_seats", 99):
            continue
        pool.extend([o["id"]] * o["count"])
    return pool


def goal_count(hand, assoc: str, bags_are_goals: bool) -> int:
    """How many of `assoc`'s goal items are in `hand` (a bag once the pile is empty)."""
    n = sum(1 for k in hand if k == GOAL[assoc])
    if bags_are_goals:
        n += sum(1 for k in hand if k == GOAL_BAG[assoc])
    return n


def any_goal_count(hand, bags_are_goals: bool) -> int:
    """Keys and goblets of either kind (the Coat of Armor of the Loge)."""
    n = sum(1 for k in hand if k in ("key", "goblet"))
    if bags_are_goals:
        n += sum(1 for k in hand if k in BAGS)
    return n


def demand_names(kinds) -> list[str]:
    """Names a Diplomat may demand: object kinds, both bags called 'bag'."""
    names = []
    for k in OBJECT_IDS:
        if k not in kinds:
            continue
        name = "bag" if k in BAGS else k
        if name not in names:
            names.append(name)
    return names


def matches_demand(kind: str, name: str, bags_are_goals: bool) -> bool:
    """Does object `kind` answer a Diplomat demand for `name`?"""
    if kind in BAGS:
        if bags_are_goals:
            return name == OBJECTS[kind]["bag"]  # a converted bag is called key/goblet
        return name == "bag"
    return kind == name
