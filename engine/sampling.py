"""What every game's `sample_state(view, rng)` shares: a state built from one
seat's view, with the hidden information dealt anew by the sampler.

The sampled state shows the seat exactly its view (`state.view(seat) ==
view`), so a bot may search it like the real game.  Its past is the seat's
own log: the actions themselves are unknown and stand as `[None, None]`, so
a sampled state is for thinking ahead only, never for saving or undo.
(OpenSpiel's `resample_from_infostate` plays the same part.)
"""

from __future__ import annotations

import copy

from .rng import Rng


def adopt_history(state, view: dict, rng: Rng) -> None:
    """Fill the protocol's own fields of a bare `state` (made with
    `Cls.__new__`) from `view`: seats, options, the seat's log, the move
    count, the turn; its random future comes from `rng`."""
    seat = view["seat"]
    state.seats = view["seats"]
    state.options = copy.deepcopy(view["options"])
    state.seed = rng.below(2**31)
    state.rng = Rng(state.seed)
    state.actions = [[None, None] for _ in range(view["moves"])]
    state.undoable = [False] * view["moves"]
    state.events = []
    for entry in view["log"]:
        entry = dict(entry)
        private = entry.pop("private", False)
        state.events.append((frozenset([seat]) if private else None, entry))
    state.turn = view.get("turn", 0) if isinstance(view.get("turn"), int) else 0
    state._revealed = False
