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

Each step is one row of `phases.PHASES` (who decides, legal actions, their
effect, what the table and each seat see of it); the rows' functions live in
`turn.py`, `trades.py` and `struggle.py`, the helpers they share here.
Effects that follow one another (the two trade effects, a bag draw and the
hand-limit gifts it causes, ...) wait in `self.queue` and run in order.
Objects are held as kind names ("key", "dagger", ...): two keys are alike.
"""

from __future__ import annotations

from engine.protocol import State
from engine.secrecy import Pieces, Secrecy

from . import cards as C
from .knowledge import known
from .phases import PHASES, private_step, public_step
from .struggle import totals
from .turn import claim_blocked
from .windows import window


class KutschfahrtState(State):
    game_id = "kutschfahrt"
    # a seat's own: its association, occupation, objects and what it saw (`me`);
    # the log's private entries are read by the seats they name
    secrecy = Secrecy(own=("me",), private_log={
        "dealt": ("seat",), "drew": ("seat",), "traded": ("offerer", "partner"),
        "saw_objects": ("seat",), "saw_assoc": ("seat",), "saw_assoc_card": ("seat",),
        "saw_occ": ("seat",), "saw_occ_pile": ("seat",), "saw_pile": ("seat",), "got_occ": ("seat",),
        "offer_obj": ("by", "to"), "gift_obj": ("from", "to"), "passed": ("from", "to"),
        "priest_paid_obj": ("from", "to"), "took_obj": ("winner", "loser"), "gave_back_obj": ("from", "to")},
        notes={"clair_top": ("seat",)},  # the Clairvoyant's own picks
        # said aloud: an occupation turned up, an object played in a struggle or
        # named by its trade effect, the Diplomat's demand
        shows={"occ_used": ("occ",), "play": ("card",), "effect": ("obj",), "diplomat": ("name",),
               "diplomat_gave": ("name",)})

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
            self.say(entry)

    # ============================================================ helpers
    def left(self, s, d=1):
        return (s + d) % self.seats

    def others(self, s):
        return [t for t in range(self.seats) if t != s]

    def usable(self, s, occ):
        """Seat s holds occupation `occ` and may use it now (once-only: face down)."""
        if self.occ[s] != occ:
            return False
        return not (C.OCCUPATIONS[occ]["once"] and self.occ_up[s])

    def reveal_occ(self, s):
        self.occ_up[s] = True
        self.say({"k": "occ_used", "seat": s, "occ": self.occ[s]})  # shown to the table: no undo

    def move(self, frm, to, kind):
        self.hands[frm].remove(kind)
        self.hands[to].append(kind)
        self.hands[to].sort()

    def draw(self, s):
        if not self.pile:
            return None
        kind = self.pile.pop()
        self.hands[s].append(kind)
        self.hands[s].sort()
        self.say({"k": "draw", "seat": s})
        self.say({"k": "drew", "seat": s, "obj": kind})
        self.check_converted()
        return kind

    def check_converted(self):
        if not self.pile and not self.converted:
            self.converted = True
            self.say({"k": "bags_converted"})

    def bag_swap_forbidden(self, a, b):
        if a in C.BAGS and b in C.BAGS and a != b:
            return not (self.converted and self.options["bag_for_bag_when_empty"])
        return False

    def effect_applies(self, kind):
        eff = C.TRADE_EFFECTS.get(kind)
        if eff is None:
            return False
        if eff == "draw":
            return bool(self.pile)
        if eff == "new_occupation":
            return bool(self.occ_pile)
        return True

    def end_turn(self):
        self.fight = None
        self.queue = []
        self.resume_turn = False
        self.turn += 1
        self.current = self.left(self.current)
        self.step = {"phase": "turn"}

    def run(self):
        """Work through queued effects until one needs a decision."""
        while self.step is None and not self.over:
            if self.queue:
                task = self.queue.pop(0)
                self.do(task)
                continue
            if self.resume_turn:
                self.resume_turn = False
                self.step = {"phase": "turn"}
            else:
                self.end_turn()

    def do(self, task):
        t = task["t"]
        if t == "limit":
            order = [self.left(self.current, i) for i in range(self.seats)]
            for s in order:
                if len(self.hands[s]) > self.limit:
                    self.step = {"phase": "gift", "seat": s}
                    return
        elif t == "smuggle":
            self.step = {"phase": "smuggle", "owner": task["owner"], "obj": task["obj"],
                         "partner": task["partner"]}
        elif t == "effect":
            self.effect(task["owner"], task["obj"], task["partner"])

    def exchange(self, offerer, offered, partner, returned, offered_first=True):
        """Two objects change hands (a trade, a Diplomat's demand): both seats
        see what moved, the table only that it happened (the caller's own
        entry).  The trade effects follow, the object handed over first
        first; the Broken Mirror silences both."""
        self.move(offerer, partner, offered)
        self.move(partner, offerer, returned)
        self.say({"k": "traded", "offerer": offerer, "partner": partner, "offered": offered,
                  "returned": returned})
        self.step = None
        effects = [(offerer, offered, partner), (partner, returned, offerer)]
        if not offered_first:
            effects.reverse()
        self.queue_trade_effects(*effects, "broken_mirror" in (offered, returned))

    def queue_trade_effects(self, first, second, silent):
        """first/second: (owner, kind given away, partner) in the order they resolve."""
        if self.options["smuggling"]:
            for owner, kind, partner in (first, second):
                self.queue.append({"t": "smuggle", "owner": owner,
                                   "obj": None if silent else kind, "partner": partner})
            return
        if silent:
            return
        for owner, kind, partner in (first, second):
            if self.effect_applies(kind):
                self.queue.append({"t": "effect", "owner": owner, "obj": kind, "partner": partner})

    def effect(self, owner, kind, partner):
        if not self.effect_applies(kind):
            return
        eff = C.TRADE_EFFECTS[kind]
        self.say({"k": "effect", "owner": owner, "partner": partner,
                  "obj": "bag" if kind in C.BAGS else kind})  # the object named to the table
        if eff == "draw":
            self.draw(owner)
            self.queue.insert(0, {"t": "limit"})
        elif eff == "see_objects":
            self.say({"k": "saw_objects", "seat": owner, "who": partner,
                      "objs": sorted(self.hands[partner])})
            self.say({"k": "look_objects", "seat": owner, "who": partner})
        elif eff == "see_association":
            if self.adv3:
                self.step = {"phase": "monocle_card", "owner": owner, "partner": partner}
            else:
                self.say({"k": "saw_assoc", "seat": owner, "who": partner,
                          "assoc": self.assoc[partner]})
                self.say({"k": "look_assoc", "seat": owner, "who": partner})
        elif eff == "sextant":
            self.step = {"phase": "sextant_dir", "owner": owner, "partner": partner}
        elif eff == "new_occupation":
            self.say({"k": "saw_occ_pile", "seat": owner, "occs": sorted(self.occ_pile)})
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
        return PHASES[self.step["phase"]].who(self)

    def _legal(self, seat):
        return PHASES[self.step["phase"]].legal(self, seat)

    def _apply(self, seat, action):
        PHASES[self.step["phase"]].apply(self, seat, action)
        self.run()

    def totals(self):
        """The struggle's points: attacker, defender."""
        return totals(self)

    # ---------------------------------------------------------------- view
    def _window(self):
        return window(self.step["phase"], self.seats, self.current)

    def _public(self):
        n = self.seats
        return {
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
            "step": public_step(self),
            "claims": [dict(c) for c in self.claims],
            "turn": self.turn,
            "prompt": {"k": self.step["phase"], "seat": None if self.over else self.current},
        }

    def _own(self, seat):
        me = {
            "association": self.assoc[seat],
            "association_cards": list(self.assoc_cards[seat]) if self.adv3 else None,
            "occupation": self.occ[seat],
            "occ_face_up": self.occ_up[seat],
            "objects": sorted(self.hands[seat]),
            "drink": self.drink,
            "step": private_step(self, seat),
            # on its own turn: why it may not proclaim its association's victory (None: it may)
            "claim_blocked": claim_blocked(self, seat) if (
                seat == self.current and self.step["phase"] == "turn" and not self.over) else None,
        }
        me.update(self.goals(seat))
        mine = [e if who is None else dict(e, private=True)
                for who, e in self.events if who is None or seat in who]
        me["known"] = known(mine, seat, self.seats)
        return {"me": me}

    def _pieces(self):
        if self.adv3:
            deck = ["order"] * 5 + ["brotherhood"] * 5
        else:
            setup = C.SETUP[self.seats]
            deck = ["order"] * setup["order"] + ["brotherhood"] * setup["brotherhood"]
        for cards in self.assoc_cards:  # the association cards nobody was dealt
            for a in cards:
                deck.remove(a)
        up = [s for s in range(self.seats) if self.occ_up[s]]
        return Pieces(
            public={f"occupation{s}": [self.occ[s]] for s in up},
            own=[{"objects": list(self.hands[s]), "association": list(self.assoc_cards[s]),
                  "occupation": [] if s in up else [self.occ[s]]} for s in range(self.seats)],
            hidden={"pile": list(self.pile), "occ_pile": sorted(self.occ_pile), "associations": deck})

    def goals(self, seat) -> dict:
        """The seat's goal items and how many it holds (a bag counts once the
        pile is empty), and the other association's: what a claim or a
        fortune-telling needs, so no screen or bot restates it."""
        a = self.assoc[seat]
        b = C.other_assoc(a)
        hand = self.hands[seat]
        counting = sorted({k for k in hand if C.goal_count([k], a, self.converted)})
        return {"goal": C.GOAL[a], "goal_objects": counting,
                "goal_count": C.goal_count(hand, a, self.converted),
                "enemy": b, "enemy_goal": C.GOAL[b]}

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
