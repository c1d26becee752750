"""Speeltafel's rules engine: pure Python, no browser, no clock, no globals.

The public contract (see docs/architecture.md):

    GAMES, new_game(game_id, seats, options=None, seed=0) -> State
    State.to_act(), legal_actions(seat), apply(seat, action), view(seat),
    is_over(), result(), to_json(); load(text) -> State; IllegalAction
    engine.bots.choose(game_id, view, legal_actions, level, seed, budget_ms)

The names above are looked up in their modules on first use (PEP 562), so
importing a submodule (engine.rng) does not import them all: the page imports
the engine a module at a time while the lobby answers taps (issue 26).
"""

from __future__ import annotations

import importlib

_HOMES = {"IllegalAction": "protocol", "State": "protocol", "SaveError": "saves", "load": "saves",
          "GAMES": "registry", "GameSpec": "registry", "Option": "registry", "new_game": "registry"}
__all__ = sorted(_HOMES)


def __getattr__(name: str):
    if name not in _HOMES:
        raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
    value = getattr(importlib.import_module(f"{__name__}.{_HOMES[name]}"), name)
    globals()[name] = value  # looked up once
    return value


def __dir__():
    return sorted(set(globals()) | set(_HOMES))
