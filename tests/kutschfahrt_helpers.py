"""Shared helpers for the Kutschfahrt tests: a random driver and invariant checks."""

from engine.kutschfahrt.cards import OCCUPATION_IDS

from engine import new_game
from engine.play import play, random_chooser
from engine.rng import Rng

PRIVATE_KEYS = ("me", "log", "seat")
ALL_OCCS = sorted(OCCUPATION_IDS)


def pick(rng, legal, claim_weight=0.15):
    """A random legal action, choosing first the action type (so that claims
    and fortune-telling do not drown the other moves by their number)."""
    types = sorted({a["type"] for a in legal})
    claimish = [t for t in types if t in ("claim", "claim_solo", "foretell")]
    rest = [t for t in types if t not in claimish]
    if claimish and (not rest or rng.random() < claim_weight):
        t = rng.choice(claimish)
    else:
        t = rng.choice(rest)
    return rng.choice([a for a in legal if a["type"] == t])


SEAT_FIELDS = ("seat", "by", "to", "from", "offerer", "partner", "winner", "loser")


def private_step_seats(state):
    """The seats that may see private details of the current step."""
    st = state.step
    ph = st["phase"]
    if ph == "respond":
        return {st["from"], st["to"]}
    if ph in ("smuggle", "coat"):
        return {st["owner"]}
    if ph == "sextant_pass":
        return {int(x) for x in st["chosen"]}
    if ph == "take":
        return {state.fight["winner"]}
    if ph == "diplomat_pick":
        return {st["to"]}
    if ph == "diplomat_return":
        return {st["by"], st["to"]}
    if ph == "clair_pick":
        return {state.current}
    return set()


def check_invariants(state, full_views=True):
    n = state.seats
    held = list(state.pile)
    for h in state.hands:
        held.extend(h)
    held.sort()
    assert held == state.total_objects, "objects not conserved"
    for s in range(n):
        assert len(state.hands[s]) >= 1, f"seat {s} has no object"
    if state.step["phase"] != "gift" and not state.queue:
        for s in range(n):
            assert len(state.hands[s]) <= state.limit, "luggage limit broken"
    assert sorted(state.occ + state.occ_pile) == ALL_OCCS
    if full_views:
        public = state.view(None)
        strip = {k: v for k, v in public.items() if k not in PRIVATE_KEYS}
        for s in range(n):
            v = state.view(s)
            mine = {k: val for k, val in v.items() if k not in PRIVATE_KEYS}
            assert mine == strip, "a seat's public part differs from the public table"
            me = v["me"]
            assert me["association"] == state.assoc[s]
            assert me["objects"] == sorted(state.hands[s])
            for e in v["log"]:
                assert isinstance(e, dict) and "k" in e
                if e.get("private"):
                    # a seat's private entries are about something it took part in
                    assert s in {e[f] for f in SEAT_FIELDS if isinstance(e.get(f), int)}, e
            if me["step"] is not None:
                assert s in private_step_seats(state), (state.step["phase"], s, me["step"])
        for e in public["log"]:
            # public entries never name the objects of a trade, gift or take
            if e["k"] in ("offer", "accept", "refuse", "gift", "took", "gave_back",
                          "priest_paid", "draw", "diplomat_trade"):
                assert "obj" not in e and "objs" not in e
            assert e["k"] not in ("dealt", "saw_assoc", "saw_occ", "saw_objects", "drew",
                                  "traded", "offer_obj", "gift_obj", "passed", "got_occ",
                                  "saw_pile", "clair_top", "took_obj", "saw_occ_pile")


def random_game(seats, seed, options=None, limit=4000, check=True, view_every=1, claim_weight=0.15):
    state = new_game("kutschfahrt", seats, options, seed)
    if check:
        check_invariants(state, True)
    chooser = random_chooser(Rng(seed * 31 + 7), lambda rng, legal: pick(rng, legal, claim_weight))
    for steps, _ in enumerate(play(state, chooser, limit), 1):
        if check:
            check_invariants(state, view_every and steps % view_every == 0)
    return state
