"""The search every expert bot shares: determinized Monte Carlo with
sequential halving.

An expert samples full states consistent with its view (the engine's
`sample_state(view, rng)`), plays each candidate action in the sample and
lets a rollout policy (the game's strong heuristics) carry the game on for a
while before a heuristic evaluation scores it.  Candidates are compared on
the SAME samples and the same rollout seeds (common random numbers), so luck
that hits every candidate alike cancels out of the comparison.

Sequential halving (Karnin, Koren & Somekh 2013) spends a fixed budget in
rounds: every candidate still in the race gets the same number of new
samples, then the worse half drops out.  With a budget of a few dozen to a
few hundred rollouts that finds the best move more reliably than a search
tree would (a tree needs many more visits before its deeper levels help).

Budgets are amounts of work (the game counts its own units: evaluations,
decisions), never clock readings, so a seed gives the same move anywhere.
A caller may also pass `stop`, its own "time is up" (the table's deadline
on a slow device, `engine.bots.hurry_after`): the search then drops the
round in hand and answers with what the finished rounds showed.  The engine
itself reads no clock; only a caller that passes a clock-driven stop gives
up that sameness.
"""

from __future__ import annotations

import math


class Budget:
    """Work units left; a rollout charges what it did through `spend`.
    `stop()` (optional, the caller's) is asked at every yield; once it says
    yes the budget is `cut`: nothing is left and the search winds up."""

    __slots__ = ("total", "used", "yield_every", "_next_yield", "stop", "cut")

    def __init__(self, total: int, yield_every: int, stop=None):
        self.total = max(1, int(total))
        self.used = 0
        self.yield_every = max(1, int(yield_every))
        self._next_yield = self.yield_every
        self.stop = stop
        self.cut = False

    def spend(self, units: int = 1) -> bool:
        """Count work; True when it is time to yield to the page."""
        self.used += units
        if self.used >= self._next_yield:
            self._next_yield = self.used + self.yield_every
            if self.stop is not None and not self.cut and self.stop():
                self.cut = True
            return True
        return False

    @property
    def left(self) -> int:
        return 0 if self.cut else self.total - self.used


def halving(n: int, simulate, budget: Budget, seeds, prior=None, prior_weight: float = 0.0,
            min_round: int = 1):
    """Pick the best of `n` candidates; a generator that returns its index.

    simulate(i, seed) is a generator that yields now and then and returns
    the value of candidate i on the sample/rollout numbered `seed` (higher
    is better for the deciding seat); it charges its work to `budget`.
    `seeds` yields the sample seeds (the same one for every candidate in
    a round).  `prior[i]` (a heuristic value on the same scale) counts as
    `prior_weight` samples of the candidate's mean, so early cuts made on
    a sample or two lean on it and later ones on the rollouts; it also
    orders the candidates when the budget runs out before every candidate
    had a sample.  A round cut short by `budget.stop` is not counted: its
    candidates would not have been compared on the same samples.
    """
    if n <= 1:
        return 0
    prior = list(prior) if prior is not None else [0.0] * n
    alive = list(range(n))
    total = [0.0] * n
    count = [0] * n
    cost = None  # mean work units of one rollout, learnt as we go
    rounds = max(1, math.ceil(math.log2(n)))

    def score(i):
        if not count[i]:
            return prior[i] - 1e9
        return (prior_weight * prior[i] + total[i]) / (prior_weight + count[i])

    for r in range(rounds):
        if len(alive) == 1:
            break
        share = budget.left / (rounds - r)
        per = max(min_round, int(share / (len(alive) * cost))) if cost else min_round
        for _ in range(per):
            if cost and budget.left < cost * len(alive) and r + 1 < rounds:
                break  # not enough for a full round of samples: halve now
            seed = next(seeds)
            values = []
            for i in alive:
                before = budget.used
                values.append((yield from simulate(i, seed)))
                if budget.cut:
                    break
                spent = budget.used - before
                cost = spent if cost is None else 0.8 * cost + 0.2 * spent
            if budget.cut:
                break
            for i, v in zip(alive, values):
                total[i] += v
                count[i] += 1
            if budget.left <= 0:
                break
        if budget.left <= 0:
            break
        alive.sort(key=lambda i: -score(i))
        alive = alive[:max(1, (len(alive) + 1) // 2)]
    return max(alive, key=score)


def seed_stream(rng):
    """Fresh sample seeds from the bot's own generator."""
    while True:
        yield rng.below(1 << 62)
