"""Bots take short steps between yields (issue 26 item 2), and decide as before.

The page runs a bot's thinking a step at a time between frames
(ui/bot_loop.py) and cannot cut a step: a long log or a big search must not
make one step long.  Steps are not timed here (bench/bot_steps.py measures
them); the tests check the structure that keeps them short, and that
yielding more often changed no decision: every level of every registered
game decides on fixed positions (a new game and a long one) exactly as the
code before issue 26 item 2 did (`DECIDED`, the fingerprints of its
decisions, made on main at f619e32).
"""

from __future__ import annotations

import hashlib
import json

import pytest

import engine
from engine import bots
from engine.play import bot_chooser, play

LONG_ENTRIES = 1000  # a "long" position: a seat's view with this many log entries
POSITIONS = 6        # per game, of a new game and of a long one
BUDGET_MS = 100      # the experts search a tenth of the table's budget here

# fingerprint(game_id) on main at f619e32, before the bots yielded more often
DECIDED = {
    "carcassonne": "1cd38e5bbc27c6a3",
    "kutschfahrt": "8ffe58e340745cb9",
    "secret": "37c0ec25b9bef714",
    "thurn_taxis": "e658647557f95531",
    "toy": "c0d3fa8fe121962f",
}


def positions(game_id: str, count: int = POSITIONS) -> list:
    """[(state JSON, seat)]: the first `count` decisions with a real choice of
    a new game at the game's largest table, then `count` from a seat's view
    holding LONG_ENTRIES log entries on (or the last `count` of a game whose
    log never grows that long); every seat played by the middle level."""
    seats = engine.GAMES[game_id].max_seats
    levels = bots.LEVELS[game_id]
    level = levels[min(1, len(levels) - 1)]
    new, late, long = [], [], []
    state = engine.new_game(game_id, seats, None, 1)
    for state in play(state, bot_chooser([level] * seats, seed=1, budget_ms=BUDGET_MS)):
        if state.is_over():
            break
        seat = state.to_act()[0]
        if len(state.legal_actions(seat)) < 2:
            continue
        here = (state.to_json(), seat)
        if len(new) < count:
            new.append(here)
        elif len(state.view(seat)["log"]) >= LONG_ENTRIES:
            long.append(here)
            if len(long) >= count:
                break
        else:
            late = (late + [here])[-count:]
    return new + (long or late)


def decisions(game_id: str, saves: list) -> dict:
    """Level -> its action at every position of `saves`."""
    out = {}
    for level in bots.LEVELS[game_id][1:]:
        out[level] = []
        for i, (text, seat) in enumerate(saves):
            state = engine.load(text)
            out[level].append(bots.choose(game_id, state.view(seat), state.legal_actions(seat), level,
                                          7919 * i + 1, BUDGET_MS))
    return out


def fingerprint(game_id: str) -> str:
    text = json.dumps(decisions(game_id, positions(game_id)), sort_keys=True)
    return hashlib.sha256(text.encode()).hexdigest()[:16]


@pytest.mark.parametrize("game_id", sorted(engine.GAMES))
def test_every_level_decides_as_before(game_id):
    assert game_id in DECIDED, f"a new game: add DECIDED[{game_id!r}] = fingerprint({game_id!r})"
    assert fingerprint(game_id) == DECIDED[game_id], \
        f"{game_id}: a bot decided otherwise than before on the same view and seed"
