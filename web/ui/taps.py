"""Which taps count: a tap acts once, on what was on the screen.

A finger that taps twice (a double tap, a bounce) or a tap that waited in the
browser's queue while the page drew the next screen must not act on what the
screen shows next: the second "Pass" would answer for the next player, the
second "I am Anna" would draw a card.  A control bound to the table's decision
(a move, a hand-over confirm, a public answer, stepping forward or back,
undo, a local step of the screen) is drawn for one decision, the number
`Session.decision` had when it was drawn (`data-decision` on the frame); the
browser says when each press began and where (ui.dom), and this module, pure
Python, decides:

- presses close in time and place (`DOUBLE_MS`, `SLOP_PX`) are one
  multi-tap, begun at its first press (a triple tap too);
- a bound control counts a tap only if it was drawn for the decision on the
  table now, if the multi-tap began after that decision was first drawn (not
  the tail of a tap on the screen before, not a tap queued behind the
  redraw), and if it is the first control the multi-tap pressed: the same
  control pressed again counts ("rotate" twice, "+" three times), a control
  that appeared under the finger does not.

Times are the browser's event times (ms on the page's clock, the time the
finger touched, not the time the busy page got to it); places are CSS px.
"""

from __future__ import annotations

import math
from dataclasses import dataclass, field

DOUBLE_MS = 300  # presses closer than this in time (Android's double-tap timeout) ...
SLOP_PX = 40     # ... and in place (a fingertip) are one multi-tap


@dataclass
class Tap:
    """One multi-tap: when its first press began, where its last one was,
    and the control its first click pressed ((cmd, arg, decision))."""

    started: float
    at: float
    where: tuple | None = None
    first: tuple | None = field(default=None)


class Taps:
    def __init__(self):
        self.last: Tap | None = None  # the multi-tap under way (or the last one)
        self.shown: str | None = None  # the decision drawn last ...
        self.shown_at = -math.inf      # ... and when it was first drawn

    def down(self, t: float, x: float, y: float) -> None:
        """A finger or the mouse pressed at (x, y) at time t."""
        last = self.last
        if (last is not None and last.where is not None and 0 <= t - last.at <= DOUBLE_MS
                and math.dist(last.where, (x, y)) <= SLOP_PX):
            last.at, last.where = t, (x, y)  # the same multi-tap goes on
        else:
            self.last = Tap(started=t, at=t, where=(x, y))

    def click(self, t: float, pointer: bool) -> Tap:
        """The multi-tap a click at time t belongs to: the pointer's, or
        (a key, a click made by a script: no press before it) one of its own."""
        if pointer and self.last is not None and self.last.started <= t:
            return self.last
        return Tap(started=t, at=t)

    def drawn(self, decision, t: float) -> None:
        """The table was drawn at time t for `decision`."""
        decision = None if decision is None else str(decision)
        if decision != self.shown:
            self.shown, self.shown_at = decision, t

    def counts(self, tap: Tap, control: tuple, now, bound: bool) -> bool:
        """Does a click of `tap` on `control` ((cmd, arg, the decision it was
        drawn for)) count, with `now` the decision on the table?  Controls
        that are not `bound` always count (they are only remembered)."""
        first = tap.first
        if first is None:
            tap.first = control
        if not bound:
            return True
        if control[2] is None or control[2] != str(now) or str(now) != self.shown:
            return False  # drawn for another decision
        if tap.started < self.shown_at:
            return False  # begun on the screen before: the tail of an earlier tap, or queued behind the redraw
        return first is None or first == control
