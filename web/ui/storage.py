"""Saved games in the browser's localStorage.

One key per game (`speeltafel:save:<id>`) holding the engine's save (seed +
action log) with the table's own `meta` (player names, bots, timestamps).
The list is found by scanning keys, so there is no index that could go out
of step.  A damaged entry is listed as damaged, with what is wrong, and
never rewritten or removed unless the player deletes it.  Whatever the
storage holds or does (odd values, a browser that throws), reading it never
raises: the table must always reach the lobby.
"""

from __future__ import annotations

import json

from engine import saves
from engine.saves import SaveError

from .savemeta import check_meta

PREFIX = "speeltafel:save:"
PREFS = "speeltafel:prefs"
CURRENT = "speeltafel:current"


def _text(value) -> str | None:
    """localStorage answers a string or null (Pyodide's `jsnull`, not None)."""
    return value if isinstance(value, str) else None


class StorageFull(Exception):
    """The browser refused to store more (QuotaExceededError)."""


class StorageFailed(Exception):
    """Any other failure to write."""


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
    """`backend` is localStorage, or anything with getItem/setItem/removeItem/key/length."""

    def __init__(self, backend):
        self.backend = backend

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

    def _remove(self, key: str) -> None:
        try:
            self.backend.removeItem(key)
        except Exception:  # noqa: BLE001
            pass

    # ----------------------------------------------------------------- saves
    def put(self, save_id: str, text: str) -> None:
        """Store a save.  On StorageFull the previous value stays as it was."""
        self._set(PREFIX + save_id, text)

    def get(self, save_id: str) -> str | None:
        return self._read(PREFIX + save_id)

    def delete(self, save_id: str) -> None:
        self._remove(PREFIX + save_id)
        if self.current() == save_id:
            self._remove(CURRENT)

    def entries(self, set_aside: dict | None = None) -> list[dict]:
        """Summaries for the saved-games list, newest first; damaged ones
        marked with their SaveError.  `set_aside`: saves that failed to
        resume in this visit (save id -> SaveError), listed as damaged too."""
        rows = []
        for key in self._keys():
            save_id = key[len(PREFIX):]
            row = summarize(save_id, self._read(key))
            if set_aside and save_id in set_aside:
                row = {"id": save_id, "damaged": True, "error": set_aside[save_id], "set_aside": True}
            rows.append(row)
        rows.sort(key=lambda r: r.get("updated") or 0, reverse=True)
        return rows

    def ids(self) -> set[str]:
        return {key[len(PREFIX):] for key in self._keys()}

    def new_id(self, now_ms: int) -> str:
        base = f"g{int(now_ms):x}"
        save_id, n = base, 1
        while self.get(save_id) is not None:
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
        return self._read(CURRENT)

    def set_current(self, save_id: str | None) -> None:
        if save_id is None:
            self._remove(CURRENT)
        else:
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
