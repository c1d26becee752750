"""What a Kutschfahrt bot believes, rebuilt from one seat's view at every
decision (a step at a time: `Beliefs.read` yields while it reads the log).

* associations: every split of the other seats into allies and enemies that
  fits the player counts is a hypothesis (at most 126); what the seat saw
  (struggle looks, the Monocle) rules hypotheses out; table conduct
  (supports, attacks, trades, Priest/Poison Mixer/Hypnotist choices) weighs
  them softly;
* objects: expected counts of every goal kind per seat and in the pile,
  moved along with every movement the log shows (exactly when the seat saw
  the object, spread by hand size when it did not) and pinned by sightings;
  beside them a certain lower bound on every hand (`certain_holdings`): only
  that counts as surely held when the odds of a claim are worked out (an
  expectation of 1.0 is not a certainty: counting it as one made 5-6 % of
  the claims at six seats wrong).
"""

from __future__ import annotations

import math
from itertools import combinations

from . import cards as C
from ..bots import run_to_end
from .knowledge import conduct, dealt_objects, object_moves, read_certain_holdings

GOAL_KINDS = ("key", "goblet", "bag_key", "bag_goblet")
LOG_STEP = 100  # log entries read between two yields (a 1,000-entry log: ~0.1 ms a step in CPython)


class Beliefs:
    def __init__(self, view, trust):
        """The beliefs at once (`Beliefs.read` yields as it reads the log)."""
        run_to_end(self._read(view, trust))

    @classmethod
    def read(cls, view, trust):
        """A generator: the seat's beliefs, built with a yield every LOG_STEP
        log entries read, so that a bot in the page never takes one long step
        over a long log (issue 26)."""
        b = cls.__new__(cls)
        yield from b._read(view, trust)
        return b

    def _read(self, view, trust):
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
        yield from self._pairs()
        self._hypotheses()
        yield
        yield from self._objects()
        self.cert = yield from read_certain_holdings(view, LOG_STEP)

    # ---------------------------------------------------------- associations
    def _pairs(self):
        """Pairwise hints from the table's conduct (+: allied), and the hard facts seen."""
        n = self.n
        w = [[0.0] * n for _ in range(n)]

        def add(a, b, x):
            if a is None or b is None or a == b:
                return
            w[a][b] += x
            w[b][a] += x

        for c in conduct(self.view["log"], self.me, LOG_STEP):
            if c is None:
                yield
                continue
            k = c[0]
            if k == "attack":
                add(c[1], c[2], -0.3)
            elif k == "support" and c[2]:
                _, seat, side, att, dfn = c
                sup, opp = (att, dfn) if side == "attacker" else (dfn, att)
                add(seat, sup, 0.45)
                add(seat, opp, -0.45)
            elif k == "accept":
                add(c[1], c[2], 0.1)
            elif k == "refuse":
                add(c[1], c[2], -0.1)
            elif k == "mixer":
                add(c[1], c[2], 0.6)
                add(c[1], c[3], -0.6)
            elif k == "priest":
                add(c[1], c[2], -0.4)
                add(c[1], c[3], 0.3)
            elif k == "hypnotize":
                add(c[1], c[2], -0.3)
            elif k == "saw_assoc":
                self.known_assoc[c[1]] = c[2]
            elif k == "saw_card":
                self.card_hints.setdefault(c[1], {})[c[2]] = c[3]
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
        hyps, hard = [], []
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
            hard.append(weight)
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
            hyps, hard = [([True] * n, 0.0, False)], [0.0]
        top = max(hard)
        hard = [math.exp(w - top) for w in hard]
        self.hard = [w / sum(hard) for w in hard]  # the same hypotheses on hard facts alone
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

    def p_named(self, named, hard=False):
        """P(all named are allies, my side is small), P(..., big); `hard`: on
        hard facts alone."""
        small = big = 0.0
        for i, (team, wt, is_small) in enumerate(self.hyps):
            if hard:
                wt = self.hard[i]
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
        dealt_mine = dealt_objects(view["log"], me)
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
        yield from self._replay()
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
        for m in object_moves(self.view["log"], me, LOG_STEP):
            if m is None:
                yield
                continue
            k = m[0]
            if k == "trade":
                _, a, b, ab, ba, _seen = m
                self._swap_unknown(a, b, self._bag_guess(a, ab), self._bag_guess(b, ba))
            elif k == "demand":
                _, a, b, name = m
                self._swap_unknown(a, b, None, name if name in self.exp[b] else None)
            elif k == "pin":
                self._pin(m[1], m[2])
            elif k == "draw":
                if m[2]:
                    self._move_known(P, m[1], m[2])
                else:
                    self._move_unknown(P, m[1])
            elif k == "move":
                _, a, b, obj = m
                if obj:
                    self._move_known(a, b, obj)
                else:
                    self._move_unknown(a, b)
            elif k == "sextant":
                self._sextant(m[1], m[2], m[3])
            elif k == "see":
                self._see(m[1], m[2])
            elif k == "see_pile":
                self._see(P, m[1])

    def _sextant(self, d, mine_out, mine_in):
        me, n = self.me, self.n
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
        if p_small:
            # that this side is the smaller one (the Drink of Power counts) is
            # believed only as far as hard facts show it: conduct alone made
            # it look sure, and a third of the claims at 9 seats came up short
            hs, hb = self.p_named(allies, hard=True)
            cap = (p_small + p_big) * hs / (hs + hb) if hs + hb else 0.0
            if p_small > cap:
                p_big += p_small - cap
                p_small = cap
        odd = self.view["odd"]
        out = 0.0
        if p_big:
            out += p_big * self.p_items(allies, need, self.goal, self.goal_bag)
        if p_small:
            n2 = need - (1 if odd else 0)
            out += p_small * self.p_items(allies, n2, self.goal, self.goal_bag)
        return out
