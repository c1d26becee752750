"""The expert Kutschfahrt bot: the strong policy, plus what is CERTAIN.

The strong bot's beliefs are expectations: an object it saw an ally hold is
spread thin again as soon as anything else moves, so at the moment its side
could claim it usually still thinks the odds are too low (measured: median
0.41 when a claim with one ally would have been right).  The expert keeps,
beside those beliefs, a lower bound on every other seat's hand read from
its own log (`certain_holdings`): what it saw (a look at the hand, an object
offered to it, an object played in a struggle, an object handed to it),
minus one of each kind whenever that seat passed on an object it could not
see.  A claim whose named allies certainly hold enough is as likely right as
the allies are allies.

With that the expert also plays its side's part: it shows (offers) its
association's goal items to the ally that gathers them (the lowest seat of
the allies it is sure of), never fights a seat it is sure is an ally, and
claims as soon as the certain odds are high enough.
"""

from __future__ import annotations

from collections import Counter
from itertools import combinations

from . import bots as K
from . import cards as C

# objects leave a seat unseen in these public entries: (kind, [seats that gave one])
_UNSEEN_OUT = {
    "accept": lambda e: [e["by"], e["to"]],
    "diplomat_trade": lambda e: [e["seat"], e["to"]],
    "gift": lambda e: [e["from"]],
    "priest_paid": lambda e: [e["from"]],
    "took": lambda e: [e["loser"]],
    "gave_back": lambda e: [e["from"]],
}


def certain_holdings(view) -> list:
    """Per seat, a Counter of object kinds it certainly holds now (a lower
    bound, from this seat's own log); this seat's own hand exactly."""
    n, me = view["seats"], view["seat"]
    cert = [Counter() for _ in range(n)]
    log = view["log"]
    for i, e in enumerate(log):
        k = e["k"]
        if k == "saw_objects" and e["seat"] == me:
            cert[e["who"]] = Counter(e["objs"])
        elif k == "offer_obj" and e["to"] == me:
            cert[e["by"]][e["obj"]] = max(cert[e["by"]][e["obj"]], 1)
        elif k == "play" and e["card"] in C.OBJECTS:
            cert[e["seat"]][e["card"]] = max(cert[e["seat"]][e["card"]], 1)
        elif k in _UNSEEN_OUT:
            private = _private_detail(log, i, me)
            for s in _UNSEEN_OUT[k](e):
                if s == me:
                    continue
                if private is not None and s in private:
                    cert[s][private[s]] = max(0, cert[s][private[s]] - 1)
                else:  # one object left unseen: each kind may have lost one
                    for kind in list(cert[s]):
                        cert[s][kind] = max(0, cert[s][kind] - 1)
            if private is not None:
                for s, kind in private.get("to", {}).items():
                    if s != me:
                        cert[s][kind] += 1
        elif k == "sextant_done":
            for s in range(n):
                if s != me:
                    for kind in list(cert[s]):
                        cert[s][kind] = max(0, cert[s][kind] - 1)
    cert[me] = Counter(view["me"]["objects"])
    return cert


def _private_detail(log, i, me):
    """What this seat saw of the move logged at `i`: {giver: kind, ...,
    "to": {receiver: kind}} or None."""
    e = log[i]
    k = e["k"]
    for f in log[i + 1:i + 4]:
        fk = f["k"]
        if k in ("accept", "diplomat_trade") and fk == "traded":
            a, b = f["offerer"], f["partner"]
            return {a: f["offered"], b: f["returned"], "to": {b: f["offered"], a: f["returned"]}}
        if k == "gift" and fk == "gift_obj":
            return {f["from"]: f["obj"], "to": {f["to"]: f["obj"]}}
        if k == "priest_paid" and fk == "priest_paid_obj":
            return {f["from"]: f["obj"], "to": {f["to"]: f["obj"]}}
        if k == "took" and fk == "took_obj":
            return {f["loser"]: f["obj"], "to": {f["winner"]: f["obj"]}}
        if k == "gave_back" and fk == "gave_back_obj":
            return {f["from"]: f["obj"], "to": {f["to"]: f["obj"]}}
    return None


def goal_items(b, counter) -> int:
    return C.goal_count(list(counter.elements()), b.assoc, b.view["bags_are_goals"])


def certain_odds(b, cert, allies) -> float:
    """P(the claim naming `allies` is right) when it rests on certain items:
    the chance the allies are allies, if what they certainly hold suffices."""
    if any(goal_items(b, cert[t]) < 1 for t in allies):
        return 0.0
    have = goal_items(b, cert[b.me]) + sum(goal_items(b, cert[t]) for t in allies)
    p_small, p_big = b.p_named(allies)
    drink = 1 if b.view["odd"] else 0
    return (p_big if have >= 3 else 0.0) + (p_small if have + drink >= 3 else 0.0)


def best_claim(b, cert, legal):
    """The claim with the best odds (certain or expected) and its odds."""
    best, odds = None, 0.0
    for a in legal:
        if a["type"] != "claim":
            continue
        allies = a["allies"]
        if any(b.p_ally[t] < 0.5 for t in allies):
            continue
        p = max(b.claim_odds(allies), certain_odds(b, cert, allies))
        if p > odds:
            best, odds = a, p
    return best, odds


def think_expert(view, legal, rng, budget_ms):
    params = K.PARAMS["expert"]
    b = K.Beliefs(view, params["trust"])
    b.late = K.lateness(view)
    b.give_up = b.late
    yield
    if view["phase"] == "turn" and not view.get("advanced3"):
        cert = certain_holdings(view)
        claim, odds = best_claim(b, cert, legal)
        if claim is not None and odds >= K._theta(view, params):
            return claim
    return K.decide(view, legal, b, params, rng)
