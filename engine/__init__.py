"""Speeltafel's rules engine: pure Python, no browser, no clock, no globals.

The public contract (see docs/architecture.md):

    GAMES, new_game(game_id, seats, options=None, seed=0) -> State
    State.to_act(), legal_actions(seat), apply(seat, action), view(seat),
    is_over(), result(), to_json(); load(text) -> State; IllegalAction
    engine.bots.choose(game_id, view, legal_actions, level, seed, budget_ms)
"""

from .protocol import IllegalAction, State
from .saves import SaveError, load
from .registry import GAMES, GameSpec, Option, new_game

__all__ = ["GAMES", "GameSpec", "IllegalAction", "Option", "SaveError", "State", "load", "new_game"]
