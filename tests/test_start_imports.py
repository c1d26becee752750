"""What the page imports while it starts (issue 26): the app a module a step
(ui/stepwise.py), and for the lobby no game's screen, bots or rules."""

import json
import subprocess
import sys
from pathlib import Path

from .ui_support import run_async  # (also puts web/ on the path)
from ui import stepwise  # noqa: E402

ROOT = Path(__file__).resolve().parent.parent


def test_every_module_comes_after_the_modules_it_imports():
    order = stepwise.plan("ui.app")
    assert order[-1] == "ui.app"
    assert {"ui.dom", "ui.lobby", "ui.session", "engine.registry", "engine.protocol"} <= set(order)
    assert len(order) == len(set(order))
    for i, module in enumerate(order):
        later = [m for m in stepwise.needs(module) if order.index(m) > i and not m.startswith(module + ".")]
        # a module may only come before what it needs when that is its own package (see plan)
        assert all(module.startswith(m + ".") for m in later), (module, later)


def test_needs_reads_top_level_imports_only(tmp_path, monkeypatch):
    pkg = tmp_path / "ui_fake"
    (pkg / "sub").mkdir(parents=True)
    (pkg / "__init__.py").write_text("")
    (pkg / "sub" / "__init__.py").write_text("")
    for name in ("a", "b", "c", "d"):
        (pkg / f"{name}.py").write_text("")
    (pkg / "sub" / "e.py").write_text("thing = 1\n")
    (pkg / "main.py").write_text(
        "import ui_fake.a\nfrom . import b, c as cc\nfrom .sub.e import thing\nimport json\n"
        "from .sub import (\n    e,\n)\ndef later():\n    from . import d\n")
    monkeypatch.syspath_prepend(str(tmp_path))
    monkeypatch.setattr(stepwise, "ROOTS", ("ui_fake",))
    assert stepwise.needs("ui_fake.main") == ["ui_fake", "ui_fake.a", "ui_fake.b", "ui_fake.c", "ui_fake.sub",
                                              "ui_fake.sub.e"]
    steps = []

    async def pause():
        steps.append(sorted(m for m in sys.modules if m.startswith("ui_fake")))

    module = run_async(stepwise.load("ui_fake.main", pause))  # a browser test may hold this thread's loop
    assert module is sys.modules["ui_fake.main"]
    assert len(steps) == 7  # one pause after each module
    assert steps[-1][-1] == "ui_fake.sub.e" and "ui_fake.main" in steps[-1] and "ui_fake.d" not in steps[-1]


LOBBY = """
import json, sys
import engine
from engine import bots
from ui import lobby, prerender, screens
games = screens.playable(sorted(engine.GAMES))
levels = {g: bots.LEVELS[g] for g in games}
print(json.dumps({"games": games, "levels": levels, "modules": sorted(sys.modules)}))
"""


def test_the_lobby_imports_no_games_screen_bots_or_rules():
    out = subprocess.run([sys.executable, "-c", LOBBY], capture_output=True, text=True, check=True,
                         cwd=ROOT, env={"PYTHONPATH": f"{ROOT}:{ROOT / 'web'}"})
    got = json.loads(out.stdout)
    assert got["games"] and all(len(levels) > 1 for levels in got["levels"].values())
    heavy = [m for m in got["modules"] for g in got["games"]
             if m.startswith(f"ui.screens.{g}") or (m.startswith(f"engine.{g}.") and m != f"engine.{g}.spec")]
    assert heavy == []


ENGINE = """
import json, sys
import engine.rng
first = sorted(m for m in sys.modules if m.startswith("engine"))
from engine import GAMES, IllegalAction, load
import engine
try:
    engine.no_such_name
    missing = False
except AttributeError:
    missing = True
print(json.dumps({"first": first, "games": sorted(GAMES), "same": IllegalAction is engine.protocol.IllegalAction,
                  "load": load is engine.saves.load, "missing": missing, "dir": "new_game" in dir(engine)}))
"""


def test_the_engine_package_imports_its_public_names_on_first_use():
    # the page imports the engine a module at a time (stepwise): its package runs none of them
    assert stepwise.needs("engine") == []
    out = subprocess.run([sys.executable, "-c", ENGINE], capture_output=True, text=True, check=True,
                         cwd=ROOT, env={"PYTHONPATH": str(ROOT)})
    got = json.loads(out.stdout)
    assert got["first"] == ["engine", "engine.rng"]
    assert got["games"] and got["same"] and got["load"] and got["missing"] and got["dir"]
