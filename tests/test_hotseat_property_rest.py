"""The rest of the 300 hot-seat games of the games whose random games are
long (tests/test_hotseat_property.py plays the first few by default).  A
file of its own, so that `pytest -n 2 --dist loadfile` runs it beside that
file."""

import pytest

from .test_hotseat_property import FULL, GAME_IDS, default_count, play_many


@pytest.mark.slow
@pytest.mark.parametrize("game_id", [g for g in GAME_IDS if default_count(g) < FULL])
def test_privacy_invariant_in_300_games(game_id):
    play_many(game_id, range(default_count(game_id), FULL))
