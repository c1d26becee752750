"""Carcassonne - Het Rad van Fortuin (game id "carcassonne")."""

from engine.registry import Game

from .spec import SPEC

GAME = Game(SPEC, state="engine.carcassonne.state:CarcassonneState", bots="engine.carcassonne.bots",
            sample="engine.carcassonne.sample:sample_state",
            levels=("random", "greedy", "strong", "expert"))
