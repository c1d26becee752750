"""Bots for De Koetsrit naar Duivelsfort, deciding from one seat's view only.

Beliefs are rebuilt from the view's log at every decision (the bot keeps no
memory between decisions):

* associations: every split of the other seats into allies and enemies that
  fits the player counts is a hypothesis (at most 126); what the seat saw
  (struggle looks, the Monocle) rules hypotheses out; table behaviour
  (supports, attacks, trades, Priest/Doctor/Poison Mixer choices) weighs them
  softly;
* objects: expected counts of every object kind per seat and in the pile,
  moved along with every movement the log shows (exactly when the seat saw
  the object, spread by hand size when it did not) and pinned by sightings;
  beside them a certain lower bound on every hand (`certain_holdings`): only
  that counts as surely held when the odds of a claim are worked out (an
  expectation of 1.0 is not a certainty: counting it as one made 5-6 % of
  the claims at six seats wrong);
* a victory claim is made when the chance that it is right, over the
  hypotheses and the object locations, reaches a threshold that slowly drops
  as the game drags on.

Levels: "random" (engine), "basic" (hard facts only, careful claims, no
attacks to learn), "strong" (the full model).  Thinking is a generator that
yields between its stages; a decision costs a few ms in CPython.
"""

from __future__ import annotations

import math
from collections import Counter
from itertools import combinations

from . import cards as C

LEVELS = ["random", "basic", "strong"]

PARAMS = {
    "basic": {"trust": 0.0, "theta": 0.97, "theta_floor": 0.9, "attack": False},
    "strong": {"trust": 1.0, "theta": 0.9, "theta_floor": 0.72, "attack": True},
}

GOAL_KINDS = ("key", "goblet", "bag_key", "bag_goblet")
SOFT_MARGIN = 0.05  # asked of a claim whose allies are guessed, not seen


# ============================================================ certain holdings
# public entries in which a seat passed on an object: entry kind -> the givers
_UNSEEN_OUT = {
    "accept": lambda e: [e["by"], e["to"]],
    "diplomat_trade": lambda e: [e["seat"], e["to"]],
    "gift": lambda e: [e["from"]],
    "priest_paid": lambda e: [e["from"]],
    "took": lambda e: [e["loser"]],
    "gave_back": lambda e: [e["from"]],
}


def certain_holdings(view) -> list:
    """Per seat, a Counter of object kinds it certainly holds now (a lower
    bound, from this seat's own log); this seat's own hand exactly."""
    n, me = view["seats"], view["seat"]
    cert = [Counter() for _ in range(n)]
    log = view["log"]
    for i, e in enumerate(log):
        k = e["k"]
        if k == "saw_objects" and e["seat"] == me:
            cert[e["who"]] = Counter(e["objs"])
        elif k == "offer_obj" and e["to"] == me:
            cert[e["by"]][e["obj"]] = max(cert[e["by"]][e["obj"]], 1)
        elif k == "play" and e["card"] in C.OBJECTS:
            cert[e["seat"]][e["card"]] = max(cert[e["seat"]][e["card"]], 1)
        elif k in _UNSEEN_OUT:
            private = _private_detail(log, i, me)
            for s in _UNSEEN_OUT[k](e):
                if s == me:
                    continue
                if private is not None and s in private:
                    cert[s][private[s]] = max(0, cert[s][private[s]] - 1)
                else:  # one object left unseen: each kind may have lost one
                    for kind in list(cert[s]):
                        cert[s][kind] = max(0, cert[s][kind] - 1)
            if private is not None:
                for s, kind in private.get("to", {}).items():
                    if s != me:
                        cert[s][kind] += 1
        elif k == "sextant_done":
            for s in range(n):
                if s != me:
                    for kind in list(cert[s]):
                        cert[s][kind] = max(0, cert[s][kind] - 1)
    cert[me] = Counter(view["me"]["objects"])
    return cert


def _private_detail(log, i, me):
    """What this seat saw of the move logged at `i`: {giver: kind, ...,
    "to": {receiver: kind}} or None."""
    e = log[i]
    k = e["k"]
    for f in log[i + 1:i + 4]:
        fk = f["k"]
        if k in ("accept", "diplomat_trade") and fk == "traded":
            a, b = f["offerer"], f["partner"]
            return {a: f["offered"], b: f["returned"], "to": {b: f["offered"], a: f["returned"]}}
        if k == "gift" and fk == "gift_obj":
            return {f["from"]: f["obj"], "to": {f["to"]: f["obj"]}}
        if k == "priest_paid" and fk == "priest_paid_obj":
            return {f["from"]: f["obj"], "to": {f["to"]: f["obj"]}}
        if k == "took" and fk == "took_obj":
            return {f["loser"]: f["obj"], "to": {f["winner"]: f["obj"]}}
        if k == "gave_back" and fk == "gave_back_obj":
            return {f["from"]: f["obj"], "to": {f["to"]: f["obj"]}}
    return None



