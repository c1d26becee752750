"""The write-ahead journal: every game's newest save, on disk at once.

localStorage stays the saves' home (ui/storage.py), but a browser writes it
to disk lazily: killed a second after a move, it forgets the move; full or
blocked, it takes nothing.  So every save is also written to the journal (the
page's IndexedDB, web/journal.js), each write committed with strict
durability.  One record per game holds its whole save, so a record alone
replays; start-up and every resume take the newest save that replays
(`newest_first`), never a mix of two.

Two tabs: a write names the record's revision this tab last saw; if another
tab changed it since, the write stops and `tabs.may_write` decides as for
localStorage: an earlier point of this tab's own game (or a deleted record)
is written over, anything else is the other tab's game (a conflict).

Pure Python: the backend is web/journal.js through ui/dom.py in the page,
a fake in the tests.  Its `put` is issued when called (the browser starts the
write while the table draws) and answered by awaiting what it returns.
"""

from __future__ import annotations

import asyncio

from engine import saves
from engine.saves import SaveError

from . import tabs

SAVED, CONFLICT, FAILED = "saved", "conflict", "failed"
RETRIES = 3  # a record changed under a write this often in a row: give up (failed)


class Journal:
    def __init__(self, backend=None):
        self.backend = backend
        self.state = "ok" if backend is not None else "off"  # ok | failed (the last write) | off (none here)
        self.texts: dict[str, str] = {}  # save id -> text as last read from or committed to the journal
        self.revs: dict[str, int] = {}  # save id -> that record's revision
        self.current: str | None = None  # the game in progress, as the journal last knew it
        self.listener = None  # listener(save_id, outcome) after each write that ends
        self._next: dict[str, str] = {}  # save id -> the newest text waiting for the write before it
        self._tasks: dict = {}  # save id -> the task writing it
        self._chores: set = set()  # removals and current-game marks under way

    @property
    def works(self) -> bool:
        """Is a write expected to reach the disk?"""
        return self.state == "ok"

    async def load(self) -> None:
        """Read every record (web/journal.js started reading when the page loaded)."""
        if self.backend is None:
            return
        try:
            found = await self.backend.load()
        except Exception:  # noqa: BLE001 - whatever the browser did, the table opens
            found = None
        if not isinstance(found, dict) or "error" in found:
            self.state = "off"
            return
        for record in found.get("games") or []:
            if not isinstance(record, dict):
                continue
            save_id, text, rev = record.get("id"), record.get("text"), record.get("rev")
            if isinstance(save_id, str) and isinstance(text, str) and isinstance(rev, int):
                self.texts[save_id], self.revs[save_id] = text, rev
        current = found.get("current")
        self.current = current if isinstance(current, str) else None

    # ---------------------------------------------------------------- writing
    def write(self, save_id: str, text: str):
        """Journal `text` as the save of `save_id`.  The write starts now; while
        one is under way only the newest text waits for it (a record holds a
        whole save, so the ones between need no write).  Returns the task, or
        None without a journal."""
        if self.state == "off":
            return None
        if save_id in self._tasks:
            self._next[save_id] = text
            return self._tasks[save_id]
        request = self.backend.put(save_id, text, self.revs.get(save_id, 0))
        task = asyncio.ensure_future(self._drain(save_id, text, request))
        self._tasks[save_id] = task
        return task

    def holds(self, save_id: str, text: str) -> bool:
        """Is `text` what the journal has on disk for `save_id`?"""
        return self.texts.get(save_id) == text

    def busy(self, save_id: str) -> bool:
        return save_id in self._tasks

    def drop(self, save_id: str) -> None:
        """Forget the text waiting for `save_id` (this tab stopped saving it)."""
        self._next.pop(save_id, None)

    async def _drain(self, save_id: str, text: str, request) -> None:
        tries = 0
        try:
            while True:
                outcome = await self._answer(save_id, text, request)
                if outcome is None and tries < RETRIES:  # written over: an earlier point of this game
                    tries += 1
                    request = self.backend.put(save_id, text, self.revs.get(save_id, 0))
                    continue
                outcome = outcome or CONFLICT  # the record keeps changing: another tab plays it
                if outcome == CONFLICT:
                    self._next.pop(save_id, None)
                if self.listener:
                    self.listener(save_id, outcome)
                text = self._next.pop(save_id, None)
                if text is None:
                    return
                tries = 0
                request = self.backend.put(save_id, text, self.revs.get(save_id, 0))
        finally:
            self._tasks.pop(save_id, None)

    async def _answer(self, save_id: str, text: str, request) -> str | None:
        """What became of one write; None: the record changed and may be written over."""
        try:
            result = await request
        except Exception:  # noqa: BLE001
            result = None
        if not isinstance(result, dict) or "error" in result:
            self.state = "failed"
            return FAILED
        if result.get("ok"):
            self.texts[save_id], self.revs[save_id] = text, int(result["rev"])
            self.current = save_id
            self.state = "ok"
            return SAVED
        found, rev = result.get("text"), int(result.get("rev") or 0)
        found = found if isinstance(found, str) else None
        if tabs.may_write(found, tabs.log_of(self.texts.get(save_id)), tabs.log_of(text) or []):
            self.revs[save_id] = rev
            return None
        if found is None:
            self.texts.pop(save_id, None)
        else:
            self.texts[save_id] = found
        self.revs[save_id] = rev
        return CONFLICT

    async def idle(self) -> None:
        """Wait until every write started has ended (tests, and leaving a page)."""
        while self._tasks or self._chores:
            await asyncio.gather(*self._tasks.values(), *self._chores, return_exceptions=True)

    # ----------------------------------------------------------- other records
    def remove(self, save_id: str) -> None:
        """The player deleted the game: its record goes too."""
        self.texts.pop(save_id, None)
        self.revs.pop(save_id, None)
        self._next.pop(save_id, None)
        if self.current == save_id:
            self.current = None
        if self.state != "off":
            self._chore(self.backend.remove(save_id))

    def forget(self, save_id: str) -> None:
        """Another tab deleted the game (and its record): this tab's copy of
        the record goes, so the lobby does not list it again."""
        self.texts.pop(save_id, None)
        self.revs.pop(save_id, None)

    def set_current(self, save_id: str | None) -> None:
        if self.state != "off" and self.current != save_id:
            self.current = save_id
            self._chore(self.backend.set_current(save_id))

    def _chore(self, request) -> None:
        async def run():
            try:
                await request
            except Exception:  # noqa: BLE001 - a mark or a removal that failed changes no game
                pass
        task = asyncio.ensure_future(run())
        self._chores.add(task)
        task.add_done_callback(self._chores.discard)


def _order(text: str):
    """How recent a save is: (meta.updated, number of actions); None if unreadable."""
    try:
        save = saves.parse(text)
    except SaveError:
        return None
    if not isinstance(save, dict):
        return None
    meta, actions = save.get("meta"), save.get("actions")
    updated = meta.get("updated") if isinstance(meta, dict) else None
    updated = updated if isinstance(updated, (int, float)) and not isinstance(updated, bool) else 0
    return updated, len(actions) if isinstance(actions, list) else 0


def newest_first(*texts: str | None) -> list[str]:
    """The different saves among `texts` (None skipped), the one written last
    first: a later `meta.updated` (a table's saves count up, ui/session.py),
    then the longer log; unreadable ones last.  Both copies of a game are
    written for every move, so they differ only where a write failed: the
    newer one is what the table showed last (after an undo it is the shorter).
    The caller takes the first that replays."""
    seen, readable, unreadable = set(), [], []
    for text in texts:
        if text is None or text in seen:
            continue
        seen.add(text)
        order = _order(text)
        (unreadable if order is None else readable).append((order, text))
    readable.sort(key=lambda pair: pair[0], reverse=True)
    return [text for _, text in readable] + [text for _, text in unreadable]
