"""The one game loop: drive a state to its end, one decision at a time.

Tests, benchmarks and `engine.simulate` all play games through `play`, so
there is one place that knows how a table moves on: ask who must decide,
let a chooser pick one of those seats and its action, apply it, repeat.

    for state in play(new_game("toy", 2), random_chooser(Rng(1))):
        ...  # the state after each action (check invariants here)
"""

from __future__ import annotations

import time

from . import bots
from .rng import Rng


def play(state, choose, limit: int = 100_000):
    """Yield `state` after every action until the game is over.

    `choose(state)` returns `(seat, action)` for one of the seats that must
    decide now.  Raises RuntimeError after `limit` actions without an end."""
    for done in range(limit + 1):
        if state.is_over():
            return
        if done == limit:
            raise RuntimeError(f"{state.game_id} seed {state.seed}: no end after {limit} actions")
        seat, action = choose(state)
        state.apply(seat, action)
        yield state


def finish(state, choose, limit: int = 100_000):
    """Play to the end; the finished state."""
    for _ in play(state, choose, limit):
        pass
    return state


def random_chooser(rng: Rng, pick=None, first: bool = False):
    """A random seat among those to act (`first`: the first of them), and a
    random legal action of it (or `pick(rng, legal)`, e.g. one that weighs
    the action types)."""
    def choose(state):
        seat = state.to_act()[0] if first else rng.choice(state.to_act())
        legal = state.legal_actions(seat)
        return seat, (pick(rng, legal) if pick else rng.choice(legal))
    return choose


def bot_chooser(levels, seed: int = 0, budget_ms: int = 1000, on_decision=None, seeds=None,
                first: bool = False, clock=None, hurry: bool = False):
    """The bots of `levels` (one level per seat) decide from their seat's view.
    Seats asked at the same moment answer in turn, each once per round (a
    seat an earlier answer settled is skipped); `first`: always the first
    seat to act.  A decision's seed is `seeds(state, n)` for the n-th
    decision (default seed * 1000003 + n).  `on_decision(seat, legal, ms)`
    is told how long each decision took by `clock` (default perf_counter).
    `hurry`: searches answer by the table's deadline on that clock, as in
    the browser (engine.bots.hurry_after); then a seed no longer fixes the game."""
    count = [0]
    round_ = []
    seeds = seeds or (lambda state, n: seed * 1000003 + n)

    def choose(state):
        now = clock or time.perf_counter
        to_act = state.to_act()
        if first:
            seat = to_act[0]
        else:
            round_[:] = [s for s in round_ if s in to_act] or list(to_act)
            seat = round_.pop(0)
        legal = state.legal_actions(seat)
        t0 = now()
        stop = bots.hurry_after(now, budget_ms) if hurry else None
        action = bots.choose(state.game_id, state.view(seat), legal, levels[seat],
                             seeds(state, count[0]), budget_ms, stop)
        if on_decision:
            on_decision(seat, legal, (now() - t0) * 1000)
        count[0] += 1
        return seat, action
    return choose
