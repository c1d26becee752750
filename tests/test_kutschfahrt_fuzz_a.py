"""Random legal play (part a of 2, 1,000 games): after every action objects are
conserved, every seat holds at least one object, luggage limits hold (outside the
gift step that restores them) and occupations are conserved; every 15th action
each seat's view is checked to hold nothing hidden beyond its own cards, and the
public log to name no secret object.  Every game must end: random play ends by a
victory claim (the only end the rulebook knows); the driver gives claims a fixed
share of the choices and fails a game that runs past 4,000 actions."""

import pytest

from .kutschfahrt_helpers import random_game

OPTION_SETS = [
    None,
    {"object_set": "all"},
    {"object_set": "all", "smuggling": True, "fortune_telling": True},
    {"object_set": "all", "advanced3": True, "diplomat": "action", "hypnotist_any": True,
     "doctor_cancels_draw": False, "bag_for_bag_when_empty": False},
    {"object_set": "custom", "extra_objects": ["sextant", "tome", "broken_mirror"]},
]

SEEDS = list(range(0, 1000))


@pytest.mark.parametrize("chunk", range(10))
def test_random_games(chunk):
    ends = {"claim": 0, "solo": 0, "foretell": 0}
    for seed in SEEDS[chunk::10]:
        seats = 3 + seed % 8
        options = OPTION_SETS[(seed // 8) % len(OPTION_SETS)]
        state = random_game(seats, seed, options, view_every=15, claim_weight=0.3)
        assert state.is_over()
        result = state.result()
        assert result["winners"] or state.adv3
        ends[result["stats"]["claims"][-1]["kind"]] += 1
    assert ends["claim"] > 0
