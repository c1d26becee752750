"""Imports nobody could satisfy, remembered (issue 16).

The page ships a trimmed standard library (scripts/stdlib_modules.txt).  A
stdlib module left out of it fails like any missing module; most such
failures are loud, but some library code tries an import and quietly falls
back.  This finder sits last in `sys.meta_path` and notes every name that no
other finder found, so the browser tests can say which ones were asked for.
It never finds anything itself."""

from __future__ import annotations

import json
import sys

_missed: list[str] = []


class _Recorder:
    @staticmethod
    def find_spec(name, path=None, target=None):
        if name not in _missed:
            _missed.append(name)
        return None


def install() -> None:
    if not any(isinstance(f, _Recorder) for f in sys.meta_path):
        sys.meta_path.append(_Recorder())


def missed() -> list[str]:
    return list(_missed)


def loaded_from(archive: str) -> list[str]:
    """Modules in sys.modules whose code came from `archive` (the stdlib zip)."""
    names = []
    for name, module in list(sys.modules.items()):
        spec = getattr(module, "__spec__", None)
        origin = getattr(spec, "origin", None) or ""
        if origin.startswith(archive + "/"):
            names.append(name)
    return sorted(names)


def report() -> str:
    """JSON: the stdlib modules the page has imported so far, and the imports
    that found nothing anywhere (e2e/test_stdlib.py asks for it)."""
    archive = f"/lib/python{sys.version_info.major}{sys.version_info.minor}.zip"
    return json.dumps({"loaded": loaded_from(archive), "missed": missed()})
