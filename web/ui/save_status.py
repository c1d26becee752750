"""What the player is told about where their moves are kept (issue 23).

The truth in three lines: what localStorage does ("full", "blocked",
"failed"), where this game's moves are (only in the journal, or nowhere
that outlives the page), and what to do (delete finished games, whose sizes
are shown; export).  Messages are (i18n key, params) pairs, worded by the
caller (ui/app.py `tell`); a `Size` parameter is worded as kB or MB.
"""

from __future__ import annotations


class Size(int):
    """A number of characters in storage, worded as a size (i18n.Words.size)."""


def unsaved(own: list, stored: list | None) -> int | None:
    """How many of the last moves of `own` localStorage lacks, given the log
    it holds (`stored`); None when it holds no copy of the game at all."""
    if stored is None:
        return None
    if len(stored) <= len(own) and own[: len(stored)] == stored:  # the usual case, compared in C
        return len(own) - len(stored)
    common = 0
    while common < min(len(own), len(stored)) and list(own[common]) == list(stored[common]):
        common += 1
    return len(own) - common


def _situation(local: str, room) -> tuple:
    if local == "full":
        return "store.full", {"used": Size(room[0])}
    return f"store.{local}", {}


def lobby_notice(local: str, journal: bool, room=None) -> list:
    """On opening the page or coming back to the lobby, if localStorage is not
    ok.  `journal`: does the journal work; `room`: SaveStore.room()."""
    if local == "ok":
        return []
    todo = ("store.todo_full_lobby", {}) if local == "full" else ("store.todo_export_lobby", {})
    return [_situation(local, room), ("store.journal_new" if journal else "store.lost_new", {}), todo]


def where(journal: bool, behind: int | None) -> tuple:
    """Where this game's newest moves are (`behind`: see `unsaved`)."""
    if behind is None:
        return ("store.journal_game" if journal else "store.lost_game"), {}
    if behind == 0:
        return ("store.journal_soon" if journal else "store.lost_soon"), {}
    return ("store.journal_moves" if journal else "store.lost_moves"), {"n": behind}


def table_notice(local: str, journal: bool, behind: int | None, room=None) -> list:
    """Over the table while localStorage does not hold this game as it is, or
    has no room for its next moves."""
    if local == "ok" and behind == 0:
        return []
    if local == "ok":  # written elsewhere meanwhile; the next move tries again
        local = "failed"
    if local == "full":
        todo = ("store.todo_full", {"n": room[1], "size": Size(room[2])}) if room[1] else ("store.todo_full_none", {})
    else:
        todo = ("store.todo_export", {})
    return [_situation(local, room), where(journal, behind), todo]


def leave_notice(local: str, journal: bool, behind: int | None, room=None) -> list:
    """The warning before leaving a table whose newest moves localStorage lacks;
    [] when nothing would be left behind."""
    if behind == 0:
        return []
    return table_notice(local if local != "ok" else "failed", journal, behind, room)[:2]
