"""The rest of the 300 hot-seat games of Carcassonne and Thurn und Taxis
(tests/test_hotseat_property.py plays the first few by default).  A file of
its own, so that `pytest -n 2 --dist loadfile` runs it beside that file."""

import pytest

from .test_hotseat_property import DEFAULT, FULL, play_many


@pytest.mark.slow
@pytest.mark.parametrize("game_id", sorted(g for g, n in DEFAULT.items() if n < FULL))
def test_privacy_invariant_in_300_games(game_id):
    play_many(game_id, range(DEFAULT[game_id], FULL))
