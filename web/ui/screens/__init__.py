"""Each game's own screen, found by discovery: a package `<root>.<game_id>`
(root `ui.screens`; the tests add theirs with `discover`) holding

    __init__.py   exports `Screen`
    screen.py     the screen (more modules beside it as it grows)
    style.css     its look (the build joins every screen's into the page)
    words.json    its words in nl/en/de (see docs/engine-conventions.md)

    class Screen:
        def __init__(self, ctx): ...              # ctx: table.TableContext
        def render(self, view, legal) -> str: ... # HTML of the board area
        def on_ui(self, arg: str) -> None: ...    # local steps (rotate, select)
        def after_render(self, root) -> None: ... # optional: browser hooks via ui.dom

Elements carry `data-cmd="act" data-arg="<index into legal>"` to play an
action, or `data-cmd="ui" data-arg="..."` for the screen's own steps (the
kit in ui/kit.py builds them).  A screen renders the view it is given and
never decides a rule.  Adding a game's screen touches no shared file.
"""

from __future__ import annotations

import importlib
from pathlib import Path

_ROOTS = ["ui.screens"]


def discover(package: str) -> None:
    """Look for game screens in the sub-packages of `package` too."""
    if package not in _ROOTS:
        _ROOTS.append(package)


def screen_module(game_id: str):
    """The game's screen package, or None when it has none (not playable here)."""
    for root in _ROOTS:
        name = f"{root}.{game_id}"
        try:
            return importlib.import_module(name)
        except ModuleNotFoundError as err:
            if err.name != name:
                raise
    return None


def words_path(game_id: str) -> Path | None:
    """The game's words.json (beside its screen), or None."""
    module = screen_module(game_id) if game_id else None
    if module is None or not getattr(module, "__file__", None):
        return None
    return Path(module.__file__).resolve().parent / "words.json"


def playable(game_ids) -> list[str]:
    return [g for g in game_ids if screen_module(g) is not None]
