"""The expert Thurn und Taxis bot: every choice played out in sampled futures.

For each decision with a real choice:

1. Candidates: the legal actions, with duplicates merged (two open cards of
   the same city) and, when scoring, only the best few placements of houses
   by the strong bot's placement value (plus passing and playing on).
2. Samples: `sample.sample_state` deals the cards this seat has not seen
   (the others' hands, the deck order, the discard pile) at random; the
   same samples serve every candidate (common random numbers).
3. Rollouts: after the candidate, every seat plays the strong bot's policy
   (`strong.strong`, on the view each seat would have in the sample) for
   HORIZON more turns; then `value` scores the table: points as the game
   counts them at the end (carriage, bonus tiles, minus houses left) plus
   what the route on the table and the hand promise, own value minus the
   best other's.
4. Sequential halving (`engine.bots.search`) spends the budget and keeps
   the candidate with the best mean; the strong bot's own choice starts
   slightly ahead, so the expert leaves it only for a clear gain.

Work is counted in decisions made inside rollouts: budget_ms=1000 is
WORK_PER_SECOND of them (calibrated so a decision stays under a second in
the browser, see BENCHMARKS.md); it yields every YIELD_EVERY of them.
"""

from __future__ import annotations

from engine.bots.search import Budget, halving, seed_stream
from engine.rng import Rng

from .sample import sample_state
from .scoring import CARRIAGE_POINTS, next_carriage, placements, tiles_won
from .state import ThurnTaxisState
from .strong import Plan, strong

WORK_PER_SECOND = 1500
YIELD_EVERY = 1     # a rollout decision is a strong-bot move: three made a step of 16 ms at 4x CPU in the page
HORIZON = 4          # turns after the current one (two rounds at two seats)
SCORE_CANDIDATES = 3
STRONG_PRIOR = 0.5   # the strong bot's own choice starts this many points ahead ...
PRIOR_SAMPLES = 2    # ... worth this many rollouts (a deviation must show itself)
ROUTE_CARD = 0.6     # value of a card in an unscored route that cannot score yet
HAND_CARD = 0.15     # value of a card in hand


def clone(st: ThurnTaxisState) -> ThurnTaxisState:
    """A copy for one rollout (the log is not carried: rollouts need none)."""
    c = ThurnTaxisState.__new__(ThurnTaxisState)
    c.__dict__.update(st.__dict__)
    c.deck = st.deck[:]
    c.discards = st.discards[:]
    c.display = st.display[:]
    c.hands = [h[:] for h in st.hands]
    c.routes = [r[:] for r in st.routes]
    c.horse_cards = [h[:] for h in st.horse_cards]
    c.houses = [h[:] for h in st.houses]
    c.houses_left = st.houses_left[:]
    c.carriages = [x[:] for x in st.carriages]
    c.carriage_supply = dict(st.carriage_supply)
    c.stacks = {k: v[:] for k, v in st.stacks.items()}
    c.bonus = [x[:] for x in st.bonus]
    c.open_taken = [x[:] for x in st.open_taken]
    c._new_tiles = []
    c.events = []
    c.actions = []
    c.undoable = []
    c.rng = st.rng.copy()
    return c


def seat_view(st, seat):
    """What the strong policy reads: the seat's view without the log."""
    view = st._seat_view(seat)
    view["seat"] = seat
    view["options"] = st.options
    return view


