"""Each game's own screen, found by discovery: a package `<root>.<game_id>`
(root `ui.screens`; the tests add theirs with `discover`) holding

    __init__.py   exports `Screen`
    screen.py     the screen (more modules beside it as it grows)
    style.css     its look (the build joins every screen's into the page)
    words.json    its words in nl/en/de (see docs/engine-conventions.md)
    rules.json    its rules reference in nl/en/de

    class Screen(GameScreen): ...   # the interface: ui/screens/interface.py

Elements carry `data-cmd="act" data-arg="<index into legal>"` to play an
action, or `data-cmd="ui" data-arg="..."` for the screen's own steps (the
kit in ui/kit.py builds them).  A screen renders the view it is given and
never decides a rule.  Adding a game's screen touches no shared file.
"""

from __future__ import annotations

import importlib
import importlib.util
from pathlib import Path

_ROOTS = ["ui.screens"]


def discover(package: str) -> None:
    """Look for game screens in the sub-packages of `package` too."""
    if package not in _ROOTS:
        _ROOTS.append(package)


def _spec(game_id: str):
    """Where the game's screen package is, without running it (the lobby
    needs only to know it is there: importing every screen was a third of
    the time the page took to import the app), or None when it has none."""
    for root in _ROOTS:
        name = f"{root}.{game_id}"
        try:
            spec = importlib.util.find_spec(name)
        except ModuleNotFoundError as err:  # the root package itself is missing
            if not name.startswith(err.name or "?"):
                raise
            continue
        if spec is not None:
            return spec
    return None


def screen_module(game_id: str):
    """The game's screen package (imported now), or None when it has none (not playable here)."""
    spec = _spec(game_id)
    return importlib.import_module(spec.name) if spec else None


def folder(game_id: str) -> Path | None:
    """The folder of the game's screen package (its words.json, rules.json), or None."""
    spec = _spec(game_id) if game_id else None
    if spec is None or not spec.origin:
        return None
    return Path(spec.origin).resolve().parent


def words_path(game_id: str) -> Path | None:
    """The game's words.json (beside its screen), or None."""
    where = folder(game_id)
    return where / "words.json" if where else None


def playable(game_ids) -> list[str]:
    return [g for g in game_ids if _spec(g) is not None]
