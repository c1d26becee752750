"""Struggles: the Priest's window, supports, the Hypnotist, the fight window
where objects and occupations are laid, the Doctor's window and the spoils."""

from __future__ import annotations

from . import cards as C


def start_attack(game, s, t):
    game.say({"k": "attack", "by": s, "to": t})
    game.fight = {"att": s, "def": t, "supports": {}, "voided": None, "played": [],
                  "duelist": None, "mixer": None, "winner": None, "loser": None,
                  "result": None}
    waiting = [x for x in range(game.seats) if x != s and not game.occ_up[x]]
    if waiting:
        game.step = {"phase": "priest", "waiting": waiting}
    else:
        start_support(game)


def start_support(game):
    f = game.fight
    order = [game.left(f["att"], i) for i in range(1, game.seats)]
    order = [x for x in order if x != f["def"]]
    game.step = {"phase": "support", "order": order, "i": 0}


def legal_window(game, s):
    """The Priest's and the Doctor's windows (the step is named after its
    card): every seat with a face-down occupation answers, pass or turn the
    card up (once per window)."""
    occ = game.step["phase"]
    acts = [{"type": "pass"}]
    if game.usable(s, occ) and game.step.get("used") is None:
        acts.append({"type": occ})
    return acts


def answer_window(game, s, a) -> bool:
    """One seat's answer in such a window (a simultaneous decision: the
    card takes effect once the window is closed); True when all answered,
    `step["used"]` then names the seat that turned the card up, if any."""
    st = game.step
    st["waiting"].remove(s)
    if a["type"] != "pass":
        game.reveal_occ(s)
        st["used"] = s
    return not st["waiting"]


def apply_priest(game, s, a):
    st = game.step
    if not answer_window(game, s, a):
        return
    if st.get("used") is None:
        start_support(game)
        return
    f = game.fight
    p = st["used"]
    game.say({"k": "priest", "seat": p, "attacker": f["att"]})
    f["priest"] = p
    if len(game.hands[f["att"]]) >= 2:
        game.step = {"phase": "priest_pay", "priest": p}
    else:
        game.step = None


def legal_priest_pay(game, s):
    return [{"type": "give", "obj": k} for k in sorted(set(game.hands[s]))]


def apply_priest_pay(game, s, a):
    p = game.step["priest"]
    game.move(s, p, a["obj"])
    game.say({"k": "priest_paid", "from": s, "to": p})
    game.say({"k": "priest_paid_obj", "from": s, "to": p, "obj": a["obj"]})
    game.step = None
    game.queue.insert(0, {"t": "limit"})


def legal_support(game, s):
    return [{"type": "support", "side": side} for side in ("attacker", "defender", None)]


def apply_support(game, s, a):
    st = game.step
    f = game.fight
    side = a["side"]
    f["supports"][str(s)] = side
    if side is None:
        game.say({"k": "abstain", "seat": s})
    else:
        game.say({"k": "support", "seat": s, "side": side, "whom": f["att"] if side == "attacker" else f["def"]})
    st["i"] += 1
    if st["i"] < len(st["order"]):
        return
    att = f["att"]
    if (not game.occ_up[att] or game.occ[att] == "hypnotist") and hypno_targets(game):
        game.step = {"phase": "hypnotist"}
    else:
        start_fight_window(game)


def hypno_targets(game):
    f = game.fight
    if game.options["hypnotist_any"]:
        return [t for t in range(game.seats) if t not in (f["att"], f["def"])]
    return [int(t) for t, side in sorted(f["supports"].items(), key=lambda x: int(x[0])) if side]


def legal_hypnotist(game, s):
    acts = [{"type": "pass"}]
    if game.occ[s] == "hypnotist":
        acts += [{"type": "hypnotize", "target": t} for t in hypno_targets(game)]
    return acts


def apply_hypnotist(game, s, a):
    if a["type"] == "hypnotize":
        f = game.fight
        if not game.occ_up[s]:
            game.reveal_occ(s)
        f["voided"] = a["target"]
        game.say({"k": "hypnotize", "seat": s, "target": a["target"]})
    start_fight_window(game)


