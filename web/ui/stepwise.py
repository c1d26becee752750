"""Import the app a module at a time, letting the page answer in between.

`import ui.app` runs some forty modules in one go: on a slow phone that is
one task of more than a second, and a tap on the prerendered lobby waits for
all of it (issue 26).  `load("ui.app")` imports the same modules, the
deepest first, with a pause for the browser after each, so a task holds
one module (a package's submodule comes with the package's `__init__` and
what that imports: Python runs a package before any module in it).  Which modules a module needs is read from its
top-level import lines (an import inside a function runs later, when
called); only the app's own packages are walked, the standard library is
imported as Python does it.
"""

from __future__ import annotations

import asyncio
import importlib
import importlib.util
import os
import re
import sys

ROOTS = ("engine", "ui")
# top-level `import a.b` and `from .x import (y, z)` lines (not indented)
_IMPORT = re.compile(r"^(?:import\s+([\w.]+)|from\s+(\.*[\w.]*)\s+import\s+(\([^)]*\)|[^\n#]+))", re.M)


def _ours(name: str) -> bool:
    return name.split(".")[0] in ROOTS


def source_file(name: str) -> str | None:
    """The file of module `name` on sys.path, found without importing
    anything (finding a module through importlib runs its parent package)."""
    parts = name.split(".")
    for entry in sys.path:
        base = os.path.join(entry or ".", *parts)
        for path in (base + ".py", os.path.join(base, "__init__.py")):
            if os.path.isfile(path):
                return path
    return None


def needs(name: str) -> list[str]:
    """The app's modules that module `name` imports at its top level, in order."""
    path = source_file(name)
    if path is None:
        return []
    package = name if path.endswith("__init__.py") else name.rpartition(".")[0]
    with open(path, encoding="utf-8") as f:
        source = f.read()
    found = []
    for plain, source_module, names in _IMPORT.findall(source):
        if plain:
            candidates = [plain]
        else:
            base = importlib.util.resolve_name(source_module, package) if source_module.startswith(".") else source_module
            candidates = [base]
            if _ours(base) and (source_file(base) or "").endswith("__init__.py"):  # only a package has modules
                candidates += [f"{base}.{n.split(' as ')[0].strip()}" for n in names.strip("()").split(",") if n.strip()]
        for candidate in candidates:
            parts = candidate.split(".")
            for i in range(1, len(parts) + 1):  # a.b.c needs a and a.b first
                module = ".".join(parts[:i])
                if _ours(module) and module not in found and module != name and source_file(module):
                    found.append(module)
    return found


def _walk(name: str, seen: set):
    """The app's modules `name` needs, and `name` last, each after the
    modules it imports, depth first; a module's file is read when the walk
    gets there (so that `load` spreads the reading over its steps)."""
    seen.add(name)
    for other in needs(name):
        if other not in seen:
            yield from _walk(other, seen)
    yield name


def plan(name: str) -> list[str]:
    """The app's modules `name` needs, and `name` last: each after the
    modules it imports (a submodule may come before its package: importing
    it runs the package's __init__ first, in the same step)."""
    return list(_walk(name, set()))


async def load(name: str, pause=lambda: asyncio.sleep(0), done=lambda module: None):
    """Import module `name` and everything of the app it needs, one module a
    step, in `plan`'s order: `done(module)` then `await pause()` after each;
    the module, as `import_module` gives it."""
    for module in _walk(name, set()):
        if module not in sys.modules:
            importlib.import_module(module)
            done(module)
            await pause()
    return sys.modules[name]
