"""placeholder, replaced below"""
LEVELS = ["random", "basic", "strong"]


def think(view, legal, level, rng, budget_ms):
    return rng.choice(legal)
