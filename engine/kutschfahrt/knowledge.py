"""What one seat can read from its own log, in one place.

The table ("What I know") and the bots both need it; the engine derives it
once, so neither parses the log for rules facts, and a change to a log entry
is made here only.  A seen association stays true for the whole game; a seen
face-down occupation stays true until that seat's occupation changes (Coat,
Tome).  The bots read the log as streams of plain tuples: object movements
(`object_moves`), table conduct that hints at associations (`conduct`) and a
few facts about their own dealings; a bot in the page reads a long log in
pieces (`every`), yielding between them, so no step of its thinking is long.
"""

from __future__ import annotations

from collections import Counter

from ..bots import run_to_end
from . import cards as C


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


# ------------------------------------------------------------------ objects
# one object handed from one seat to another: entry -> (giver, receiver), and
# the private entry that names the object for the two of them
_HANDED = {
    "gift": (lambda e: (e["from"], e["to"]), "gift_obj"),
    "priest_paid": (lambda e: (e["from"], e["to"]), "priest_paid_obj"),
    "took": (lambda e: (e["loser"], e["winner"]), "took_obj"),
    "gave_back": (lambda e: (e["from"], e["to"]), "gave_back_obj"),
}
_TURN_BREAK = ("accept", "refuse", "offer", "attack", "pass")


def object_moves(log: list, me: int, every: int = 0):
    """The movements of objects as seat `me` can follow them, in order
    (`every`: a None between them before every `every`-th entry read, where
    a reader that yields to the page may do so):

    ("trade", a, b, a_gave, b_gave, seen): a and b swapped one object each (a
        offered, or was the Diplomat); a kind where `me` saw it (`seen`), else
        the name the table heard of a trade effect ("bag" for a bag), or None;
    ("demand", a, b, name): the Diplomat a took `name` from b and gave back an
        unseen object;
    ("move", a, b, kind or None): one object from a to b (gift, Priest's
        payment, a taking, the object given back);
    ("draw", s, kind or None): s drew the pile's top;
    ("sextant", d, mine_out, mine_in, done): every seat passed one object to
        the seat d (+1 left, -1 right) on; what `me` gave and got;
    ("see", t, objs): `me` saw all of t's objects; ("see_pile", objs);
    ("pin", t, kind): t held that object at that moment (offered it to `me`,
        or laid it in a struggle).
    """
    L = len(log)
    for i, e in enumerate(log):
        if every and i and not i % every:
            yield None
        k = e["k"]
        if k == "accept":
            a, b = e["to"], e["by"]
            detail, effects = None, {}
            j = i + 1
            while j < L and log[j].get("turn") == e.get("turn"):
                f = log[j]
                if f["k"] == "traded" and {f["offerer"], f["partner"]} == {a, b}:
                    detail = f
                if f["k"] == "effect" and {f["owner"], f["partner"]} == {a, b}:
                    effects.setdefault(f["owner"], f["obj"])
                if f["k"] in _TURN_BREAK:
                    break
                j += 1
            if detail:
                yield ("trade", a, b, detail["offered"], detail["returned"], True)
            else:
                yield ("trade", a, b, effects.get(a), effects.get(b), False)
        elif k == "diplomat_trade":
            a, b = e["seat"], e["to"]
            detail = None
            j = i + 1
            while j < L and log[j].get("turn") == e.get("turn"):
                if log[j]["k"] == "traded":
                    detail = log[j]
                    break
                j += 1
            if detail:
                yield ("trade", a, b, detail["offered"], detail["returned"], True)
            else:
                name = next((log[j]["name"] for j in range(i - 1, -1, -1) if log[j]["k"] == "diplomat"), None)
                yield ("demand", a, b, name)
        elif k in _HANDED:
            ends, private = _HANDED[k]
            a, b = ends(e)
            obj = next((f["obj"] for f in log[i + 1:i + 3] if f["k"] == private), None)
            yield ("move", a, b, obj)
        elif k == "draw":
            s = e["seat"]
            drew = None
            if s == me:
                drew = next((f["obj"] for f in log[i + 1:i + 3] if f["k"] == "drew"), None)
            yield ("draw", s, drew)
        elif k == "sextant":
            out = got = None
            done = False
            for j in range(i + 1, L):
                f = log[j]
                if f["k"] == "sextant_done":
                    done = True
                    break
                if f["k"] == "passed":
                    if f["from"] == me:
                        out = f["obj"]
                    if f["to"] == me:
                        got = f["obj"]
            yield ("sextant", 1 if e["dir"] == "left" else -1, out, got, done)
        elif k == "saw_objects" and e["seat"] == me:
            yield ("see", e["who"], e["objs"])
        elif k == "saw_pile" and e["seat"] == me:
            yield ("see_pile", e["objs"])
        elif k == "offer_obj" and e["to"] == me:
            yield ("pin", e["by"], e["obj"])
        elif k == "play" and e["card"] in C.OBJECTS:
            yield ("pin", e["seat"], e["card"])


