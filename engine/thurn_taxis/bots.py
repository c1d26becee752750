"""Thurn und Taxis bots.  They read only the view and the legal actions.

- greedy: scores as soon as it may, in the placement with the most houses;
  otherwise plain choices (extend the route with a city it has not built
  in, draw an open card that fits, drop cards it cannot use).
- strong: see `strong.py` (a planner over the view, no look at hidden cards).
- expert: see `expert.py` (the strong policy played out in sampled futures).
"""

from __future__ import annotations

from .board import load_map

LEVELS = ["random", "greedy", "strong", "expert"]


class Ctx:
    """What a bot needs from the view, in board indices."""

    def __init__(self, view):
        self.view = view
        self.b = b = load_map(view["map"])
        self.seat = view["seat"]
        me = view["players"][self.seat]
        self.me = me
        self.hand = [b.index[c["city"]] for c in view["hand"]]
        self.hand_h = [c["h"] for c in view["hand"]]
        self.route = [b.index[c["city"]] for c in me["route"]]
        self.built = {b.index[c] for c in me["houses"]}
        self.houses_left = me["houses_left"]
        self.display = [None if c is None else b.index[c["city"]] for c in view["display"]]
        self.horses = view["horses"]

    def ends(self):
        if not self.route:
            return []
        return [self.route[0], self.route[-1]]

    def fits(self, city, route=None):
        route = self.route if route is None else route
        if not route:
            return True
        if city in route:
            return False
        b = self.b
        return city in b.adj[route[-1]] or city in b.adj[route[0]]


def _value_city(ctx, city):
    """How much a city is worth to add to the route (simple)."""
    v = 1.0
    if city not in ctx.built:
        v += 2.0
    v += 0.1 * len(ctx.b.adj[city])
    return v


def greedy(view, legal, rng):
    ctx = Ctx(view)
    b = ctx.b
    phase = view["phase"]
    types = {a["type"] for a in legal}
    if phase == "discard":
        def keep(a):
            c = b.index[a["city"]]
            return (c not in ctx.built) * 2 + 0.1 * len(b.adj[c]) + (a.get("h") or 0) * 0.01
        return min(legal, key=keep)
    if phase == "more":
        scores = [a for a in legal if a["type"] == "score"]
        if scores:
            return max(scores, key=lambda a: (len(a["cities"]), bool(a.get("wagner"))))
        plays = [a for a in legal if a["type"] == "play"]
        if plays:
            return max(plays, key=lambda a: _value_city(ctx, b.index[a["city"]]))
        horses = [a for a in legal if a["type"] == "horse"]
        if horses and ctx.horses and ctx.me.get("horse_power", 0) < len(ctx.route) + 1:
            return max(horses, key=lambda a: a["h"])
        return {"type": "pass"}
    second_draw = phase == "play" and ("deck" in types or "take" in types)  # the Postmeister
    if second_draw:
        fitting_hand = ctx.route and any(ctx.fits(c) for c in ctx.hand)
        if not fitting_hand and ctx.route and any(
                c is not None and ctx.fits(c) for c in ctx.display):
            return _greedy_draw(ctx, legal)
        legal = [a for a in legal if a["type"] not in ("take", "deck")]
    if phase == "draw":
        return _greedy_draw(ctx, legal)
    # play step
    plays = [a for a in legal if a["type"] == "play"]
    if ctx.horses:
        need = len(ctx.route) + 1
        horses = [a for a in legal if a["type"] == "horse"]
        if horses and ctx.me.get("horse_power", 0) < need and ctx.route:
            fitting = [a for a in plays if ctx.route]
            if not fitting or ctx.me.get("horse_power", 0) < len(ctx.route):
                return max(horses, key=lambda a: a["h"])
    if plays and (ctx.route or not any(a["type"] == "abandon" for a in legal)):
        def value(a):
            c = b.index[a["city"]]
            after = ctx.route + [c]
            onward = sum(1 for h in ctx.hand if h != c and ctx.fits(h, after))
            return _value_city(ctx, c) + 0.5 * onward - 0.01 * (a.get("h") or 0)
        return max(plays, key=value)
    if {"type": "abandon"} in legal:
        return {"type": "abandon"}
    return legal[0]


def _greedy_draw(ctx, legal):
    """The open card that fits the route (or a hand card) best, else the deck."""
    b = ctx.b
    best, score = None, 0.0
    for a in legal:
        if a["type"] != "take":
            continue
        c = ctx.display[a["slot"]]
        s = 0.0
        if ctx.route and ctx.fits(c):
            s = 3 + _value_city(ctx, c)
        elif any(c in b.adj[h] for h in ctx.hand):
            s = 1 + 0.5 * (c not in ctx.built)
        if s > score:
            best, score = a, s
    if best is not None:
        return best
    if {"type": "deck"} in legal:
        return {"type": "deck"}
    return legal[0]


def think(view, legal, level, rng, budget_ms, stop=None):
    if level == "greedy":
        return greedy(view, legal, rng)
    if level == "expert":
        from .expert import expert
        return expert(view, legal, rng, budget_ms, stop)
    from .strong import think_strong
    return think_strong(view, legal, rng, budget_ms)
