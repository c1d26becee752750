"""Game packages the page registers besides engine/ and ui/screens/.

The shipped site has none.  A test build (`SPEELTAFEL_TEST_GAMES=1
scripts/build_dist.py`, as `make test` makes for the browser tests) carries
the tests' own games and names their packages in `ui/plugins.json`, so a
new game's tests reach the lobby and the table in the browser exactly as
the real games do.
"""

from __future__ import annotations

import json
from pathlib import Path

LISTED = Path(__file__).with_name("plugins.json")


def register(packages: dict) -> None:
    """{"games": [package], "screens": [package]}: discover each."""
    from engine.registry import discover

    from . import screens

    for package in packages.get("games", []):
        discover(package)
    for package in packages.get("screens", []):
        screens.discover(package)


def load() -> None:
    """Register what ui/plugins.json lists, if the build wrote one."""
    if LISTED.exists():
        register(json.loads(LISTED.read_text(encoding="utf-8")))
