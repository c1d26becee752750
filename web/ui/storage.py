"""Saved games in the browser's localStorage.

One key per game (`speeltafel:save:<id>`) holding the engine's save (seed +
action log) with the table's own `meta` (player names, bots, timestamps).
The list is found by scanning keys, so there is no index that could go out
of step.  A damaged entry is listed as damaged and never rewritten.
"""

from __future__ import annotations

import json

import engine

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


class SaveStore:
    """`backend` is localStorage, or anything with getItem/setItem/removeItem/key/length."""

    def __init__(self, backend):
        self.backend = backend

    # -------------------------------------------------------------- raw keys
    def _keys(self) -> list[str]:
        keys = []
        for i in range(int(self.backend.length)):
            key = _text(self.backend.key(i))
            if key is not None and key.startswith(PREFIX):
                keys.append(key)
        return keys

    def _set(self, key: str, text: str) -> None:
        try:
            self.backend.setItem(key, text)
        except Exception as err:  # the JS exception type differs per browser
            if _is_quota(err):
                raise StorageFull(str(err)) from None
            raise StorageFailed(str(err)) from None

    # ----------------------------------------------------------------- saves
    def put(self, save_id: str, text: str) -> None:
        """Store a save.  On StorageFull the previous value stays as it was."""
        self._set(PREFIX + save_id, text)

    def get(self, save_id: str) -> str | None:
        return _text(self.backend.getItem(PREFIX + save_id))

    def delete(self, save_id: str) -> None:
        self.backend.removeItem(PREFIX + save_id)
        if self.current() == save_id:
            self.backend.removeItem(CURRENT)

    def entries(self) -> list[dict]:
        """Summaries for the saved-games list, newest first; damaged ones marked."""
        rows = []
        for key in self._keys():
            save_id = key[len(PREFIX):]
            rows.append(summarize(save_id, _text(self.backend.getItem(key)) or ""))
        rows.sort(key=lambda r: (r.get("updated") or 0), reverse=True)
        return rows

    def new_id(self, now_ms: int) -> str:
        base = f"g{int(now_ms):x}"
        save_id, n = base, 1
        while self.get(save_id) is not None:
            save_id, n = f"{base}-{n}", n + 1
        return save_id

    # ------------------------------------------------------ small settings
    def prefs(self) -> dict:
        try:
            value = json.loads(_text(self.backend.getItem(PREFS)) or "{}")
            return value if isinstance(value, dict) else {}
        except ValueError:
            return {}

    def set_prefs(self, **changes) -> None:
        prefs = self.prefs()
        prefs.update(changes)
        try:
            self._set(PREFS, json.dumps(prefs))
        except (StorageFull, StorageFailed):
            pass  # preferences are a convenience; never stop the app for them

    def current(self) -> str | None:
        return _text(self.backend.getItem(CURRENT))

    def set_current(self, save_id: str | None) -> None:
        if save_id is None:
            self.backend.removeItem(CURRENT)
        else:
            try:
                self._set(CURRENT, save_id)
            except (StorageFull, StorageFailed):
                pass


def summarize(save_id: str, text: str) -> dict:
    """What the list shows of one save, without replaying it (that is slow)."""
    row = {"id": save_id, "damaged": True, "raw": text}
    try:
        save = json.loads(text)
        if (not isinstance(save, dict) or save.get("format") != "speeltafel-save"
                or save.get("version") != 1 or save.get("game") not in engine.GAMES
                or not isinstance(save.get("actions"), list) or not isinstance(save.get("seats"), int)):
            return row
        meta = save.get("meta") if isinstance(save.get("meta"), dict) else {}
        names = meta.get("names") if isinstance(meta.get("names"), list) else []
        return {
            "id": save_id,
            "damaged": False,
            "game": save["game"],
            "seats": save["seats"],
            "names": [str(n) for n in names] or [f"#{i + 1}" for i in range(save["seats"])],
            "moves": len(save["actions"]),
            "over": bool(meta.get("over")),
            "updated": meta.get("updated") if isinstance(meta.get("updated"), (int, float)) else 0,
        }
    except (ValueError, TypeError):
        return row
