"""A tiny hidden-information game, only for testing the shared protocol.

Each seat is dealt two secret numbers from a shuffled deck of 1-9; in turn a
seat plays one of its numbers (revealed) or, once, peeks at the next seat's
hand.  After everyone played both numbers, the highest total wins.
"""

from engine.protocol import State
from engine.sampling import adopt_history
from engine.secrecy import Pieces, Secrecy


class ToyState(State):
    game_id = "toy"
    secrecy = Secrecy(own=("hand",), private_log={"saw": ("seat",)})

    def _setup(self):
        deck = list(range(1, 10))
        self.rng.shuffle(deck)
        self.hands = [sorted(deck[2 * s: 2 * s + 2]) for s in range(self.seats)]
        self.played = [[] for _ in range(self.seats)]
        self.peeked = [False] * self.seats
        self.current = 0

    def _is_over(self):
        return all(not hand for hand in self.hands)

    def _to_act(self):
        return [self.current]

    def _legal(self, seat):
        moves = [{"type": "play", "n": n} for n in self.hands[seat]]
        if not self.peeked[seat]:
            moves.append({"type": "peek"})
        return moves

    def _apply(self, seat, action):
        if action["type"] == "peek":
            self.peeked[seat] = True
            other = (seat + 1) % self.seats
            self.say({"k": "saw", "seat": seat, "who": other, "hand": list(self.hands[other])})
            return
        self.hands[seat].remove(action["n"])
        self.played[seat].append(action["n"])
        self.say({"k": "play", "seat": seat, "n": action["n"]})
        self.turn += 1
        self.current = (seat + 1) % self.seats

    def _public(self):
        over = self._is_over()
        return {
            "phase": "over" if over else "play",
            "active": None if over else self.current,
            "scores": [sum(p) for p in self.played],
            "players": [{"seat": s, "hand": len(self.hands[s]), "played": list(self.played[s]),
                         "peeked": self.peeked[s]} for s in range(self.seats)],
            "prompt": {"k": "over" if over else "play"},
            "turn": self.turn,
        }

    def _own(self, seat):
        return {"hand": list(self.hands[seat])}

    def _pieces(self):
        used = {n for h, p in zip(self.hands, self.played) for n in h + p}
        return Pieces(public={f"played{s}": list(p) for s, p in enumerate(self.played)},
                      own=[{"hand": list(h)} for h in self.hands],
                      hidden={"unused": [n for n in range(1, 10) if n not in used]})

    def _result(self):
        scores = [sum(p) + self.options["bonus"] for p in self.played]
        best = max(scores)
        return {
            "winners": [s for s in range(self.seats) if scores[s] == best],
            "scores": scores,
            "breakdown": [{"played": sum(p), "bonus": self.options["bonus"]} for p in self.played],
        }


def sample_state(view, rng):
    """Deal the numbers the seat has not seen anew (a peeked hand stays as seen)."""
    seat = view["seat"]
    state = ToyState.__new__(ToyState)
    state.game_id = "toy"
    adopt_history(state, view, rng)
    players = view["players"]
    state.played = [list(p["played"]) for p in players]
    state.peeked = [p["peeked"] for p in players]
    state.current = view["active"] if view["active"] is not None else 0
    known = {}
    for entry in view["log"]:
        if entry["k"] == "saw":
            known[entry["who"]] = list(entry["hand"])
        elif entry["k"] == "play" and entry["seat"] in known and entry["n"] in known[entry["seat"]]:
            known[entry["seat"]].remove(entry["n"])
    seen = set(view["hand"] or []) | {n for p in players for n in p["played"]}
    seen |= {n for hand in known.values() for n in hand}
    unseen = [n for n in range(1, 10) if n not in seen]
    rng.shuffle(unseen)
    state.hands = []
    for s, p in enumerate(players):
        if s == seat:
            hand = list(view["hand"])
        else:
            hand = list(known.get(s, []))
            while len(hand) < p["hand"]:
                hand.append(unseen.pop())
        state.hands.append(sorted(hand))
    return state
