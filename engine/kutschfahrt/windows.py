"""The struggle's open windows: steps where seats are asked whatever they hold.

At the table nobody is handed anything here: the players watch the struggle
and whoever wants to lay a card (or use the Priest, the Doctor, the
Hypnotist, or declare support) speaks up.  Who is asked never depends on a
hand (every seat with a face-down occupation, every supporter in clockwise
order, every seat in the struggle), and each asked seat has one answer that
does nothing.  The table uses this to ask the humans in public first and
hand the device only to one who steps forward.

`WINDOWS` maps such a step to that do-nothing answer, its "pass".  The
Sextant's passing is not a window: every seat must give an object.
"""

from __future__ import annotations

import copy

WINDOWS = {
    "priest": {"type": "pass"},                    # nobody stops the attack
    "support": {"type": "support", "side": None},  # abstain (keep the character card)
    "hypnotist": {"type": "pass"},                 # the attacker voids no support
    "fight": {"type": "pass"},                     # lay no (more) cards
    "doctor": {"type": "pass"},                    # let the struggle's outcome stand
}


def window(phase: str) -> dict | None:
    """The public window description of a step, or None when it is not one."""
    if phase not in WINDOWS:
        return None
    return {"phase": phase, "pass": copy.deepcopy(WINDOWS[phase])}
