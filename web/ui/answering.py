"""A tap is answered in two steps: a mark at once, the move a frame later.

A part of `App` (ui/app.py), kept apart so each module holds one concern.
Playing a move, saving it, building the table and morphing the page take
80-250 ms on a slow tablet: as the tap's own task, the finger would see
nothing for that long (issue 26: a tap paints its answer within 100 ms, no
task over 50 ms).  So the tap's own task only marks what was pressed (the
control looks pressed, the table busy: `dom.press`) and the browser paints
that; the command itself runs in a task after that paint, and the table it
changes is drawn as a bot's move is (ui/drawing.py: building, the morph and
the rendering each their own task).

Which taps count is decided when the tap comes (ui/taps.py), on what was on
the screen; a tap's command that waits behind another runs only if the
decision it was drawn for is still the table's: a second tap on "Pass" waits
behind the first and then does nothing, a second tap on "rotate" turns the
tile again; a move's button plays the move it showed when it was tapped.
"""

from __future__ import annotations

import asyncio

from . import dom

# the lobby's controls that sit down at a table: their answer is a whole table
# built and drawn (the handlers of a tap on "Start" took 240-340 ms without any
# CPU slowdown, bench/frames.py): the control is marked first, the table opened
# after the paint and drawn at once there (the page says it is ready when it is)
OPENING = frozenset({"lobby-start", "save-resume"})


class Answering:
    def answers_later(self, cmd: str) -> bool:
        """Is a tap on `cmd` answered after the next paint?  The table's moves
        and steps at this device's live table (a guest's taps go to the host;
        the menus and a replay answer at once, they draw little), and the
        lobby's ways to a table."""
        if self.guest is not None or self.replay is not None:
            return False
        return cmd in self.BOUND if self.session is not None else cmd in OPENING

    def tap_later(self, handler, cmd: str, arg: str, el, event_type: str, tap) -> None:
        """A tap on a table control (or on the lobby's way to a table): mark
        it now, run its command after the browser painted the mark."""
        if not self.answering and self.draw_asked and cmd in ("act", "ui"):
            return  # a bot moved and the board is not drawn yet: the tap was aimed at a decision gone by
        if not self.tap_counts(cmd, arg, el, tap):
            return  # meant for a screen that is gone: nothing happens
        self.tap_queue.append((handler, arg, el, event_type, dom.decision_of(el), self.session))
        dom.press(el)
        self.answering = True
        if len(self.tap_queue) == 1:  # else it runs after the one before it
            dom.after_paint(self._answer_tap)

    def _answer_tap(self) -> None:
        """Run the first waiting tap's command, if the table still shows the
        decision it was drawn for; the next one in a task of its own."""
        handler, arg, el, event_type, decision, session = self.tap_queue.pop(0)
        try:
            # still the decision it was drawn for (or still the lobby: one "Start" of a double tap)
            here = session is None or decision == str(session.decision)
            if session is self.session and self.replay is None and here:
                self.drawing_later = session is not None  # what a move draws is drawn after the next frame
                try:
                    result = handler(arg, el, event_type)
                finally:
                    self.drawing_later = False
                if asyncio.iscoroutine(result):  # the hint: its first step asks for a drawing
                    asyncio.ensure_future(result)
        finally:  # whatever the command did, the taps after it are answered
            if self.tap_queue:
                dom.soon(self._answer_tap)
            elif not self.draw_asked:
                self.tap_answered()  # nothing to draw (the tap came too late): the mark goes

    def tap_answered(self) -> None:
        """The taps' answers are on the page (or came to nothing): the mark
        goes and the controls take taps again."""
        if self.answering and not self.tap_queue:
            self.answering = False
            dom.unpress()
