"""The strong Thurn und Taxis bot: a heuristic planner over the view.

No search over hidden cards: it reads only what the seat may know (own hand,
the open cards, routes, houses, carriages, the bonus stacks and the cards
opponents took openly) and plans:

- a route towards the next carriage: it scores when the route reaches the
  next carriage (or two less, with the Wagner still free this turn), or when
  the route cannot be extended from hand and the open cards, or when an
  opponent is close to ending the game;
- the longest chain of hand cards from either end of the route (a small
  depth-first search) decides which card to play and which cards to keep;
- draws value each open card by how much it lengthens that chain and by the
  houses and bonus tiles it brings nearer; the deck is worth the average of
  the cards not yet seen;
- placements are valued by houses, bonus tiles won now (read off the stacks),
  progress towards region and 'all countries' tiles, and the race with the
  opponents' houses in the same regions.

All of it is a few thousand small steps per decision (a few ms in CPython,
rarely 30-40 ms on a loaded machine); `think_strong` is a generator that
yields once after reading the view, so the browser may slice it.  The budget
does not change the decision (there is no search to scale).
"""

from __future__ import annotations

from itertools import combinations

from .bots import Ctx, greedy
from .scoring import CARRIAGE_POINTS


def _chains(b, route, hand):
    """Longest extension of `route` by distinct hand cities: (length, first
    (city, end) step, cities used).  Ends: 'tail' is route[-1], 'head' route[0]."""
    cities = sorted(set(hand))
    if not route:
        best = (0, None, ())
        for c in cities:
            n, _, used = _chains(b, [c], [x for x in cities if x != c])
            if n + 1 > best[0]:
                best = (n + 1, (c, "tail"), (c,) + used)
        return best
    best = [0, None, ()]
    in_route = set(route)

    def dfs(head, tail, used, first, path):
        if len(path) > best[0]:
            best[0], best[1], best[2] = len(path), first, tuple(path)
        if len(path) >= 7:
            return
        for c in cities:
            if c in used or c in in_route:
                continue
            for end, at in (("tail", tail), ("head", head)):
                if c in b.adj[at]:
                    used.add(c)
                    path.append(c)
                    if end == "tail":
                        dfs(head, c, used, first or (c, end), path)
                    else:
                        dfs(c, tail, used, first or (c, end), path)
                    path.pop()
                    used.discard(c)

    dfs(route[0], route[-1], set(), None, [])
    return best[0], best[1], best[2]


