"""Secrecy along random games, checked on every registered game (issue 24):
an action offered for undo showed nothing; public log entries name no
secret; saves replay under another hash seed.  (The checks on samples are in
test_hidden_information.py; test_planted.py shows each check failing on a
game with its kind of bug.)"""

import pytest

from . import secrecy_checks as C
from .positions import CASES


@pytest.mark.parametrize("game_id,seats", CASES)
def test_an_action_offered_for_undo_showed_nothing(game_id, seats):
    C.undo_shows_nothing_new(game_id, seats)


@pytest.mark.parametrize("game_id,seats", CASES)
def test_public_log_entries_name_no_secret(game_id, seats):
    C.public_log_keeps_secrets(game_id, seats)


@pytest.fixture(scope="module")
def replayed():
    """Every case's saves replayed by one other interpreter (one start-up)."""
    saves = [C.saves_for(g, n)[0] for g, n in CASES]
    digests = C.replay_elsewhere([text for pair in saves for text in pair])
    return {case: digests[2 * i: 2 * i + 2] for i, case in enumerate(CASES)}


@pytest.mark.parametrize("game_id,seats", CASES)
def test_saves_replay_to_the_same_game_under_another_hash_seed(game_id, seats, replayed):
    C.saves_replay_elsewhere(game_id, seats, replayed=replayed[(game_id, seats)])
