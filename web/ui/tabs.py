"""Two tabs on one game: never overwrite moves made in the other.

Every tab of the site shares one localStorage.  Before a tab writes its
game, it checks that what is stored is what it last read or wrote itself,
or an earlier point of its own game (its log only adds to it).  Anything
else means another tab played on: this tab stops saving, says so, and
offers to load the other tab's position or to keep its own as a copy.
The browser's `storage` event tells a tab at once when another tab writes
(ui/dom.py listens); the check before writing also holds without it.
"""

from __future__ import annotations

from html import escape as esc

from engine import saves
from engine.saves import SaveError


def log_of(text: str | None) -> list | None:
    """The action log of a stored save, or None when there is none to read."""
    if text is None:
        return None
    try:
        save = saves.parse(text)
    except SaveError:
        return None
    actions = save.get("actions") if isinstance(save, dict) else None
    return actions if isinstance(actions, list) else None


def may_write(stored: str | None, known: list | None, own: list) -> bool:
    """May a tab whose game has the log `own` write over `stored`?  `known`
    is the log this tab last read from or wrote to that key."""
    if stored is None:
        return True  # nothing there yet (or deleted elsewhere: writing keeps the game)
    log = log_of(stored)
    if log is None:
        return False  # something unreadable was written there: keep it
    return log == known or log == own[: len(log)]


def render_conflict(words) -> str:
    """The notice over the table when another tab played on."""
    return (f'<section class="conflict" role="alertdialog" aria-labelledby="conflict-h">'
            f'<p id="conflict-h">{esc(words.t("tabs.conflict"))}</p>'
            f'<button type="button" id="conflict-reload" class="primary" data-cmd="tab-reload">'
            f'{esc(words.t("tabs.reload"))}</button> '
            f'<button type="button" id="conflict-copy" data-cmd="tab-copy">{esc(words.t("tabs.copy"))}</button>'
            f'</section>')
