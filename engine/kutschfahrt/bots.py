"""Bots for De Koetsrit naar Duivelsfort, deciding from one seat's view only.

Beliefs (`beliefs.py`) are rebuilt from the view's log at every decision (the
bot keeps no memory between decisions); the policy (`strong.py`) picks the
action from them.  Levels: "random" (engine), "basic" (hard facts only,
careful claims, no attacks to learn), "strong" (the full model).  Thinking
is a generator that yields between its stages and, reading the log, every
`beliefs.LOG_STEP` entries; a decision costs a few ms in CPython.
"""

from __future__ import annotations

from .beliefs import Beliefs
from .strong import decide, lateness

LEVELS = ["random", "basic", "strong", "expert"]

PARAMS = {
    "basic": {"trust": 0.0, "theta": 0.97, "theta_floor": 0.9, "attack": False},
    "strong": {"trust": 1.0, "theta": 0.9, "theta_floor": 0.72, "attack": True},
}


def think(view, legal, level, rng, budget_ms, stop=None):
    """A generator: yields between stages and returns the action."""
    if level == "expert":
        from .expert import think as expert
        return expert(view, legal, rng, budget_ms, stop)
    return _heuristic(view, legal, level, rng)


def _heuristic(view, legal, level, rng):
    params = PARAMS.get(level, PARAMS["strong"])
    b = yield from Beliefs.read(view, params["trust"])
    b.late = lateness(view)
    yield
    return decide(view, legal, b, params, rng)
