"""Bots and the hint: thinking in slices between the browser's frames.

A part of `App` (ui/app.py), kept apart so each module holds one concern."""

from __future__ import annotations

import asyncio
import time

from engine import bots
from engine.registry import plugin

from . import pace, stepwise

BUDGET_MS = 1000  # a bot's thinking per decision: its work budget, and its deadline
SLICE_MS = 25  # a bot thinks at most this long before the page may draw again
PAUSE_STEP_MS = 100  # a bot's pause looks this often whether the pace or the table changed


class BotLoop:
    # ------------------------------------------------------------------- hint
    def can_hint(self) -> bool:
        s = self.session
        return bool(s and s.hints and not self.conflict and s.my_legal())

    def hint_shown(self):
        """For the frame: None (no hint button), False (the button), or
        (legal index or None while thinking, its words)."""
        if not self.can_hint():
            return None
        s, hint = self.session, self.hint
        if not hint or hint["moves"] != len(s.state.actions) or hint["seat"] != s.shown().seat:
            return False
        if hint["index"] is None:
            return (None, "")
        return (hint["index"], self.screen.describe(s.my_legal()[hint["index"]]))

    async def cmd_hint(self, arg, el, ev):
        """What would the strong bot do?  It thinks on the viewer's own view,
        in slices like any bot; the screen then shows its choice."""
        if ev != "click" or not self.can_hint() or self.hint_shown():
            return
        s = self.session
        moves, seat = len(s.state.actions), s.shown().seat
        hint = self.hint = {"moves": moves, "seat": seat, "index": None}
        self.request_draw()  # "thinking…", drawn as a tap's answer is (ui/answering.py)
        await self.bots_ready(s)
        action = await self.think(s.hint_thinker(s.state.seed * 7919 + moves), s)
        if self.hint is not hint or len(s.state.actions) != moves or s.shown().seat != seat:
            return  # the table moved on meanwhile
        legal = s.my_legal()
        hint["index"] = next(i for i, a in enumerate(legal) if a == action)
        self.screen.show_hint(hint["index"])  # e.g. select the tile's square and turn
        self.render_table()

    def cmd_hint_close(self, arg, el, ev):
        if ev == "click":
            self.hint = None
            self.render_table()

    # ------------------------------------------------------------------- pace
    def cmd_pace(self, arg, el, ev):
        if ev == "change":
            self.set_pace(str(el.value))

    def set_pace(self, chosen: str):
        """The player picks how fast the bots play (at the table or in the
        lobby); kept in the prefs, and a bot pausing now follows it at once
        (run_bots looks again)."""
        if chosen not in pace.PACES:
            return
        self.pace, self.bot_delay_ms = chosen, None  # a chosen pace replaces an old own delay
        self.store.set_prefs(bot_pace=chosen)
        if self.session:
            self.render_table()

    async def pause(self, session, started: float, passes: bool, moves: int):
        """Wait what is left of the pace's delay after `started` (the bot has
        thought meanwhile); cut short when the table moves on or the pace changes."""
        while self.session is session and len(session.state.actions) == moves:
            left = pace.delay_ms(self.pace, self.bot_delay_ms, passes) / 1000 - (time.perf_counter() - started)
            if left <= 0:
                return
            await asyncio.sleep(min(left, PAUSE_STEP_MS / 1000))

    # ------------------------------------------------------------------- bots
    def warm_bots(self):
        """Import the table's bots now, a module a task (ui/stepwise.py),
        while the table is looked at: a module's first import compiles it
        (23-67 ms of a slow device's CPU for a large one), and the first bot's
        first step imported them all, one task of ~110 ms at 4x (issue 26).
        The bots wait for it (`bots_ready`); a level's own modules that a bot
        imports when it first plays (an expert's) still come in its step."""
        s = self.session
        name = plugin(s.game_id).bots.partition(":")[0] if s and (s.has_bots() or s.hints) else ""
        if name and name not in self.bots_warm:
            self.bots_warm[name] = asyncio.ensure_future(stepwise.load(name))

    async def bots_ready(self, session):
        """Until the table's bots are imported (`warm_bots`)."""
        warming = self.bots_warm.get(plugin(session.game_id).bots.partition(":")[0])
        if warming is not None and not warming.done():
            await asyncio.shield(warming)  # a bot stopped meanwhile leaves the import going

    def kick_bots(self):
        if self.session and self.session.bots_to_act() and self.bot_task is None and not self.conflict:
            self.bot_task = asyncio.ensure_future(self.run_bots())

    def stop_bots(self):
        if self.bot_task is not None:
            self.bot_task.cancel()
            self.bot_task = None
        self.thinking = None

    async def think(self, thinker, session):
        """Run a bot's thinking (a generator) in slices of SLICE_MS, the page
        free to draw and answer taps between them; its action, or None when
        another game was opened meanwhile.  A slice takes no step that the
        longest step so far says would end it past SLICE_MS: a bot whose
        steps are long (Kutschfahrt's beliefs from a long log) takes one step
        a slice, not one more after SLICE_MS (issue 26: no task over 50 ms)."""
        longest = 0.0  # the longest step so far, s
        while True:
            await asyncio.sleep(0)
            if self.session is not session:
                return None
            now = time.perf_counter()
            deadline = now + SLICE_MS / 1000
            try:
                while True:  # at least one step a slice
                    next(thinker)
                    after = time.perf_counter()
                    longest, now = max(longest, after - now), after
                    if now + longest >= deadline:
                        break
            except StopIteration as done:
                return done.value

    async def run_bots(self):
        """Bots move one after another.  Every piece of work (thinking in
        slices, applying, saving, drawing) is its own short task, with a
        return to the browser in between, so taps are answered while a
        bot plays and no single task stalls the page.  A bot thinks first
        and then waits what is left of the pace's delay (ui/pace.py).  A
        human asked at the same moment (a window everyone answers) may move
        meanwhile; a bot whose table changed that way thinks again."""
        try:
            while self.session and self.session.bots_to_act() and not self.session.state.is_over():
                session = self.session
                seat = session.bots_to_act()[0]
                if self.thinking != seat:
                    self.thinking = seat
                    self.request_draw()
                if self.draw_asked:  # what came before (a human's move too) is on screen before a bot thinks
                    await self.drawn()
                else:
                    await asyncio.sleep(0)
                if self.session is not session:
                    return
                if seat not in session.bots_to_act():
                    continue  # a human's move meanwhile changed who must decide
                await self.bots_ready(session)
                if self.session is not session or seat not in session.bots_to_act():
                    continue  # another game, or a human's move meanwhile
                moves = len(session.state.actions)
                seed = session.state.seed * 7919 + moves
                started = time.perf_counter()
                stop = bots.hurry_after(time.perf_counter, BUDGET_MS)  # at most a second, on any device
                action = await self.think(session.bot_thinker(seat, seed, BUDGET_MS, stop), session)
                if action is None:
                    return
                if self.session is not session:
                    return
                if len(session.state.actions) == moves:
                    await self.pause(session, started, pace.only_passes(session.state, seat, action), moves)
                if self.session is not session:
                    return
                if len(session.state.actions) != moves:
                    continue  # a human asked at the same time moved first: think again
                session.bot_act(seat, action)
                self.autosave()  # saved before anything else, so a reload never loses it
                await asyncio.sleep(0)
                if self.session is not session:
                    return
                # the next bot (if any) is shown thinking in the same drawing
                following = session.bots_to_act()
                self.thinking = following[0] if following and not session.state.is_over() else None
                await self.drawn()  # in the next frame, before the next bot moves: every move is seen
                if self.session is not session:
                    return
            if self.thinking is not None and self.session:
                # a human's move left no bot to act: draw the table without "thinking"
                self.thinking = None
                self.request_draw()
        except asyncio.CancelledError:
            raise
        except Exception as err:  # a bot bug must not freeze the table
            self.message = self.words.t("table.bot_error", why=f"{type(err).__name__}: {err}")
            self.thinking = None
            if self.session:
                self.render_table()
        finally:
            self.thinking = None
            self.bot_task = None
