"""The bot levels a game declares for the lobby are its bots module's own."""

import pytest

from engine.registry import PLUGINS


@pytest.mark.parametrize("game_id", sorted(PLUGINS))
def test_declared_levels_are_the_bots_modules_levels(game_id):
    game = PLUGINS[game_id]
    module = game.bots_module()
    if not game.levels:  # nothing declared: the lobby imports the bots module to list them
        return
    assert module is not None, f"{game_id} declares levels but has no bots module"
    assert list(game.levels) == list(module.LEVELS), (
        f"{game_id}: Game(levels=...) says {list(game.levels)}, {game.bots}.LEVELS says {module.LEVELS}")
