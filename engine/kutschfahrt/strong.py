"""The heuristic policy of the basic and strong Kutschfahrt bots: one
function per step (`HANDLERS`), deciding from the view and the seat's
`Beliefs`; `params` says how far the level trusts soft evidence, when it
claims and whether it fights to learn.
"""

from __future__ import annotations

from itertools import combinations

from . import cards as C
from . import knowledge
from .knowledge import pearl_giver, struggle_outcomes

SOFT_MARGIN = 0.05  # asked of a claim whose allies are guessed, not seen
# A game still running after this many turns per seat is dragging far past
# the usual (all-bot games average 10-25 turns per seat; a few basic ones
# reach 100).  One 5-player basic table, deal 190, never ended: no seat could
# become sure enough to claim, though one of them knew every association.
# From here the odds a claim needs fall on, a little every turn, to LAST_RESORT.
STUCK_TURNS_PER_SEAT = 40
LAST_RESORT = 0.6


def lateness(view):
    """0 early; rises to 1 as the game drags on (hoarding gives way to trading)."""
    n = view["seats"]
    return max(0.0, min(1.0, (view.get("turn", 0) - 12 * n) / (6.0 * n)))


def value(b, k):
    """How much this seat wants to keep object k."""
    conv = b.view["bags_are_goals"]
    late = b.late
    if k == b.goal:
        return 10
    if k == b.enemy_goal:
        return 7 - 6.5 * late
    if k == b.goal_bag:
        return 8 if conv else 4
    if k == b.enemy_bag:
        return (6 - 5.5 * late) if conv else 2
    if k == "black_pearl":
        return -5
    if k in ("monocle", "privilege"):
        return 3
    if k == "loge":
        return 3
    if k in ("dagger", "gloves", "poison_ring", "casting_knives", "whip"):
        return 2
    return 1


def junk(b, hand, exclude=None):
    hand = [k for k in hand if k != exclude] or list(hand)
    return min(hand, key=lambda k: (value(b, k), k))


def _side_pref(b, f):
    """+1 attacker, -1 defender, 0 none: the side this seat wants to win."""
    me = b.me
    att, dfn = f["attacker"], f["defender"]
    pa = 1.0 if att == me else b.p_ally[att]
    pd = 1.0 if dfn == me else b.p_ally[dfn]
    if me == att and pd > 0.8:
        return 0
    if me == dfn and pa > 0.8:
        return 0
    if pa - pd > 0.25:
        return 1
    if pd - pa > 0.25:
        return -1
    return 0


def _theta(view, params):
    """The odds a claim needs: they fall to the level's floor as a game drags
    on, and below it once the game is stuck, so that every table ends."""
    turn = view.get("turn", 0)
    n = view["seats"]
    slow = max(0, turn - 12 * n)
    theta = max(params["theta_floor"], params["theta"] - 0.0015 * slow)
    stuck = max(0, turn - STUCK_TURNS_PER_SEAT * n)
    return max(min(theta, LAST_RESORT), theta - 0.002 * stuck)


def sure_allies(b):
    """Seats this seat has seen to be allies, or is all but sure of from play."""
    return [t for t in range(b.n) if t != b.me and
            (b.known_assoc.get(t) == b.assoc or (b.trust and b.p_ally[t] > 0.97))]


def _odds_without_pearl(b):
    """The best claim's odds if this seat did not hold the Black Pearl."""
    if C.goal_count(b.hand, b.assoc, b.view["bags_are_goals"]) < 1:
        return 0.0
    others = [t for t in range(b.n) if t != b.me and b.p_ally[t] >= 0.5]
    return max(b.claim_odds(list(allies)) for r in range(3) for allies in combinations(others, r))


def _pearl_from_ally(view, b):
    """The Black Pearl came from an ally this seat is sure of: that ally wants
    to claim, so keep it (passing it on only brings it back to the ally)."""
    last = pearl_giver(view["log"], b.me)
    return last is not None and last in sure_allies(b)


def _futile_targets(view, me):
    """Seats this seat's last struggle against ended in a draw while the pile
    is empty (a draw then changes nothing: attacking again only stalls)."""
    if view["pile"]:
        return set()
    return {t for t, w in struggle_outcomes(view["log"], me).items() if w is None}


