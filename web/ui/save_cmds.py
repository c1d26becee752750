"""Saved games at the table: resume, delete, export, import, autosave, and
two tabs on one game (see tabs.py).

Every save goes to the journal first (ui/journal.py: on disk at once), then
to localStorage; while localStorage lacks the game as it is, the table says
where its moves are and what to do (ui/save_status.py), and leaving it
warns first.

A part of `App` (ui/app.py), kept apart so each module holds one concern."""

from __future__ import annotations

import re

from engine import saves
from engine.saves import SaveError

from . import dom, save_status, startup, tabs
from .journal import CONFLICT
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
        try:
            session, text = startup.load(self.store, save_id)
        except KeyError:
            self.show_lobby([("saves.missing", {})])
            return False
        except SaveError as error:
            self.set_aside[save_id] = error
            self.show_lobby([("saves.resume_failed", {"why": error})])
            return False
        if session.game_id not in self.games():
            self.show_lobby([("table.no_screen", {})])
            return False
        self.set_aside.pop(save_id, None)
        self.enter_table(session, text)
        return True

    def cmd_save_delete(self, arg, el, ev):
        if ev == "click" and dom.confirm(self.words.t("saves.confirm_delete")):
            full = self.store.status != "ok"
            self.store.delete(arg)
            self.set_aside.pop(arg, None)
            if full:  # room made, or how much is left: said again
                self.tell(*self.storage_notice())
            self.render_lobby()

    def cmd_save_export(self, arg, el, ev):
        """Download the entry exactly as stored (a damaged one too), from the
        journal when it holds newer moves."""
        if ev == "click":
            text = self.store.text(arg)
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
        except (StorageFull, StorageFailed):
            notices = save_status.lobby_notice(self.store.status, False, self.room())
            return [notices[0], ("saves.not_imported", {}), notices[2]]
        if over:
            self.offer = save_id
            return [("saves.imported_over", {})]
        return [("saves.imported", {})]

    def autosave(self):
        """Save after every action: to the journal first (its write reaches the
        disk while the table draws), then to localStorage.  Never over moves
        another tab made (see tabs.py)."""
        s = self.session
        if not s:
            return
        if self.conflict or not self.may_write_over():
            self.enter_conflict()
            return
        text = s.to_json(dom.now_ms())
        self.journal.write(s.save_id, text)
        try:
            self.store.put(s.save_id, text)
            self.known_log, self.written = s.state.actions[:], text  # entries are never changed: shared
        except (StorageFull, StorageFailed):
            pass  # said by update_saving; the journal holds the moves
        self.store.set_current(s.save_id)
        self.update_saving()

    def may_write_over(self) -> bool:
        """tabs.may_write for the game at the table and what localStorage holds
        of it: the text this tab last wrote or read there (`written`, whose
        log is `known_log`) is its own, known without reading it into Python
        (parsing a save of 1,000 moves took ~30 ms of a slow device's CPU,
        issue 26)."""
        s = self.session
        if self.written is not None and self.store.holds(s.save_id, self.written):
            return True
        return tabs.may_write(self.store.get(s.save_id), self.known_log, s.state.actions)

    def take_up(self, text: str | None):
        """The table sits down at a game loaded from `text` (None: new): what
        localStorage holds of it; a newer save from the journal is written
        back to localStorage, and one the journal lacks goes to it."""
        s = self.session
        local = self.store.get(s.save_id)
        self.known_log = tabs.log_of(local)
        self.written = local if self.known_log is not None else None
        if text is not None and text != local and tabs.may_write(local, self.known_log, tabs.log_of(text) or []):
            try:
                self.store.put(s.save_id, text)
                self.known_log, self.written = tabs.log_of(text), text
            except (StorageFull, StorageFailed):
                pass
        if text is not None and not self.journal.holds(s.save_id, text):
            self.journal.write(s.save_id, text)
        s.state.to_json()  # with the load: the first move's save writes only that move (engine State.to_json)
        self.update_saving()

    def behind(self) -> int | None:
        """Moves of the game at the table that localStorage lacks (save_status.unsaved):
        `known_log` is what it holds, as this tab last read or wrote it."""
        return save_status.unsaved(self.session.state.actions, self.known_log)

    def room(self):
        return self.store.room() if self.store.status == "full" else None

    def update_saving(self):
        """What the table says about where this game's moves are (nothing while
        localStorage holds them and has room)."""
        self.saving = save_status.table_notice(self.store.status, self.journal.works, self.behind(), self.room())

    def leave_notice(self) -> list:
        """The warning before leaving this table ([]: nothing is left behind)."""
        if not self.session or self.conflict:
            return []
        return save_status.leave_notice(self.store.status, self.journal.works, self.behind(), self.room())

    def unsafe_to_leave(self) -> bool:
        """Would closing the page now lose moves (in neither localStorage nor
        the journal)?  The browser asks before it closes (dom.on_leave)."""
        return bool(self.session and not self.conflict and self.behind() != 0 and not self.journal.works)

    def storage_notice(self) -> list:
        """What the lobby says on opening when localStorage is not ok."""
        return save_status.lobby_notice(self.store.status, self.journal.works, self.room())

    def on_journal(self, save_id: str, outcome: str):
        """A journal write ended (ui/journal.py): another tab's game, a failure
        to say, or the end of one."""
        s = self.session
        if s is None or s.save_id != save_id or self.conflict:
            return
        if outcome == CONFLICT:
            self.enter_conflict()
            return
        before = self.saving
        self.update_saving()
        if self.saving != before:
            self.render_table()

    # -------------------------------------------------------------- two tabs
    def on_storage(self, key, value):
        """Another tab wrote to localStorage (the browser tells every other tab)."""
        s = self.session
        if key is not None and key.startswith(PREFIX) and value is None:
            self.journal.forget(key[len(PREFIX):])  # deleted there, with its journal record
        if s is not None:
            if key in (None, PREFIX + s.save_id) and not self.conflict and not self.may_write_over():
                self.enter_conflict()
        elif self.replay is None and self.guest is None and (key is None or key.startswith(PREFIX)) and self.store.ids() != self.listed:
            self.render_lobby()  # a game was added or deleted in another tab

    def enter_conflict(self):
        self.conflict = True
        self.leaving = False
        if self.session:
            self.journal.drop(self.session.save_id)
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
            self.known_log = self.written = None
            self.autosave()
            if not self.conflict:
                self.tell(("saves.copied", {}))
            self.render_table()
            self.kick_bots()
