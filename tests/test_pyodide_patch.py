"""The build-time patch of Pyodide's start (scripts/pyodide_patch.py, issue
26), checked without a browser: which modules it imports ahead of Pyodide's
bootstrap, and that it changes only the pinned pyodide.mjs, in one place."""

from __future__ import annotations

import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "scripts"))

import pyodide_patch  # noqa: E402

SHIPPED = {"re", "json", "_pyodide", "_pyodide._base", "_pyodide._importhook", "_pyodide.jsbind",
           "pyodide", "pyodide.ffi", "asyncio"}


def test_the_stdlib_and_the_pure_pyodide_package_come_ahead_in_the_recorded_order():
    recorded = ["re", "_pyodide._base", "tomllib", "_pyodide._importhook", "_pyodide", "re",
                "_pyodide_core", "_pyodide.jsbind", "pyodide.ffi", "pyodide", "json", "asyncio"]
    assert pyodide_patch.start_modules(recorded, SHIPPED) == [
        "re", "_pyodide._base", "_pyodide._importhook", "_pyodide", "json", "asyncio"]
    # nothing of Pyodide's own after the package _pyodide: _pyodide.jsbind needs _pyodide_core
    assert pyodide_patch.start_modules(["_pyodide_core", "_pyodide.jsbind", "_pyodide", "json"], SHIPPED) == ["json"]


def test_the_patch_changes_only_the_pinned_file_in_one_place():
    source = (ROOT / "node_modules" / "pyodide" / "pyodide.mjs").read_text()
    patched = pyodide_patch.patch(source, ["re", "json"])
    assert 'const SPEELTAFEL_MODULES = ["re", "json"];' in patched
    unpatched = patched
    for shipped, changed in pyodide_patch.PATCHES:
        assert shipped not in patched and patched.count(changed) == 1
        unpatched = unpatched.replace(changed, shipped)
    assert unpatched.startswith(source.rpartition("export{")[0])  # nothing else changed
    assert patched.rpartition("export{")[2] == source.rpartition("export{")[2]  # the exports stay last
    with pytest.raises(SystemExit, match="PINNED_SHA256"):
        pyodide_patch.patch(source.replace("loadPyodide", "loadPyodidf", 1), [])
