"""Thurn und Taxis (game id "thurn_taxis")."""

from engine.registry import Game

from .spec import SPEC

GAME = Game(SPEC, state="engine.thurn_taxis.state:ThurnTaxisState", bots="engine.thurn_taxis.bots",
            sample="engine.thurn_taxis.sample:sample_state",
            levels=("random", "greedy", "strong", "expert"))