class Plan:
    def __init__(self, view):
        self.ctx = ctx = Ctx(view)
        self.view = view
        self.b = ctx.b
        self.seat = ctx.seat
        self.me = ctx.me
        self.players = view["players"]
        self.stacks = view["stacks"]
        self.ts = view["turn_state"]
        self.held = {t["tile"] for t in self.me.get("bonus", [])}
        self.carriage = self.me["carriage"] or 2
        self.nxt = self.carriage + 1 if self.carriage < 7 else None
        self.horses = view["horses"]
        self.opp_built = [{self.b.index[c] for c in p["houses"]}
                          for s, p in enumerate(self.players) if s != self.seat]
        self.end_near = self._end_near()
        self._base = None  # the longest chain from the own hand (card_gain reuses it)

    def _end_near(self):
        if self.view["end_triggered_by"] is not None:
            return True
        for s, p in enumerate(self.players):
            if s == self.seat:
                continue
            if p["houses_left"] <= 4:
                return True
            if not self.horses and (p["carriage"] or 0) >= 6 and len(p["route"]) >= 3:
                return True
        return self.me["houses_left"] <= 3

    # ---------------------------------------------------------- values
    def city_value(self, c):
        """How much a house in city c is worth beyond the house itself."""
        b = self.b
        if c in self.ctx.built:
            return 0.0
        v = 1.0
        for rid, cities, _ in b.regions:
            key = "region:" + rid
            if c in cities and key not in self.held and self.stacks.get(key):
                have = sum(1 for x in cities if x in self.ctx.built)
                top = self.stacks[key][0]
                share = (have + 1) / len(cities)
                race = max((sum(1 for x in cities if x in ob) for ob in self.opp_built), default=0)
                v += top * share * share * (0.9 if race < len(cities) - 1 else 0.5)
        if "all" not in self.held and self.stacks.get("all"):
            have = {b.country[x] for x in self.ctx.built}
            if b.country[c] not in have and b.country[c] != "free":
                need = b.required_countries(self.view["options"]["all_countries"])
                if b.country[c] in need:
                    v += self.stacks["all"][0] * (len(have) + 1) / len(need) * 0.5
        if b.free[c] and self.stacks.get("free:" + b.cities[c]):
            v += 1.0
        return v

    def placement_value(self, cities, route_len, wagner):
        b = self.b
        built = set(self.ctx.built)
        gain = 0.0
        for c in cities:
            gain += 1.0 + 0.25 * self.city_value(c)
            built.add(c)
        # tiles won right now
        for rid, rc, _ in b.regions:
            key = "region:" + rid
            if key not in self.held and self.stacks.get(key) and all(x in built for x in rc):
                gain += self.stacks[key][0]
        if "all" not in self.held and self.stacks.get("all"):
            have = {b.country[x] for x in built}
            need = b.required_countries(self.view["options"]["all_countries"])
            if all(k in have for k in need):
                gain += self.stacks["all"][0]
        n = min(route_len, b.max_length)
        while n >= b.min_length:
            if self.stacks.get(f"len{n}"):
                gain += self.stacks[f"len{n}"][0]
                break
            n -= 1
        if not self.horses and self.nxt and route_len + (2 if wagner else 0) >= self.nxt:
            gain += CARRIAGE_POINTS[self.nxt] - CARRIAGE_POINTS.get(self.carriage, 0)
            gain += 1.5  # the step to the next carriage is worth more than its points
        return gain

    def card_gain(self, c, hand=None):
        """How much having card c in hand improves the plan."""
        route = self.ctx.route
        b = self.b
        if hand is None:
            hand = self.ctx.hand
            if self._base is None:
                self._base = _chains(b, route, hand)[0]
            base = self._base
        else:
            base, _, _ = _chains(b, route, hand)
        with_c, _, used = _chains(b, route, hand + [c])
        v = 0.0
        if with_c > base:
            v += 3.0 * (with_c - base) + 0.5 * self.city_value(c)
        elif c not in route:
            # a card for a later route: its links with the rest of the hand
            links = sum(1 for h in hand if c in b.adj[h])
            v += 0.4 * links + 0.2 * self.city_value(c)
        if c in hand:
            v *= 0.3
        return v

    def unseen(self):
        """Cities of cards not seen anywhere by this seat, with counts."""
        b = self.b
        count = [b.copies] * b.n
        for c in self.ctx.hand:
            count[c] -= 1
        for c in self.ctx.display:
            if c is not None:
                count[c] -= 1
        for p in self.players:
            for card in p["route"]:
                count[b.index[card["city"]]] -= 1
            for c in p.get("taken_open", []) if p is not self.me else []:
                count[b.index[c]] -= 1
        return [max(0, x) for x in count]

    def deck_gain(self):
        unseen = self.unseen()
        total = sum(unseen)
        if not total:
            return 0.0
        return sum(n * self.card_gain(c) for c, n in enumerate(unseen) if n) / total

    def target(self, wagner_free):
        """The route length worth scoring at."""
        if self.horses:
            return 5
        if self.nxt is None:
            return 5
        t = self.nxt - (2 if wagner_free else 0)
        return max(3, t)


def _choose_score(plan, legal):
    scores = [a for a in legal if a["type"] == "score"]
    b = plan.b
    n = len(plan.ctx.route)
    return max(scores, key=lambda a: plan.placement_value(
        [b.index[c] for c in a["cities"]], n, bool(a.get("wagner"))))


