"""The toy game's one bot above random: play the highest number, never peek."""

LEVELS = ["random", "greedy"]


def think(view, legal, level, rng, budget_ms, stop=None):
    plays = [a for a in legal if a["type"] == "play"]
    return max(plays, key=lambda a: a["n"]) if plays else legal[0]
