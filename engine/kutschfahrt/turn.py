"""The active seat's own turn: pass, offer, attack, claim, foretell, and the
free Diplomat and Clairvoyant with the steps they open (the Diplomat's
demand answered and returned, the Clairvoyant's picks)."""

from __future__ import annotations

from itertools import combinations

from . import cards as C
from .struggle import start_attack


def legal_turn(game, s):
    hand = game.hands[s]
    acts = [{"type": "pass"}]
    kinds = sorted(set(hand))
    for t in game.others(s):
        for k in kinds:
            acts.append({"type": "offer", "to": t, "obj": k})
    for t in game.others(s):
        acts.append({"type": "attack", "to": t})
    pearl = "black_pearl" in hand
    if claim_blocked(game, s) is None:
        others = game.others(s)
        for r in range(0, 3):
            for allies in combinations(others, r):
                acts.append({"type": "claim", "allies": list(allies)})
    # the Pearl forbids "den Sieg seiner Gesellschaft"; the Loge is a sole victory
    if ("loge" in hand and C.any_goal_count(hand, game.converted) >= 3
            and not (pearl and game.options["pearl_blocks_loge"])):
        acts.append({"type": "claim_solo"})
    if not pearl:
        if game.options["fortune_telling"]:
            others = game.others(s)
            for r in range(1, 4):
                for named in combinations(others, r):
                    acts.append({"type": "foretell", "names": list(named)})
    if game.usable(s, "diplomat"):
        names = diplomat_names(game, s)
        for t in game.others(s):
            for nm in names:
                acts.append({"type": "diplomat", "to": t, "name": nm})
    if game.usable(s, "clairvoyant") and game.pile:
        acts.append({"type": "clairvoyant"})
    return acts


def claim_blocked(game, s):
    """Why seat s may not proclaim its association's victory now, as a key
    (None: it may): the Black Pearl in hand, or none of the goal items."""
    hand = game.hands[s]
    if "black_pearl" in hand:
        return "pearl_held"
    if C.goal_count(hand, game.assoc[s], game.converted) < 1:
        return "no_goal_item"
    return None


def diplomat_names(game, s):
    """Names the Diplomat at seat s may demand.  A name is left out when some
    object it could mean might be in another hand and the Diplomat could give
    nothing back for it (a bag for the other bag: "Darf nicht gegen einen
    anderen Koffer getauscht werden"); this depends on the own hand only."""
    hand = game.hands[s]
    kinds = sorted(set(game.total_objects))
    names = C.demand_names(set(kinds))
    if game.converted:
        names = [nm for nm in names if nm != "bag"]
    out = []
    for nm in names:
        ok = True
        for k in kinds:
            if not C.matches_demand(k, nm, game.converted):
                continue
            if hand.count(k) >= game.total_objects.count(k):
                continue  # every copy is the Diplomat's own: no one else has it
            if all(game.bag_swap_forbidden(k, r) for r in hand):
                ok = False
        if ok:
            out.append(nm)
    return out


def apply_turn(game, s, a):
    typ = a["type"]
    if typ == "pass":
        game.say({"k": "pass", "seat": s})
        game.step = None
    elif typ == "offer":
        t, k = a["to"], a["obj"]
        game.say({"k": "offer", "by": s, "to": t})
        game.say({"k": "offer_obj", "by": s, "to": t, "obj": k})
        game.step = {"phase": "respond", "from": s, "to": t, "obj": k}
    elif typ == "attack":
        start_attack(game, s, a["to"])
    elif typ == "claim":
        claim(game, s, a["allies"])
    elif typ == "claim_solo":
        claim_solo(game, s)
    elif typ == "foretell":
        foretell(game, s, a["names"])
    elif typ == "diplomat":
        diplomat(game, s, a["to"], a["name"])
    elif typ == "clairvoyant":
        game.reveal_occ(s)
        game.say({"k": "saw_pile", "seat": s, "objs": sorted(game.pile)})
        game.step = {"phase": "clair_pick", "picked": []}


def diplomat(game, s, t, name):
    game.reveal_occ(s)
    game.say({"k": "diplomat", "seat": s, "to": t, "name": name})
    matching = sorted({k for k in game.hands[t] if C.matches_demand(k, name, game.converted)})
    if not matching:
        game.say({"k": "diplomat_fail", "seat": s, "to": t})
        game.say({"k": "saw_objects", "seat": s, "who": t, "objs": sorted(game.hands[t])})
        game.step = None
        return
    # the table now knows the target holds it; the target always hands the
    # object over itself, even with one match, so nobody learns it had a choice
    game.mark_revealed()
    matching = [k for k in matching
                if any(not game.bag_swap_forbidden(k, r) for r in game.hands[s])]
    game.step = {"phase": "diplomat_pick", "by": s, "to": t, "name": name, "matching": matching}


