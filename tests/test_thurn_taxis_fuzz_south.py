"""Thurn und Taxis fuzz (south): random-legal games with invariants (cards conserved,
at most 20 houses, never two in one city, every game ends, views hide hands
and bonus values).  See tt_helpers.play_random."""

import pytest

from .tt_helpers import play_random

pytestmark = pytest.mark.slow  # about 10 s a file here: `make test` runs it, `make unit` not

OPTIONS = {}
GAMES = {2: 600, 3: 250, 4: 150}


@pytest.mark.parametrize("seats", sorted(GAMES))
def test_random_games(seats):
    for seed in range(GAMES[seats]):
        st, ok = play_random(seats, 1000 * seats + seed, OPTIONS)
        assert ok, f"seed {seed}: no end in 3000 turns"
        res = st.result()
        assert len(res["winners"]) == 1
        assert st.end_trigger is not None
