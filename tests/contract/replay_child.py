"""Replays saves in a fresh interpreter (secrecy_checks.replay_elsewhere
starts it with another PYTHONHASHSEED): reads {"plugins": ["module:GAME"],
"saves": [text]} on stdin, prints each save's digest (or its SaveError)."""

import hashlib
import json
import sys

from engine import SaveError, load
from engine.registry import _load, discover, register


def digest(state) -> str:
    """Everything that determines the game from here, in short."""
    return hashlib.sha256(state.fingerprint().encode()).hexdigest()


def main():
    discover("tests.games")
    job = json.load(sys.stdin)
    for path in job["plugins"]:
        register(_load(path))
    out = []
    for text in job["saves"]:
        try:
            out.append(digest(load(text)))
        except SaveError as err:
            out.append(f"SaveError {err}")
    json.dump(out, sys.stdout)


if __name__ == "__main__":
    main()
