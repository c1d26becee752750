"""Saved games at the table: resume, delete, export, import, autosave, and
two tabs on one game (see tabs.py).

A part of `App` (ui/app.py), kept apart so each module holds one concern."""

from __future__ import annotations

import re

from engine import saves
from engine.saves import SaveError

from . import dom, tabs
from .session import Session
from .storage import PREFIX, StorageFailed, StorageFull


class SaveCommands:
    # ------------------------------------------------------------------ saves
    def cmd_save_resume(self, arg, el, ev):
        if ev == "click":
            self.open_save(arg)

    def open_save(self, save_id: str) -> bool:
        """Sit down at a saved game; one that cannot go on is set aside
        (kept, listed as damaged) and the player is told why."""
        text = self.store.get(save_id)
        if text is None:
            self.show_lobby([("saves.missing", {})])
            return False
        try:
            session = Session.from_save(text, save_id)
        except Exception as err:  # noqa: BLE001 - SaveError, or a rules bug on an odd save
            error = err if isinstance(err, SaveError) else SaveError("damaged")
            self.set_aside[save_id] = error
            self.show_lobby([("saves.resume_failed", {"why": error})])
            return False
        if session.game_id not in self.games():
            self.show_lobby([("table.no_screen", {})])
            return False
        self.set_aside.pop(save_id, None)
        self.enter_table(session, tabs.log_of(text))
        return True

    def cmd_save_delete(self, arg, el, ev):
        if ev == "click" and dom.confirm(self.words.t("saves.confirm_delete")):
            self.store.delete(arg)
            self.set_aside.pop(arg, None)
            self.render_lobby()

    def cmd_save_export(self, arg, el, ev):
        """Download the entry exactly as stored (a damaged one too)."""
        if ev == "click":
            text = self.store.get(arg)
            if text is not None:
                dom.download(f"speeltafel-{re.sub(r'[^A-Za-z0-9_-]', '_', arg)[:60]}.json", text)

    def cmd_export_current(self, arg, el, ev):
        if ev == "click" and self.session:
            dom.download(f"speeltafel-{self.session.save_id}.json", self.session.to_json(dom.now_ms()))

    async def cmd_save_import(self, arg, el, ev):
        if ev != "change":
            return
        try:
            text = await dom.read_file(el, saves.MAX_CHARS * 4)
        except dom.FileTooBig:
            text = None
            self.tell(("saves.import_failed", {"why": SaveError("too_big")}))
        except Exception:  # noqa: BLE001 - the browser could not read the file
            text = None
            self.tell(("saves.import_unreadable", {}))
        if text is not None:
            self.tell(*self.import_text(text))
        self.render_lobby()
        if self.offer:  # a finished game: its replay is one tap (or Enter) away
            dom.focus(f"replay-{self.offer}")

    def import_text(self, text: str) -> list:
        """Store an imported save if it passes every check a resume makes
        (replay included), so "imported" always means "can be played"; a
        finished game's replay is offered at once."""
        self.offer = None
        try:
            over = Session.from_save(text, "import").state.is_over()
        except Exception as err:  # noqa: BLE001
            error = err if isinstance(err, SaveError) else SaveError("damaged")
            return [("saves.import_failed", {"why": error})]
        save_id = self.store.new_id(dom.now_ms())
        try:
            self.store.put(save_id, text)
        except StorageFull:
            return [("saves.import_quota", {})]
        except StorageFailed:
            return [("saves.failed", {})]
        if over:
            self.offer = save_id
            return [("saves.imported_over", {})]
        return [("saves.imported", {})]

    def autosave(self):
        """Save after every action; on a full storage keep the previous save.
        Never over moves another tab made (see tabs.py)."""
        s = self.session
        if not s:
            return
        if self.conflict or not tabs.may_write(self.store.get(s.save_id), self.known_log, s.state.actions):
            self.enter_conflict()
            return
        try:
            self.store.put(s.save_id, s.to_json(dom.now_ms()))
            self.known_log = [list(entry) for entry in s.state.actions]
            self.store.set_current(s.save_id)
        except StorageFull:
            self.tell(("saves.quota", {}))
        except StorageFailed:
            self.tell(("saves.failed", {}))

    # -------------------------------------------------------------- two tabs
    def on_storage(self, key, value):
        """Another tab wrote to localStorage (the browser tells every other tab)."""
        s = self.session
        if s is not None:
            if key in (None, PREFIX + s.save_id) and not self.conflict and not tabs.may_write(
                    self.store.get(s.save_id), self.known_log, s.state.actions):
                self.enter_conflict()
        elif self.replay is None and self.guest is None and (key is None or key.startswith(PREFIX)) and self.store.ids() != self.listed:
            self.render_lobby()  # a game was added or deleted in another tab

    def enter_conflict(self):
        self.conflict = True
        self.stop_bots()
        self.tell(("tabs.conflict", {}))
        self.render_table()

    def cmd_tab_reload(self, arg, el, ev):
        """Load the position the other tab saved."""
        if ev == "click" and self.session:
            self.open_save(self.session.save_id)

    def cmd_tab_copy(self, arg, el, ev):
        """Keep this tab's game as a new saved game beside the other tab's."""
        if ev == "click" and self.session and self.conflict:
            self.session.save_id = self.store.new_id(dom.now_ms())
            self.conflict = False
            self.known_log = None
            self.autosave()
            if not self.conflict:
                self.tell(("saves.copied", {}))
            self.render_table()
            self.kick_bots()
