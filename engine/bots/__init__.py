"""Bots: they decide from one seat's view and its legal actions, never the state.

Each game's `GAME.bots` names its module (usually `engine/<game>/bots.py`) with:

    LEVELS = ["random", ..., strongest]
    def think(view, legal, level, rng, budget_ms, stop=None):  # -> action, or a generator

A bot's thinking may be a generator that yields now and then and finally
returns the action: the browser table runs it in slices, so a bot that
searches for a second never freezes the page.  Budgets are turned into
amounts of work (playouts, nodes), not read off a clock, so the same seed
gives the same decision on every machine.  The table adds a deadline of its
own (`stop`, from `hurry_after`): on a device too slow for the work a
search answers in time with what it has found so far.
"""

from __future__ import annotations

import types

from ..registry import GAMES, plugin
from ..rng import Rng


def _module(game_id: str):
    """The game's bot module, or None for a game with only random play."""
    return plugin(game_id).bots_module()


class _Levels(dict):
    """engine.bots.LEVELS[game_id]: level names, weakest first."""

    def __missing__(self, game_id):
        if game_id not in GAMES:
            raise KeyError(game_id)
        levels = list(plugin(game_id).levels or getattr(_module(game_id), "LEVELS", None) or ["random"])
        if levels[0] != "random":
            levels.insert(0, "random")
        self[game_id] = levels
        return levels

    def __iter__(self):
        return iter(GAMES)

    def keys(self):
        return GAMES.keys()


LEVELS = _Levels()

HURRY_AT = 0.8  # of budget_ms: the rest is for the sample in hand and the answer


def hurry_after(clock, budget_ms: int):
    """A `stop` for think(): true once HURRY_AT of budget_ms have passed on
    `clock` (the caller's, in seconds; the engine reads none)."""
    end = clock() + budget_ms * HURRY_AT / 1000
    return lambda: clock() >= end


def default_level(game_id: str) -> str:
    """The level a new bot seat gets: "hard" (answers at once and plays well);
    "expert" thinks up to a second a move, slow at a table of many bots."""
    levels = LEVELS[game_id]
    return levels[min(2, len(levels) - 1)]


def think(game_id: str, view: dict, legal_actions: list, level: str = "random",
          seed: int = 0, budget_ms: int = 1000, stop=None):
    """A generator that yields while the bot thinks and returns its action.
    `stop()`, when given, is asked while a search runs: once true the bot
    answers with its best so far."""
    if not legal_actions:
        raise ValueError("a bot was asked to move without legal actions")
    if level not in LEVELS[game_id]:
        raise ValueError(f"{game_id} has no bot level {level!r}")
    rng = Rng(seed)
    if len(legal_actions) == 1:
        return legal_actions[0]
    if level == "random":
        return rng.choice(legal_actions)
    decision = _module(game_id).think(view, legal_actions, level, rng, budget_ms, stop)
    if isinstance(decision, types.GeneratorType):
        decision = yield from decision
    return decision


def choose(game_id: str, view: dict, legal_actions: list, level: str = "random",
           seed: int = 0, budget_ms: int = 1000, stop=None) -> dict:
    """Run a bot to its decision in one go."""
    return run_to_end(think(game_id, view, legal_actions, level, seed, budget_ms, stop))


def run_to_end(steps):
    """What a generator of steps returns, run to its end at once (a bot's
    thinking, a bot's reading of a long log, the table's drawing: each
    yields where the page may draw; outside the page nothing waits)."""
    while True:
        try:
            next(steps)
        except StopIteration as end:
            return end.value
