"""The strong bot (placeholder: greedy until the planner lands)."""

from .bots import greedy


def strong(view, legal, rng, budget_ms):
    return greedy(view, legal, rng)
