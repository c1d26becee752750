"""The expert's sampled worlds and the rollouts it plays in them.

A world is the engine's own `sample_state(view, rng)` with the other seats'
associations drawn from the seat's beliefs (a split of the table into allies
and enemies, by its weight), so a seat the expert takes for an ally is one in
most worlds.  A rollout plays the rest of the current turn in such a world:
every seat decides with the strong policy, on what it would believe there
(`Mind`): its own hand, and the truth about each other seat as often as the
expert is sure of its own neighbours (drawn once per rollout and seat).  Reading no
log keeps a rollout decision about 50 times cheaper than a strong decision.

`value` scores the world at the end of the turn for the expert: goal items
held by its association (and the other association's, which it blocks by
holding them) against the items the other association holds, a look at an
association it was unsure of, and the end of the game above everything.
"""

from __future__ import annotations

from . import cards as C
from . import strong as S
from .phases import private_step, public_step
from .sample import sample_state
from .state import KutschfahrtState

ASSOCS = ("order", "brotherhood")
WON = 10.0       # the game over, won (lost: minus)
BLOCK = 0.5      # an item of the other association, held by one's own
BAG = 0.4        # a Secret Bag while the pile lasts (counts as an item after)
KNOW = 0.3       # an association seen that was a coin toss (less if half known)
SURE = 0.9       # |2 p - 1| above which the expert counts itself sure of a seat
POLICY = {"trust": 1.0, "theta": 0.9, "theta_floor": 0.72, "attack": True}


def world(view, b, rng) -> KutschfahrtState:
    """A state consistent with the view, the associations drawn from b."""
    g = sample_state(view, rng)
    if g.adv3:  # three cards each: the sampler's own deal
        return g
    r = rng.random()
    acc = 0.0
    team = b.hyps[-1][0]
    for t, w, _ in b.hyps:
        acc += w
        if r < acc:
            team = t
            break
    g.assoc = [b.assoc if team[s] else b.enemy for s in range(g.seats)]
    g.assoc_cards = [[a] for a in g.assoc]
    counts = {a: g.assoc.count(a) for a in ASSOCS}
    g.minority = min(counts, key=lambda a: counts[a]) if g.odd else None
    return g


def clone(g) -> KutschfahrtState:
    """A copy to play on (no history: a rollout reads none)."""
    c = KutschfahrtState.__new__(KutschfahrtState)
    c.__dict__.update(g.__dict__)
    c.rng = g.rng.copy()
    c.events = list(g.events)
    c.actions, c.undoable = [], []
    c.assoc = list(g.assoc)
    c.occ, c.occ_pile, c.occ_up = list(g.occ), list(g.occ_pile), list(g.occ_up)
    c.hands = [list(h) for h in g.hands]
    c.pile = list(g.pile)
    c.claims = [dict(x) for x in g.claims]
    c.winners = list(g.winners)
    c.step = _deep(g.step)
    c.fight = _deep(g.fight)
    c.queue = [dict(t) for t in g.queue]
    return c


def _deep(x):
    if isinstance(x, dict):
        return {k: _deep(v) for k, v in x.items()}
    if isinstance(x, list):
        return [_deep(v) for v in x]
    return x


class Mind:
    """What a seat believes inside a rollout, as the strong policy reads it:
    whom it takes for an ally, what it has seen of associations, its hand."""

    trust = 1.0

    def __init__(self, g, seat, p_ally, known, late):
        self.view = {"bags_are_goals": g.converted}
        self.me = seat
        self.n = g.seats
        self.assoc = g.assoc[seat]
        self.enemy = C.other_assoc(self.assoc)
        self.goal, self.goal_bag = C.GOAL[self.assoc], C.GOAL_BAG[self.assoc]
        self.enemy_goal, self.enemy_bag = C.GOAL[self.enemy], C.GOAL_BAG[self.enemy]
        self.hand = list(g.hands[seat])
        self.p_ally = p_ally
        self.known_assoc = known
        self.card_hints = {}
        self.late = late


def sureness(b) -> float:
    """The share of the other seats the expert is sure of (ally or enemy)."""
    n = b.n
    return sum(1 for t in range(n) if t != b.me and abs(2 * b.p_ally[t] - 1) > SURE) / max(1, n - 1)


def mind(g, seat, me, b, q, rng) -> tuple:
    """(p_ally, known associations) of `seat` for one rollout: the expert's
    own beliefs; another seat knows the truth about each seat with chance q
    (as often as the expert is sure of the others)."""
    if seat == me:
        return b.p_ally, b.known_assoc
    n = g.seats
    p, known = [0.5] * n, {}
    p[seat] = 1.0
    for t in range(n):
        if t != seat and rng.random() < q:
            p[t] = 0.97 if g.assoc[t] == g.assoc[seat] else 0.03
            known[t] = g.assoc[t]
    return p, known


def value(g, me, b, since) -> float:
    """The world at the end of the turn, for seat `me` (events from `since` are new)."""
    mine = g.assoc[me]
    if g.over:
        return WON if mine in {g.assoc[w] for w in g.winners} else -WON
    theirs = C.other_assoc(mine)
    bag = 1.0 if g.converted else BAG
    v = 0.0
    for s in range(g.seats):
        h = g.hands[s]
        ours = h.count(C.GOAL[mine]) + bag * h.count(C.GOAL_BAG[mine])
        others = h.count(C.GOAL[theirs]) + bag * h.count(C.GOAL_BAG[theirs])
        if g.assoc[s] == mine:
            v += ours + BLOCK * others
        else:
            v -= others + BLOCK * ours
    if KNOW:
        for _, e in g.events[since:]:
            if e["k"] == "saw_assoc" and e["seat"] == me:
                v += KNOW * (1 - abs(2 * b.p_ally[e["who"]] - 1))
    return v


def rollout(g, me, b, q, rng, budget):
    """Play the current turn out with the strong policy; a generator that
    yields when the budget says so and returns the world's value.  A
    rollout costs one unit of work, and one more per decision with a choice."""
    start, since = g.turn, len(g.events)
    heads = {}
    if budget.spend(1):
        yield
    while not g.over and g.turn == start and g.step["phase"] != "turn":
        seat = g._to_act()[0]
        legal = g._legal(seat)
        if len(legal) == 1:
            action = legal[0]
        else:
            if seat not in heads:
                heads[seat] = mind(g, seat, me, b, q, rng)
            p, known = heads[seat]
            view = {"phase": g.step["phase"], "step": public_step(g), "limit": g.limit,
                    "me": {"step": private_step(g, seat), "occ_face_up": g.occ_up[seat]},
                    "players": [{"objects": len(h)} for h in g.hands], "pile": len(g.pile),
                    "bags_are_goals": g.converted, "advanced3": g.adv3}
            action = S.decide(view, legal, Mind(g, seat, p, known, b.late), POLICY, rng)
            if budget.spend(1):
                yield
        g._apply(seat, action)
    return value(g, me, b, since)
