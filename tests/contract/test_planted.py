"""Each secrecy check of the contract fails on a game with its kind of bug
(issue 24): the Little Secret game with one bug planted
(tests/games/_planted/), registered only while its test runs."""

import importlib
import pkgutil
from contextlib import contextmanager

import pytest

from engine.registry import GAMES, PLUGINS, register
from tests.games import _planted

from . import secrecy_checks as C

PLANTED = sorted(m.name for m in pkgutil.iter_modules(_planted.__path__))


@contextmanager
def registered(game):
    register(game)
    try:
        yield game.id
    finally:
        GAMES.pop(game.id)
        PLUGINS.pop(game.id)


def test_every_check_has_its_planted_bug():
    checks = {importlib.import_module(f"{_planted.__name__}.{name}").CHECK for name in PLANTED}
    assert checks == {"public_view_matches_samples", "secrets_dealt_anew", "saves_replay_elsewhere",
                      "undo_shows_nothing_new", "samples_are_possible_worlds", "public_log_keeps_secrets"}


@pytest.mark.parametrize("name", PLANTED)
def test_the_check_of_its_kind_fails_on_a_planted_bug(name):
    module = importlib.import_module(f"{_planted.__name__}.{name}")
    check = getattr(C, module.CHECK)
    extra = {"plugins": (f"{module.__name__}:GAME",)} if module.CHECK == "saves_replay_elsewhere" else {}
    with registered(module.GAME) as game_id:
        spec = GAMES[game_id]
        # one other interpreter is enough for the hash seed
        for seats in (spec.min_seats,) if extra else (spec.min_seats, spec.max_seats):
            with pytest.raises(AssertionError) as failed:
                check(game_id, seats, **extra)
            # the check's own assert, not one inside the game (a sampler's count check)
            assert failed.traceback[-1].path.name == "secrecy_checks.py", failed.traceback[-1]
