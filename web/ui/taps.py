"""Which taps count: a tap acts once, on what was on the screen.

A finger that taps twice (a double tap, a bounce) or a tap that waited in the
browser's queue while the page drew the next screen must not act on what the
screen shows next: the second "Pass" would answer for the next player, the
second "I am Anna" would draw a card.  A control bound to the table's decision
(a move, a hand-over confirm, a public answer, stepping forward or back,
undo, a local step of the screen) is drawn for one decision, the number
`Session.decision` had when it was drawn (`data-decision` on the frame); the
browser says when each press began (ui.dom), and this module, pure Python,
decides:

- a click the browser counts as the 2nd, 3rd ... of a multi-click (its
  `detail`: the device's own double-click rule) goes on the multi-tap of the
  click before; a touch does when it is close in time and place to the touch
  before (`DOUBLE_MS`, `SLOP_PX`: browsers count taps each their own way);
- a bound control counts a tap only if it was drawn for the decision on the
  table now, if the multi-tap began (its first press) after that decision was
  first drawn (not the tail of a tap on the screen before, not a tap queued
  behind the redraw), and if it is the first control the multi-tap pressed:
  the same control pressed again counts ("rotate" twice, "+" three times), a
  control that appeared under the finger does not.

A single click counts as soon as its press began on the screen it acts on,
however quickly it follows the last one: a quick player (or a test) that
taps each new button as it appears is not slowed down.  Times are the
browser's event times (ms on the page's clock: when the finger touched, not
when the busy page got to it); places are CSS px.
"""

from __future__ import annotations

import math
from dataclasses import dataclass

DOUBLE_MS = 300  # touches closer than this in time (Android's double-tap timeout) ...
SLOP_PX = 40     # ... and in place (a fingertip) are one multi-tap


@dataclass
class Tap:
    """One multi-tap: when its first press began, and the control its first
    click pressed ((cmd, arg, decision))."""

    started: float
    first: tuple | None = None


class Taps:
    def __init__(self):
        self.press = None  # (time, x, y, touch) of the last press
        self.touch = None  # (time, x, y) of the touch before it, if it was one
        self.last: Tap | None = None  # the multi-tap of the last pointer click
        self.shown: str | None = None  # the decision drawn last ...
        self.shown_at = -math.inf      # ... and when it was first drawn

    def down(self, t: float, x: float, y: float, touch: bool = False) -> None:
        """A finger or the mouse pressed at (x, y) at time t."""
        self.touch = self.press[:3] if self.press is not None and self.press[3] else None
        self.press = (t, x, y, touch)

    def click(self, t: float, detail: int) -> Tap:
        """The multi-tap a click at time t belongs to.  `detail`: the browser's
        count of clicks in a row (0: a key or a script, no press before it)."""
        if detail <= 0 or self.press is None or self.press[0] > t:
            return Tap(started=t)
        pt, x, y, touch = self.press
        if touch:  # a tap: the touch before was close in time and place
            again = self.touch is not None and 0 <= pt - self.touch[0] <= DOUBLE_MS \
                and math.dist(self.touch[1:], (x, y)) <= SLOP_PX
        else:  # a click: the device's own double-click rule
            again = detail >= 2
        if not again or self.last is None:
            self.last = Tap(started=pt)
        return self.last

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
