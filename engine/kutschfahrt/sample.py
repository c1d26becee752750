"""sample_state(view, rng): a Kutschfahrt game consistent with one seat's view.

What a seat does not see is dealt anew: the other associations (keeping the
ones it saw and the numbers in the deck), the face-down occupations and the
occupation pile (keeping one it saw, until it changed), the other hands and
the pile (keeping the counts, and an object the table knows a seat holds),
and the hidden parts of the current step (an offered object between two
others, a Diplomat's matching objects, Clairvoyant picks).  A second trade
effect still queued is known only to the two traders; the sample keeps it
when the seat is one of them.
"""

from __future__ import annotations

from engine.sampling import adopt_history

from . import cards as C
from .state import KutschfahrtState

ASSOCS = ("order", "brotherhood")


def sample_state(view, rng) -> KutschfahrtState:
    seat = view["seat"]
    me = view["me"]
    g = KutschfahrtState.__new__(KutschfahrtState)
    adopt_history(g, view, rng)
    players = view["players"]
    g.turn = view["turn"]
    g.limit, g.odd, g.adv3 = view["limit"], view["odd"], view["advanced3"]
    g.drink = players[0]["drink"]
    g.converted = view["bags_are_goals"]
    g.total_objects = list(view["objects_in_game"])
    g.claims = [dict(c) for c in view["claims"]]
    g.over = view["over"]
    g.winners = list(view["result"]["winners"]) if g.over else []
    g.end_reason = None
    known = {f["seat"]: dict(f) for f in me["known"]}
    if g.over:  # the end shows every association
        for t, a in enumerate(view["result"]["associations"]):
            if t != seat:
                known.setdefault(t, {"seat": t, "cards": None, "occupation": None})["association"] = a
    _deal_associations(g, view, known, rng)
    _deal_occupations(g, view, known, rng)
    step = view["step"]
    g.fight = _fight(step.get("struggle"))
    last_turn = _this_turn(view["log"], g.turn)
    g.current = view["active"] if view["active"] is not None else _last_actor(view)
    need = _needed_objects(view, step, last_turn)
    _deal_objects(g, view, need, rng)
    g.step = _step(g, view, step, last_turn, rng)
    g.queue, g.resume_turn = _pending(g, view, step, last_turn)
    return g


# ---------------------------------------------------------------- dealing
def _deal_associations(g, view, known, rng):
    seat, n = view["seat"], g.seats
    me = view["me"]
    if g.adv3:
        deck = ["order"] * 5 + ["brotherhood"] * 5
        cards = [None] * n
        cards[seat] = list(me["association_cards"])
        for t in range(n):
            if t != seat:
                seen = (known.get(t) or {}).get("cards") or [None, None, None]
                cards[t] = list(seen)
        for hand in cards:
            for c in hand:
                if c is not None:
                    deck.remove(c)
        rng.shuffle(deck)
        for t in range(n):  # a known association: two of its three cards first
            want = (known.get(t) or {}).get("association")
            hand = cards[t]
            while want is not None and hand.count(want) < 2 and want in deck and None in hand:
                deck.remove(want)
                hand[hand.index(None)] = want
        for hand in cards:
            for i in range(3):
                if hand[i] is None:
                    hand[i] = deck.pop()
        g.assoc_cards = cards
        g.assoc = [max(ASSOCS, key=lambda a: cs.count(a)) for cs in cards]
    else:
        setup = C.SETUP[n]
        deck = ["order"] * setup["order"] + ["brotherhood"] * setup["brotherhood"]
        assoc = [None] * n
        assoc[seat] = me["association"]
        for t, f in known.items():
            if f.get("association"):
                assoc[t] = f["association"]
        for a in assoc:
            if a is not None:
                deck.remove(a)
        rng.shuffle(deck)
        g.assoc = [a if a is not None else deck.pop() for a in assoc]
        g.assoc_cards = [[a] for a in g.assoc]
    counts = {a: g.assoc.count(a) for a in ASSOCS}
    g.minority = min(counts, key=lambda a: counts[a]) if g.odd else None


