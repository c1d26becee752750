"""The expert Carcassonne bot: the strong bot's best moves, judged by rollouts.

1. Candidates: every placement (and the follower choices on the best ones)
   valued one move deep with the strong evaluation (`bots.best_moves`); the
   best CANDIDATES go on.
2. Each candidate is played in samples of the hidden future (the draw order
   of the bag: `sample.sample_state`, one seed per sample).  A rollout lets
   every seat in turn draw and answer with the strong bot's one-move choice
   until it is this seat's turn again and it has moved once more (one full
   round), then scores the table with the strong evaluation (own value
   minus the opponents').
3. Sequential halving with common random numbers (`engine.bots.search`)
   spends the budget and keeps the candidate with the best mean.

Work is counted in evaluations of the strong evaluation, like the strong
bot: budget_ms=1000 is WORK_PER_SECOND of them on an empty board, fewer as
the board grows (an evaluation copies the board; calibrated so that on
our test machine, when it runs fast, nearly every decision finishes its work
in the page before the table's deadline, see BENCHMARKS.md).  It yields
every `bots.YIELD_EVERY` evaluations; a `stop` from the caller
(engine.bots.hurry_after) cuts the search short.
"""

from __future__ import annotations

from engine.bots.search import Budget, halving, seed_stream
from engine.rng import Rng

from . import bots as B
from .sample import sample_state

WORK_PER_SECOND = 14000  # evaluations on an empty board for budget_ms=1000
BOARD_COST = 25          # an evaluation copies the board: at 25 tiles it costs twice as much
CANDIDATES = 8
FOLLOWER_SHARE = 0.4     # of the budget, for the follower step after a placement
PRIOR_WEIGHT = 1.0


def _value(g, me):
    if g.phase == "over":  # everything is scored: the scores are the values
        return B.relative([float(s) for s in g.scores], me)
    return B.relative(B.strong_value(g), me)


def _pest(g, rng, budget):
    """Seats asked about the plague choose as the strong bot would."""
    while g.phase == "pest":
        seat = g.pest_queue[0]
        legal = [{"type": "pest", "follower": fid} for fid in g.pest_options(seat)]
        budget.spend(len(legal))
        choice = B.pest_choice(g, legal, B._strong_value, seat)
        g.pest_choose(seat, choice["follower"], rng)


def _rollout(g, me, seed, plies, budget):
    """Play `plies` turns from g (the next seat to draw) with the strong
    one-move policy; the value for `me` at the end."""
    rng = Rng(seed)
    for _ in range(plies):
        g.start_turn(rng)
        _pest(g, rng, budget)
        if g.phase == "over":
            break
        counter = [0]
        moves = yield from B.best_moves(g, g.current, 2, counter)
        yield from B.let_go(moves, 1)
        best = moves[0]
        if budget.spend(counter[0]):
            yield
            if budget.cut:
                return 0.0  # the round in hand is dropped: no need to finish it
        g = best[3]
    budget.spend(1)
    return _value(g, me)


def expert(view, legal, rng, budget_ms, stop=None):
    me = view["seat"]
    root = sample_state(view, rng).g
    root.log = None
    yield
    work = WORK_PER_SECOND * budget_ms / 1000 * BOARD_COST / (BOARD_COST + len(root.placed))
    budget = Budget(work, B.YIELD_EVERY, stop)
    if root.phase == "pest":
        return B.pest_choice(root, legal, B._strong_value, me)
    if root.phase == "follower":
        # the placement's search already weighed these followers: a smaller
        # search among the few choices confirms it
        budget.total = int(budget.total * FOLLOWER_SHARE)
        cands = []
        for fol in B.follower_choices(root, prune_crowns=False):
            a = B.after(root, None, fol)
            cands.append([B._strong_value(a, me), None, fol, a])
            yield
        cands.sort(key=lambda c: -c[0])
        pick = 2
    else:
        counter = [0]
        cands = yield from B.best_moves(root, me, 8, counter)
        budget.spend(counter[0])
        yield from B.let_go(cands, CANDIDATES)
        pick = 1
    if len(cands) == 1 or not root.bag:
        return cands[0][pick]
    plies = root.seats

    def simulate(i, seed):
        return (yield from _rollout(cands[i][3].copy(), me, seed, plies, budget))

    best = yield from halving(len(cands), simulate, budget, seed_stream(rng),
                              prior=[c[0] for c in cands], prior_weight=PRIOR_WEIGHT)
    return cands[best][pick]
