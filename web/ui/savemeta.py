"""The table's own part of a save (`meta`): who sits where, who was viewing,
notes, times.  Checked here, in one place, for start-up, resume, import and
the saved-games list; the engine checks the rest (engine/saves.py).

A field of the wrong shape is a damaged save (SaveError), not something to
guess around: the player is told, and the save is kept as it is.
"""

from __future__ import annotations

import math

from engine.saves import SaveError, is_int

from .names import clean

KINDS = ("human", "bot", "remote")  # remote: on a device of its own (ui/devices/)
MAX_NOTE = 4000


def _time(meta: dict, key: str) -> float:
    value = meta.get(key, 0)
    if value is None:
        return 0
    if not (is_int(value) or isinstance(value, float)) or not math.isfinite(value) or value < 0:
        raise SaveError("bad_meta")
    return value


def _player(p, seat: int, levels) -> dict:
    if not isinstance(p, dict):
        raise SaveError("bad_players", seat=seat + 1)
    name, kind, level = p.get("name"), p.get("kind"), p.get("level")
    if not isinstance(name, str) or kind not in KINDS:
        raise SaveError("bad_players", seat=seat + 1)
    name = clean(name, f"#{seat + 1}")  # as the lobby takes a name (ui/names.py): trimmed, isolated later, cut
    if kind in ("human", "remote"):
        if level is not None and not isinstance(level, str):
            raise SaveError("bad_players", seat=seat + 1)
        level = None
    elif not isinstance(level, str) or (levels is not None and level not in levels):
        raise SaveError("bad_players", seat=seat + 1)
    return {"name": name, "kind": kind, "level": level}


def check_meta(meta, seats: int, levels=None) -> dict:
    """`meta` of a save with `seats` seats, checked; returns players, viewer,
    notes, hints, created, updated.  `levels`: the game's bot levels, when known
    (resuming needs them; the saved-games list does not import the bots).
    A save without meta (made by the engine alone) seats humans #1, #2, ..."""
    if meta is None:
        meta = {}
    if not isinstance(meta, dict):
        raise SaveError("bad_meta")
    players = meta.get("players")
    if players is None:
        players = [{"name": f"#{i + 1}", "kind": "human", "level": None} for i in range(seats)]
    elif not isinstance(players, list) or len(players) != seats:
        raise SaveError("bad_meta")
    players = [_player(p, i, levels) for i, p in enumerate(players)]
    viewer = meta.get("viewer")
    if viewer is not None and not (is_int(viewer) and 0 <= viewer < seats
                                   and players[viewer]["kind"] == "human"):
        raise SaveError("bad_meta")
    notes = meta.get("notes", {})
    if notes is None:
        notes = {}
    if not isinstance(notes, dict) or not all(
            k in {str(s) for s in range(seats)} and isinstance(v, str) and len(v) <= MAX_NOTE
            for k, v in notes.items()):
        raise SaveError("bad_meta")
    names = meta.get("names")
    if names is not None and not (isinstance(names, list) and all(isinstance(n, str) for n in names)):
        raise SaveError("bad_meta")
    over = meta.get("over")
    if over is not None and not isinstance(over, bool):
        raise SaveError("bad_meta")
    hints = meta.get("hints", True)  # the table's choice in the lobby (saves before it had none: on)
    if not isinstance(hints, bool):
        raise SaveError("bad_meta")
    return {"players": players, "viewer": viewer, "notes": dict(notes), "hints": hints,
            "created": _time(meta, "created"), "updated": _time(meta, "updated"), "over": bool(over)}