def start_fight_window(game):
    game.step = {"phase": "fight", "passed": []}


def totals(game):
    f = game.fight
    att_pts, def_pts = 1, 1
    if f["duelist"] is None:
        for t, side in f["supports"].items():
            if side and int(t) != f["voided"]:
                if side == "attacker":
                    att_pts += 1
                else:
                    def_pts += 1
    for p in f["played"]:
        c, s = p["card"], p["seat"]
        if c in ("dagger", "thug"):
            att_pts += 1
        elif c in ("gloves", "grand_master"):
            def_pts += 1
        elif c == "duelist":
            if s == f["att"]:
                att_pts += 1
            else:
                def_pts += 1
        elif f["duelist"] is None:
            if c == "casting_knives":
                att_pts += 1
            elif c == "whip":
                def_pts += 1
            elif c == "bodyguard":
                if f["supports"].get(str(s)) == "attacker":
                    att_pts += 1
                else:
                    def_pts += 1
    return att_pts, def_pts


def fight_plays(game, s):
    f = game.fight
    played = {p["card"] for p in f["played"]}
    hand = game.hands[s]
    side = f["supports"].get(str(s))
    plays = []

    def obj(k):
        if k in hand and k not in played:
            plays.append({"type": "play", "card": k})

    def occ(o):
        if o not in played and game.usable(s, o):
            plays.append({"type": "play", "card": o})

    if f["mixer"] is not None:
        return plays
    # "Der Giftring kann nur bei einem Patt benutzt werden": laid at a tie
    att_pts, def_pts = totals(game)
    tied = att_pts == def_pts
    if s == f["att"]:
        obj("dagger"); occ("thug")
        if tied:
            obj("poison_ring")
        if f["duelist"] is None:
            occ("duelist")
    elif s == f["def"]:
        obj("gloves"); occ("grand_master")
        if tied:
            obj("poison_ring")
        if f["duelist"] is None:
            occ("duelist")
    else:
        if side and f["duelist"] is None:
            if side == "attacker":
                obj("casting_knives")
            else:
                obj("whip")
            occ("bodyguard")
        if game.usable(s, "poison_mixer"):
            for w in ("attacker", "defender"):
                plays.append({"type": "play", "card": "poison_mixer", "winner": w})
    return plays


def legal_fight(game, s):
    return [{"type": "pass"}] + fight_plays(game, s)


def apply_fight(game, s, a):
    st = game.step
    f = game.fight
    if a["type"] == "pass":
        st["passed"].append(s)
        if not game.to_act():
            resolve_fight(game)
        return
    c = a["card"]
    entry = {"seat": s, "card": c}
    if c in C.OCCUPATIONS:
        game.reveal_occ(s)
    else:
        game.say({"k": "play", "seat": s, "card": c})  # shown to all
    if c == "duelist":
        f["duelist"] = s
        game.say({"k": "duel", "seat": s})
    if c == "poison_mixer":
        entry["winner"] = a["winner"]
        f["mixer"] = a["winner"]
        game.say({"k": "mixer", "seat": s, "winner": a["winner"],
                  "whom": f["att"] if a["winner"] == "attacker" else f["def"]})
    f["played"].append(entry)
    st["passed"] = []


def resolve_fight(game):
    f = game.fight
    att_pts, def_pts = totals(game)
    played = {p["card"]: p["seat"] for p in f["played"]}
    if f["mixer"] is not None:
        winner = f["att"] if f["mixer"] == "attacker" else f["def"]
    elif att_pts > def_pts:
        winner = f["att"]
    elif def_pts > att_pts:
        winner = f["def"]
    elif "poison_ring" in played:
        winner = played["poison_ring"]
    else:
        winner = None
    f["winner"] = winner
    f["loser"] = None if winner is None else (f["def"] if winner == f["att"] else f["att"])
    f["result"] = [att_pts, def_pts]
    game.say({"k": "fight_result", "attacker": f["att"], "defender": f["def"],
              "winner": winner, "att_pts": att_pts, "def_pts": def_pts})
    if winner is None:
        game.say({"k": "fight_tie", "attacker": f["att"], "defender": f["def"]})
    else:
        how = ("mixer" if f["mixer"] is not None else "points" if att_pts != def_pts else "ring")
        game.say({"k": "fight_won_" + how, "winner": winner, "loser": f["loser"]})
    waiting = [x for x in range(game.seats) if not game.occ_up[x]]
    if waiting:
        game.step = {"phase": "doctor", "waiting": waiting}
    else:
        after_doctor(game)