def _only_goals(view, b, t):
    """Does seat t (as far as this seat can tell) hold nothing but our goal
    items?  Then an item handed to it comes back as one of ours: the trade
    changes nothing (two allies once swapped a key for a key for 3,000 turns)."""
    held = b.exp[t].get(b.goal, 0.0) + (b.exp[t].get(b.goal_bag, 0.0) if view["bags_are_goals"] else 0.0)
    return held >= b.size[t] - 0.5


def _on_turn(view, legal, b, params, rng):
    me = b.me
    hand = b.hand
    n = b.n
    refusers = knowledge.refusers(view["log"], me)
    # a careful bot that never fights still starts to, once a game drags on
    # (otherwise a table of them may never learn enough to claim)
    fights = params["attack"] or b.late >= 0.5
    legal = [a for a in legal if not (a["type"] == "offer" and a["to"] in refusers
                                      and rng.random() < 0.9)]
    if {"type": "claim_solo"} in legal:
        return {"type": "claim_solo"}
    claims = [a for a in legal if a["type"] == "claim"]
    if claims:
        best, bp = None, 0.0
        for a in claims:
            if any(b.p_ally[t] < 0.5 for t in a["allies"]):
                continue
            p = b.claim_odds(a["allies"])
            # allies guessed from play only (not seen): their odds read too high
            # (measured), so such a claim needs a margin
            if any(t not in b.known_assoc for t in a["allies"]):
                p -= SOFT_MARGIN
            if p > bp:
                best, bp = a, p
        if best is not None and bp >= _theta(view, params):
            return best
    # fortune telling: only on near certainty
    fts = [a for a in legal if a["type"] == "foretell"]
    if fts and params["trust"]:
        for a in fts:
            if all(b.p_ally[t] < 0.02 for t in a["names"]):
                exp_sum = sum(b.exp[t][b.enemy_goal] for t in a["names"])
                fixed = all(b.fixed[t] for t in a["names"])
                if fixed and exp_sum >= 3:
                    return a
    # the Clairvoyant when holding a bag
    if {"type": "clairvoyant"} in legal and any(k in C.BAGS for k in hand) and not view["bags_are_goals"]:
        return {"type": "clairvoyant"}
    # the Diplomat: demand our goal item from whoever most likely holds it
    dips = [a for a in legal if a["type"] == "diplomat" and a["name"] == b.goal]
    if dips:
        best = max(dips, key=lambda a: (b.exp[a["to"]][b.goal], -a["to"]))
        if b.exp[best["to"]][b.goal] >= 0.6:
            return best
    # the Black Pearl blocks our own claims: pass it to the likeliest enemy; but
    # when it alone keeps us from a claim, to the likeliest ally (an enemy would
    # only hand it back before our next turn)
    if "black_pearl" in hand and len(hand) > 1 and not _pearl_from_ally(view, b):
        if _odds_without_pearl(b) >= _theta(view, params):
            t = max((t for t in range(n) if t != me), key=lambda t: (b.p_ally[t], -t))
        else:
            t = min((t for t in range(n) if t != me), key=lambda t: (b.p_ally[t], t))
        a = {"type": "offer", "to": t, "obj": "black_pearl"}
        if a in legal and (b.p_ally[t] < 0.5 or _odds_without_pearl(b) >= _theta(view, params)):
            return a
    # gather our goal items in one hand: the lowest seat among the allies we are
    # sure of (every ally as sure agrees on it); an offer the collector refuses
    # still shows it what we hold, so it can name us in its claim
    if fights:
        mine = [k for k in hand if k == b.goal or (k == b.goal_bag and view["bags_are_goals"])]
        team = sure_allies(b)
        if mine and team and min(team) < me and not _only_goals(view, b, min(team)):
            a = {"type": "offer", "to": min(team), "obj": mine[0]}
            if a in legal:
                return a
    uncertain = [t for t in range(n) if t != me and t not in b.known_assoc]
    futile = _futile_targets(view, me)
    # trade information objects to whoever is least known
    if "monocle" in hand and uncertain:
        t = min(uncertain, key=lambda t: (abs(b.p_ally[t] - 0.5), t))
        a = {"type": "offer", "to": t, "obj": "monocle"}
        if a in legal:
            return a
    unseen = [t for t in range(n) if t != me and not b.fixed[t]]
    if "privilege" in hand and unseen:  # a look at a hand we know already teaches nothing
        t = max(unseen, key=lambda t: (b.exp[t][b.goal], -t))
        a = {"type": "offer", "to": t, "obj": "privilege"}
        if a in legal:
            return a
    bags = [k for k in hand if k in C.BAGS]
    if bags and view["pile"] > 0 and not view["bags_are_goals"]:
        bag = bags[0]
        if bag != b.goal_bag or view["pile"] > 2 or b.late >= 0.5:  # late: draw the pile out
            allies = sorted((t for t in range(n) if t != me), key=lambda t: (-b.p_ally[t], t))
            a = {"type": "offer", "to": allies[0], "obj": bag}
            if a in legal:
                return a
    # hand our goal items to a sure ally who is collecting them, or junk to allies
    sure = [t for t in range(n) if t != me and b.p_ally[t] > 0.97]
    # attack to learn
    uncertain = [t for t in uncertain if t not in futile]
    if fights and uncertain and rng.random() > 0.7 * b.late:
        t = max(uncertain, key=lambda t: (0.5 - abs(b.p_ally[t] - 0.5)
                                          + 0.2 * (b.exp[t][b.goal] + b.exp[t][b.enemy_goal]), -t))
        a = {"type": "attack", "to": t}
        if a in legal:
            return a
    # learn where our goal items are: take them from enemies who hold them
    if fights and rng.random() > 0.7 * b.late:
        targets = [t for t in range(n) if t != me and b.p_ally[t] < 0.1 and b.exp[t][b.goal] > 0.5
                   and t not in futile]
        if targets:
            t = max(targets, key=lambda t: (b.exp[t][b.goal], -t))
            return {"type": "attack", "to": t}
    if b.late > 0.3 and len(hand) > 0:
        # a drawn-out game: swap what we do not need with whoever most likely
        # holds our goal items (they value those less and less as well)
        k = junk(b, hand)
        if k not in (b.goal, b.goal_bag):
            cands = [t for t in range(n) if t != me]
            t = max(cands, key=lambda t: (b.exp[t][b.goal] + rng.random() * 0.3, -t))
            a = {"type": "offer", "to": t, "obj": k}
            if a in legal:
                return a
    if sure:
        k = junk(b, hand)
        if value(b, k) <= 3 and len(hand) > 1:
            t = max(sure, key=lambda t: (b.exp[t][b.goal], -t))
            a = {"type": "offer", "to": t, "obj": k}
            if a in legal:
                return a
    return {"type": "pass"}


