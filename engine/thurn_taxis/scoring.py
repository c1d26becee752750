"""Scoring a route: where houses may go, which bonus tiles and carriage follow."""

from __future__ import annotations

from itertools import combinations, product

from .board import FREE

CARRIAGE_POINTS = {3: 2, 4: 3, 5: 5, 6: 7, 7: 10}
MIN_ROUTE = 3  # cards a route needs before it may score


def fitting_ends(board, route, city):
    """The ends ("head", "tail") of `route` (city indices, in order) where
    `city` may be added: a road to that end, and not a city already in it.
    The first card goes to the tail."""
    if not route:
        return ["tail"]
    if city in route:
        return []
    ends = []
    if city in board.adj[route[-1]]:
        ends.append("tail")
    if len(route) > 1 and city in board.adj[route[0]]:
        ends.append("head")
    return ends


def placements(board, route, built, houses_left, free_with_country=False, fewer=False):
    """Every allowed set of cities (sorted tuples of indices) for one scoring.

    Either one city in each country on the route, or every route city of one
    country; never a city where the player already has a house.  The free
    imperial cities (north) form no country: at most one of them per route,
    counted like one extra 'country' in the first way (and in the second way
    only with the option `free_with_country`).  With fewer houses than the
    placement needs, any `houses_left` of its cities.  With `fewer`, also
    any smaller non-empty part of an allowed placement.
    """
    groups: dict = {}
    for c in route:
        if c in built:
            continue
        groups.setdefault(board.country[c], []).append(c)
    if not groups or houses_left <= 0:
        return [()]
    found = set()
    # one city in each country (the free cities counting as one group)
    for pick in product(*groups.values()):
        found.add(tuple(sorted(pick)))
    # every route city of one country
    free = groups.get(FREE, [])
    for key, cities in groups.items():
        if key == FREE:
            continue
        found.add(tuple(sorted(cities)))
        if free_with_country:
            for f in free:
                found.add(tuple(sorted(cities + [f])))
    if fewer:
        for p in list(found):
            for k in range(1, len(p)):
                found.update(combinations(p, k))
    if houses_left is not None:
        cut = set()
        for p in found:
            if len(p) <= houses_left:
                cut.add(p)
            else:
                cut.update(combinations(p, houses_left))
        found = cut
    # largest first: the table shows the richest choice on top
    result = sorted(found, key=lambda p: (-len(p), p))
    return result


def completed_regions(board, built):
    """Ids of the regions whose every city holds one of this player's houses."""
    return [rid for rid, cities, _ in board.regions if all(c in built for c in cities)]


def has_all_countries(board, built, rule):
    have = {board.country[c] for c in built}
    return all(k in have for k in board.required_countries(rule))


def length_stack(board, stacks, length):
    """The stack a route of `length` cards takes from (next lower when empty)."""
    n = min(length, board.max_length)
    while n >= board.min_length:
        if stacks.get(f"len{n}"):
            return f"len{n}"
        n -= 1
    return None


def next_carriage(carriages):
    top = max(carriages) if carriages else 2
    return top + 1 if top < 7 else None


def initial_stacks(board) -> dict:
    """The bonus tile stacks at the start: key -> values, top first."""
    stacks = {}
    for rid, _, values in board.regions:
        stacks["region:" + rid] = list(values)
    stacks["all"] = list(board.all_values)
    for length, values in board.length.items():
        stacks[f"len{length}"] = list(values)
    stacks["end"] = list(board.end_values)
    for c in board.free_cities:
        stacks["free:" + board.cities[c]] = [board.free_value]
    return stacks


def tiles_won(board, stacks, held, built_before, cities, route_len, all_rule) -> list:
    """The stacks one scoring takes a tile from (the end tile aside): regions
    now complete, all countries, free cities newly built, the route's length.
    `held`: the stack keys the player already has a tile of."""
    built = set(built_before) | set(cities)
    keys = []
    for rid in completed_regions(board, built):
        key = "region:" + rid
        if key not in held and stacks[key]:
            keys.append(key)
    if "all" not in held and stacks["all"] and has_all_countries(board, built, all_rule):
        keys.append("all")
    for c in cities:
        key = "free:" + board.cities[c]
        if board.free[c] and c not in built_before and stacks.get(key):
            keys.append(key)
    if route_len >= board.min_length:
        key = length_stack(board, stacks, route_len)
        if key:
            keys.append(key)
    return keys
