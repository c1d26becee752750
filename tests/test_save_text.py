"""A save's text is written a piece at a time (issue 26): State.to_json keeps
its log's text and adds only the actions made since, so a save after a move
costs little at 1,000 log entries.  The text must stay byte for byte what
json.dumps of the whole save gives (every save on players' disks was written
so), in every registered game, move after move, after an undo, in a clone,
and it loads to the same game."""

from __future__ import annotations

import json

import pytest

from engine import GAMES, load, new_game
from engine.protocol import SAVE_FORMAT, SAVE_VERSION
from engine.rng import Rng

from .contract.positions import random_options

MOVES = 300  # per game and table size: logs of hundreds of actions, undos and clones on the way


def whole(state, meta=None) -> str:
    """The save's text as State.to_json wrote it until issue 26: the whole save dumped at once."""
    save = {"format": SAVE_FORMAT, "version": SAVE_VERSION, "game": state.game_id, "seats": state.seats,
            "options": state.options, "seed": state.seed, "actions": state.actions}
    if meta:
        save["meta"] = meta
    return json.dumps(save, sort_keys=True, separators=(",", ":"))


def meta_at(i: int) -> dict | None:
    """The table's meta, and now and then none (the engine's own saves)."""
    return None if i % 7 == 3 else {"names": ["ä", "b"], "updated": i, "notes": {"0": "\u2603 \"x\""}}


def play_and_check(state, rng, moves: int) -> tuple[int, int, int]:
    """Random legal play for up to `moves` moves, the save written after each;
    (moves made, undos, clones) met on the way."""
    made = undone = cloned = 0
    while made < moves and not state.is_over():
        text = state.to_json(meta=meta_at(made))  # every move: the kept text grows an action at a time
        if made % 4 == 0:
            assert text == whole(state, meta_at(made)), f"move {made}"
        seat = rng.choice(state.to_act())
        state.apply(seat, rng.choice(state.legal_actions(seat)))
        made += 1
        if made % 3 == 2 and state.can_undo(seat):
            state = state.undo()  # a new state, replayed: its own text, written whole once
            assert state.to_json(meta_at(made)) == whole(state, meta_at(made)), "after an undo"
            undone += 1
        if made % 5 == 4:
            other = state.clone()  # a bot's copy plays on: neither text takes the other's moves
            if not other.is_over():
                seat = other.to_act()[0]
                other.apply(seat, other.legal_actions(seat)[0])
            assert other.to_json() == whole(other) and state.to_json() == whole(state), "a clone"
            cloned += 1
    text = state.to_json(meta=meta_at(1))
    assert text == whole(state, meta_at(1))
    again = load(text)
    assert again.to_json(meta=meta_at(1)) == text and again.fingerprint() == state.fingerprint()
    return made, undone, cloned


@pytest.mark.parametrize("game_id", sorted(GAMES))
def test_a_save_written_move_by_move_is_the_whole_save_byte_for_byte(game_id):
    spec = GAMES[game_id]
    for seats in sorted({spec.min_seats, spec.max_seats}):
        made = undone = cloned = 0
        seed = 0
        while made < MOVES:  # games at random until that many moves were made
            seed += 1
            rng = Rng(seed * 31 + seats)
            options = random_options(spec, rng) if seed % 2 else None  # every option's values come up
            got = play_and_check(new_game(game_id, seats, options, seed), rng, MOVES - made)
            made, undone, cloned = made + got[0], undone + got[1], cloned + got[2]
        assert undone and cloned, "undos and clones were met"


def test_a_log_changed_behind_the_kept_text_is_written_whole_again():
    """Code that swaps the log (engine/sampling.py) or takes an action out and
    puts another in its place never gets the text of the log that was."""
    game_id = sorted(GAMES)[0]
    spec = GAMES[game_id]
    state = new_game(game_id, spec.min_seats, None, 5)
    rng = Rng(5)
    for _ in range(6):
        seat = rng.choice(state.to_act())
        state.apply(seat, rng.choice(state.legal_actions(seat)))
    state.to_json()
    state.actions = state.actions[:3]  # another list, shorter
    assert state.to_json() == whole(state)
    state.actions = state.actions[:2] + [[0, {"made": "up"}]]  # another list as long as the kept text's log
    assert state.to_json() == whole(state)
    state.actions = [[0, {"made": "up"}]] + state.actions[1:]  # another list, its last action the same
    assert state.to_json() == whole(state)
    state.actions.pop()
    state.actions.append([1, {"other": 1}])  # the same list, its last action another
    assert state.to_json() == whole(state)
