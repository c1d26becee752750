"""Bots for Carcassonne - Het Rad van Fortuin (placeholder, replaced below)."""
LEVELS = ["random", "greedy", "strong"]


def think(view, legal, level, rng, budget_ms):
    return rng.choice(legal)