# ====================================================================== beliefs
class Beliefs:
    def __init__(self, view, trust):
        self.view = view
        self.n = view["seats"]
        self.me = view["seat"]
        me = view["me"]
        self.assoc = me["association"]
        self.enemy = C.other_assoc(self.assoc)
        self.goal = C.GOAL[self.assoc]
        self.goal_bag = C.GOAL_BAG[self.assoc]
        self.enemy_goal = C.GOAL[self.enemy]
        self.enemy_bag = C.GOAL_BAG[self.enemy]
        self.hand = list(me["objects"])
        self.trust = trust
        self.known_assoc = {}     # seat -> association (hard facts)
        self.card_hints = {}      # adv3: seat -> list of seen cards
        self._pairs()
        self._hypotheses()
        self._objects()
        self.cert = certain_holdings(view)

    # ---------------------------------------------------------- associations
    def _pairs(self):
        n = self.n
        w = [[0.0] * n for _ in range(n)]
        fight = None

        def add(a, b, x):
            if a is None or b is None or a == b:
                return
            w[a][b] += x
            w[b][a] += x

        for e in self.view["log"]:
            k = e["k"]
            if k == "attack":
                fight = (e["by"], e["to"])
                add(e["by"], e["to"], -0.3)
            elif k == "support" and fight and e["side"]:
                sup = fight[0] if e["side"] == "attacker" else fight[1]
                opp = fight[1] if e["side"] == "attacker" else fight[0]
                add(e["seat"], sup, 0.45)
                add(e["seat"], opp, -0.45)
            elif k == "accept":
                add(e["by"], e["to"], 0.1)
            elif k == "refuse":
                add(e["by"], e["to"], -0.1)
            elif k == "mixer" and fight:
                win = fight[0] if e["winner"] == "attacker" else fight[1]
                los = fight[1] if e["winner"] == "attacker" else fight[0]
                add(e["seat"], win, 0.6)
                add(e["seat"], los, -0.6)
            elif k == "priest" and fight:
                add(e["seat"], fight[0], -0.4)
                add(e["seat"], fight[1], 0.3)
            elif k == "hypnotize":
                add(e["seat"], e["target"], -0.3)
            elif k == "doctor" and fight:
                pass
            elif k == "saw_assoc" and e["seat"] == self.me:
                self.known_assoc[e["who"]] = e["assoc"]
            elif k == "saw_assoc_card" and e["seat"] == self.me:
                self.card_hints.setdefault(e["who"], {})[e["card"]] = e["assoc"]
            elif k == "dealt" and e["seat"] == self.me and e.get("cards"):
                pass
        self.w = w

    def _hypotheses(self):
        n, me = self.n, self.me
        others = [t for t in range(n) if t != me]
        view = self.view
        classes = []
        if view.get("advanced3"):
            for r in range(0, len(others) + 1):
                for allies in combinations(others, r):
                    classes.append((allies, 1.0, r + 1 < n - r - 1))
        elif n % 2 == 0:
            for allies in combinations(others, n // 2 - 1):
                classes.append((allies, 1.0, False))
        else:
            big, small = (n + 1) // 2, (n - 1) // 2
            p_big = (n + 1) / (2 * n)
            for size, p, is_small in ((big, p_big, False), (small, 1 - p_big, True)):
                combos = list(combinations(others, size - 1))
                for allies in combos:
                    classes.append((allies, p / len(combos), is_small))
        hyps = []
        tw = self.trust
        for allies, prior, is_small in classes:
            team = [False] * n
            team[me] = True
            for a in allies:
                team[a] = True
            ok = True
            for t, a in self.known_assoc.items():
                if team[t] != (a == self.assoc):
                    ok = False
                    break
            if not ok:
                continue
            weight = math.log(prior)
            for t, cardsseen in self.card_hints.items():
                for a in cardsseen.values():
                    weight += 0.7 if team[t] == (a == self.assoc) else -0.7
            if tw:
                ll = 0.0
                w = self.w
                for s in range(n):
                    ws = w[s]
                    for t in range(s + 1, n):
                        x = ws[t]
                        if x:
                            x = max(-1.2, min(1.2, x))
                            ll += x if team[s] == team[t] else -x
                weight += tw * 0.35 * ll
            hyps.append((team, weight, is_small))
        if not hyps:  # should not happen; fall back to the prior
            hyps = [([True] * n, 0.0, False)]
        top = max(h[1] for h in hyps)
        hyps = [(t, math.exp(w - top), s) for t, w, s in hyps]
        total = sum(h[1] for h in hyps)
        self.hyps = [(t, w / total, s) for t, w, s in hyps]
        p = [0.0] * n
        for team, wt, _ in self.hyps:
            for t in range(n):
                if team[t]:
                    p[t] += wt
        self.p_ally = p

    def p_named(self, named):
        """P(all named are allies, my side is small), P(..., big)."""
        small = big = 0.0
        for team, wt, is_small in self.hyps:
            if all(team[t] for t in named):
                if is_small:
                    small += wt
                else:
                    big += wt
        return small, big

    # ---------------------------------------------------------------- objects
    def _objects(self):
        view = self.view
        n, me = self.n, self.me
        total = {}
        for k in view["objects_in_game"]:
            total[k] = total.get(k, 0) + 1
        self.total = total
        kinds = [k for k in GOAL_KINDS if k in total]  # only what the decisions use
        each = 2 if n == 3 else 1
        P = n  # index of the pile
        size = [each] * n + [len(view["objects_in_game"]) - n * each]
        exp = [dict.fromkeys(kinds, 0.0) for _ in range(n + 1)]
        fixed = [False] * (n + 1)
        self.exp, self.size, self.fixed, self.kinds = exp, size, fixed, kinds
        dealt_mine = None
        for e in view["log"]:
            if e["k"] == "dealt" and e["seat"] == me:
                dealt_mine = e["objs"]
                break
        dealt_mine = dealt_mine or []
        sealed_nonbag = sum(c for k, c in total.items() if C.OBJECTS[k]["seal"] and k not in C.BAGS)
        my_nonbag = sum(1 for k in dealt_mine if k not in C.BAGS)
        D = n * each - 2 - my_nonbag
        rest = max(1, sealed_nonbag - my_nonbag)
        for k in kinds:
            mine = dealt_mine.count(k)
            exp[me][k] = float(mine)
            unknown = total[k] - mine
            if k in C.BAGS:
                for t in range(n):
                    if t != me:
                        exp[t][k] = unknown / (n - 1)
            elif C.OBJECTS[k]["seal"]:
                share = unknown * D / rest
                for t in range(n):
                    if t != me:
                        exp[t][k] = share / (n - 1)
                exp[P][k] = unknown - share
            else:
                exp[P][k] = float(unknown)
        fixed[me] = True
        self._replay()
        # my hand is exact at the end whatever the tracking said
        exp[me] = dict.fromkeys(kinds, 0.0)
        for k in self.hand:
            if k in exp[me]:
                exp[me][k] += 1
        size[me] = len(self.hand)
        for t in range(n):
            size[t] = view["players"][t]["objects"]
        size[P] = view["pile"]
        for k in kinds:
            self._norm(k)

    def _norm(self, k):
        exp, fixed = self.exp, self.fixed
        fixed_mass = sum(exp[p][k] for p in range(self.n + 1) if fixed[p])
        free = [p for p in range(self.n + 1) if not fixed[p]]
        need = max(0.0, self.total[k] - fixed_mass)
        have = sum(exp[p][k] for p in free)
        if have > 1e-9:
            f = need / have
            for p in free:
                exp[p][k] *= f
        elif need > 1e-9 and free:
            slots = sum(self.size[p] for p in free) or 1
            for p in free:
                exp[p][k] = need * self.size[p] / slots

    def _move_known(self, a, b, k):
        exp = self.exp
        self.size[a] -= 1
        self.size[b] += 1
        if k not in exp[a]:
            return
        exp[a][k] = max(0.0, exp[a][k] - 1.0)
        exp[b][k] += 1.0
        if not self.fixed[a]:
            self._norm(k)

    def _move_unknown(self, a, b):
        exp, size = self.exp, self.size
        sa = max(1, size[a])
        moved = {k: exp[a][k] / sa for k in self.kinds}
        for k, m in moved.items():
            exp[a][k] -= m
            exp[b][k] += m
        size[a] -= 1
        size[b] += 1
        self.fixed[a] = False
        self.fixed[b] = False if b != self.me else self.fixed[b]

    def _swap_unknown(self, a, b, known_ab=None, known_ba=None):
        exp, size = self.exp, self.size
        tracked = exp[a]

        def moved(known, src):
            """What left `src`: a kind, a share per kind (a bag named only
            'bag'), or one unseen object spread over what `src` may hold."""
            if isinstance(known, dict):
                return {k: f for k, f in known.items() if k in tracked}
            if known:
                return {known: 1.0} if known in tracked else {}
            return {k: exp[src][k] / max(1, size[src]) for k in self.kinds}

        mab, mba = moved(known_ab, a), moved(known_ba, b)
        for k, m in mab.items():
            exp[a][k] = max(0.0, exp[a][k] - m)
            exp[b][k] += m
        for k, m in mba.items():
            exp[b][k] = max(0.0, exp[b][k] - m)
            exp[a][k] += m
        for p, known in ((a, known_ab), (b, known_ba)):
            if p != self.me and not isinstance(known, str):
                self.fixed[p] = False
        for k in set(mab) | set(mba):
            self._norm(k)

    def _see(self, t, objs):
        exp = self.exp
        exp[t] = dict.fromkeys(self.kinds, 0.0)
        for k in objs:
            if k in exp[t]:
                exp[t][k] += 1
        self.size[t] = len(objs)
        self.fixed[t] = True
        for k in self.kinds:
            self._norm(k)

    def _replay(self):
        me, n = self.me, self.n
        P = n
        log = self.view["log"]
        fight = None
        i = 0
        L = len(log)
        while i < L:
            e = log[i]
            k = e["k"]
            if k == "accept":
                a, b = e["to"], e["by"]  # a offered, b accepted
                detail = None
                effects = {}
                j = i + 1
                while j < L and log[j].get("turn") == e.get("turn"):
                    f = log[j]
                    if f["k"] == "traded" and {f["offerer"], f["partner"]} == {a, b}:
                        detail = f
                    if f["k"] == "effect" and {f["owner"], f["partner"]} == {a, b}:
                        effects.setdefault(f["owner"], f["obj"])
                    if f["k"] in ("accept", "refuse", "offer", "attack", "pass"):
                        break
                    j += 1
                if detail:
                    self._swap_unknown(a, b, detail["offered"], detail["returned"])
                else:
                    ka = effects.get(a)
                    kb = effects.get(b)
                    ka = self._bag_guess(a, ka)
                    kb = self._bag_guess(b, kb)
                    self._swap_unknown(a, b, ka, kb)
            elif k == "diplomat_trade":
                a, b = e["seat"], e["to"]
                detail = None
                j = i + 1
                while j < L and log[j].get("turn") == e.get("turn"):
                    if log[j]["k"] == "traded":
                        detail = log[j]
                        break
                    j += 1
                if detail:
                    self._swap_unknown(a, b, detail["offered"], detail["returned"])
                else:
                    name = None
                    for f in reversed(log[:i]):
                        if f["k"] == "diplomat":
                            name = f["name"]
                            break
                    kb = name if name in self.exp[b] else None
                    self._swap_unknown(a, b, None, kb)
            elif k == "offer_obj" and e["to"] == me:
                # the offerer held it at this moment
                self._pin(e["by"], e["obj"])
            elif k == "draw":
                s = e["seat"]
                drew = None
                if s == me:
                    for f in log[i + 1:i + 3]:
                        if f["k"] == "drew":
                            drew = f["obj"]
                if drew:
                    self._move_known(P, s, drew)
                else:
                    self._move_unknown(P, s)
            elif k in ("gift", "priest_paid", "took", "gave_back"):
                a = e.get("from", e.get("loser"))
                b = e.get("to", e.get("winner"))
                if k == "took":
                    a, b = e["loser"], e["winner"]
                elif k == "gave_back":
                    a, b = e["from"], e["to"]
                obj = None
                for f in log[i + 1:i + 3]:
                    if f["k"] in ("gift_obj", "priest_paid_obj", "took_obj", "gave_back_obj"):
                        obj = f["obj"]
                if obj:
                    self._move_known(a, b, obj)
                else:
                    self._move_unknown(a, b)
            elif k == "sextant":
                d = 1 if e["dir"] == "left" else -1
                mine_out = mine_in = None
                j = i + 1
                while j < L and log[j]["k"] != "sextant_done":
                    f = log[j]
                    if f["k"] == "passed":
                        if f["from"] == me:
                            mine_out = f["obj"]
                        if f["to"] == me:
                            mine_in = f["obj"]
                    j += 1
                pre = [dict(x) for x in self.exp]
                for s in range(n):
                    t = (s + d) % n
                    if s == me and mine_out:
                        m = {mine_out: 1.0} if mine_out in self.exp[s] else {}
                    elif t == me and mine_in:
                        m = {mine_in: 1.0} if mine_in in self.exp[s] else {}
                    else:
                        m = {kk: pre[s][kk] / max(1, self.size[s]) for kk in self.kinds}
                    for kk, x in m.items():
                        self.exp[s][kk] = max(0.0, self.exp[s][kk] - x)
                        self.exp[t][kk] += x
                for s in range(n):
                    if s != me:
                        self.fixed[s] = False
                for kk in self.kinds:
                    self._norm(kk)
            elif k == "saw_objects" and e["seat"] == me:
                self._see(e["who"], e["objs"])
            elif k == "play":
                self._pin(e["seat"], e["card"])
            elif k == "saw_pile" and e["seat"] == me:
                self._see(P, e["objs"])
            i += 1

    def _bag_guess(self, owner, name):
        if name is None:
            return None
        if name == "bag":  # which bag, the table did not see: share it by the odds
            bk = self.exp[owner].get("bag_key", 0.0)
            bg = self.exp[owner].get("bag_goblet", 0.0)
            if bk + bg <= 0:
                return None
            if min(bk, bg) < 0.02 * (bk + bg):
                return "bag_key" if bk >= bg else "bag_goblet"
            return {"bag_key": bk / (bk + bg), "bag_goblet": bg / (bk + bg)}
        return name

    def _pin(self, t, k):
        if k in self.exp[t] and self.exp[t][k] < 1.0:
            self.exp[t][k] = 1.0
            was = self.fixed[t]
            self.fixed[t] = True
            self._norm(k)
            self.fixed[t] = was

    # ------------------------------------------------------------ claim odds
    def p_items(self, named, need, goal, bag):
        """P(the named seats, each with >=1, add >= need goal items)."""
        if need <= 0 and not named:
            return 1.0
        exp = self.exp
        conv = self.view["bags_are_goals"]
        m = len(named)
        base = [0] * m
        groups = []  # (instances, per-instance probabilities at the named seats)
        kinds = [goal]
        if conv and bag in self.total and bag not in self.hand:
            kinds.append(bag)
        for kind in kinds:
            rem = self.total.get(kind, 0) - self.hand.count(kind)
            if rem <= 0:
                continue
            frac = []
            for i, t in enumerate(named):
                x = exp[t][kind]
                c = min(self.cert[t][kind], rem)  # what it surely holds; the rest is odds
                base[i] += c
                rem -= c
                frac.append(max(0.0, x - c))
            if rem <= 0:
                continue
            tot = sum(exp[p][kind] for p in range(self.n + 1) if p != self.me)
            tot -= sum(exp[t][kind] - f for t, f in zip(named, frac))
            tot = max(tot, 1e-9)
            probs = [min(1.0, f / tot) for f in frac]
            for _ in range(rem):
                groups.append(probs)
        states = {tuple(base): 1.0}
        for probs in groups:
            new = {}
            rest = max(0.0, 1.0 - sum(probs))
            for cnt, pr in states.items():
                for i, p in enumerate(probs):
                    if p > 0:
                        c = list(cnt)
                        c[i] += 1
                        c = tuple(c)
                        new[c] = new.get(c, 0.0) + pr * p
                if rest > 0:
                    new[cnt] = new.get(cnt, 0.0) + pr * rest
            states = new
        prob = 0.0
        for cnt, pr in states.items():
            if all(c >= 1 for c in cnt) and sum(cnt) >= need:
                prob += pr
        return prob

    def claim_odds(self, allies):
        mine = C.goal_count(self.hand, self.assoc, self.view["bags_are_goals"])
        need = 3 - mine
        p_small, p_big = self.p_named(allies)
        odd = self.view["odd"]
        out = 0.0
        if p_big:
            out += p_big * self.p_items(allies, need, self.goal, self.goal_bag)
        if p_small:
            n2 = need - (1 if odd else 0)
            out += p_small * self.p_items(allies, n2, self.goal, self.goal_bag)
        return out


# ====================================================================== policy
def lateness(view):
    """0 early; rises to 1 as the game drags on (hoarding gives way to trading)."""
    n = view["seats"]
    return max(0.0, min(1.0, (view.get("turn", 0) - 12 * n) / (6.0 * n)))


def value(b, k):
    """How much this seat wants to keep object k."""
    conv = b.view["bags_are_goals"]
    late = b.late
    if k == b.goal:
        return 10
    if k == b.enemy_goal:
        return 7 - 6.5 * late
    if k == b.goal_bag:
        return 8 if conv else 4
    if k == b.enemy_bag:
        return (6 - 5.5 * late) if conv else 2
    if k == "black_pearl":
        return -5
    if k in ("monocle", "privilege"):
        return 3
    if k == "loge":
        return 3
    if k in ("dagger", "gloves", "poison_ring", "casting_knives", "whip"):
        return 2
    return 1


def junk(b, hand, exclude=None):
    hand = [k for k in hand if k != exclude] or list(hand)
    return min(hand, key=lambda k: (value(b, k), k))


def _side_pref(b, f):
    """+1 attacker, -1 defender, 0 none: the side this seat wants to win."""
    me = b.me
    att, dfn = f["attacker"], f["defender"]
    pa = 1.0 if att == me else b.p_ally[att]
    pd = 1.0 if dfn == me else b.p_ally[dfn]
    if me == att and pd > 0.8:
        return 0
    if me == dfn and pa > 0.8:
        return 0
    if pa - pd > 0.25:
        return 1
    if pd - pa > 0.25:
        return -1
    return 0


def think(view, legal, level, rng, budget_ms):
    """A generator: yields between stages and returns the action."""
    params = PARAMS.get(level, PARAMS["strong"])
    b = Beliefs(view, params["trust"])
    b.late = lateness(view)
    yield
    return decide(view, legal, b, params, rng)


def decide(view, legal, b, params, rng):
    phase = view["phase"]
    types = {a["type"] for a in legal}
    me = b.me
    fn = globals().get("_on_" + phase)
    if fn is not None:
        act = fn(view, legal, b, params, rng)
        if act is not None and act in legal:
            return act
    if {"type": "pass"} in legal:
        return {"type": "pass"}
    return rng.choice(legal)


def _theta(view, params):
    turn = view.get("turn", 0)
    n = view["seats"]
    slow = max(0, turn - 12 * n)
    return max(params["theta_floor"], params["theta"] - 0.0015 * slow)


def sure_allies(b):
    """Seats this seat has seen to be allies, or is all but sure of from play."""
    return [t for t in range(b.n) if t != b.me and
            (b.known_assoc.get(t) == b.assoc or (b.trust and b.p_ally[t] > 0.97))]


def _odds_without_pearl(b):
    """The best claim's odds if this seat did not hold the Black Pearl."""
    if C.goal_count(b.hand, b.assoc, b.view["bags_are_goals"]) < 1:
        return 0.0
    others = [t for t in range(b.n) if t != b.me and b.p_ally[t] >= 0.5]
    return max(b.claim_odds(list(allies)) for r in range(3) for allies in combinations(others, r))


def _pearl_from_ally(view, b):
    """The Black Pearl came from an ally this seat is sure of: that ally wants
    to claim, so keep it (passing it on only brings it back to the ally)."""
    last = None
    for e in view["log"]:
        if e["k"] in ("offer_obj", "gift_obj") and e.get("obj") == "black_pearl" \
                and e.get("to") == b.me:
            last = e.get("by", e.get("from"))
    return last is not None and last in sure_allies(b)


def _futile_targets(view, me):
    """Seats this seat's last struggle against ended in a draw while the pile
    is empty (a draw then changes nothing: attacking again only stalls)."""
    if view["pile"]:
        return set()
    last = {}
    for e in view["log"]:
        if e["k"] == "fight_result" and e["attacker"] == me:
            last[e["defender"]] = e["winner"]
    return {t for t, w in last.items() if w is None}


def _refusers(view, me):
    """Seats that refused the last offer this seat made them."""
    out = {}
    for e in view["log"]:
        if e["k"] == "refuse" and e["to"] == me:
            out[e["by"]] = True
        elif e["k"] == "accept" and e["to"] == me:
            out[e["by"]] = False
    return {t for t, v in out.items() if v}


def _on_turn(view, legal, b, params, rng):
    me = b.me
    hand = b.hand
    n = b.n
    refusers = _refusers(view, me)
    # a careful bot that never fights still starts to, once a game drags on
    # (otherwise a table of them may never learn enough to claim)
    fights = params["attack"] or b.late >= 0.5
    legal = [a for a in legal if not (a["type"] == "offer" and a["to"] in refusers
                                      and rng.random() < 0.9)]
    if {"type": "claim_solo"} in legal:
        return {"type": "claim_solo"}
    claims = [a for a in legal if a["type"] == "claim"]
    if claims:
        best, bp = None, 0.0
        for a in claims:
            if any(b.p_ally[t] < 0.5 for t in a["allies"]):
                continue
            p = b.claim_odds(a["allies"])
            # allies guessed from play only (not seen): their odds read too high
            # (measured), so such a claim needs a margin
            if any(t not in b.known_assoc for t in a["allies"]):
                p -= SOFT_MARGIN
            if p > bp:
                best, bp = a, p
        if best is not None and bp >= _theta(view, params):
            return best
    # fortune telling: only on near certainty
    fts = [a for a in legal if a["type"] == "foretell"]
    if fts and params["trust"]:
        for a in fts:
            if all(b.p_ally[t] < 0.02 for t in a["names"]):
                conv = view["bags_are_goals"]
                exp_sum = sum(b.exp[t][b.enemy_goal] for t in a["names"])
                fixed = all(b.fixed[t] for t in a["names"])
                if fixed and exp_sum >= 3:
                    return a
    # the Clairvoyant when holding a bag
    if {"type": "clairvoyant"} in legal and any(k in C.BAGS for k in hand) and not view["bags_are_goals"]:
        return {"type": "clairvoyant"}
    # the Diplomat: demand our goal item from whoever most likely holds it
    dips = [a for a in legal if a["type"] == "diplomat" and a["name"] == b.goal]
    if dips:
        best = max(dips, key=lambda a: (b.exp[a["to"]][b.goal], -a["to"]))
        if b.exp[best["to"]][b.goal] >= 0.6:
            return best
    # the Black Pearl blocks our own claims: pass it to the likeliest enemy; but
    # when it alone keeps us from a claim, to the likeliest ally (an enemy would
    # only hand it back before our next turn)
    if "black_pearl" in hand and len(hand) > 1 and not _pearl_from_ally(view, b):
        if _odds_without_pearl(b) >= _theta(view, params):
            t = max((t for t in range(n) if t != me), key=lambda t: (b.p_ally[t], -t))
        else:
            t = min((t for t in range(n) if t != me), key=lambda t: (b.p_ally[t], t))
        a = {"type": "offer", "to": t, "obj": "black_pearl"}
        if a in legal and (b.p_ally[t] < 0.5 or _odds_without_pearl(b) >= _theta(view, params)):
            return a
    # gather our goal items in one hand: the lowest seat among the allies we are
    # sure of (every ally as sure agrees on it); an offer the collector refuses
    # still shows it what we hold, so it can name us in its claim
    if fights:
        mine = [k for k in hand if k == b.goal or (k == b.goal_bag and view["bags_are_goals"])]
        team = sure_allies(b)
        if mine and team and min(team) < me:
            a = {"type": "offer", "to": min(team), "obj": mine[0]}
            if a in legal:
                return a
    offers = [a for a in legal if a["type"] == "offer"]
    uncertain = [t for t in range(n) if t != me and t not in b.known_assoc]
    futile = _futile_targets(view, me)
    # trade information objects to whoever is least known
    if "monocle" in hand and uncertain:
        t = min(uncertain, key=lambda t: (abs(b.p_ally[t] - 0.5), t))
        a = {"type": "offer", "to": t, "obj": "monocle"}
        if a in legal:
            return a
    unseen = [t for t in range(n) if t != me and not b.fixed[t]]
    if "privilege" in hand and unseen:  # a look at a hand we know already teaches nothing
        t = max(unseen, key=lambda t: (b.exp[t][b.goal], -t))
        a = {"type": "offer", "to": t, "obj": "privilege"}
        if a in legal:
            return a
    bags = [k for k in hand if k in C.BAGS]
    if bags and view["pile"] > 0 and not view["bags_are_goals"]:
        bag = bags[0]
        if bag != b.goal_bag or view["pile"] > 2 or b.late >= 0.5:  # late: draw the pile out
            allies = sorted((t for t in range(n) if t != me), key=lambda t: (-b.p_ally[t], t))
            a = {"type": "offer", "to": allies[0], "obj": bag}
            if a in legal:
                return a
    # hand our goal items to a sure ally who is collecting them, or junk to allies
    sure = [t for t in range(n) if t != me and b.p_ally[t] > 0.97]
    # attack to learn
    uncertain = [t for t in uncertain if t not in futile]
    if fights and uncertain and rng.random() > 0.7 * b.late:
        t = max(uncertain, key=lambda t: (0.5 - abs(b.p_ally[t] - 0.5)
                                          + 0.2 * (b.exp[t][b.goal] + b.exp[t][b.enemy_goal]), -t))
        a = {"type": "attack", "to": t}
        if a in legal:
            return a
    # learn where our goal items are: take them from enemies who hold them
    if fights and rng.random() > 0.7 * b.late:
        targets = [t for t in range(n) if t != me and b.p_ally[t] < 0.1 and b.exp[t][b.goal] > 0.5
                   and t not in futile]
        if targets:
            t = max(targets, key=lambda t: (b.exp[t][b.goal], -t))
            return {"type": "attack", "to": t}
    if b.late > 0.3 and len(hand) > 0:
        # a drawn-out game: swap what we do not need with whoever most likely
        # holds our goal items (they value those less and less as well)
        k = junk(b, hand)
        if k not in (b.goal, b.goal_bag):
            cands = [t for t in range(n) if t != me]
            t = max(cands, key=lambda t: (b.exp[t][b.goal] + rng.random() * 0.3, -t))
            a = {"type": "offer", "to": t, "obj": k}
            if a in legal:
                return a
    if sure:
        k = junk(b, hand)
        if value(b, k) <= 3 and len(hand) > 1:
            t = max(sure, key=lambda t: (b.exp[t][b.goal], -t))
            a = {"type": "offer", "to": t, "obj": k}
            if a in legal:
                return a
    return {"type": "pass"}


def _on_respond(view, legal, b, params, rng):
    st = view["step"]
    frm = st["from"]
    k = view["me"]["step"]["obj"]
    pa = b.p_ally[frm]
    best, bg = None, None
    for a in legal:
        if a["type"] != "accept":
            continue
        r = a["give"]
        cost = value(b, r)
        if r in (b.goal, b.goal_bag) and pa < 0.7:
            cost += 5
        if r == b.enemy_goal and pa < 0.7:
            cost += 5 * (1 - b.late)
        if r == b.goal and pa > 0.9:
            cost -= 3
        if r in (b.goal, b.goal_bag) and frm in sure_allies(b):
            cost = min(cost, 1)  # it stays with our side
        gain = value(b, k) - cost
        if bg is None or gain > bg:
            best, bg = a, gain
    if {"type": "refuse"} in legal and (best is None or bg < 0):
        return {"type": "refuse"}
    return best


def _on_support(view, legal, b, params, rng):
    pref = _side_pref(b, view["step"]["struggle"])
    side = {1: "attacker", -1: "defender", 0: None}[pref]
    return {"type": "support", "side": side}


def _on_priest(view, legal, b, params, rng):
    if {"type": "priest"} not in legal:
        return {"type": "pass"}
    f = view["step"]["struggle"]
    me = b.me
    pd = 1.0 if f["defender"] == me else b.p_ally[f["defender"]]
    if b.p_ally[f["attacker"]] < 0.3 and pd > 0.7:
        return {"type": "priest"}
    return {"type": "pass"}


def _on_hypnotist(view, legal, b, params, rng):
    f = view["step"]["struggle"]
    best = None
    for a in legal:
        if a["type"] == "hypnotize":
            side = next((s["side"] for s in f["supports"] if s["seat"] == a["target"]), None)
            if side == "defender":
                best = a
    return best or {"type": "pass"}


def _on_fight(view, legal, b, params, rng):
    f = view["step"]["struggle"]
    pref = _side_pref(b, f)
    if pref == 0:
        return {"type": "pass"}
    tot = f["totals"]
    margin = (tot["attacker"] - tot["defender"]) * pref
    for a in legal:
        if a["type"] != "play":
            continue
        c = a["card"]
        if c == "poison_mixer":
            want = "attacker" if pref == 1 else "defender"
            if a["winner"] == want and margin <= 0 and abs(pref) == 1:
                far = b.p_ally[f["attacker"] if pref == 1 else f["defender"]]
                if far > 0.8:
                    return a
            continue
        if c == "duelist":
            if margin <= 0:
                return a
            continue
        if c == "poison_ring":
            if margin == 0:
                return a
            continue
        return a
    return {"type": "pass"}


def _on_doctor(view, legal, b, params, rng):
    if {"type": "doctor"} not in legal:
        return {"type": "pass"}
    f = view["step"]["struggle"]
    w = f["winner"]
    if w is None:
        return {"type": "pass"}
    loser = f["defender"] if w == f["attacker"] else f["attacker"]
    pl = 1.0 if loser == b.me else b.p_ally[loser]
    if b.p_ally[w] < 0.3 and pl > 0.7 and w != b.me:
        return {"type": "doctor"}
    return {"type": "pass"}


def _on_spoils(view, legal, b, params, rng):
    f = view["step"]["struggle"]
    loser = f["defender"] if f["winner"] == f["attacker"] else f["attacker"]
    looks = [a for a in legal if a["type"] == "look"]
    if view.get("advanced3"):
        seen = b.card_hints.get(loser, {})
        looks = [a for a in looks if a.get("card") not in seen] or looks
    if loser not in b.known_assoc:
        return looks[0]
    return {"type": "take"}


def _on_take(view, legal, b, params, rng):
    best = max(legal, key=lambda a: (value(b, a["obj"]), a["obj"]))
    if "give" in best:
        opts = [a for a in legal if a["obj"] == best["obj"]]
        hand = list(b.hand) + [best["obj"]]
        j = junk(b, hand)
        for a in opts:
            if a["give"] == j:
                return a
        return opts[0]
    return best


def _lowest_give(legal, b, key="obj"):
    return min(legal, key=lambda a: (value(b, a[key]), a[key]))


def _on_priest_pay(view, legal, b, params, rng):
    return _lowest_give(legal, b)


def _on_gift(view, legal, b, params, rng):
    j = junk(b, b.hand)
    players = view["players"]
    limit = view["limit"]
    cands = [a for a in legal if a["obj"] == j and players[a["to"]]["objects"] < limit] or \
        [a for a in legal if a["obj"] == j]
    return max(cands, key=lambda a: (b.p_ally[a["to"]], -players[a["to"]]["objects"], -a["to"]))


def _on_sextant_pass(view, legal, b, params, rng):
    return _lowest_give(legal, b)


def _on_sextant_dir(view, legal, b, params, rng):
    return rng.choice(legal)


def _on_smuggle(view, legal, b, params, rng):
    k = view["me"]["step"]["obj"]
    if {"type": "effect", "use": True} in legal and k != "tome":
        return {"type": "effect", "use": True}
    return {"type": "effect", "use": False}


def _on_coat(view, legal, b, params, rng):
    me = view["me"]
    if me["occ_face_up"]:
        opts = [a for a in legal if a["occ"]]
        if opts:
            return opts[0]
    return {"type": "coat", "occ": None}


def _on_tome(view, legal, b, params, rng):
    return {"type": "tome", "swap": bool(view["me"]["occ_face_up"])}


def _on_monocle_card(view, legal, b, params, rng):
    p = view["step"]["partner"]
    seen = b.card_hints.get(p, {})
    for a in legal:
        if a["card"] not in seen:
            return a
    return legal[0]


def _on_diplomat_pick(view, legal, b, params, rng):
    return _lowest_give(legal, b)


def _on_diplomat_return(view, legal, b, params, rng):
    return _lowest_give(legal, b)


def _on_clair_pick(view, legal, b, params, rng):
    order = [b.goal, b.goal_bag, b.enemy_goal]
    for k in order:
        a = {"type": "pick", "obj": k}
        if a in legal:
            return a
    return legal[0]
