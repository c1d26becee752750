"""A finished game replayed: opened from the saved games (or offered right
after importing one), stepped by buttons, a slider or the keys, seen by
the whole table or by one seat (see replay.py).

A part of `App` (ui/app.py), kept apart so each module holds one concern."""

from __future__ import annotations

import engine
from engine.saves import SaveError

from . import dom, replay, screens
from .i18n import Words
from .names import isolate


class ReplayCommands:
    replay: replay.Replay | None = None

    def cmd_save_replay(self, arg, el, ev):
        if ev == "click":
            self.open_replay(arg)

    def open_replay(self, save_id: str) -> bool:
        """Step through a saved game that is over; one that cannot be read
        is set aside (as a resume would) and the player is told why."""
        text = self.store.text(save_id)  # the newest copy: the journal's, if localStorage lacks moves
        if text is None:
            self.show_lobby([("saves.missing", {})])
            return False
        try:
            rp = replay.Replay.from_text(text)
        except replay.NotOver:
            self.show_lobby([("replay.not_over", {})])
            return False
        except SaveError as err:
            self.set_aside[save_id] = err
            self.show_lobby([("replay.failed", {"why": err})])
            return False
        if rp.game_id not in self.games():
            self.show_lobby([("table.no_screen", {})])
            return False
        self.stop_bots()
        self.session = None
        self.conflict = False
        self.replay = rp
        self.words = Words(self.lang, rp.game_id, self.replay_name)
        self.screen = screens.screen_module(rp.game_id).Screen(replay.context(rp, self.words))
        self.show_result = False
        self.rules_at = None
        self.message = ""
        self.render_replay()
        dom.set_ready("replay")
        dom.focus("replay-forward")
        return True

    def replay_name(self, seat) -> str:
        rp = self.replay
        if rp is None or not isinstance(seat, int) or isinstance(seat, bool) or not 0 <= seat < len(rp.players):
            return self.words.t("table.nobody")
        return isolate(rp.players[seat]["name"])

    def render_replay(self):
        rp = self.replay
        ctx = replay.context(rp, self.words)
        self.screen.ctx = ctx
        page, modal = replay.render(rp, ctx, self.screen, self.show_result)
        reference = self.reference()  # a name tapped on the board or in the log opens its rules
        if reference is not None:
            spec = engine.GAMES[rp.game_id]
            modal = reference.render(ctx.words, spec.names.get(self.lang, spec.id), self.rules_at,
                                     self.screen.rules_extra)
        dom.render(dom.by_id("app"), str(page) + (f'<div class="modal">{modal}</div>' if modal else ""))
        self.screen.after_render(dom.by_id("screen"))
        if modal and reference is None:
            dom.focus("result-close")

    # ------------------------------------------------------------- stepping
    def cmd_replay_step(self, arg, el, ev):
        if ev == "click" and self.replay is not None and arg in replay.STEPS:
            self.replay.move(arg)
            self.render_replay()

    def cmd_replay_to(self, arg, el, ev):
        """The slider, let go (a redraw while it is dragged would drop it)."""
        if ev != "change" or self.replay is None:
            return
        try:
            self.replay.go(int(el.value))
        except (TypeError, ValueError):
            pass
        self.render_replay()

    def cmd_replay_seat(self, arg, el, ev):
        """Whose view is drawn: "" the whole table, else a seat."""
        if ev != "change" or self.replay is None:
            return
        value = str(el.value)
        seat = int(value) if value.isdigit() and int(value) < len(self.replay.players) else None
        self.replay.seat = seat
        self.render_replay()

    def on_key(self, key: str) -> bool:
        """A key pressed on the page (not in a form control): the replay
        steps with the arrows, Home/End and PageUp/PageDown."""
        how = replay.KEYS.get(key)
        if self.replay is None or how is None or self.show_result or self.rules_at is not None:
            return False
        self.replay.move(how)
        self.render_replay()
        return True
