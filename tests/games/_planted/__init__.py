"""Games with one secrecy bug each, planted in the Little Secret game
(tests/games/secret/): `tests/contract/test_planted.py` registers one at a
time and expects the contract check of its kind to fail on it.  The leading
underscore keeps them out of discovery, so the contract's run over every
registered game never meets them.

Each module holds one `GAME` and says which check must catch it (`CHECK`).
"""

from dataclasses import replace

from engine.registry import Game

from ..secret.spec import SPEC


def planted(module: str, bots: bool = True) -> Game:
    """The plugin of the planted game in `tests.games._planted.<module>`
    (its state class `State`, its sampler `sample_state`)."""
    name = module.rsplit(".", 1)[-1]
    return Game(replace(SPEC, id=f"planted_{name}"), state=f"{module}:State",
                bots="tests.games.secret.bots" if bots else "", sample=f"{module}:sample_state")