def _on_respond(view, legal, b, params, rng):
    st = view["step"]
    frm = st["from"]
    k = view["me"]["step"]["obj"]
    pa = b.p_ally[frm]
    best, bg = None, None
    for a in legal:
        if a["type"] != "accept":
            continue
        r = a["give"]
        cost = value(b, r)
        if r in (b.goal, b.goal_bag) and pa < 0.7:
            cost += 5
        if r == b.enemy_goal and pa < 0.7:
            cost += 5 * (1 - b.late)
        if r == b.goal and pa > 0.9:
            cost -= 3
        if r in (b.goal, b.goal_bag) and frm in sure_allies(b):
            cost = min(cost, 1)  # it stays with our side
        gain = value(b, k) - cost
        if bg is None or gain > bg:
            best, bg = a, gain
    if {"type": "refuse"} in legal and (best is None or bg < 0):
        return {"type": "refuse"}
    return best


def _on_support(view, legal, b, params, rng):
    pref = _side_pref(b, view["step"]["struggle"])
    side = {1: "attacker", -1: "defender", 0: None}[pref]
    return {"type": "support", "side": side}


def _on_priest(view, legal, b, params, rng):
    if {"type": "priest"} not in legal:
        return {"type": "pass"}
    f = view["step"]["struggle"]
    me = b.me
    pd = 1.0 if f["defender"] == me else b.p_ally[f["defender"]]
    if b.p_ally[f["attacker"]] < 0.3 and pd > 0.7:
        return {"type": "priest"}
    return {"type": "pass"}


def _on_hypnotist(view, legal, b, params, rng):
    f = view["step"]["struggle"]
    best = None
    for a in legal:
        if a["type"] == "hypnotize":
            side = next((s["side"] for s in f["supports"] if s["seat"] == a["target"]), None)
            if side == "defender":
                best = a
    return best or {"type": "pass"}


