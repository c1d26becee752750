"""Saved games in the browser's localStorage, with the journal beside it.

One key per game (`speeltafel:save:<id>`) holding the engine's save (seed +
action log) with the table's own `meta` (player names, bots, timestamps).
The list is found by scanning keys, so there is no index that could go out
of step.  A damaged entry is listed as damaged, with what is wrong, and
never rewritten or removed unless the player deletes it.  Whatever the
storage holds or does (odd values, a browser that throws), reading it never
raises: the table must always reach the lobby.

The journal (ui/journal.py) holds every game's newest save too: a game is
listed, resumed and exported from the newer of its two copies, and a game
only the journal holds (localStorage full or blocked) is a saved game too.
`status` says how localStorage takes writes: "ok", "full" (no room for one
more game), "blocked" (it takes nothing) or "failed" (a write failed).
"""

from __future__ import annotations

import json

from engine import saves
from engine.saves import SaveError

from .journal import Journal, newest_first
from .savemeta import check_meta

PREFIX = "speeltafel:save:"
PREFS = "speeltafel:prefs"
CURRENT = "speeltafel:current"
PROBE = "speeltafel:probe"
ROOM = 64_000  # characters: room for one more game (a long one with notes is about 20 000)
TINY = 100_000  # characters stored: a storage that refuses more than this gives no room at all


def _text(value) -> str | None:
    """localStorage answers a string or null (Pyodide's `jsnull`, not None)."""
    return value if isinstance(value, str) else None


class StorageFull(Exception):
    """The browser refused to store more (QuotaExceededError)."""


class StorageFailed(Exception):
    """Any other failure to write."""


class StorageBlocked(StorageFailed):
    """The browser refused localStorage: the save is held for this page only."""


def _is_quota(err: Exception) -> bool:
    text = f"{type(err).__name__} {err}"
    return "Quota" in text or "quota" in text or "NS_ERROR_DOM_QUOTA" in text


class MemoryBackend:
    """localStorage's interface over a dict: used when the browser refuses
    storage altogether (the table still plays; nothing outlives the page)."""

    def __init__(self):
        self.items: dict[str, str] = {}

    @property
    def length(self):
        return len(self.items)

    def key(self, i):
        keys = list(self.items)
        return keys[i] if 0 <= i < len(keys) else None

    def getItem(self, key):
        return self.items.get(key)

    def setItem(self, key, value):
        self.items[key] = str(value)

    def removeItem(self, key):
        self.items.pop(key, None)


