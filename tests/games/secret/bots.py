"""Little Secret's one bot above random: keep the higher card, never peek."""

LEVELS = ["random", "careful"]


def think(view, legal, level, rng, budget_ms, stop=None):
    values = view["values"]
    plays = [a for a in legal if a["type"] == "play"]
    if not plays:
        return legal[0]
    return min(plays, key=lambda a: (values[a["card"]], a.get("target", 0)))