def _deal_occupations(g, view, known, rng):
    seat, n = view["seat"], g.seats
    occ = [None] * n
    occ[seat] = view["me"]["occupation"]
    for t, p in enumerate(view["players"]):
        if p["occ_face_up"]:
            occ[t] = p["occupation"]
        elif t in known and known[t].get("occupation"):
            occ[t] = known[t]["occupation"]
    rest = [o for o in C.OCCUPATION_IDS if o not in occ]
    rng.shuffle(rest)
    g.occ = [o if o is not None else rest.pop() for o in occ]
    g.occ_pile = rest
    g.occ_up = [p["occ_face_up"] for p in view["players"]]
    step_private = view["me"]["step"] or {}
    if "occ_pile" in step_private:  # the Coat's owner sees the pile
        g.occ_pile = list(step_private["occ_pile"])
        taken = set(g.occ_pile) | {occ[seat]} | {o for t, o in enumerate(occ) if o and g.occ_up[t]}
        free = [o for o in C.OCCUPATION_IDS if o not in taken]
        rng.shuffle(free)
        g.occ = [occ[t] if occ[t] is not None and (t == seat or g.occ_up[t] or occ[t] in free)
                 else None for t in range(n)]
        for t in range(n):
            if g.occ[t] in free:
                free.remove(g.occ[t])
        g.occ = [o if o is not None else free.pop() for o in g.occ]


def _needed_objects(view, step, last_turn) -> dict:
    """What the seat knows others hold now: seat -> objects (a kind, or
    ("demand", name) for some object answering a Diplomat's demand)."""
    seat = view["seat"]
    private = view["me"]["step"] or {}
    ph = step["phase"]
    need = {}
    if ph == "respond" and private.get("obj") and seat == step["to"]:
        need[step["from"]] = [private["obj"]]
    elif ph == "smuggle" and private.get("obj"):
        need[step["partner"]] = [private["obj"]]
    elif ph in ("diplomat_pick", "diplomat_return"):
        got = private.get("got")
        need[step["to"]] = [got] if got and seat != step["to"] else [("demand", step["name"])]
    elif ph == "take" and "loser_objects" in private:
        need[view_loser(step)] = list(private["loser_objects"])
    return need


def view_loser(step):
    s = step["struggle"]
    return s["defender"] if s["winner"] == s["attacker"] else s["attacker"]


def _deal_objects(g, view, need, rng):
    seat, n = view["seat"], g.seats
    players = view["players"]
    me = view["me"]
    mine = list(me["objects"])
    pool = list(g.total_objects)
    for k in mine:
        pool.remove(k)
    pile_top = []
    private = me["step"] or {}
    if "pile" in private:  # the Clairvoyant sees the whole pile
        pile_top = list(private["pile"])
        for k in pile_top:
            pool.remove(k)
    rng.shuffle(pool)
    hands = [[] for _ in range(n)]
    hands[seat] = mine
    for t, wanted in need.items():
        if t == seat:
            continue
        for want in wanted:
            if isinstance(want, tuple):
                pick = next((k for k in pool if C.matches_demand(k, want[1], g.converted)), None)
            else:
                pick = want if want in pool else None
            if pick is not None:
                pool.remove(pick)
                hands[t].append(pick)
    for t in range(n):
        while len(hands[t]) < players[t]["objects"]:
            hands[t].append(pool.pop())
    g.hands = [sorted(h) for h in hands]
    pile = pool + pile_top
    if not pile_top:
        rng.shuffle(pile)
    g.pile = pile
    assert len(g.pile) == view["pile"], "the view's object counts do not add up"


# ------------------------------------------------------------------ steps
def _fight(public):
    if public is None:
        return None
    winner = public["winner"]
    loser = None
    if winner is not None:
        loser = public["defender"] if winner == public["attacker"] else public["attacker"]
    return {"att": public["attacker"], "def": public["defender"],
            "supports": {str(x["seat"]): x["side"] for x in public["supports"]},
            "voided": public["voided"], "played": [dict(p) for p in public["played"]],
            "duelist": public["duelist"], "mixer": public["mixer"], "winner": winner,
            "loser": loser, "result": public["result"]}


def _this_turn(log, turn):
    return [e for e in log if e.get("turn") == turn]


def _last_actor(view):
    claims = view["claims"]
    return claims[-1]["seat"] if claims else 0


def _used_since(entries, start_key, occ):
    """The seat that turned up `occ` since the last `start_key` entry."""
    used = None
    for e in entries:
        if e["k"] == start_key:
            used = None
        elif e["k"] == "occ_used" and e["occ"] == occ:
            used = e["seat"]
    return used


