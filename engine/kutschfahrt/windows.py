"""Steps asked in public: where the table, not one player's cards, decides
who may answer and how.

The struggle's open windows (the Priest, support, the Hypnotist, the fight,
the Doctor): the players watch the struggle and whoever wants to lay a card
speaks up.  Who is asked never depends on a hand (every seat with a
face-down occupation, every supporter in clockwise order, every seat in the
struggle), and each asked seat has one answer that does nothing, its
"pass".  The table asks the humans in public and hands the device only to
one who steps forward.  The Sextant's passing is not such a step: every
seat must give an object, chosen from its own hand.

`PUBLIC_ANSWERS` are answers a seat gives out loud, open to every seat asked
whatever it holds, so a player may give them without taking the device
(or look at their cards first):

- support is declared in turn, face up ("puts down his character card with
  the sword symbol face-up");
- on one's turn, passing and attacking are said to the table ("point to
  another player and say out loud 'I attack you!'"); trading, proclaiming
  victory and using an occupation need one's cards, so they are not public.

Answers that use a card (the Priest, a Dagger, ...) are never public:
offering them would tell the table who holds what.
"""

from __future__ import annotations

import copy

WINDOWS = {
    "turn": {"type": "pass"},                      # the turn's plain pass
    "priest": {"type": "pass"},                    # nobody stops the attack
    "support": {"type": "support", "side": None},  # abstain (keep the character card)
    "hypnotist": {"type": "pass"},                 # the attacker voids no support
    "fight": {"type": "pass"},                     # lay no (more) cards
    "doctor": {"type": "pass"},                    # let the struggle's outcome stand
}

PUBLIC_ANSWERS = {
    "turn": lambda seats, current: [{"type": "pass"}] + [{"type": "attack", "to": t}
                                                         for t in range(seats) if t != current],
    "support": lambda seats, current: [{"type": "support", "side": side}
                                       for side in ("attacker", "defender", None)],
}


def window(phase: str, seats: int, current: int) -> dict | None:
    """The public description of a step asked in public, or None."""
    if phase not in WINDOWS:
        return None
    public = PUBLIC_ANSWERS[phase](seats, current) if phase in PUBLIC_ANSWERS else []
    return {"phase": phase, "pass": copy.deepcopy(WINDOWS[phase]), "public": public}
