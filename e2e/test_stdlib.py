"""The page's own standard library (issue 16) in the browser.

The page ships only the stdlib modules named in scripts/stdlib_modules.txt,
as bytecode.  An import outside that list must fail a test, never a player:
here every game is played to its end in the page (a human choosing at random
beside a bot of every level, default and varied options, as
tests/stdlib_usage.py does in CPython), and then the page says which stdlib
modules it imported and which imports found nothing.  Every module it loaded
must be on the list, and no module that Pyodide's full stdlib has may have
been asked for in vain (library code that tries an import and quietly falls
back would otherwise hide a gap).

    SPEELTAFEL_STDLIB_RECORD=<file>  writes the modules seen instead of
    checking them (scripts/record_stdlib.py uses it on a full-stdlib build).
"""

from __future__ import annotations

import json
import os
import zipfile

from engine.rng import Rng
from tests.stdlib_usage import tables

from .conftest import DIST

from stdlib_list import full_stdlib, read_list  # noqa: E402  (scripts/ is on the path, see conftest)

RECORD = os.environ.get("SPEELTAFEL_STDLIB_RECORD")

# the report of the page's own interpreter, reached through the table object
REPORT = """() => { const b = speeltafelApp.start.__func__.__globals__.get('__builtins__');
    const get = (k) => (typeof b.get === 'function' ? b.get(k) : b[k]);
    return get('__import__')('importlib').import_module('ui.stdlib_guard').report(); }"""
READY = """() => { const a = speeltafelApp, s = a.session;
    return s.state.is_over() || s.handoff_to != null || (a.bot_task == null && s.my_legal().length > 0); }"""


def play_to_the_end(tab, game_id, players, options, seed):
    page = tab.start_game(game_id, [(p["name"], p["kind"], p["level"]) for p in players], options, seed=seed)
    rng = Rng(seed)
    for _ in range(5000):
        page.wait_for_function(READY, timeout=60_000)
        if page.evaluate("speeltafelApp.session.state.is_over()"):
            break
        if page.locator("#handoff-ok").count():
            page.click("#handoff-ok")
            continue
        n = page.evaluate("speeltafelApp.session.my_legal().length")
        page.evaluate("i => { const a = speeltafelApp; a.play(a.session.my_legal().get(i)); }", rng.below(n))
    else:
        raise AssertionError(f"{game_id} did not end")
    page.wait_for_selector(".result")
    assert page.evaluate("speeltafelApp.message") == "", f"{game_id}: {page.evaluate('speeltafelApp.message')}"
    return json.loads(page.evaluate(REPORT))


def test_every_game_plays_to_the_end_on_the_listed_stdlib(tab):
    offered = tab.open().eval_on_selector_all(".game-card", "cards => cards.map(c => c.dataset.arg)")
    assert len(offered) >= 3
    loaded, missed = set(), set()
    for n, (game_id, players, options) in enumerate(tables(offered)):
        report = play_to_the_end(tab, game_id, players, options, seed=100 + n)
        loaded |= set(report["loaded"])
        missed |= set(report["missed"])
    asked_in_vain = sorted(missed & full_stdlib())
    if RECORD:
        with open(RECORD, "w") as f:
            json.dump({"loaded": sorted(loaded), "missed": asked_in_vain}, f)
        return
    header, listed = read_list()
    assert not asked_in_vain, f"stdlib modules imported but left out of the page: {asked_in_vain}"
    assert loaded <= set(listed), f"loaded but not on the list: {sorted(loaded - set(listed))}"
    assert len(loaded) > 50  # the report reads the real zip's modules


def test_the_built_stdlib_is_the_list_as_bytecode():
    """dist/ holds exactly the listed modules, compiled, and nothing else of the
    stdlib (so the browser tests above really ran on the trimmed one)."""
    header, listed = read_list()
    with zipfile.ZipFile(DIST / "runtime" / "pyodide" / "python_stdlib.zip") as zf:
        names = zf.namelist()
        compiled = {n[: -len("/__init__.pyc")] if n.endswith("/__init__.pyc") else n[:-4]
                    for n in names if n.endswith(".pyc")}
        assert {n.replace("/", ".") for n in compiled} == set(listed)
        assert not [n for n in names if not n.endswith((".pyc", ".py"))]
        magic = bytes.fromhex(header["magic"])
        assert all(zf.read(n)[:4] == magic for n in names if n.endswith(".pyc"))
    lock = json.loads((DIST / "runtime" / "pyodide" / "pyodide-lock.json").read_text())
    assert lock["packages"] == {} and lock["info"]["python"] == header["python"]
