"""What one seat knows for certain about the others, read from its own log.

The table ("What I know") and the bots both need it; the engine derives it
once, so neither parses the log for rules facts.  A seen association stays
true for the whole game; a seen face-down occupation stays true until that
seat's occupation changes (Coat, Tome).
"""

from __future__ import annotations


def known(log: list, seat: int, seats: int) -> list:
    """Per other seat: {"seat", "association", "cards" (adv3: index -> association
    as a list, None where unseen), "occupation"}; only seats with something known."""
    facts = {t: {"seat": t, "association": None, "cards": None, "occupation": None}
             for t in range(seats) if t != seat}

    def forget_occ(t):
        if t in facts:
            facts[t]["occupation"] = None

    for e in log:
        k = e.get("k")
        if k == "saw_assoc" and e.get("seat") == seat:
            facts[e["who"]]["association"] = e["assoc"]
        elif k == "saw_assoc_card" and e.get("seat") == seat:
            cards = facts[e["who"]]["cards"] or [None, None, None]
            cards[e["card"]] = e["assoc"]
            facts[e["who"]]["cards"] = cards
        elif k == "saw_occ" and e.get("seat") == seat:
            facts[e["who"]]["occupation"] = e["occ"]
        elif k == "coat_new":
            forget_occ(e["seat"])
        elif k == "tome_swap":
            forget_occ(e["seat"])
            forget_occ(e["partner"])
        elif k == "shows" and e["seat"] in facts:  # cards turned over on a claim
            facts[e["seat"]]["association"] = e["assoc"]
    return [f for f in facts.values() if f["association"] or f["cards"] or f["occupation"]]
