"""A whole Carcassonne state rebuilt from one seat's view (for search).

Everything on the table is public here: tiles, followers, wheel, scores and
the multiset of tiles still in the bag.  The only hidden part is the ORDER in
which the bag will be drawn, and that lives in the state's random generator.
So `sample_state(view, rng)` rebuilds the public position and seeds the new
state's generator from `rng`: each seed is one possible future draw order.

The sample is a position to search from, not a save: its action log holds
only as many placeholder entries as the real game has moves (so its views
match the real ones), and it does not replay.
"""

from __future__ import annotations

from engine.rng import Rng

from .core import Game
from .state import CarcassonneState
from .tiles import KIND_OF


def rebuild(view, log: bool = False) -> Game:
    """A `core.Game` equal to the public position in `view` (bag unordered)."""
    opts = view["options"]
    g = Game(view["seats"], opts, log=log)
    skip = len(g.placed)  # the classic start tile is already there
    for t in view["tiles"][skip:]:
        g.add_tile(t["id"], t["x"], t["y"], t["rot"])
    for f in view["followers"]:
        fid, seat = f["id"], f["seat"]
        if f["role"] == "crown":
            g.followers[fid] = [seat, -1, -1, f["crown"], -1, -1]
            g.crowns[f["crown"]] = fid
        elif "tile" in f:
            kind = KIND_OF[view["tiles"][f["tile"]]["id"]][f["feature"]]
            node = g.node_of(f["tile"], f["feature"])
            g.followers[fid] = [seat, kind, node, -1, f["tile"], f["feature"]]
            g.fols[g.find(node)] = g.fols[g.find(node)] + [fid]
        else:  # on the wheel's own land (not reachable in play, kept for safety)
            node = g.wheel_nodes[f["wheel_feature"]]
            g.followers[fid] = [seat, g.kind[node], node, -1, -1, -1]
            g.fols[g.find(node)] = g.fols[g.find(node)] + [fid]
        g.supply[seat] -= 1
    # every follower ever placed was logged once: the next id follows them
    placed = sum(1 for e in view["log"] if e["k"] in ("follower", "crown_place"))
    g.next_fid = max([placed] + [f["id"] + 1 for f in view["followers"]])
    g.scores = list(view["scores"])
    g.breakdown = [dict(b) for b in view["breakdown"]]
    if view.get("wheel"):
        g.pig = view["wheel"]["pig"]
    g.bag = [t for t, n in sorted(view["remaining"].items()) for _ in range(n)]
    g.discarded = list(view.get("discarded", []))
    g.drawn = view["drawn"]
    g.phase = view["phase"]
    g.current = view["active"] if view["active"] is not None else 0
    g.last = view["last"]
    g.turn = view["log"][-1].get("turn", 0) if view["log"] else 0
    g.placements = g.legal_placements(g.drawn) if g.drawn and g.phase == "place" else []
    if g.phase == "pest":
        # the seats still to choose: from the one asked now round to the active seat
        s = view["prompt"]["seat"]
        q = []
        while True:
            q.append(s)
            s = (s + 1) % g.seats
            if s == g.current:
                break
        g.pest_queue = q
    return g


def sample_state(view: dict, rng) -> CarcassonneState:
    """A full state that `view`'s seat cannot tell from the real one; its
    future draw order is one sample, seeded from `rng`."""
    state = CarcassonneState(view["seats"], view["options"], rng.below(1 << 62))
    state.g = rebuild(view, log=True)
    state.turn = state.g.turn
    # the log as each seat saw it: entries marked private were that seat's own
    state.events = [(frozenset([view["seat"]]), {k: v for k, v in e.items() if k != "private"})
                    if e.get("private") else (None, dict(e)) for e in view["log"]]
    state.actions = [[None, None] for _ in range(view["moves"])]
    state.undoable = [False] * view["moves"]
    state.rng = Rng(state.seed)
    return state
