"""The engine owns hidden information, checked on every registered game: a
state sampled from one seat's view shows that seat exactly that view and
plays on; it shows the table the real public view, deals the others' secrets
anew and is a possible world (secrecy_checks.py, one set of samples for
all); the seat's legal actions and every bot's choice are the same in the
sampled world as in the real one (so neither can depend on what the seat
may not know)."""

import copy

import pytest

from engine import bots
from engine.play import play, random_chooser
from engine.registry import PLUGINS
from engine.rng import Rng

from . import secrecy_checks as C
from .positions import CASES, sampled, samples


@pytest.mark.parametrize("game_id,seats", CASES)
def test_a_sample_shows_the_seat_its_view_and_plays_on(game_id, seats):
    for k, _, seat, view, sample in samples(game_id, seats):
        assert sample.clone().view(seat) == view, f"position {k}, seat {seat}"
        for _ in zip(range(8), play(sample.clone(), random_chooser(Rng(k)))):
            pass  # every action the sample offers is one it accepts


@pytest.mark.parametrize("game_id,seats", CASES)
def test_the_public_view_is_what_every_seats_sample_shows(game_id, seats):
    C.public_view_matches_samples(game_id, seats)


@pytest.mark.parametrize("game_id,seats", CASES)
def test_samples_deal_the_secrets_anew(game_id, seats):
    C.secrets_dealt_anew(game_id, seats)


@pytest.mark.parametrize("game_id,seats", CASES)
def test_samples_are_possible_worlds(game_id, seats):
    C.samples_are_possible_worlds(game_id, seats)


@pytest.mark.parametrize("game_id,seats", CASES)
def test_legal_actions_and_bot_choices_ignore_hidden_information(game_id, seats):
    game = PLUGINS[game_id]
    levels = bots.LEVELS[game_id]
    for k, state in enumerate(sampled(game_id, seats, 31)[:-1]):
        views = [state.view(s) for s in range(seats)]
        for seat in state.to_act():
            legal = state.legal_actions(seat)
            other = game.sample_state(copy.deepcopy(views[seat]), Rng(k + 99))
            assert other.legal_actions(seat) == legal
            for level in levels:
                mine = bots.choose(game_id, copy.deepcopy(views[seat]), legal, level, seed=k, budget_ms=30)
                theirs = bots.choose(game_id, other.view(seat), other.legal_actions(seat), level,
                                     seed=k, budget_ms=30)
                assert mine == theirs, (level, k)
