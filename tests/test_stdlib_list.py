"""The page's own stdlib list (issue 16), checked without a browser: it names
every stdlib module that engine/ and web/ui/ import while the whole game set
is played, and the build refuses a list that does not fit the pinned Pyodide."""

from __future__ import annotations

import json
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "scripts"))

from stdlib_list import LIST, compile_list, full_stdlib, read_list  # noqa: E402


@pytest.mark.long  # plays every game (20 s): last in `make test`, it left the other worker idle
def test_the_list_names_every_stdlib_module_the_table_imports():
    done = subprocess.run([sys.executable, "-I", "-S", str(ROOT / "tests" / "stdlib_usage.py")],
                          capture_output=True, text=True, timeout=600)
    assert done.returncode == 0, done.stderr[-2000:]
    imported = set(json.loads(done.stdout))
    assert {"json", "asyncio", "re", "dataclasses"} <= imported  # the run saw the real imports
    header, listed = read_list()
    frozen = set(header["frozen"].split())  # inside the interpreter itself, never in the zip
    missing = sorted((imported & full_stdlib()) - set(listed) - frozen)
    assert not missing, (f"engine/ or web/ui/ imports {missing}, which the page does not ship: "
                         "run `python scripts/record_stdlib.py` (or add them and what they import "
                         "to scripts/stdlib_modules.txt) and the browser tests")


def refused(tmp_path, text) -> str:
    """The build's message for a list file with `text`, which it must refuse."""
    listing = tmp_path / "list.txt"
    listing.write_text(text)
    with pytest.raises(SystemExit) as refusal:
        compile_list(listing, tmp_path / "out.zip")
    assert not (tmp_path / "out.zip").exists()
    return str(refusal.value)


@pytest.mark.skipif(shutil.which("node") is None, reason="node is part of `make deps`")
def test_the_build_refuses_a_list_made_for_another_pyodide(tmp_path):
    text = LIST.read_text()
    header, _ = read_list()
    other = (text.replace(f"# pyodide: {header['pyodide']}", "# pyodide: 314.0.6")
             .replace(f"# magic: {header['magic']}", "# magic: 00000000"))
    message = refused(tmp_path, other)
    assert "made for another Pyodide" in message and "314.0.6" in message and "00000000" in message
    assert "no_such_module_here" in refused(tmp_path, text + "no_such_module_here\n")
