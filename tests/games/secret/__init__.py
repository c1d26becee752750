"""A small game with one secret card per seat, only for testing the shared
protocol's secrecy: a plugin like every real game (touching no shared file),
and the base of the planted-bug games in `tests/games/_planted/`."""

from engine.registry import Game

from .spec import SPEC

GAME = Game(SPEC, state="tests.games.secret.rules:SecretState", bots="tests.games.secret.bots",
            sample="tests.games.secret.sample:sample_state", levels=("random", "careful"))