def certain_holdings(view) -> list:
    """Per seat, a Counter of object kinds it certainly holds now (a lower
    bound, from this seat's own log); this seat's own hand exactly."""
    return run_to_end(read_certain_holdings(view))


def read_certain_holdings(view, every: int = 0):
    """`certain_holdings` as a generator that yields before every `every`-th
    log entry it reads and returns them."""
    n, me = view["seats"], view["seat"]
    cert = [Counter() for _ in range(n)]

    def lose(s, kind=None):
        if s == me:
            return
        if kind is not None:
            cert[s][kind] = max(0, cert[s][kind] - 1)
        else:  # one object left unseen: each kind may have lost one
            for x in list(cert[s]):
                cert[s][x] = max(0, cert[s][x] - 1)

    def gain(s, kind):
        if s != me:
            cert[s][kind] += 1

    for m in object_moves(view["log"], me, every):
        if m is None:
            yield
            continue
        k = m[0]
        if k == "see":
            cert[m[1]] = Counter(m[2])
        elif k == "pin":
            cert[m[1]][m[2]] = max(cert[m[1]][m[2]], 1)
        elif k == "trade":
            _, a, b, ab, ba, seen = m
            lose(a, ab if seen else None)
            lose(b, ba if seen else None)
            if seen:
                gain(b, ab)
                gain(a, ba)
        elif k == "demand":
            lose(m[1])
            lose(m[2])
        elif k == "move":
            _, a, b, kind = m
            lose(a, kind)
            if kind is not None:
                gain(b, kind)
        elif k == "sextant" and m[4]:
            for s in range(n):
                lose(s)
    cert[me] = Counter(view["me"]["objects"])
    return cert


def dealt_objects(log: list, me: int) -> list:
    """The objects `me` was dealt at the start."""
    for e in log:
        if e["k"] == "dealt" and e["seat"] == me:
            return list(e["objs"])
    return []



# ------------------------------------------------------------------ conduct
def conduct(log: list, me: int, every: int = 0):
    """What the table did that hints at who is allied with whom, in order
    (`every`: a None before every `every`-th entry read, as in `object_moves`):

    ("attack", by, to); ("support", seat, side, attacker, defender), side
    "attacker"/"defender"/None; ("accept", by, to) and ("refuse", by, to) an
    offer from `to`; ("mixer", seat, winner, loser); ("priest", seat,
    attacker, defender); ("hypnotize", seat, target); and what `me` saw:
    ("saw_assoc", who, association), ("saw_card", who, index, association).
    """
    fight = None
    for i, e in enumerate(log):
        if every and i and not i % every:
            yield None
        k = e["k"]
        if k == "attack":
            fight = (e["by"], e["to"])
            yield ("attack", e["by"], e["to"])
        elif k == "support" and fight:
            yield ("support", e["seat"], e["side"], fight[0], fight[1])
        elif k in ("accept", "refuse"):
            yield (k, e["by"], e["to"])
        elif k == "mixer" and fight:
            win, lose = fight if e["winner"] == "attacker" else fight[::-1]
            yield ("mixer", e["seat"], win, lose)
        elif k == "priest" and fight:
            yield ("priest", e["seat"], fight[0], fight[1])
        elif k == "hypnotize":
            yield ("hypnotize", e["seat"], e["target"])
        elif k == "saw_assoc" and e["seat"] == me:
            yield ("saw_assoc", e["who"], e["assoc"])
        elif k == "saw_assoc_card" and e["seat"] == me:
            yield ("saw_card", e["who"], e["card"], e["assoc"])


# ------------------------------------------------------------ own dealings
def pearl_giver(log: list, me: int):
    """Who last handed `me` the Black Pearl (offered or gave it), or None."""
    last = None
    for e in log:
        if e["k"] in ("offer_obj", "gift_obj") and e.get("obj") == "black_pearl" \
                and e.get("to") == me:
            last = e.get("by", e.get("from"))
    return last


def struggle_outcomes(log: list, me: int) -> dict:
    """Defender -> the winner seat (None: a draw) of `me`'s last attack on it."""
    last = {}
    for e in log:
        if e["k"] == "fight_result" and e["attacker"] == me:
            last[e["defender"]] = e["winner"]
    return last


def refusers(log: list, me: int) -> set:
    """Seats that refused the last offer `me` made them."""
    out = {}
    for e in log:
        if e["k"] == "refuse" and e["to"] == me:
            out[e["by"]] = True
        elif e["k"] == "accept" and e["to"] == me:
            out[e["by"]] = False
    return {t for t, v in out.items() if v}
