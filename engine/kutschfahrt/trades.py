"""Trades and what follows them: the answer to an offer, the trade effects
that need a choice (Smuggling, Sextant, Coat, Tome, the Monocle's card) and
gifts over the luggage limit."""

from __future__ import annotations

from . import cards as C


def legal_respond(game, s):
    st = game.step
    k = st["obj"]
    acts = []
    for r in sorted(set(game.hands[s])):
        if game.bag_swap_forbidden(k, r):
            continue
        acts.append({"type": "accept", "give": r})
    if k not in C.MUST_ACCEPT or not acts:
        acts.append({"type": "refuse"})
    return acts


def apply_respond(game, s, a):
    st = game.step
    frm, k = st["from"], st["obj"]
    if a["type"] == "refuse":
        game.say({"k": "refuse", "by": s, "to": frm})
        game.step = None
        return
    game.say({"k": "accept", "by": s, "to": frm})
    game.exchange(frm, k, s, a["give"])


def legal_smuggle(game, s):
    acts = [{"type": "effect", "use": False}]
    k = game.step["obj"]
    if k is not None and game.effect_applies(k):
        acts.append({"type": "effect", "use": True})
    return acts


def apply_smuggle(game, s, a):
    st = game.step
    game.step = None
    if a["use"]:
        game.effect(st["owner"], st["obj"], st["partner"])
    else:  # the object changes hands unnamed (asked for every object, so this tells nothing)
        game.say({"k": "smuggle_quiet", "seat": st["owner"], "partner": st["partner"]})


def legal_sextant_dir(game, s):
    return [{"type": "direction", "dir": "left"}, {"type": "direction", "dir": "right"}]


def apply_sextant_dir(game, s, a):
    d = 1 if a["dir"] == "left" else -1
    game.say({"k": "sextant", "seat": s, "dir": a["dir"]})
    game.step = {"phase": "sextant_pass", "dir": d, "chosen": {}}


def legal_sextant_pass(game, s):
    return [{"type": "pass_on", "obj": k} for k in sorted(set(game.hands[s]))]


def apply_sextant_pass(game, s, a):
    st = game.step
    st["chosen"][str(s)] = a["obj"]
    if len(st["chosen"]) < game.seats:
        return
    d = st["dir"]
    chosen = {int(k): v for k, v in st["chosen"].items()}
    for t, k in chosen.items():
        game.hands[t].remove(k)
    for t, k in chosen.items():
        to = game.left(t, d)
        game.hands[to].append(k)
        game.say({"k": "passed", "from": t, "to": to, "obj": k})
    for h in game.hands:
        h.sort()
    game.say({"k": "sextant_done", "dir": "left" if d == 1 else "right"})
    game.step = None


def legal_coat(game, s):
    return [{"type": "coat", "occ": None}] + [{"type": "coat", "occ": o} for o in sorted(set(game.occ_pile))]


def apply_coat(game, s, a):
    new = a["occ"]
    seen = []
    if new is not None:
        old = game.occ[s]
        if game.occ_up[s]:
            # the table saw this face-up card go back to the pile
            seen.append({"k": "occ_to_pile", "seat": s, "occ": old})
        game.occ_pile.remove(new)
        game.occ_pile.append(old)
        game.rng.shuffle(game.occ_pile)
        game.occ[s] = new
        game.occ_up[s] = False
        game.say({"k": "got_occ", "seat": s, "occ": new})
    game.say({"k": "coat_new" if new is not None else "coat_kept", "seat": s, "changed": new is not None})
    for e in seen:
        game.say(e)
    game.step = None


def legal_tome(game, s):
    return [{"type": "tome", "swap": False}, {"type": "tome", "swap": True}]


def apply_tome(game, s, a):
    p = game.step["partner"]
    seen = []
    if a["swap"]:
        # face-up cards are seen changing hands before they are turned down
        for frm, to in ((s, p), (p, s)):
            if game.occ_up[frm]:
                seen.append({"k": "occ_moved", "from": frm, "to": to, "occ": game.occ[frm]})
        game.occ[s], game.occ[p] = game.occ[p], game.occ[s]
        game.occ_up[s] = game.occ_up[p] = False
        game.say({"k": "got_occ", "seat": s, "occ": game.occ[s], "from": p})
        game.say({"k": "got_occ", "seat": p, "occ": game.occ[p], "from": s})
    game.say({"k": "tome_swap" if a["swap"] else "tome_kept", "seat": s, "partner": p, "swap": a["swap"]})
    for e in seen:
        game.say(e)
    game.step = None


def legal_monocle_card(game, s):
    return [{"type": "look_card", "card": i} for i in range(3)]


def apply_monocle_card(game, s, a):
    p = game.step["partner"]
    i = a["card"]
    game.say({"k": "saw_assoc_card", "seat": s, "who": p, "card": i,
              "assoc": game.assoc_cards[p][i]})
    game.say({"k": "looked_card", "seat": s, "who": p, "card": i})
    game.step = None


def legal_gift(game, s):
    return [{"type": "gift", "obj": k, "to": t}
            for k in sorted(set(game.hands[s])) for t in game.others(s)]


def apply_gift(game, s, a):
    k, t = a["obj"], a["to"]
    game.move(s, t, k)
    game.say({"k": "gift", "from": s, "to": t})
    game.say({"k": "gift_obj", "from": s, "to": t, "obj": k})
    game.step = None
    game.queue.insert(0, {"t": "limit"})
