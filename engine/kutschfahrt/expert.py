"""The expert Kutschfahrt bot: the strong bot's beliefs, its turns searched.

For a turn with a real choice (pass, offer, attack, Diplomat, Clairvoyant):

1. Candidates: every legal action but the claims, the strong bot's own
   choice first.  A claim is made by the strong rule (when its odds reach
   the threshold), never searched: a wrong claim loses at once.
2. Worlds: `rollout.world` deals what the view hides (the engine's
   `sample_state`), the other seats' associations drawn from the beliefs;
   the same worlds serve every candidate (common random numbers).
3. Each candidate is played in a world and the turn played out
   (`rollout.rollout`), every seat answering with the strong policy; the end
   of the turn is scored by `rollout.value` (goal items on each side, a look
   at an unsure association, the game won or lost).
4. Sequential halving (`engine.bots.search`) spends the budget and keeps
   the candidate with the best mean; the strong choice starts a little ahead.

Two moves are left to the strong rules: handing a goal item to the ally who
gathers them (the search sees no gain in it, yet that is how a claim comes
about), and everything once the game drags on (`strong.lateness`), so that
a table of experts always gets to a claim.  Every other step is the strong
policy, except that an item from a sure ally is never paid for with a goal item.

Work is counted in rollouts and the decisions in them (dealing a world
counts as WORLD_COST): budget_ms=1000 is WORK_PER_SECOND units (calibrated so a decision stays well under a second in the browser, see
BENCHMARKS.md); it yields every YIELD_EVERY of them.
"""

from __future__ import annotations

from engine.bots.search import Budget, halving, seed_stream
from engine.rng import Rng

from . import strong as S
from .beliefs import Beliefs
from .rollout import clone, rollout, sureness, world

WORK_PER_SECOND = 1000
YIELD_EVERY = 20
WORLD_COST = 2       # dealing a world, in rollout decisions
SEARCHED = ("turn",)
PRIOR = 0.3          # the strong choice starts this far ahead ...
PRIOR_SAMPLES = 2    # ... worth this many rollouts
LATE = 0.5           # from this lateness on, the strong rules alone
PARAMS = {"trust": 1.0, "theta": 0.9, "theta_floor": 0.72, "attack": True}
CLAIMS = ("claim", "claim_solo", "foretell")


def _on_respond(view, legal, b, params, rng):
    act = S.HANDLERS["respond"](view, legal, b, params, rng)
    if act and act["type"] == "accept" and view["step"]["from"] in S.sure_allies(b):
        goals = (b.goal, b.goal_bag)
        if act["give"] in goals:  # it stays on our side either way: give something else
            others = [a for a in legal if a["type"] == "accept" and a["give"] not in goals]
            if others:
                return min(others, key=lambda a: (S.value(b, a["give"]), a["give"]))
    return act


HANDLERS = dict(S.HANDLERS, respond=_on_respond)


def policy(view, legal, b, rng):
    """The expert's rules (the strong policy with its own answer to offers)."""
    fn = HANDLERS.get(view["phase"])
    if fn is not None:
        act = fn(view, legal, b, PARAMS, rng)
        if act is not None and act in legal:
            return act
    return S.decide(view, legal, b, PARAMS, rng)


def gathers(view, b, action) -> bool:
    """Is this the strong rule's hand-over of a goal item to a sure ally?"""
    return action["type"] == "offer" and action["to"] in S.sure_allies(b) and (
        action["obj"] == b.goal or (action["obj"] == b.goal_bag and view["bags_are_goals"]))


def candidates(legal, first) -> list:
    return [first] + [a for a in legal if a["type"] not in CLAIMS and a != first]


def think(view, legal, rng, budget_ms, stop=None):
    """A generator: yields while it searches and returns the action."""
    b = yield from Beliefs.read(view, PARAMS["trust"])
    b.late = S.lateness(view)
    yield
    first = policy(view, legal, b, rng.fork())
    if (view["phase"] not in SEARCHED or first["type"] in CLAIMS or b.late >= LATE
            or gathers(view, b, first)):
        return first
    cands = candidates(legal, first)
    if len(cands) == 1:
        return first
    me = view["seat"]
    # rollouts read no history: the sampler needs only this turn's entries
    short = dict(view, moves=0, log=[e for e in view["log"] if e.get("turn") == view["turn"]])
    budget = Budget(WORK_PER_SECOND * budget_ms / 1000, YIELD_EVERY, stop)
    worlds = {}
    q = sureness(b)

    def simulate(i, seed):
        if seed not in worlds:
            worlds[seed] = world(short, b, Rng(seed))
            if budget.spend(WORLD_COST):
                yield
        g = clone(worlds[seed])
        g._apply(me, cands[i])
        return (yield from rollout(g, me, b, q, Rng(seed + 1), budget))

    prior = [PRIOR] + [0.0] * (len(cands) - 1)
    best = yield from halving(len(cands), simulate, budget, seed_stream(rng),
                              prior=prior, prior_weight=PRIOR_SAMPLES)
    return cands[best]