def _should_score(plan, legal):
    scores = [a for a in legal if a["type"] == "score"]
    if not scores:
        return False
    ctx = plan.ctx
    b = plan.b
    n = len(ctx.route)
    best = _choose_score(plan, legal)
    value = plan.placement_value([b.index[c] for c in best["cities"]], n, bool(best.get("wagner")))
    if plan.end_near:
        return True
    wagner_now = any(a.get("wagner") for a in scores)
    if not plan.horses and plan.nxt and n + (2 if wagner_now else 0) >= plan.nxt:
        # reaching the next carriage: score, unless a longer route is in hand
        more, _, _ = _chains(b, ctx.route, ctx.hand)
        if plan.nxt == 7 or more == 0 or n >= 7:
            return True
        return n + more <= n + 1 and value > 3
    more, _, _ = _chains(b, ctx.route, ctx.hand)
    if plan.horses:
        power = plan.me.get("horse_power", 2)
        if more == 0 or n + 1 > power + 3 or n >= 7:
            return True
        return n >= 5 and n + 1 > power
    target = plan.target(True)
    if n >= target:
        return True
    if more == 0:
        # nothing in hand extends it: is an open card likely to?
        fits = sum(1 for c in ctx.display if c is not None and ctx.fits(c))
        if fits >= 2 and n + 1 >= target - 0 and value < 4:
            return False
        return True
    # cards in hand reach further: wait if that reaches the target
    return n + more < target and value >= 5


def _best_draw(plan, ctx, legal, types):
    """The open card that lengthens the planned chain most, or the deck (or
    first the Amtmann, when nothing on offer helps)."""
    best, best_v = None, -1.0
    for a in legal:
        if a["type"] == "take":
            v = plan.card_gain(ctx.display[a["slot"]])
            if v > best_v:
                best, best_v = a, v
    deck_v = plan.deck_gain() if "deck" in types else -1.0
    if "amtmann" in types and best_v < 0.5 and deck_v < 1.0 and ctx.hand:
        return {"type": "amtmann"}
    if deck_v > best_v or best is None:
        return {"type": "deck"} if "deck" in types else legal[0]
    return best


def strong(view, legal, rng, budget_ms):
    phase = view["phase"]
    plan = Plan(view)
    ctx = plan.ctx
    b = plan.b
    types = {a["type"] for a in legal}

    if phase == "discard":
        hand = list(ctx.hand)
        keep_n = len(hand) - view["prompt"]["n"]
        best, best_v = None, None
        for keep in combinations(range(len(hand)), keep_n):
            kept = [hand[i] for i in keep]
            length, _, used = _chains(b, [], kept)
            v = length * 2 + sum(0.3 * plan.city_value(c) for c in set(kept))
            v -= 0.5 * (len(kept) - len(set(kept)))
            if best_v is None or v > best_v:
                best, best_v = kept, v
        drop = list(hand)
        for c in best:
            drop.remove(c)
        want = b.cities[drop[0]]
        for a in legal:
            if a["city"] == want:
                return a
        return legal[0]

    if phase == "more":
        if _should_score(plan, legal):
            return _choose_score(plan, legal)
        plays = [a for a in legal if a["type"] == "play"]
        if plays:
            _, first, _ = _chains(b, ctx.route, ctx.hand)
            if first:
                for a in plays:
                    if a["city"] == b.cities[first[0]] and a["end"] == first[1]:
                        # a second card now spends the official: keep the Wagner
                        # when it would win the next carriage next turn
                        return a
        if plan.horses:
            return greedy(view, legal, rng)
        return {"type": "pass"}

    if phase == "draw":
        return _best_draw(plan, ctx, legal, types)

    # play step
    if plan.horses:
        return greedy(view, legal, rng)
    length, first, used = _chains(b, ctx.route, ctx.hand)
    if "deck" in types or "take" in types:
        # a second card (the Postmeister) when the hand holds at most one card
        # for the route and no Wagner finish is in sight this turn
        open_gain = max([plan.card_gain(c) for c in ctx.display if c is not None] or [0])
        near = plan.nxt and len(ctx.route) + min(length, 1) >= plan.nxt - 2
        if length <= 1 and open_gain >= 2.5 and not near:
            return _best_draw(plan, ctx, legal, types)
    if first:
        for a in legal:
            if a["type"] == "play" and a["city"] == b.cities[first[0]] and a["end"] == first[1]:
                return a
    if ctx.route and "abandon" in types:
        return {"type": "abandon"}
    # start a new route: the card that begins the longest chain
    if not ctx.route:
        _, first, _ = _chains(b, [], ctx.hand)
        if first:
            for a in legal:
                if a["type"] == "play" and a["city"] == b.cities[first[0]]:
                    return a
    return greedy(view, legal, rng)


def think_strong(view, legal, rng, budget_ms):
    """The strong decision as a generator (the browser runs it in slices)."""
    yield
    return strong(view, legal, rng, budget_ms)