def diplomat_got(game, s, t, name, k):
    # nothing moves until the Diplomat has chosen the return (no empty hand meanwhile)
    game.step = {"phase": "diplomat_return", "by": s, "to": t, "name": name, "got": k}


def legal_diplomat_pick(game, s):
    return [{"type": "give", "obj": k} for k in game.step["matching"]]


def apply_diplomat_pick(game, s, a):
    st = game.step
    # the table sees the demanded object handed over (it was named aloud)
    game.say({"k": "diplomat_gave", "seat": s, "to": st["by"], "name": st["name"]})
    diplomat_got(game, st["by"], st["to"], st["name"], a["obj"])


def legal_diplomat_return(game, s):
    got = game.step["got"]
    hand = list(game.hands[s])
    return [{"type": "give", "obj": k} for k in sorted(set(hand))
            if not game.bag_swap_forbidden(got, k)]


def apply_diplomat_return(game, s, a):
    st = game.step
    game.say({"k": "diplomat_trade", "seat": s, "to": st["to"]})
    # the demanded object was handed over first, so its effect comes first
    game.exchange(s, a["obj"], st["to"], st["got"], offered_first=False)
    if game.options["diplomat"] == "extra":
        game.resume_turn = True


def legal_clair_pick(game, s):
    pile = list(game.pile)
    for k in game.step["picked"]:
        pile.remove(k)
    return [{"type": "pick", "obj": k} for k in sorted(set(pile))]


def apply_clair_pick(game, s, a):
    st = game.step
    st["picked"].append(a["obj"])
    if len(st["picked"]) < min(2, len(game.pile)):
        return
    picked = st["picked"]
    for k in picked:
        game.pile.remove(k)
    game.rng.shuffle(game.pile)
    for k in reversed(picked):
        game.pile.append(k)  # the first pick ends on top
    game.say({"k": "clair_top", "seat": s, "objs": list(picked)})
    game.say({"k": "clair_done", "seat": s, "n": len(picked)})
    game.step = {"phase": "turn"}


def reveal_seat(game, s):
    return {"k": "shows", "seat": s, "assoc": game.assoc[s], "occ": game.occ[s], "objs": sorted(game.hands[s])}


# how the table hears a claim: who proclaims what (by kind, and whether allies
# are named), every card turned over, then who wins
CLAIM_KEYS = {"claim": "claim", "claim_alone": "claim_alone", "solo": "claim_solo", "foretell": "foretell"}


def finish(game, s, kind, correct, winners, named, assoc=None, won=None):
    """The game ends on a claim: `assoc` is the association it was made for,
    `won` the one that wins by it (None for the Loge's sole victory)."""
    game.over = True
    game.winners = sorted(winners)
    game.claims.append({"seat": s, "kind": kind, "correct": correct})
    game.mark_revealed()
    key = CLAIM_KEYS["claim_alone" if kind == "claim" and not named else kind]
    entry = {"k": key, "seat": s, "named": list(named), "assoc": assoc}
    if kind == "solo":
        entry["obj"] = "loge"
    game.say(entry)
    for x in [s] + list(named):
        game.say(reveal_seat(game, x))
    if kind == "solo":
        game.say({"k": "solo_won", "seat": s})
    else:
        game.say({"k": "claim_right" if correct else "claim_wrong", "seat": s, "assoc": won,
                  "winners": game.winners})
    game.step = {"phase": "over"}


def claim(game, s, allies):
    a = game.assoc[s]
    ok = all(game.assoc[t] == a for t in allies)
    ok = ok and all(C.goal_count(game.hands[t], a, game.converted) >= 1 for t in allies)
    ok = ok and game.goal_total([s] + list(allies), a, drink_for=s) >= 3
    win = a if ok else C.other_assoc(a)
    finish(game, s, "claim", ok, [t for t in range(game.seats) if game.assoc[t] == win], allies, a, win)


def claim_solo(game, s):
    finish(game, s, "solo", True, [s], [])


def foretell(game, s, names):
    a = game.assoc[s]
    b = C.other_assoc(a)
    ok = all(game.assoc[t] == b for t in names)
    ok = ok and all(C.goal_count(game.hands[t], b, game.converted) >= 1 for t in names)
    ok = ok and game.goal_total(names, b) >= 3
    win = a if ok else b
    finish(game, s, "foretell", ok, [t for t in range(game.seats) if game.assoc[t] == win], names, b, win)
