"""Shared helpers for the Kutschfahrt tests: a random driver and invariant checks."""

from collections import Counter

from engine.kutschfahrt import cards as C
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


# ---------------------------------------------------------- scenario positions
def make(n=4, hands=None, assoc=None, occ=None, pile=None, current=0, options=None, seed=1):
    st = new_game("kutschfahrt", n, options, seed)
    if hands is not None:
        st.hands = [sorted(h) for h in hands]
    if assoc is not None:
        st.assoc = list(assoc)
        st.assoc_cards = [[a] for a in assoc]
        counts = Counter(assoc)
        if st.odd:
            st.minority = min(("order", "brotherhood"), key=lambda a: counts[a])
    if occ is not None:
        all_occ = list(C.OCCUPATION_IDS)
        st.occ = list(occ)
        st.occ_pile = [o for o in all_occ if o not in occ]
        st.occ_up = [False] * n
    if pile is not None:
        st.pile = list(pile)
    st.converted = not st.pile
    st.total_objects = sorted([k for h in st.hands for k in h] + list(st.pile))
    st.current = current
    st.step = {"phase": "turn"}
    return st


OCC4 = ["thug", "grand_master", "bodyguard", "hypnotist"]  # harmless defaults
OCC_NO_REACT = ["thug", "grand_master", "bodyguard", "hypnotist"]


def log(st, seat=None, k=None):
    entries = st.view(seat)["log"]
    return [e for e in entries if k is None or e["k"] == k]


def passes_until(st, phase):
    """Everyone passes in windows until the step is `phase`."""
    for _ in range(200):
        if st.is_over() or st.step["phase"] == phase:
            return
        seat = st.to_act()[0]
        legal = st.legal_actions(seat)
        if {"type": "pass"} in legal:
            st.apply(seat, {"type": "pass"})
        elif st.step["phase"] == "support":
            st.apply(seat, {"type": "support", "side": None})
        elif st.step["phase"] == "smuggle":
            st.apply(seat, {"type": "effect", "use": False})
        else:
            raise AssertionError(f"stuck in {st.step['phase']}: {legal}")
    raise AssertionError("window never closed")


def fight_setup(n=4, hands=None, occ=None, assoc=None, **kw):
    hands = hands or [["key"], ["goblet"], ["dagger"], ["whip"]][:n] + [["gloves"]] * (n - 4)
    occ = occ or (OCC4 + ["priest", "doctor", "duelist", "poison_mixer", "clairvoyant", "diplomat"])[:n]
    return make(n, hands=hands, occ=occ, assoc=assoc, **kw)


def claim_pos(hands, assoc, n=None, pile=(), **kw):
    n = n or len(hands)
    occ = (["thug", "grand_master", "bodyguard", "hypnotist", "priest", "doctor", "duelist",
            "poison_mixer", "clairvoyant", "diplomat"])[:n]
    return make(n, hands=hands, assoc=assoc, occ=occ, pile=list(pile) or ["whip"], **kw)
