"""A tiny hidden-information game, only for testing the shared protocol.

Each seat is dealt two secret numbers from a shuffled deck of 1-9; in turn a
seat plays one of its numbers (revealed) or, once, peeks at the next seat's
hand.  After everyone played both numbers, the highest total wins.
"""

from engine.protocol import State
from engine.registry import GameSpec, Option

SPEC = GameSpec(
    id="toy",
    names={"nl": "Speelgoed", "en": "Toy", "de": "Spielzeug"},
    min_seats=2,
    max_seats=4,
    state_class="tests.toygame:ToyState",
    options=(Option("bonus", default=0, values=(0, 1, 2), names={"en": "Bonus"}),),
)


class ToyState(State):
    game_id = "toy"

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
        moves = [{"play": n} for n in self.hands[seat]]
        if not self.peeked[seat]:
            moves.append({"peek": True})
        return moves

    def _apply(self, seat, action):
        if "peek" in action:
            self.peeked[seat] = True
            other = (seat + 1) % self.seats
            self.say({"k": "saw", "who": other, "hand": list(self.hands[other])}, to=seat)
            self.mark_revealed()
            return
        self.hands[seat].remove(action["play"])
        self.played[seat].append(action["play"])
        self.say({"k": "play", "seat": seat, "n": action["play"]})
        self.turn += 1
        self.current = (seat + 1) % self.seats

    def _view(self, seat):
        return {
            "hand": list(self.hands[seat]) if seat is not None else None,
            "hand_sizes": [len(h) for h in self.hands],
            "played": [list(p) for p in self.played],
        }

    def _result(self):
        scores = [sum(p) + self.options["bonus"] for p in self.played]
        best = max(scores)
        return {
            "winners": [s for s in range(self.seats) if scores[s] == best],
            "scores": scores,
            "breakdown": [{"played": sum(p), "bonus": self.options["bonus"]} for p in self.played],
        }
