"""Little Secret: each seat holds one card nobody else sees.

Twelve animal cards (a value each) are shuffled face down.  Each seat is
dealt one.  On a turn the seat draws the top card (now it holds two) and
plays one of them face up; playing the owl lets it look at another seat's
card.  When the deck is empty at the start of a turn the game ends: the
highest card held wins (ties share).
"""

from __future__ import annotations

from engine.protocol import State
from engine.secrecy import Pieces, Secrecy

VALUES = {"fox": 1, "owl": 2, "cat": 3, "bear": 4, "lion": 5}
COUNTS = {"fox": 4, "owl": 3, "cat": 2, "bear": 2, "lion": 1}
DECK = [card for card, n in COUNTS.items() for _ in range(n)]


class SecretState(State):
    game_id = "secret"
    secrecy = Secrecy(own=("hand",), private_log={"dealt": ("seat",), "drew": ("seat",), "saw": ("seat",)})

    def _setup(self):
        self.deck = self._fresh_deck()
        self.rng.shuffle(self.deck)  # the top is the end
        self.hands = [[self.deck.pop()] for _ in range(self.seats)]
        self.discard: list = []
        self.played = [[] for _ in range(self.seats)]
        self.current = 0
        self.phase = "draw"
        self.say({"k": "start", "seat": 0})
        for s in range(self.seats):
            self.say({"k": "dealt", "seat": s, "card": self.hands[s][0]})

    def _fresh_deck(self) -> list:
        return list(DECK)

    def _is_over(self):
        return self.phase == "over"

    def _to_act(self):
        return [self.current]

    def _legal(self, seat):
        if self.phase == "draw":
            return [{"type": "draw"}]
        moves = []
        for card in sorted(set(self.hands[seat])):
            if card == "owl":
                moves += [{"type": "play", "card": card, "target": t}
                          for t in range(self.seats) if t != seat]
            else:
                moves.append({"type": "play", "card": card})
        return moves

    def _apply(self, seat, action):
        if action["type"] == "draw":
            card = self.deck.pop()
            self.hands[seat].append(card)
            self.say({"k": "draw", "seat": seat})
            self.say({"k": "drew", "seat": seat, "card": card})
            self.phase = "play"
            return
        card = action["card"]
        self.hands[seat].remove(card)
        self.discard.append(card)
        self.played[seat].append(card)
        self.say({"k": "play", "seat": seat, "card": card})
        if "target" in action:
            target = action["target"]
            self.say({"k": "saw", "seat": seat, "who": target, "card": self.hands[target][0]})
        self.turn += 1
        self.current = (seat + 1) % self.seats
        self.phase = "draw" if self.deck else "over"

    def _public(self):
        over = self.phase == "over"
        return {
            "phase": self.phase,
            "active": None if over else self.current,
            "scores": [VALUES[h[0]] for h in self.hands] if over else None,
            "players": [{"seat": s, "cards": len(self.hands[s]),
                         "played": list(self.played[s]),
                         "shown": self.hands[s][0] if over else None} for s in range(self.seats)],
            "prompt": {"k": self.phase},
            "deck": len(self.deck),
            "discard": list(self.discard),
            "values": dict(VALUES),
            "turn": self.turn,
        }

    def _own(self, seat):
        return {"hand": sorted(self.hands[seat])}

    def _pieces(self):
        return Pieces(public={"discard": list(self.discard)}, own=[{"hand": list(h)} for h in self.hands],
                      hidden={"deck": list(self.deck)})

    def _result(self):
        scores = [VALUES[h[0]] for h in self.hands]
        best = max(scores)
        return {"winners": [s for s in range(self.seats) if scores[s] == best], "scores": scores,
                "breakdown": [{"card": v} for v in scores]}