def _on_fight(view, legal, b, params, rng):
    f = view["step"]["struggle"]
    pref = _side_pref(b, f)
    if pref == 0:
        return {"type": "pass"}
    tot = f["totals"]
    margin = (tot["attacker"] - tot["defender"]) * pref
    for a in legal:
        if a["type"] != "play":
            continue
        c = a["card"]
        if c == "poison_mixer":
            want = "attacker" if pref == 1 else "defender"
            if a["winner"] == want and margin <= 0 and abs(pref) == 1:
                far = b.p_ally[f["attacker"] if pref == 1 else f["defender"]]
                if far > 0.8:
                    return a
            continue
        if c == "duelist":
            if margin <= 0:
                return a
            continue
        if c == "poison_ring":
            if margin == 0:
                return a
            continue
        return a
    return {"type": "pass"}


def _on_doctor(view, legal, b, params, rng):
    if {"type": "doctor"} not in legal:
        return {"type": "pass"}
    f = view["step"]["struggle"]
    w = f["winner"]
    if w is None:
        return {"type": "pass"}
    loser = f["defender"] if w == f["attacker"] else f["attacker"]
    pl = 1.0 if loser == b.me else b.p_ally[loser]
    if b.p_ally[w] < 0.3 and pl > 0.7 and w != b.me:
        return {"type": "doctor"}
    return {"type": "pass"}


def _on_spoils(view, legal, b, params, rng):
    f = view["step"]["struggle"]
    loser = f["defender"] if f["winner"] == f["attacker"] else f["attacker"]
    looks = [a for a in legal if a["type"] == "look"]
    if view.get("advanced3"):
        seen = b.card_hints.get(loser, {})
        looks = [a for a in looks if a.get("card") not in seen] or looks
    if loser not in b.known_assoc:
        return looks[0]
    return {"type": "take"}


def _on_take(view, legal, b, params, rng):
    best = max(legal, key=lambda a: (value(b, a["obj"]), a["obj"]))
    if "give" in best:
        opts = [a for a in legal if a["obj"] == best["obj"]]
        hand = list(b.hand) + [best["obj"]]
        j = junk(b, hand)
        for a in opts:
            if a["give"] == j:
                return a
        return opts[0]
    return best


def _lowest_give(legal, b, key="obj"):
    return min(legal, key=lambda a: (value(b, a[key]), a[key]))


def _on_priest_pay(view, legal, b, params, rng):
    return _lowest_give(legal, b)


def _on_gift(view, legal, b, params, rng):
    j = junk(b, b.hand)
    players = view["players"]
    limit = view["limit"]
    cands = [a for a in legal if a["obj"] == j and players[a["to"]]["objects"] < limit] or \
        [a for a in legal if a["obj"] == j]
    return max(cands, key=lambda a: (b.p_ally[a["to"]], -players[a["to"]]["objects"], -a["to"]))


def _on_sextant_pass(view, legal, b, params, rng):
    return _lowest_give(legal, b)


def _on_sextant_dir(view, legal, b, params, rng):
    return rng.choice(legal)


def _on_smuggle(view, legal, b, params, rng):
    k = view["me"]["step"]["obj"]
    if {"type": "effect", "use": True} in legal and k != "tome":
        return {"type": "effect", "use": True}
    return {"type": "effect", "use": False}


def _on_coat(view, legal, b, params, rng):
    me = view["me"]
    if me["occ_face_up"]:
        opts = [a for a in legal if a["occ"]]
        if opts:
            return opts[0]
    return {"type": "coat", "occ": None}


def _on_tome(view, legal, b, params, rng):
    return {"type": "tome", "swap": bool(view["me"]["occ_face_up"])}


def _on_monocle_card(view, legal, b, params, rng):
    p = view["step"]["partner"]
    seen = b.card_hints.get(p, {})
    for a in legal:
        if a["card"] not in seen:
            return a
    return legal[0]


def _on_diplomat_pick(view, legal, b, params, rng):
    return _lowest_give(legal, b)


def _on_diplomat_return(view, legal, b, params, rng):
    return _lowest_give(legal, b)


def _on_clair_pick(view, legal, b, params, rng):
    order = [b.goal, b.goal_bag, b.enemy_goal]
    for k in order:
        a = {"type": "pick", "obj": k}
        if a in legal:
            return a
    return legal[0]


HANDLERS = {name[4:]: fn for name, fn in list(globals().items()) if name.startswith("_on_")}


def decide(view, legal, b, params, rng):
    """The step's handler's action, else pass, else any legal action."""
    fn = HANDLERS.get(view["phase"])
    if fn is not None:
        act = fn(view, legal, b, params, rng)
        if act is not None and act in legal:
            return act
    if {"type": "pass"} in legal:
        return {"type": "pass"}
    return rng.choice(legal)
