"""Each game's own screen: `ui/screens/<game_id>.py` with a `Screen` class.

    class Screen:
        def __init__(self, ctx): ...              # ctx: table.TableContext
        def render(self, view, legal) -> str: ... # HTML of the board area
        def on_ui(self, arg: str) -> None: ...    # local steps (rotate, select)
        def after_render(self, root) -> None: ... # optional: DOM hooks (pan/zoom)

Elements carry `data-cmd="act" data-arg="<index into legal>"` to play an
action, or `data-cmd="ui" data-arg="..."` for the screen's own steps.  The
screen renders the view it is given and never decides a rule.
"""

from __future__ import annotations

import importlib


def screen_module(game_id: str):
    """The game's screen module, or None when it has none (not playable here)."""
    try:
        return importlib.import_module(f"ui.screens.{game_id}")
    except ModuleNotFoundError as err:
        if err.name == f"ui.screens.{game_id}":
            return None
        raise


def playable(game_ids) -> list[str]:
    return [g for g in game_ids if screen_module(g) is not None]
