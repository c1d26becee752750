"""The rules of De Koetsrit naar Duivelsfort / Die Kutschfahrt zur Teufelsburg.

A turn is a small step machine.  `self.step["phase"]` names the step:

    turn            the active seat: pass, offer, attack, claim (and the free
                    Diplomat / Clairvoyant before that)
    respond         the trade partner accepts (with a return) or refuses
    smuggle         (Smuggling variant) the giver of each traded object
                    decides whether its trade effect happens
    sextant_dir     the Sextant's old owner names a direction
    sextant_pass    every seat at once passes one object
    coat, tome,     the other trade effects that need a choice
    monocle_card
    gift            a seat over the luggage limit gives an object away
    priest          window: every seat with a face-down occupation may stop
                    the attack (Priest) or pass; all answer, then it applies
    priest_pay      the attacker gives the Priest an object
    support         clockwise from the attacker's left: sword, shield, abstain
    hypnotist       the attacker may void one declared support
    fight           window: anyone may play objects / occupations; it ends
                    when every seat has passed since the last play
    doctor          window: every seat with a face-down occupation may cancel
                    the struggle's effects (Doctor) or pass
    spoils, take    the winner looks (occupation + association) or takes an
                    object (giving one back at once for the loser's last)
    diplomat_pick,  Diplomat demand: the target picks which matching object,
    diplomat_return the Diplomat picks the return
    clair_pick      the Clairvoyant picks objects for the top of the pile

Effects that follow one another (the two trade effects, a bag draw and the
hand-limit gifts it causes, ...) wait in `self.queue` and run in order.
Objects are held as kind names ("key", "dagger", ...): two keys are alike.
"""

from __future__ import annotations

from itertools import combinations

from engine.protocol import State

from . import cards as C
from .windows import window


