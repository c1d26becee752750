"""Parts of the UI fetched when first used, not on the first visit.

`make dist` ships `ui/<name>/` (scripts/build_dist.py LATER) as a zip of its
own and names it in `ui/parts.json` inside the page's app zip; the first use
fetches it and unpacks it beside `ui/`, and it imports as any package.  In
CPython (tests) the package is simply there.
"""

from __future__ import annotations

import importlib
import io
import json
import sys
import zipfile
from pathlib import Path

HERE = Path(__file__).resolve().parent
GUEST_KEY = "speeltafel:guest"  # this device's seat at another's table (ui/devices/joining.py)


async def load(name: str, module: str):
    """The module `ui.<name>.<module>`, its package fetched and unpacked the first time."""
    listed = HERE / "parts.json"
    if listed.exists() and not (HERE / name / "__init__.py").exists():
        from . import dom  # the browser only

        data = await dom.fetch_bytes("./" + json.loads(listed.read_text())[name])
        with zipfile.ZipFile(io.BytesIO(data)) as zf:
            zf.extractall(HERE.parent)
        for finder in list(sys.path_importer_cache.values()):  # the folders' listings, read again
            if hasattr(finder, "invalidate_caches"):  # (not importlib's: it wants importlib.metadata)
                finder.invalidate_caches()
    return importlib.import_module(f"ui.{name}.{module}")


def rejoin_name(store) -> str | None:
    """The name this device last played under at another device's table (for
    the lobby's "Rejoin as ..."), or None."""
    try:
        seat = json.loads(store.backend.getItem(GUEST_KEY) or "null")
        name = seat.get("name") if isinstance(seat, dict) else None
    except Exception:  # noqa: BLE001 - whatever the storage holds, the lobby opens
        return None
    return name if isinstance(name, str) and name.strip() else None
