"""The maps as data: cities, countries, roads and bonus stacks (maps/*.json)."""

from __future__ import annotations

import json
import os

_HERE = os.path.dirname(os.path.abspath(__file__))
_CACHE: dict = {}

FREE = "free"  # the pseudo-group of the free imperial cities


class Board:
    """A map with indices: city i, its country, its neighbours."""

    def __init__(self, data: dict):
        self.data = data
        self.id = data["id"]
        self.cities = [c["id"] for c in data["cities"]]
        self.index = {c: i for i, c in enumerate(self.cities)}
        self.n = len(self.cities)
        self.country = [c["country"] or FREE for c in data["cities"]]
        self.free = [c["country"] is None for c in data["cities"]]
        self.countries = [c["id"] for c in data["countries"]]
        self.country_cities = {k: [i for i in range(self.n) if self.country[i] == k]
                               for k in self.countries}
        self.free_cities = [i for i in range(self.n) if self.free[i]]
        self.adj = [set() for _ in range(self.n)]
        for a, b in data["roads"]:
            ia, ib = self.index[a], self.index[b]
            self.adj[ia].add(ib)
            self.adj[ib].add(ia)
        bonus = data["bonus"]
        self.regions = [(r["id"], [i for k in r["countries"] for i in self.country_cities[k]],
                         list(r["values"])) for r in bonus["regions"]]
        self.all_values = list(bonus["all_countries"]["values"])
        self.big = bonus["all_countries"]["big"]
        self.length = {int(k): list(v) for k, v in bonus["length"].items()}
        self.max_length = max(self.length)
        self.min_length = min(self.length)
        self.end_values = list(bonus["end"])
        self.free_value = bonus.get("free_city", 1)
        self.horseshoes = list(data.get("horseshoes", [1, 2, 3]))
        self.copies = len(self.horseshoes)

    def __deepcopy__(self, memo):  # a map never changes: clones share it
        return self

    def card_city(self, card: int) -> int:
        return card // self.copies

    def card_horses(self, card: int) -> int:
        return self.horseshoes[card % self.copies]

    def required_countries(self, rule: str) -> list:
        if rule == "except_big":
            return [k for k in self.countries if k != self.big]
        return list(self.countries)


def load_map(map_id: str) -> Board:
    if map_id not in _CACHE:
        with open(os.path.join(_HERE, "maps", f"{map_id}.json"), encoding="utf-8") as f:
            _CACHE[map_id] = Board(json.load(f))
    return _CACHE[map_id]


def map_data(map_id: str) -> dict:
    """The map as drawn: cities (id, name, country, x, y, free), countries
    (id, name, colour), roads, bonus stacks.  The view names the map in
    view["map"]; the table draws it from this (a shared dict: do not change)."""
    return load_map(map_id).data
