"""Make web/ importable in CPython and give it a localStorage stand-in."""

import sys
from pathlib import Path

WEB = Path(__file__).resolve().parent.parent / "web"
if str(WEB) not in sys.path:
    sys.path.insert(0, str(WEB))


class FakeStorage:
    """localStorage's interface over a dict; `limit` bytes make it fill up."""

    def __init__(self, limit=None):
        self.items = {}
        self.limit = limit

    @property
    def length(self):
        return len(self.items)

    def key(self, i):
        keys = list(self.items)
        return keys[i] if i < len(keys) else None

    def getItem(self, key):
        return self.items.get(key)

    def setItem(self, key, value):
        size = sum(len(k) + len(v) for k, v in self.items.items() if k != key) + len(key) + len(value)
        if self.limit is not None and size > self.limit:
            raise RuntimeError("QuotaExceededError: The quota has been exceeded.")
        self.items[key] = value

    def removeItem(self, key):
        self.items.pop(key, None)


def run_async(coro):
    """asyncio.run(coro) on a thread of its own: a browser test in the same
    pytest worker (Playwright's sync API) keeps an event loop running on the
    main thread, where asyncio.run would refuse."""
    import asyncio
    import threading

    done = {}

    def main():
        try:
            done["value"] = asyncio.run(coro)
        except BaseException as err:  # noqa: BLE001 - raised again on the caller's thread
            done["error"] = err

    thread = threading.Thread(target=main)
    thread.start()
    thread.join()
    if "error" in done:
        raise done["error"]
    return done.get("value")
