"""Record which stdlib modules the page needs and write scripts/stdlib_modules.txt.

    python scripts/record_stdlib.py        (after `make deps`; takes a few minutes)

Run it when the pinned Pyodide changes (the build then refuses the old list)
or when a test says a module is missing.  It builds a site with Pyodide's
whole stdlib, plays every game to its end in the browser
(e2e/test_stdlib.py, recording), adds what engine/ and web/ui/ themselves
import in CPython over the same game set (tests/stdlib_usage.py), and writes the union
with the header the build checks (Pyodide and Python version, bytecode magic,
frozen modules).  Then `make dist` and the whole browser suite on the new list.
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
import tempfile
from pathlib import Path

from stdlib_list import COMPILER, LIST, ROOT, full_stdlib

HEAD = """\
# The Python standard library the page ships (issue 16), one module a line.
# `make dist` compiles exactly these inside the pinned Pyodide
# (scripts/build_stdlib.mjs); everything else of the stdlib is left out.
# Written by scripts/record_stdlib.py: what the page imported while every game
# was played in the browser, and what engine/ and web/ui/ themselves import
# in CPython over the same games.  The build refuses this list when the lines below no
# longer describe the Pyodide in node_modules.
"""


def main() -> None:
    info = json.loads(subprocess.run(["node", str(COMPILER), "--info"], check=True,
                                     capture_output=True, text=True).stdout)  # what the header must say
    python = sys.executable
    with tempfile.TemporaryDirectory() as tmp:
        site, record = Path(tmp) / "dist", Path(tmp) / "seen.json"
        env = {**os.environ, "SPEELTAFEL_DIST": str(site), "SPEELTAFEL_FULL_STDLIB": "1"}
        subprocess.run([python, str(ROOT / "scripts/build_dist.py")], check=True, env=env)
        subprocess.run([python, "-m", "pytest", "-q", "-p", "no:cacheprovider",
                        "e2e/test_stdlib.py::test_every_game_plays_to_the_end_on_the_listed_stdlib"],
                       check=True, cwd=ROOT, env={**env, "SPEELTAFEL_STDLIB_RECORD": str(record)})
        browser = json.loads(record.read_text())
    cpython = json.loads(subprocess.run([python, "-I", "-S", str(ROOT / "tests/stdlib_usage.py")],
                                        check=True, capture_output=True, text=True).stdout)
    frozen = set(info["frozen"].split())
    modules = (set(browser["loaded"]) | set(browser["missed"]) | (set(cpython) & full_stdlib())) - frozen
    lines = [HEAD] + [f"# {key}: {value}\n" for key, value in info.items()] + ["\n"]
    lines += [f"{name}\n" for name in sorted(modules)]
    LIST.write_text("".join(lines))
    print(f"{LIST.relative_to(ROOT)}: {len(modules)} modules ({len(browser['loaded'])} seen in the browser, "
          f"{len(set(cpython) & full_stdlib())} imported in CPython)")


if __name__ == "__main__":
    main()
