"""When the table is drawn: each step of a move its own short task (issue 26).

A part of `App` (ui/app.py), kept apart so each module holds one concern.
`App.build_table` builds the drawing and returns what puts it on the page;
this module decides when each runs: at once (`render_table`, the lobby's
and the menus' answers), or, for a move (a bot's, or a tap's:
ui/answering.py) and everything else that asks (`request_draw`), building
in short tasks after the next frame (the view, the screen, the lines
around it, the frame, its parse: `App.build_steps`) and the morph in the
animation frames after that, where the browser renders what it changed at
once: the save, the Python and the morph with its rendering are never one
long task on a slow device."""

from __future__ import annotations

import asyncio

from . import dom

# a frame morphs the drawing's next part too while its script so far and
# what that part took the last time fit in this: a fast device draws a move
# in one frame, a slow tablet (a part 2-40 ms at 4x CPU) in a frame a part,
# each with its rendering short
PART_FRAME_MS = 6


class Drawing:
    def request_draw(self):
        """Draw the table after the next frame, once however often it is asked
        before then: a bot's move and its save are one task, building the
        drawing the next, the morph and the browser's rendering of it the next
        frame (issue 26: no long task on a slow device).  Meanwhile a tap on
        the board does nothing (see dispatch)."""
        self.built = self.building = None  # a drawing built, or half built, but not yet on the page is out of date
        if not self.draw_asked:
            self.draw_asked = True
            dom.next_frame(self._draw_asked)

    def _draw_asked(self, steps=None):
        """A step of building the drawing asked for (`App.build_steps`),
        each in a task of its own; built anew when asked again between them."""
        put, going_on = None, False
        try:
            if self.draw_asked:  # else drawn meanwhile (render_table)
                if steps is None or self.building is not steps:
                    steps = self.building = self.build_steps()
                try:
                    next(steps)
                    going_on = True
                except StopIteration as built:
                    self.building = None
                    self.built = put = built.value
        finally:  # nothing to put on the page (or the drawing failed): whoever waits goes on
            if put is None and not going_on:
                self.building = None
                self.draw_asked = False
                self._release_waiters()
        if going_on:
            dom.soon(lambda: self._draw_asked(steps))
        elif put is not None:  # the frame asked for in a task of its own: this one is no part of that frame
            dom.soon(lambda: dom.in_frame(lambda: self._put_built(put)))

    def _put_built(self, put):
        try:
            if not self.draw_asked:  # drawn meanwhile (render_table)
                return
            if self.built is not put:  # asked again meanwhile: built anew
                dom.next_frame(self._draw_asked)
                return
            began, drew = dom.clock(), False
            while True:  # each large part, then the rest: the first in a frame whatever it takes, the others if they fit
                part = dom.next_part()  # "": the rest of the drawing
                if drew and not self._took(part, began):
                    dom.in_frame(lambda: self._put_built(put))
                    return
                if not part:
                    break
                at, drew = dom.clock(), True
                dom.render_part()
                self.part_ms[part] = dom.clock() - at
            self.built = None
            self.draw_asked = False
            at = dom.clock()
            put()
            self.part_ms[""] = dom.clock() - at
        finally:  # whatever the drawing did, whoever waits for it goes on
            if not self.draw_asked:
                self._release_waiters()

    def _took(self, part: str, began: float) -> bool:
        """Does this frame, begun at `began`, still have time for `part` (""
        the rest of the drawing), as long as it took the last time?"""
        return dom.clock() - began + self.part_ms.get(part, 0.0) <= PART_FRAME_MS

    def _release_waiters(self):
        self.tap_answered()  # a tap's mark goes with the drawing that answers it (ui/answering.py)
        waiters, self.draw_waiters = self.draw_waiters, []
        for waiter in waiters:
            if not waiter.done():
                waiter.set_result(None)

    async def drawn(self):
        """Until the table asked for now is drawn."""
        waiter = asyncio.get_event_loop().create_future()
        self.draw_waiters.append(waiter)
        self.request_draw()
        await waiter

    def render_table(self):
        """Draw exactly what `Session.shown()` decides, nothing else, now;
        while a tap's command runs, after the next frame (ui/answering.py)."""
        if self.drawing_later:
            self.request_draw()
            return
        self.draw_asked = False  # drawn now: a drawing asked for the next frame is done
        self.built = self.building = None
        put = self.build_table()
        if put is not None:
            put()
        self.tap_answered()