def apply_doctor(game, s, a):
    st = game.step
    if not answer_window(game, s, a):
        return
    if st.get("used") is None:
        after_doctor(game)
        return
    game.say({"k": "doctor", "seat": st["used"]})
    f = game.fight
    if f["winner"] is None and not game.options["doctor_cancels_draw"]:
        game.draw(f["att"])
        game.queue.insert(0, {"t": "limit"})
    game.step = None


def after_doctor(game):
    f = game.fight
    if f["winner"] is None:
        game.draw(f["att"])
        game.queue.insert(0, {"t": "limit"})
        game.step = None
    else:
        game.step = {"phase": "spoils"}


def legal_spoils(game, s):
    if game.adv3:
        looks = [{"type": "look", "card": i} for i in range(3)]
    else:
        looks = [{"type": "look"}]
    return looks + [{"type": "take"}]


def apply_spoils(game, s, a):
    f = game.fight
    loser = f["loser"]
    if a["type"] == "look":
        game.say({"k": "spoils_look", "winner": s, "loser": loser})
        game.say({"k": "saw_occ", "seat": s, "who": loser, "occ": game.occ[loser]})
        if game.adv3:
            i = a["card"]
            game.say({"k": "saw_assoc_card", "seat": s, "who": loser, "card": i,
                      "assoc": game.assoc_cards[loser][i]})
            game.say({"k": "looked_card", "seat": s, "who": loser, "card": i})
        else:
            game.say({"k": "saw_assoc", "seat": s, "who": loser, "assoc": game.assoc[loser]})
        game.step = None
        return
    game.say({"k": "spoils_take", "winner": s, "loser": loser})
    game.say({"k": "saw_objects", "seat": s, "who": loser, "objs": sorted(game.hands[loser])})
    game.step = {"phase": "take"}


def legal_take(game, s):
    loser_hand = game.hands[game.fight["loser"]]
    if len(loser_hand) > 1:
        return [{"type": "take_obj", "obj": k} for k in sorted(set(loser_hand))]
    # the loser's last object: the winner gives one of their own back at once
    k = loser_hand[0]
    return [{"type": "take_obj", "obj": k, "give": g}
            for g in sorted(set(game.hands[s]) | {k})]


def apply_take(game, s, a):
    f = game.fight
    loser = f["loser"]
    game.move(loser, s, a["obj"])
    game.say({"k": "took", "winner": s, "loser": loser})
    game.say({"k": "took_obj", "winner": s, "loser": loser, "obj": a["obj"]})
    if "give" in a:
        game.move(s, loser, a["give"])
        game.say({"k": "gave_back", "from": s, "to": loser})
        game.say({"k": "gave_back_obj", "from": s, "to": loser, "obj": a["give"]})
    game.step = None
    game.queue.insert(0, {"t": "limit"})


def public_struggle(game) -> dict:
    """The struggle as the whole table sees it."""
    f = game.fight
    att_pts, def_pts = totals(game)
    return {
        "attacker": f["att"], "defender": f["def"],
        "supports": [{"seat": int(t), "side": sd}
                     for t, sd in sorted(f["supports"].items(), key=lambda x: int(x[0]))],
        "voided": f["voided"], "played": [dict(p) for p in f["played"]],
        "totals": {"attacker": att_pts, "defender": def_pts},
        "duelist": f["duelist"], "mixer": f["mixer"], "winner": f["winner"],
        "result": f["result"],
    }