def route_value(st, s):
    """What the unscored route promises: the houses, tiles and carriage a
    scoring now would bring (a little less: it is not scored yet), or a
    share per card while it is too short to score."""
    route = st.routes[s]
    if not route:
        return 0.0
    if not st.can_score(s):
        return ROUTE_CARD * len(route)
    b = st.board
    cities = [b.card_city(c) for c in route]
    built = set(st.houses[s])
    places = placements(b, cities, built, st.houses_left[s],
                        st.options["free_city_with_country"], st.options["fewer_houses"])
    held = {k for k, _ in st.bonus[s]}
    best = 0.0
    for p in places:
        gain = len(p)
        for key in tiles_won(b, st.stacks, held, built, p, len(route), st.options["all_countries"]):
            gain += st.stacks[key][0]
        best = max(best, gain)
    if not st.horses_mode:
        nxt = next_carriage(st.carriages[s])
        if nxt is not None and len(route) >= nxt and st.carriage_supply.get(nxt, 0) > 0:
            top = max(st.carriages[s]) if st.carriages[s] else None
            best += CARRIAGE_POINTS[nxt] - CARRIAGE_POINTS.get(top, 0)
    return 0.85 * best


def value(st, me):
    """Own estimated final score minus the best other's."""
    scores = st._scores()
    vals = []
    for s in range(st.seats):
        v = float(scores[s])
        if not st.over:
            v += route_value(st, s) + HAND_CARD * len(st.hands[s])
        vals.append(v)
    best_other = max(v for s, v in enumerate(vals) if s != me)
    return vals[me] - best_other


def _rollout(st, me, turns, rng, budget):
    """Strong policy for every seat for `turns` more turns; value for `me`."""
    start = st.turn
    while not st.over and st.turn - start <= turns:
        seat = st.current
        legal = st._legal(seat)
        if len(legal) == 1:
            action = legal[0]
        else:
            action = strong(seat_view(st, seat), legal, rng, 0)
            if budget.spend(1):
                yield
                if budget.cut:
                    return 0.0  # the round in hand is dropped: no need to finish it
        st._apply(seat, action)
    return value(st, me)


def _candidates(view, legal):
    """The actions worth searching, the strong bot's own choice first."""
    out = []
    seen = set()
    if view["phase"] == "more":
        scores = [a for a in legal if a["type"] == "score"]
        if len(scores) > SCORE_CANDIDATES:
            plan = Plan(view)
            b = plan.b
            n = len(plan.ctx.route)
            scores.sort(key=lambda a: -plan.placement_value(
                [b.index[c] for c in a["cities"]], n, bool(a.get("wagner"))))
            keep = scores[:SCORE_CANDIDATES]
            legal = [a for a in legal if a["type"] != "score" or a in keep]
    for a in legal:
        key = a["type"], a.get("city"), a.get("end"), a.get("h"), tuple(a.get("cities", ())), \
            a.get("wagner")
        if a["type"] == "take":
            c = view["display"][a["slot"]]
            key = "take", c["city"], c["h"]
        if key in seen:
            continue
        seen.add(key)
        out.append(a)
    return out


def expert(view, legal, rng, budget_ms, stop=None):
    me = view["seat"]
    first = strong(view, legal, rng.fork(), budget_ms)
    cands = _candidates(view, legal)
    if first in cands:
        cands.remove(first)
    cands.insert(0, first)
    if len(cands) == 1:
        return first
    yield
    budget = Budget(WORK_PER_SECOND * budget_ms / 1000, YIELD_EVERY, stop)
    samples = {}

    def simulate(i, seed):
        if seed not in samples:
            # a seed serves one round of the candidates: the round before's
            # sample is let go of here, not all of them when the decision ends
            samples.clear()
            sample = samples[seed] = sample_state(view, Rng(seed))
            # a rollout plays a clone, which carries no history: freed here,
            # the history is not freed all at once when the decision ends
            sample.events, sample.actions, sample.undoable = [], [], []
            budget.spend(1)
            yield  # dealing a sample is a rollout decision's work or more
        st = clone(samples[seed])
        st._apply(me, cands[i])
        return (yield from _rollout(st, me, HORIZON, Rng(seed + 1), budget))

    prior = [STRONG_PRIOR] + [0.0] * (len(cands) - 1)
    best = yield from halving(len(cands), simulate, budget, seed_stream(rng),
                              prior=prior, prior_weight=PRIOR_SAMPLES)
    return cands[best]
