"""The engine owns hidden information: for every game, a state sampled from
one seat's view shows that seat exactly that view and plays on; the seat's
legal actions and every bot's choice are the same in the sampled world as
in the real one (so neither can depend on what the seat may not know)."""

import copy

import pytest

from engine import bots
from engine.play import play, random_chooser
from engine.registry import PLUGINS
from engine.rng import Rng

from .positions import CASES, sampled


@pytest.mark.parametrize("game_id,seats", CASES)
def test_a_sample_shows_the_seat_its_view_and_plays_on(game_id, seats):
    game = PLUGINS[game_id]
    for k, state in enumerate(sampled(game_id, seats, 21)):
        for seat in range(seats):
            view = state.view(seat)
            sample = game.sample_state(copy.deepcopy(view), Rng(k * 31 + seat))
            assert sample.view(seat) == view, f"position {k}, seat {seat}"
            for _ in zip(range(8), play(sample, random_chooser(Rng(k)))):
                pass  # every action the sample offers is one it accepts


@pytest.mark.parametrize("game_id,seats", CASES)
def test_legal_actions_and_bot_choices_ignore_hidden_information(game_id, seats):
    game = PLUGINS[game_id]
    levels = bots.LEVELS[game_id]
    views_differ = samples_differ = False
    for k, state in enumerate(sampled(game_id, seats, 31)[:-1]):
        views = [state.view(s) for s in range(seats)]
        public = [{key: v for key, v in view.items() if key != "seat"} for view in views]
        views_differ |= any(p != public[0] for p in public[1:])
        for seat in state.to_act():
            legal = state.legal_actions(seat)
            other = game.sample_state(copy.deepcopy(views[seat]), Rng(k + 99))
            samples_differ |= any(other.view(t) != views[t] for t in range(seats) if t != seat)
            assert other.legal_actions(seat) == legal
            for level in levels:
                mine = bots.choose(game_id, copy.deepcopy(views[seat]), legal, level, seed=k, budget_ms=30)
                theirs = bots.choose(game_id, other.view(seat), other.legal_actions(seat), level,
                                     seed=k, budget_ms=30)
                assert mine == theirs, (level, k)
    # a game with secrets must really have had them dealt anew, or this test proves nothing
    assert samples_differ or not views_differ
