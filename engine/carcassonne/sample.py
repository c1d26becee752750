"""The Carcassonne board rebuilt from a view, and sample_state(view, rng).

Every seat sees the same table: the only hidden information is which tile
comes next, and that is the state's random future (the bag is an unordered
multiset drawn with the state's Rng).  So a sample is the public position
with a fresh Rng; `game_from_view` is the same rebuild for bots that search
on a bare `core.Game`.
"""

from __future__ import annotations

from engine.sampling import adopt_history

from .core import Game
from .state import CarcassonneState
from .tiles import KIND_OF


def game_from_view(view, log=False) -> Game:
    """A `core.Game` equal to the public position in `view`."""
    g = Game(view["seats"], view["options"], log=log)
    skip = len(g.placed)  # the classic start tile is already there
    for t in view["tiles"][skip:]:
        g.add_tile(t["id"], t["x"], t["y"], t["rot"])
    for f in view["followers"]:
        fid, seat = f["id"], f["seat"]
        if f["role"] == "crown":
            g.followers[fid] = [seat, -1, -1, f["crown"], -1, -1]
            g.crowns[f["crown"]] = fid
        else:
            if "tile" in f:
                node = g.node_of(f["tile"], f["feature"])
                kind = KIND_OF[view["tiles"][f["tile"]]["id"]][f["feature"]]
                where = [f["tile"], f["feature"]]
            else:  # on the wheel's own land
                node = g.wheel_nodes[f["wheel_feature"]]
                kind, where = g.kind[node], [-1, -1]
            g.followers[fid] = [seat, kind, node, -1] + where
            root = g.find(node)
            g.fols[root] = g.fols[root] + [fid]
        g.supply[seat] -= 1
    g.next_fid = view["next_follower"]
    g.scores = list(view["scores"])
    g.breakdown = [dict(b) for b in view["breakdown"]]
    if view.get("wheel"):
        g.pig = view["wheel"]["pig"]
    g.bag = [t for t, n in sorted(view["remaining"].items()) for _ in range(n)]
    g.discarded = list(view["discarded"])
    g.drawn = view["drawn"]
    g.phase = view["phase"]
    g.turn = view["turn"]
    g.current = view["active"] if view["active"] is not None else view["current"]
    g.last = view["last"]
    # a tile in hand keeps its placements while the plague is asked too (it is placed after)
    g.placements = g.legal_placements(g.drawn) if g.drawn else []
    g.pest_queue = list(view["pest_queue"])
    g.final = None if view["final"] is None else [dict(f) for f in view["final"]]
    return g


def sample_state(view, rng) -> CarcassonneState:
    state = CarcassonneState.__new__(CarcassonneState)
    adopt_history(state, view, rng)
    state.g = game_from_view(view, log=True)
    state.turn = state.g.turn
    return state
