"""The page's own standard library (issue 16): the list of modules it ships,
and building python_stdlib.zip from it.

The list (scripts/stdlib_modules.txt) names every stdlib module the page
imports: Pyodide's and PyScript's own start-up, the engine and the table.
`build()` compiles exactly those to bytecode inside the pinned Pyodide under
node (scripts/build_stdlib.mjs), so the bytecode always fits the interpreter.
A compiled zip is kept in .cache/ under a key of everything that goes into it,
so an unchanged build costs nothing.

    python scripts/stdlib_list.py <out.zip> [--sources] [--docstrings] [--column-ranges]
        # the list compiled (the page's way, or a variant measured in BENCHMARKS.md)
"""

from __future__ import annotations

import hashlib
import json
import shutil
import subprocess
import sys
import zipfile
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
LIST = ROOT / "scripts" / "stdlib_modules.txt"
COMPILER = ROOT / "scripts" / "build_stdlib.mjs"
PYODIDE = ROOT / "node_modules" / "pyodide"
CACHE = ROOT / ".cache" / "stdlib"
# Shipping the sources beside the bytecode would only put source lines into
# stdlib tracebacks; measured in BENCHMARKS.md ("A stdlib made for this page").
WITH_SOURCES = False


def read_list(path: Path = LIST) -> tuple[dict, list[str]]:
    """(header {key: value}, module names) of the list file."""
    header, modules = {}, []
    for line in path.read_text().splitlines():
        line = line.strip()
        if line.startswith("#") and ":" in line:
            key, _, value = line[1:].partition(":")
            header[key.strip()] = value.strip()
        elif line and not line.startswith("#"):
            modules.append(line)
    return header, modules


def full_stdlib() -> set[str]:
    """Every module in the pinned Pyodide's own (complete) python_stdlib.zip."""
    names = set()
    with zipfile.ZipFile(PYODIDE / "python_stdlib.zip") as zf:
        for name in zf.namelist():
            if name.endswith("/__init__.py"):
                names.add(name[: -len("/__init__.py")].replace("/", "."))
            elif name.endswith(".py"):
                names.add(name[:-3].replace("/", "."))
    return names


def _key() -> str:
    digest = hashlib.sha256()
    for path in (LIST, COMPILER, PYODIDE / "package.json", PYODIDE / "pyodide.asm.wasm",
                 PYODIDE / "pyodide.asm.mjs", PYODIDE / "python_stdlib.zip"):
        digest.update(path.read_bytes())
    digest.update(str(WITH_SOURCES).encode())
    return digest.hexdigest()[:20]


def compile_list(listing: Path, target: Path, flags: tuple = ()) -> dict:
    """Compile the modules of `listing` into `target` inside the pinned Pyodide
    (scripts/build_stdlib.mjs): the figures as a dict.  Exits with the
    compiler's message when the list does not fit that Pyodide."""
    if not PYODIDE.is_dir():
        sys.exit("node_modules is missing: run `npm ci` first (make dist does)")
    header, modules = read_list(listing)
    done = subprocess.run(["node", str(COMPILER), str(target), *flags], capture_output=True, text=True,
                          input=json.dumps({"header": header, "modules": modules}))
    if done.returncode != 0:
        sys.exit(f"Building the stdlib failed:\n{done.stderr.strip() or done.stdout.strip()}")
    return json.loads(done.stdout.strip().splitlines()[-1])


def build(target: Path) -> dict:
    """The page's stdlib zip at `target`, compiled once per key into .cache/."""
    key = _key()
    cached, info = CACHE / f"{key}.zip", CACHE / f"{key}.json"
    if not (cached.exists() and info.exists()):
        CACHE.mkdir(parents=True, exist_ok=True)
        figures = compile_list(LIST, cached.with_suffix(".tmp"), ("--sources",) if WITH_SOURCES else ())
        cached.with_suffix(".tmp").rename(cached)
        info.write_text(json.dumps(figures))
    shutil.copyfile(cached, target)
    return json.loads(info.read_text())


if __name__ == "__main__":
    if len(sys.argv) < 2:
        sys.exit(__doc__)
    print(json.dumps(compile_list(LIST, Path(sys.argv[1]), tuple(sys.argv[2:]))))