class SaveStore:
    """`backend` is localStorage, or anything with getItem/setItem/removeItem/key/length;
    `stand_in`: it is a MemoryBackend because the browser refused localStorage."""

    def __init__(self, backend, journal: Journal | None = None, stand_in: bool = False, compare=None):
        self.backend = backend
        self.compare = compare  # (key, text) -> does `backend` hold text at key, asked where it is (or None)
        self.journal = journal or Journal()
        self.stand_in = stand_in
        self.status = "blocked" if stand_in else "ok"
        self._rows: dict[str, dict[str, dict]] = {}  # save id -> {text: its summary}: each read once
        self._room: tuple | None = None  # (used, finished games, their size), while the status is not ok

    # -------------------------------------------------------------- raw keys
    def _read(self, key: str) -> str | None:
        try:
            return _text(self.backend.getItem(key))
        except Exception:  # noqa: BLE001 - a browser may refuse to read (SecurityError)
            return None

    def _keys(self) -> list[str]:
        keys = []
        try:
            for i in range(int(self.backend.length)):
                key = _text(self.backend.key(i))
                if key is not None and key.startswith(PREFIX):
                    keys.append(key)
        except Exception:  # noqa: BLE001
            pass
        return keys

    def _set(self, key: str, text: str) -> None:
        try:
            self.backend.setItem(key, text)
        except Exception as err:  # the JS exception type differs per browser
            if _is_quota(err):
                raise StorageFull(str(err)) from None
            raise StorageFailed(str(err)) from None

    # ------------------------------------------------------------ how it is
    def probe(self) -> str:
        """How localStorage takes writes now: is there room for one more game?
        (A write of that size, taken back at once.)"""
        if self.stand_in:
            return "blocked"
        try:
            int(self.backend.length)
            self.backend.getItem(PROBE)
        except Exception:  # noqa: BLE001 - every Storage method throws
            return "blocked"
        try:
            self._set(PROBE, "0" * ROOM)
        except StorageFull:
            return self._no_room()
        except StorageFailed:
            return "blocked"
        finally:
            self._remove(PROBE)
        return "ok"

    def _no_room(self) -> str:
        """A write did not fit: "full" if deleting could make room, "blocked"
        if the storage refuses while it holds (next to) nothing."""
        return "full" if self._keys() or self.used() > TINY else "blocked"

    def used(self) -> int:
        """Characters stored under every key (the site's other pages share them)."""
        total = 0
        try:
            for i in range(int(self.backend.length)):
                key = _text(self.backend.key(i))
                if key is not None:
                    total += len(key) + len(self._read(key) or "")
        except Exception:  # noqa: BLE001
            pass
        return total

    def room(self) -> tuple[int, int, int]:
        """(characters used, finished games, their characters): what deleting
        finished games would free.  Counted once while the storage is not ok."""
        if self._room is None:
            done = [row for row in self.entries() if not row["damaged"] and row["over"]]
            self._room = (self.used(), len(done), sum(row["size"] for row in done))
        return self._room

    def _wrote(self) -> None:
        """A write of a save went through.  "full" stays until a game is
        deleted (a small write may still fit); the others are probed again."""
        if self.status in ("blocked", "failed"):
            self.status = self.probe()
        self._room = None

    def _refused(self, err: Exception) -> None:
        if isinstance(err, StorageFull):
            if self.status not in ("full", "blocked"):
                self.status = self._no_room()
        else:
            probed = self.probe()
            self.status = "failed" if probed == "ok" else probed

    def _remove(self, key: str) -> None:
        try:
            self.backend.removeItem(key)
        except Exception:  # noqa: BLE001
            pass

    # ----------------------------------------------------------------- saves
    def put(self, save_id: str, text: str) -> None:
        """Store a save in localStorage (not in the journal: the caller writes
        it first).  On StorageFull the previous value stays as it was."""
        try:
            self._set(PREFIX + save_id, text)
        except (StorageFull, StorageFailed) as err:
            self._refused(err)
            raise
        if self.stand_in:
            raise StorageBlocked()  # held for this page, as the rest of its storage
        self._wrote()

    def holds(self, save_id: str, text: str) -> bool:
        """Does localStorage hold `text` for the save?  Compared where it is
        when the page can (`compare`): a save of 1,000 moves read into Python
        took ~2.5 ms of a slow device's CPU at every move (issue 26)."""
        if self.compare is None:
            return self.get(save_id) == text
        try:
            return bool(self.compare(PREFIX + save_id, text))
        except Exception:  # noqa: BLE001 - a browser may refuse to read (SecurityError)
            return False

    def get(self, save_id: str) -> str | None:
        """What localStorage holds for the save (the journal may hold a newer one: `candidates`)."""
        return self._read(PREFIX + save_id)

    def candidates(self, save_id: str) -> list[str]:
        """The save's copies, newest first (ui/journal.py): take the first that replays."""
        return newest_first(self.journal.texts.get(save_id), self.get(save_id))

    def text(self, save_id: str) -> str | None:
        """The save as the player last saw it (export)."""
        return next(iter(self.candidates(save_id)), None)

    def delete(self, save_id: str) -> None:
        self._remove(PREFIX + save_id)
        if self._read(CURRENT) == save_id:
            self._remove(CURRENT)
        self.journal.remove(save_id)
        self._rows.pop(save_id, None)
        self._room = None
        if self.status != "ok":
            self.status = self.probe()  # room made?

    def entries(self, set_aside: dict | None = None) -> list[dict]:
        """Summaries for the saved-games list, newest first; damaged ones
        marked with their SaveError.  `set_aside`: saves that failed to
        resume in this visit (save id -> SaveError), listed as damaged too."""
        rows = []
        for save_id in self.ids():
            row = self._summary(save_id)
            if set_aside and save_id in set_aside:
                row = {"id": save_id, "damaged": True, "error": set_aside[save_id], "set_aside": True}
            rows.append(row)
        rows.sort(key=lambda r: r.get("updated") or 0, reverse=True)
        return rows

    def _summary(self, save_id: str) -> dict:
        """The row of the newest copy that reads; `size`: characters in
        localStorage; `journal`: what only the journal holds ("game", "moves": the newest, or None)."""
        local = self.get(save_id)
        shown, row = None, summarize(save_id, None)
        for text in self.candidates(save_id):
            found = self._summarize(save_id, text)
            if shown is None or not found["damaged"]:
                shown, row = text, found
            if not found["damaged"]:
                break
        journal = None if shown is None or shown == local else "game" if local is None else "moves"
        return dict(row, size=len(PREFIX + save_id) + len(local) if local is not None else 0, journal=journal)

    def _summarize(self, save_id: str, text: str) -> dict:
        """summarize(), once per text (the lobby lists every game at each change)."""
        known = self._rows.setdefault(save_id, {})
        if text not in known:
            if len(known) > 1:
                known.clear()
            known[text] = summarize(save_id, text)
        return known[text]

    def ids(self) -> set[str]:
        return {key[len(PREFIX):] for key in self._keys()} | set(self.journal.texts)

    def new_id(self, now_ms: int) -> str:
        base = f"g{int(now_ms):x}"
        taken = self.ids()
        save_id, n = base, 1
        while save_id in taken or self.get(save_id) is not None:
            save_id, n = f"{base}-{n}", n + 1
        return save_id

    # ------------------------------------------------------ small settings
    def prefs(self) -> dict:
        """The stored preferences as read (each field is checked by its user,
        see startup.read_prefs); {} when they cannot be read at all."""
        text = self._read(PREFS)
        if text is None:
            return {}
        try:
            value = saves.parse(text)
        except SaveError:
            return {}
        return value if isinstance(value, dict) else {}

    def prefs_readable(self) -> bool:
        text = self._read(PREFS)
        if text is None:
            return True
        try:
            return isinstance(saves.parse(text), dict)
        except SaveError:
            return False

    def set_prefs(self, **changes) -> None:
        prefs = self.prefs()
        prefs.update(changes)
        try:
            self._set(PREFS, json.dumps(prefs, allow_nan=False))
        except (StorageFull, StorageFailed, ValueError, TypeError):
            pass  # preferences are a convenience; never stop the app for them

    def current(self) -> str | None:
        """The game in progress: localStorage's mark, or the journal's when
        localStorage could not keep one."""
        return self._read(CURRENT) or self.journal.current

    def set_current(self, save_id: str | None) -> None:
        self.journal.set_current(save_id)
        if save_id is None:
            self._remove(CURRENT)
        elif self._read(CURRENT) != save_id:  # marked at every move: a write only when it changes
            try:
                self._set(CURRENT, save_id)
            except (StorageFull, StorageFailed):
                pass


def summarize(save_id: str, text: str | None) -> dict:
    """What the list shows of one save, without replaying it (that is slow):
    the same checks as resuming, up to the replay."""
    try:
        save = saves.read(text)
        meta = check_meta(save["meta"], save["seats"])
    except SaveError as err:
        return {"id": save_id, "damaged": True, "error": err}
    return {
        "id": save_id,
        "damaged": False,
        "game": save["game"],
        "seats": save["seats"],
        "names": [p["name"] for p in meta["players"]],
        "moves": len(save["actions"]),
        "over": meta["over"],
        "updated": meta["updated"],
    }