class KutschfahrtState(State):
    game_id = "kutschfahrt"

    # ================================================================ setup
    def _setup(self):
        n = self.seats
        opt = self.options
        rng = self.rng
        self.adv3 = bool(opt.get("advanced3")) and n == 3
        setup = C.SETUP[n]
        self.limit = setup["limit"]
        self.odd = n % 2 == 1

        # associations
        if self.adv3:
            deck = ["order"] * 5 + ["brotherhood"] * 5
            rng.shuffle(deck)
            self.assoc_cards = [deck[3 * s:3 * s + 3] for s in range(n)]
            self.assoc = [max(("order", "brotherhood"), key=lambda a: cs.count(a))
                          for cs in self.assoc_cards]
        else:
            deck = ["order"] * setup["order"] + ["brotherhood"] * setup["brotherhood"]
            rng.shuffle(deck)
            self.assoc = deck[:n]
            self.assoc_cards = [[a] for a in self.assoc]
        counts = {a: self.assoc.count(a) for a in ("order", "brotherhood")}
        self.minority = None
        if self.odd:
            self.minority = min(counts, key=lambda a: counts[a])
        self.drink = self.odd

        # occupations
        occs = list(C.OCCUPATION_IDS)
        rng.shuffle(occs)
        self.occ = occs[:n]
        self.occ_pile = occs[n:]
        self.occ_up = [False] * n

        # objects
        kinds = {o for o, d in C.OBJECTS.items() if d["seal"]}
        if opt["object_set"] == "all":
            kinds |= set(C.OBJECTS)
        elif opt["object_set"] == "custom":
            kinds |= set(opt["extra_objects"])
        pool = C.object_pool(n, kinds)
        sealed = [k for k in pool if C.OBJECTS[k]["seal"] and k not in C.BAGS]
        unsealed = [k for k in pool if not C.OBJECTS[k]["seal"]]
        bags = [k for k in pool if k in C.BAGS]
        rng.shuffle(sealed)
        each = setup["objects_each"]
        count = n * each - len(bags)
        deal = sealed[:count] + bags
        rest = sealed[count:] + unsealed
        rng.shuffle(deal)
        self.hands = [sorted(deal[s * each:(s + 1) * each]) for s in range(n)]
        rng.shuffle(rest)
        self.pile = rest  # top = last
        self.total_objects = sorted(pool)
        self.converted = not self.pile

        self.current = rng.below(n)
        self.step = {"phase": "turn"}
        self.queue = []
        self.resume_turn = False
        self.fight = None
        self.over = False
        self.winners = []
        self.claims = []
        self.end_reason = None
        self.say({"k": "start", "first": self.current, "limit": self.limit})
        for s in range(n):
            entry = {"k": "dealt", "seat": s, "objs": list(self.hands[s]),
                     "occ": self.occ[s], "assoc": self.assoc[s]}
            if self.adv3:
                entry["cards"] = list(self.assoc_cards[s])
            self.say(entry, to=s)

    # ============================================================ helpers
    def _left(self, s, d=1):
        return (s + d) % self.seats

    def _others(self, s):
        return [t for t in range(self.seats) if t != s]

    def _usable(self, s, occ):
        """Seat s holds occupation `occ` and may use it now (once-only: face down)."""
        if self.occ[s] != occ:
            return False
        return not (C.OCCUPATIONS[occ]["once"] and self.occ_up[s])

    def _reveal_occ(self, s):
        self.occ_up[s] = True
        self.say({"k": "occ_used", "seat": s, "occ": self.occ[s]})
        self.mark_revealed()  # the table has seen the card: no taking it back

    def _move(self, frm, to, kind):
        self.hands[frm].remove(kind)
        self.hands[to].append(kind)
        self.hands[to].sort()

    def _draw(self, s):
        if not self.pile:
            return None
        kind = self.pile.pop()
        self.hands[s].append(kind)
        self.hands[s].sort()
        self.say({"k": "draw", "seat": s})
        self.say({"k": "drew", "seat": s, "obj": kind}, to=s)
        self.mark_revealed()
        self._check_converted()
        return kind

    def _check_converted(self):
        if not self.pile and not self.converted:
            self.converted = True
            self.say({"k": "bags_converted"})

    def _bag_swap_forbidden(self, a, b):
        if a in C.BAGS and b in C.BAGS and a != b:
            return not (self.converted and self.options["bag_for_bag_when_empty"])
        return False

    def _effect_applies(self, kind):
        eff = C.TRADE_EFFECTS.get(kind)
        if eff is None:
            return False
        if eff == "draw":
            return bool(self.pile)
        if eff == "new_occupation":
            return bool(self.occ_pile)
        return True

    def _end_turn(self):
        self.fight = None
        self.queue = []
        self.resume_turn = False
        self.turn += 1
        self.current = self._left(self.current)
        self.step = {"phase": "turn"}

    def _run(self):
        """Work through queued effects until one needs a decision."""
        while self.step is None and not self.over:
            if self.queue:
                task = self.queue.pop(0)
                self._do(task)
                continue
            if self.resume_turn:
                self.resume_turn = False
                self.step = {"phase": "turn"}
            else:
                self._end_turn()

    def _do(self, task):
        t = task["t"]
        if t == "limit":
            order = [self._left(self.current, i) for i in range(self.seats)]
            for s in order:
                if len(self.hands[s]) > self.limit:
                    self.step = {"phase": "gift", "seat": s}
                    return
        elif t == "smuggle":
            self.step = {"phase": "smuggle", "owner": task["owner"], "obj": task["obj"],
                         "partner": task["partner"]}
        elif t == "effect":
            self._effect(task["owner"], task["obj"], task["partner"])

    def _queue_trade_effects(self, first, second, silent):
        """first/second: (owner, kind given away, partner) in the order they resolve."""
        if self.options["smuggling"]:
            for owner, kind, partner in (first, second):
                self.queue.append({"t": "smuggle", "owner": owner,
                                   "obj": None if silent else kind, "partner": partner})
            return
        if silent:
            return
        for owner, kind, partner in (first, second):
            if self._effect_applies(kind):
                self.queue.append({"t": "effect", "owner": owner, "obj": kind, "partner": partner})

    def _effect(self, owner, kind, partner):
        if not self._effect_applies(kind):
            return
        eff = C.TRADE_EFFECTS[kind]
        self.say({"k": "effect", "owner": owner, "partner": partner,
                  "obj": "bag" if kind in C.BAGS else kind})
        self.mark_revealed()  # the object is named to the table
        if eff == "draw":
            self._draw(owner)
            self.queue.insert(0, {"t": "limit"})
        elif eff == "see_objects":
            self.say({"k": "saw_objects", "seat": owner, "who": partner,
                      "objs": sorted(self.hands[partner])}, to=owner)
            self.mark_revealed()
        elif eff == "see_association":
            if self.adv3:
                self.step = {"phase": "monocle_card", "owner": owner, "partner": partner}
            else:
                self.say({"k": "saw_assoc", "seat": owner, "who": partner,
                          "assoc": self.assoc[partner]}, to=owner)
                self.mark_revealed()
        elif eff == "sextant":
            self.step = {"phase": "sextant_dir", "owner": owner, "partner": partner}
        elif eff == "new_occupation":
            self.say({"k": "saw_occ_pile", "seat": owner, "occs": sorted(self.occ_pile)}, to=owner)
            self.mark_revealed()
            self.step = {"phase": "coat", "owner": owner, "partner": partner}
        elif eff == "swap_occupation":
            self.step = {"phase": "tome", "owner": owner, "partner": partner}

    def goal_total(self, seats, assoc, drink_for=None):
        n = sum(C.goal_count(self.hands[t], assoc, self.converted) for t in seats)
        if drink_for is not None and self.drink and self.minority == assoc:
            n += 1
        return n

    # =========================================================== protocol
    def _is_over(self):
        return self.over

    def _to_act(self):
        st = self.step
        ph = st["phase"]
        if ph == "turn":
            return [self.current]
        if ph == "respond":
            return [st["to"]]
        if ph in ("smuggle", "sextant_dir", "coat", "tome", "monocle_card"):
            return [st["owner"]]
        if ph == "sextant_pass":
            return [s for s in range(self.seats) if str(s) not in st["chosen"]]
        if ph == "gift":
            return [st["seat"]]
        f = self.fight
        if ph in ("priest", "doctor"):
            return list(st["waiting"])
        if ph == "priest_pay":
            return [f["att"]]
        if ph == "support":
            return [st["order"][st["i"]]]
        if ph == "hypnotist":
            return [f["att"]]
        if ph == "fight":
            return [s for s in range(self.seats) if s != f["voided"] and s not in st["passed"]]
        if ph in ("spoils", "take"):
            return [f["winner"]]
        if ph == "diplomat_pick":
            return [st["to"]]
        if ph == "diplomat_return":
            return [st["by"]]
        if ph == "clair_pick":
            return [self.current]
        raise AssertionError(ph)

    # ------------------------------------------------------------- legal
    def _legal(self, seat):
        return getattr(self, "_legal_" + self.step["phase"])(seat)

    def _legal_turn(self, s):
        hand = self.hands[s]
        acts = [{"type": "pass"}]
        kinds = sorted(set(hand))
        for t in self._others(s):
            for k in kinds:
                acts.append({"type": "offer", "to": t, "obj": k})
        for t in self._others(s):
            acts.append({"type": "attack", "to": t})
        pearl = "black_pearl" in hand
        if not pearl:
            a = self.assoc[s]
            if C.goal_count(hand, a, self.converted) >= 1:
                others = self._others(s)
                for r in range(0, 3):
                    for allies in combinations(others, r):
                        acts.append({"type": "claim", "allies": list(allies)})
        # the Pearl forbids "den Sieg seiner Gesellschaft"; the Loge is a sole victory
        if ("loge" in hand and C.any_goal_count(hand, self.converted) >= 3
                and not (pearl and self.options["pearl_blocks_loge"])):
            acts.append({"type": "claim_solo"})
        if not pearl:
            if self.options["fortune_telling"]:
                others = self._others(s)
                for r in range(1, 4):
                    for named in combinations(others, r):
                        acts.append({"type": "foretell", "names": list(named)})
        if self._usable(s, "diplomat"):
            names = self._diplomat_names(s)
            for t in self._others(s):
                for nm in names:
                    acts.append({"type": "diplomat", "to": t, "name": nm})
        if self._usable(s, "clairvoyant") and self.pile:
            acts.append({"type": "clairvoyant"})
        return acts

    def _diplomat_names(self, s):
        """Names the Diplomat at seat s may demand.  A name is left out when some
        object it could mean might be in another hand and the Diplomat could give
        nothing back for it (a bag for the other bag: "Darf nicht gegen einen
        anderen Koffer getauscht werden"); this depends on the own hand only."""
        hand = self.hands[s]
        kinds = sorted(set(self.total_objects))
        names = C.demand_names(set(kinds))
        if self.converted:
            names = [nm for nm in names if nm != "bag"]
        out = []
        for nm in names:
            ok = True
            for k in kinds:
                if not C.matches_demand(k, nm, self.converted):
                    continue
                if hand.count(k) >= self.total_objects.count(k):
                    continue  # every copy is the Diplomat's own: no one else has it
                if all(self._bag_swap_forbidden(k, r) for r in hand):
                    ok = False
            if ok:
                out.append(nm)
        return out

    def _legal_respond(self, s):
        st = self.step
        k = st["obj"]
        acts = []
        for r in sorted(set(self.hands[s])):
            if self._bag_swap_forbidden(k, r):
                continue
            acts.append({"type": "accept", "give": r})
        if k not in C.MUST_ACCEPT or not acts:
            acts.append({"type": "refuse"})
        return acts

    def _legal_smuggle(self, s):
        acts = [{"type": "effect", "use": False}]
        k = self.step["obj"]
        if k is not None and self._effect_applies(k):
            acts.append({"type": "effect", "use": True})
        return acts

    def _legal_sextant_dir(self, s):
        return [{"type": "direction", "dir": "left"}, {"type": "direction", "dir": "right"}]

    def _legal_sextant_pass(self, s):
        return [{"type": "pass_on", "obj": k} for k in sorted(set(self.hands[s]))]

    def _legal_coat(self, s):
        return [{"type": "coat", "occ": None}] + [{"type": "coat", "occ": o} for o in sorted(set(self.occ_pile))]

    def _legal_tome(self, s):
        return [{"type": "tome", "swap": False}, {"type": "tome", "swap": True}]

    def _legal_monocle_card(self, s):
        return [{"type": "look_card", "card": i} for i in range(3)]

    def _legal_gift(self, s):
        return [{"type": "gift", "obj": k, "to": t}
                for k in sorted(set(self.hands[s])) for t in self._others(s)]

    def _legal_priest(self, s):
        acts = [{"type": "pass"}]
        if self._usable(s, "priest") and self.step.get("used") is None:
            acts.append({"type": "priest"})
        return acts

    def _legal_priest_pay(self, s):
        return [{"type": "give", "obj": k} for k in sorted(set(self.hands[s]))]

    def _legal_support(self, s):
        return [{"type": "support", "side": side} for side in ("attacker", "defender", None)]

    def _hypno_targets(self):
        f = self.fight
        if self.options["hypnotist_any"]:
            return [t for t in range(self.seats) if t not in (f["att"], f["def"])]
        return [int(t) for t, side in sorted(f["supports"].items(), key=lambda x: int(x[0])) if side]

    def _legal_hypnotist(self, s):
        acts = [{"type": "pass"}]
        if self.occ[s] == "hypnotist":
            acts += [{"type": "hypnotize", "target": t} for t in self._hypno_targets()]
        return acts

    def _fight_plays(self, s):
        f = self.fight
        played = {p["card"] for p in f["played"]}
        hand = self.hands[s]
        side = f["supports"].get(str(s))
        plays = []

        def obj(k):
            if k in hand and k not in played:
                plays.append({"type": "play", "card": k})

        def occ(o):
            if o not in played and self._usable(s, o):
                plays.append({"type": "play", "card": o})

        if f["mixer"] is not None:
            return plays
        # "Der Giftring kann nur bei einem Patt benutzt werden": laid at a tie
        att_pts, def_pts = self.totals()
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
            if self._usable(s, "poison_mixer"):
                for w in ("attacker", "defender"):
                    plays.append({"type": "play", "card": "poison_mixer", "winner": w})
        return plays

    def _legal_fight(self, s):
        return [{"type": "pass"}] + self._fight_plays(s)

    def _legal_doctor(self, s):
        acts = [{"type": "pass"}]
        if self._usable(s, "doctor") and self.step.get("used") is None:
            acts.append({"type": "doctor"})
        return acts

    def _legal_spoils(self, s):
        if self.adv3:
            looks = [{"type": "look", "card": i} for i in range(3)]
        else:
            looks = [{"type": "look"}]
        return looks + [{"type": "take"}]

    def _legal_take(self, s):
        loser_hand = self.hands[self.fight["loser"]]
        if len(loser_hand) > 1:
            return [{"type": "take_obj", "obj": k} for k in sorted(set(loser_hand))]
        # the loser's last object: the winner gives one of their own back at once
        k = loser_hand[0]
        return [{"type": "take_obj", "obj": k, "give": g}
                for g in sorted(set(self.hands[s]) | {k})]

    def _legal_diplomat_pick(self, s):
        return [{"type": "give", "obj": k} for k in self.step["matching"]]

    def _legal_diplomat_return(self, s):
        got = self.step["got"]
        hand = list(self.hands[s])
        return [{"type": "give", "obj": k} for k in sorted(set(hand))
                if not self._bag_swap_forbidden(got, k)]

    def _legal_clair_pick(self, s):
        pile = list(self.pile)
        for k in self.step["picked"]:
            pile.remove(k)
        return [{"type": "pick", "obj": k} for k in sorted(set(pile))]

    # ------------------------------------------------------------- apply
    def _apply(self, seat, action):
        getattr(self, "_apply_" + self.step["phase"])(seat, action)
        self._run()

    def _apply_turn(self, s, a):
        typ = a["type"]
        if typ == "pass":
            self.say({"k": "pass", "seat": s})
            self.step = None
        elif typ == "offer":
            t, k = a["to"], a["obj"]
            self.say({"k": "offer", "by": s, "to": t})
            self.say({"k": "offer_obj", "by": s, "to": t, "obj": k}, to=[s, t])
            self.mark_revealed()
            self.step = {"phase": "respond", "from": s, "to": t, "obj": k}
        elif typ == "attack":
            self._start_attack(s, a["to"])
        elif typ == "claim":
            self._claim(s, a["allies"])
        elif typ == "claim_solo":
            self._claim_solo(s)
        elif typ == "foretell":
            self._foretell(s, a["names"])
        elif typ == "diplomat":
            self._diplomat(s, a["to"], a["name"])
        elif typ == "clairvoyant":
            self._reveal_occ(s)
            self.say({"k": "saw_pile", "seat": s, "objs": sorted(self.pile)}, to=s)
            self.mark_revealed()
            self.step = {"phase": "clair_pick", "picked": []}

    # ---- trades
    def _apply_respond(self, s, a):
        st = self.step
        frm, k = st["from"], st["obj"]
        if a["type"] == "refuse":
            self.say({"k": "refuse", "by": s, "to": frm})
            self.step = None
            return
        r = a["give"]
        self._move(frm, s, k)
        self._move(s, frm, r)
        self.say({"k": "accept", "by": s, "to": frm})
        self.say({"k": "traded", "offerer": frm, "partner": s, "offered": k, "returned": r},
                 to=[frm, s])
        self.mark_revealed()
        silent = "broken_mirror" in (k, r)
        self.step = None
        self._queue_trade_effects((frm, k, s), (s, r, frm), silent)

    def _apply_smuggle(self, s, a):
        st = self.step
        self.step = None
        if a["use"]:
            self._effect(st["owner"], st["obj"], st["partner"])

    def _apply_sextant_dir(self, s, a):
        d = 1 if a["dir"] == "left" else -1
        self.say({"k": "sextant", "seat": s, "dir": a["dir"]})
        self.step = {"phase": "sextant_pass", "dir": d, "chosen": {}}

    def _apply_sextant_pass(self, s, a):
        st = self.step
        st["chosen"][str(s)] = a["obj"]
        if len(st["chosen"]) < self.seats:
            return
        d = st["dir"]
        chosen = {int(k): v for k, v in st["chosen"].items()}
        for t, k in chosen.items():
            self.hands[t].remove(k)
        for t, k in chosen.items():
            to = self._left(t, d)
            self.hands[to].append(k)
            self.say({"k": "passed", "from": t, "to": to, "obj": k}, to=[t, to])
        for h in self.hands:
            h.sort()
        self.mark_revealed()
        self.say({"k": "sextant_done"})
        self.step = None

    def _apply_coat(self, s, a):
        new = a["occ"]
        seen = []
        if new is not None:
            old = self.occ[s]
            if self.occ_up[s]:
                # the table saw this face-up card go back to the pile
                seen.append({"k": "occ_to_pile", "seat": s, "occ": old})
            self.occ_pile.remove(new)
            self.occ_pile.append(old)
            self.rng.shuffle(self.occ_pile)
            self.occ[s] = new
            self.occ_up[s] = False
            self.say({"k": "got_occ", "seat": s, "occ": new}, to=s)
        self.say({"k": "coat", "seat": s, "changed": new is not None})
        for e in seen:
            self.say(e)
        self.step = None

    def _apply_tome(self, s, a):
        p = self.step["partner"]
        seen = []
        if a["swap"]:
            # face-up cards are seen changing hands before they are turned down
            for frm, to in ((s, p), (p, s)):
                if self.occ_up[frm]:
                    seen.append({"k": "occ_moved", "from": frm, "to": to, "occ": self.occ[frm]})
            self.occ[s], self.occ[p] = self.occ[p], self.occ[s]
            self.occ_up[s] = self.occ_up[p] = False
            self.say({"k": "got_occ", "seat": s, "occ": self.occ[s], "from": p}, to=s)
            self.say({"k": "got_occ", "seat": p, "occ": self.occ[p], "from": s}, to=p)
            self.mark_revealed()
        self.say({"k": "tome", "seat": s, "partner": p, "swap": a["swap"]})
        for e in seen:
            self.say(e)
        self.step = None

    def _apply_monocle_card(self, s, a):
        p = self.step["partner"]
        i = a["card"]
        self.say({"k": "saw_assoc_card", "seat": s, "who": p, "card": i,
                  "assoc": self.assoc_cards[p][i]}, to=s)
        self.say({"k": "looked_card", "seat": s, "who": p, "card": i})
        self.mark_revealed()
        self.step = None

    def _apply_gift(self, s, a):
        k, t = a["obj"], a["to"]
        self._move(s, t, k)
        self.say({"k": "gift", "from": s, "to": t})
        self.say({"k": "gift_obj", "from": s, "to": t, "obj": k}, to=[s, t])
        self.mark_revealed()
        self.step = None
        self.queue.insert(0, {"t": "limit"})

    # ---- struggles
    def _start_attack(self, s, t):
        self.say({"k": "attack", "by": s, "to": t})
        self.fight = {"att": s, "def": t, "supports": {}, "voided": None, "played": [],
                      "duelist": None, "mixer": None, "winner": None, "loser": None,
                      "result": None}
        waiting = [x for x in range(self.seats) if x != s and not self.occ_up[x]]
        if waiting:
            self.step = {"phase": "priest", "waiting": waiting}
        else:
            self._start_support()

    def _start_support(self):
        f = self.fight
        order = [self._left(f["att"], i) for i in range(1, self.seats)]
        order = [x for x in order if x != f["def"]]
        self.step = {"phase": "support", "order": order, "i": 0}

    def _apply_priest(self, s, a):
        # every waiting seat answers (a simultaneous decision); a Priest used
        # takes effect once the window is closed
        st = self.step
        st["waiting"].remove(s)
        if a["type"] == "priest":
            self._reveal_occ(s)
            st["used"] = s
        if st["waiting"]:
            return
        if st.get("used") is None:
            self._start_support()
            return
        f = self.fight
        p = st["used"]
        self.say({"k": "priest", "seat": p, "attacker": f["att"]})
        f["priest"] = p
        if len(self.hands[f["att"]]) >= 2:
            self.step = {"phase": "priest_pay", "priest": p}
        else:
            self.step = None

    def _apply_priest_pay(self, s, a):
        p = self.step["priest"]
        self._move(s, p, a["obj"])
        self.say({"k": "priest_paid", "from": s, "to": p})
        self.say({"k": "priest_paid_obj", "from": s, "to": p, "obj": a["obj"]}, to=[s, p])
        self.mark_revealed()
        self.step = None
        self.queue.insert(0, {"t": "limit"})

    def _apply_support(self, s, a):
        st = self.step
        f = self.fight
        f["supports"][str(s)] = a["side"]
        self.say({"k": "support", "seat": s, "side": a["side"]})
        st["i"] += 1
        if st["i"] < len(st["order"]):
            return
        att = f["att"]
        if (not self.occ_up[att] or self.occ[att] == "hypnotist") and self._hypno_targets():
            self.step = {"phase": "hypnotist"}
        else:
            self._start_fight_window()

    def _apply_hypnotist(self, s, a):
        if a["type"] == "hypnotize":
            f = self.fight
            if not self.occ_up[s]:
                self._reveal_occ(s)
            f["voided"] = a["target"]
            self.say({"k": "hypnotize", "seat": s, "target": a["target"]})
        self._start_fight_window()

    def _start_fight_window(self):
        self.step = {"phase": "fight", "passed": []}

    def totals(self):
        f = self.fight
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

    def _apply_fight(self, s, a):
        st = self.step
        f = self.fight
        if a["type"] == "pass":
            st["passed"].append(s)
            if not self._to_act():
                self._resolve_fight()
            return
        c = a["card"]
        entry = {"seat": s, "card": c}
        if c in C.OCCUPATIONS:
            self._reveal_occ(s)
        else:
            self.say({"k": "play", "seat": s, "card": c})
            self.mark_revealed()  # an object from the hand is shown to all
        if c == "duelist":
            f["duelist"] = s
            self.say({"k": "duel", "seat": s})
        if c == "poison_mixer":
            entry["winner"] = a["winner"]
            f["mixer"] = a["winner"]
            self.say({"k": "mixer", "seat": s, "winner": a["winner"]})
        f["played"].append(entry)
        st["passed"] = []

    def _resolve_fight(self):
        f = self.fight
        att_pts, def_pts = self.totals()
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
        self.say({"k": "fight_result", "attacker": f["att"], "defender": f["def"],
                  "winner": winner, "points": [att_pts, def_pts]})
        waiting = [x for x in range(self.seats) if not self.occ_up[x]]
        if waiting:
            self.step = {"phase": "doctor", "waiting": waiting}
        else:
            self._after_doctor()

    def _apply_doctor(self, s, a):
        st = self.step
        st["waiting"].remove(s)
        if a["type"] == "doctor":
            self._reveal_occ(s)
            st["used"] = s
        if st["waiting"]:
            return
        if st.get("used") is None:
            self._after_doctor()
            return
        self.say({"k": "doctor", "seat": st["used"]})
        f = self.fight
        if f["winner"] is None and not self.options["doctor_cancels_draw"]:
            self._draw(f["att"])
            self.queue.insert(0, {"t": "limit"})
        self.step = None

    def _after_doctor(self):
        f = self.fight
        if f["winner"] is None:
            self._draw(f["att"])
            self.queue.insert(0, {"t": "limit"})
            self.step = None
        else:
            self.step = {"phase": "spoils"}

    def _apply_spoils(self, s, a):
        f = self.fight
        loser = f["loser"]
        if a["type"] == "look":
            self.say({"k": "spoils_look", "winner": s, "loser": loser})
            self.say({"k": "saw_occ", "seat": s, "who": loser, "occ": self.occ[loser]}, to=s)
            if self.adv3:
                i = a["card"]
                self.say({"k": "saw_assoc_card", "seat": s, "who": loser, "card": i,
                          "assoc": self.assoc_cards[loser][i]}, to=s)
                self.say({"k": "looked_card", "seat": s, "who": loser, "card": i})
            else:
                self.say({"k": "saw_assoc", "seat": s, "who": loser, "assoc": self.assoc[loser]}, to=s)
            self.mark_revealed()
            self.step = None
            return
        self.say({"k": "spoils_take", "winner": s, "loser": loser})
        self.say({"k": "saw_objects", "seat": s, "who": loser, "objs": sorted(self.hands[loser])}, to=s)
        self.mark_revealed()
        self.step = {"phase": "take"}

    def _apply_take(self, s, a):
        f = self.fight
        loser = f["loser"]
        self._move(loser, s, a["obj"])
        self.say({"k": "took", "winner": s, "loser": loser})
        self.say({"k": "took_obj", "winner": s, "loser": loser, "obj": a["obj"]}, to=[s, loser])
        self.mark_revealed()
        if "give" in a:
            self._move(s, loser, a["give"])
            self.say({"k": "gave_back", "from": s, "to": loser})
            self.say({"k": "gave_back_obj", "from": s, "to": loser, "obj": a["give"]}, to=[s, loser])
        self.step = None
        self.queue.insert(0, {"t": "limit"})

    # ---- occupations on one's own turn
    def _diplomat(self, s, t, name):
        self._reveal_occ(s)
        self.say({"k": "diplomat", "seat": s, "to": t, "name": name})
        matching = sorted({k for k in self.hands[t] if C.matches_demand(k, name, self.converted)})
        if not matching:
            self.say({"k": "diplomat_fail", "seat": s, "to": t})
            self.say({"k": "saw_objects", "seat": s, "who": t, "objs": sorted(self.hands[t])}, to=s)
            self.mark_revealed()
            self.step = None
            return
        # the table now knows the target holds it; the target always hands the
        # object over itself, even with one match, so nobody learns it had a choice
        self.mark_revealed()
        matching = [k for k in matching
                    if any(not self._bag_swap_forbidden(k, r) for r in self.hands[s])]
        self.step = {"phase": "diplomat_pick", "by": s, "to": t, "name": name, "matching": matching}

    def _diplomat_got(self, s, t, name, k):
        # nothing moves until the Diplomat has chosen the return (no empty hand meanwhile)
        self.step = {"phase": "diplomat_return", "by": s, "to": t, "name": name, "got": k}

    def _apply_diplomat_pick(self, s, a):
        st = self.step
        self.mark_revealed()  # the Diplomat now holds (sees) the object
        self._diplomat_got(st["by"], st["to"], st["name"], a["obj"])

    def _apply_diplomat_return(self, s, a):
        st = self.step
        t, k, r = st["to"], st["got"], a["obj"]
        self._move(t, s, k)
        self._move(s, t, r)
        self.say({"k": "diplomat_trade", "seat": s, "to": t})
        self.say({"k": "traded", "offerer": s, "partner": t, "offered": r, "returned": k},
                 to=[s, t])
        self.mark_revealed()
        silent = "broken_mirror" in (k, r)
        self.step = None
        # the demanded object was handed over first, so its effect comes first
        self._queue_trade_effects((t, k, s), (s, r, t), silent)
        if self.options["diplomat"] == "extra":
            self.resume_turn = True

    def _apply_clair_pick(self, s, a):
        st = self.step
        st["picked"].append(a["obj"])
        if len(st["picked"]) < min(2, len(self.pile)):
            return
        picked = st["picked"]
        for k in picked:
            self.pile.remove(k)
        self.rng.shuffle(self.pile)
        for k in reversed(picked):
            self.pile.append(k)  # the first pick ends on top
        self.say({"k": "clair_top", "seat": s, "objs": list(picked)}, to=s)
        self.say({"k": "clair_done", "seat": s})
        self.step = {"phase": "turn"}

    # ---- victory
    def _reveal_seat(self, s):
        return {"seat": s, "assoc": self.assoc[s], "occ": self.occ[s], "objs": sorted(self.hands[s])}

    def _finish(self, s, kind, correct, winners, named):
        self.over = True
        self.winners = sorted(winners)
        self.claims.append({"seat": s, "kind": kind, "correct": correct})
        self.mark_revealed()
        self.say({"k": "claim", "seat": s, "kind": kind, "named": list(named), "correct": correct,
                  "revealed": [self._reveal_seat(x) for x in [s] + list(named)],
                  "winners": self.winners})
        self.step = {"phase": "over"}

    def _claim(self, s, allies):
        a = self.assoc[s]
        ok = all(self.assoc[t] == a for t in allies)
        ok = ok and all(C.goal_count(self.hands[t], a, self.converted) >= 1 for t in allies)
        ok = ok and self.goal_total([s] + list(allies), a, drink_for=s) >= 3
        win = a if ok else C.other_assoc(a)
        self._finish(s, "claim", ok, [t for t in range(self.seats) if self.assoc[t] == win], allies)

    def _claim_solo(self, s):
        self._finish(s, "solo", True, [s], [])

    def _foretell(self, s, names):
        a = self.assoc[s]
        b = C.other_assoc(a)
        ok = all(self.assoc[t] == b for t in names)
        ok = ok and all(C.goal_count(self.hands[t], b, self.converted) >= 1 for t in names)
        ok = ok and self.goal_total(names, b) >= 3
        win = a if ok else b
        self._finish(s, "foretell", ok, [t for t in range(self.seats) if self.assoc[t] == win], names)

    # ---------------------------------------------------------------- view
    def _public_step(self):
        st = self.step
        ph = st["phase"]
        out = {"phase": ph}
        if ph == "respond":
            out.update({"from": st["from"], "to": st["to"]})
        elif ph in ("smuggle", "sextant_dir", "coat", "tome", "monocle_card"):
            out.update({"owner": st["owner"], "partner": st["partner"]})
        elif ph == "sextant_pass":
            out.update({"dir": "left" if st["dir"] == 1 else "right",
                        "done": sorted(int(x) for x in st["chosen"])})
        elif ph == "gift":
            out.update({"seat": st["seat"], "over": len(self.hands[st["seat"]]) - self.limit})
        elif ph in ("diplomat_pick", "diplomat_return"):
            out.update({"by": st["by"], "to": st["to"], "name": st["name"]})
        elif ph == "clair_pick":
            out.update({"seat": self.current, "picked": len(st["picked"])})
        if self.fight is not None:
            f = self.fight
            att_pts, def_pts = self.totals()
            out["struggle"] = {
                "attacker": f["att"], "defender": f["def"],
                "supports": [{"seat": int(t), "side": sd} for t, sd in sorted(f["supports"].items(), key=lambda x: int(x[0]))],
                "voided": f["voided"], "played": [dict(p) for p in f["played"]],
                "totals": {"attacker": att_pts, "defender": def_pts},
                "duelist": f["duelist"], "mixer": f["mixer"], "winner": f["winner"],
                "result": f["result"],
            }
            if ph == "support":
                out["next"] = st["order"][st["i"]]
        return out

    def _private_step(self, seat):
        st = self.step
        ph = st["phase"]
        if ph == "respond" and seat in (st["from"], st["to"]):
            return {"obj": st["obj"]}
        if ph == "smuggle" and seat == st["owner"]:
            return {"obj": st["obj"]}
        if ph == "sextant_pass" and str(seat) in st["chosen"]:
            return {"chosen": st["chosen"][str(seat)]}
        if ph == "coat" and seat == st["owner"]:
            return {"occ_pile": sorted(self.occ_pile)}
        if ph == "take" and seat == self.fight["winner"]:
            return {"loser_objects": sorted(self.hands[self.fight["loser"]])}
        if ph == "diplomat_pick" and seat == st["to"]:
            return {"matching": list(st["matching"]), "got": None}
        if ph == "diplomat_return" and seat in (st["by"], st["to"]):
            return {"matching": None, "got": st["got"]}
        if ph == "clair_pick" and seat == self.current:
            return {"pile": sorted(self.pile), "picked": list(st["picked"])}
        return None

    def _view(self, seat):
        n = self.seats
        view = {
            "phase": self.step["phase"],
            "active": None if self.over else self.current,
            "scores": None,
            "players": [{"seat": s, "objects": len(self.hands[s]),
                         "occupation": self.occ[s] if self.occ_up[s] else None,
                         "occ_face_up": self.occ_up[s], "drink": self.drink,
                         "limit": self.limit} for s in range(n)],
            "limit": self.limit,
            "pile": len(self.pile),
            "occ_pile": len(self.occ_pile),
            "bags_are_goals": self.converted,
            "odd": self.odd,
            "advanced3": self.adv3,
            "objects_in_game": list(self.total_objects),
            "step": self._public_step(),
            "claims": [dict(c) for c in self.claims],
            "turn": self.turn,
            "prompt": {"k": self.step["phase"], "seat": None if self.over else self.current},
            "window": None if self.over else window(self.step["phase"], n, self.current),
        }
        if seat is None:
            view["me"] = None
        else:
            view["me"] = {
                "association": self.assoc[seat],
                "association_cards": list(self.assoc_cards[seat]) if self.adv3 else None,
                "occupation": self.occ[seat],
                "occ_face_up": self.occ_up[seat],
                "objects": sorted(self.hands[seat]),
                "drink": self.drink,
                "step": self._private_step(seat),
            }
        return view

    def _result(self):
        n = self.seats
        scores = [1 if s in self.winners else 0 for s in range(n)]
        return {
            "winners": list(self.winners),
            "scores": scores,
            "breakdown": [{"victory": scores[s]} for s in range(n)],
            "associations": list(self.assoc),
            "stats": {"claims": [dict(c) for c in self.claims], "turns": self.turn},
        }