def _step(g, view, step, entries, rng):
    ph = step["phase"]
    private = view["me"]["step"] or {}
    to_act = view["to_act"]
    seat = view["seat"]

    def held(t):
        return g.hands[t][rng.below(len(g.hands[t]))]

    if ph in ("turn", "hypnotist", "spoils", "take", "over"):
        return {"phase": ph}
    if ph == "respond":
        obj = private.get("obj") or held(step["from"])
        return {"phase": ph, "from": step["from"], "to": step["to"], "obj": obj}
    if ph == "smuggle":
        obj = private["obj"] if "obj" in private else held(step["partner"])
        return {"phase": ph, "owner": step["owner"], "obj": obj, "partner": step["partner"]}
    if ph in ("sextant_dir", "coat", "tome", "monocle_card"):
        return {"phase": ph, "owner": step["owner"], "partner": step["partner"]}
    if ph == "sextant_pass":
        chosen = {str(t): held(t) for t in step["done"]}
        if "chosen" in private:
            chosen[str(seat)] = private["chosen"]
        return {"phase": ph, "dir": 1 if step["dir"] == "left" else -1, "chosen": chosen}
    if ph == "gift":
        return {"phase": ph, "seat": step["seat"]}
    if ph in ("priest", "doctor"):
        out = {"phase": ph, "waiting": list(to_act)}
        used = _used_since(entries, "attack" if ph == "priest" else "fight_result", ph)
        if used is not None:
            out["used"] = used
        return out
    if ph == "priest_pay":
        priest = [e["seat"] for e in entries if e["k"] == "priest"][-1]
        return {"phase": ph, "priest": priest}
    if ph == "support":
        f = g.fight
        order = [(f["att"] + i) % g.seats for i in range(1, g.seats)]
        order = [x for x in order if x != f["def"]]
        return {"phase": ph, "order": order, "i": order.index(step["next"])}
    if ph == "fight":
        passed = [s for s in range(g.seats) if s not in to_act and s != g.fight["voided"]]
        return {"phase": ph, "passed": passed}
    if ph in ("diplomat_pick", "diplomat_return"):
        by, to, name = step["by"], step["to"], step["name"]
        matching = sorted({k for k in g.hands[to] if C.matches_demand(k, name, g.converted)})
        matching = [k for k in matching if any(not g.bag_swap_forbidden(k, r) for r in g.hands[by])]
        if ph == "diplomat_pick":
            if private.get("matching") is not None:
                matching = list(private["matching"])
            return {"phase": ph, "by": by, "to": to, "name": name, "matching": matching}
        got = private.get("got") or (matching or g.hands[to])[0]
        return {"phase": ph, "by": by, "to": to, "name": name, "got": got}
    if ph == "clair_pick":
        if "picked" in private:
            picked = list(private["picked"])
        else:
            picked = list(g.pile[-step["picked"]:]) if step["picked"] else []
        return {"phase": ph, "picked": picked}
    raise ValueError(f"no sampler for step {ph!r}")


def _pending(g, view, step, entries):
    """The effects still queued behind the current step, and whether the
    turn goes on after them (a Diplomat's extra action)."""
    queue = []
    ph = step["phase"]
    if ph in ("smuggle", "sextant_dir", "sextant_pass", "coat", "tome", "monocle_card"):
        trades = [e for e in entries if e["k"] == "traded" and e.get("private")]
        if trades:
            t = trades[-1]
            pairs = [(t["offerer"], t["offered"], t["partner"]), (t["partner"], t["returned"], t["offerer"])]
            if any(e["k"] == "diplomat_trade" and e["move"] == t["move"] for e in entries):
                pairs.reverse()  # the object a Diplomat demanded was handed over first: its effect first
            owner = step.get("owner")
            if owner == pairs[0][0]:  # the first effect is running: the second waits
                second = pairs[1]
                if g.options["smuggling"]:
                    silent = "broken_mirror" in (t["offered"], t["returned"])
                    queue.append({"t": "smuggle", "owner": second[0],
                                  "obj": None if silent else second[1], "partner": second[2]})
                elif g.effect_applies(second[1]):
                    queue.append({"t": "effect", "owner": second[0], "obj": second[1], "partner": second[2]})
    queue.append({"t": "limit"})  # a no-op unless someone is over the luggage limit
    resume = False
    if g.options["diplomat"] == "extra" and ph != "turn":
        own = [e["k"] for e in entries if e["k"] in ("diplomat", "diplomat_trade", "diplomat_fail",
                                                    "offer", "attack", "pass", "clair_done")]
        resume = bool(own) and own[-1] in ("diplomat", "diplomat_trade")
    return queue, resume
