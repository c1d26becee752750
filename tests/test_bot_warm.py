"""The table's bots are imported while it is looked at, a module a task
(ui/bot_loop.py `warm_bots`, ui/stepwise.py), and a bot thinks only once
they are: the first bot's first step no longer compiles them all in one
task (issue 26)."""

from __future__ import annotations

import asyncio

from . import fake_dom
from .test_answering import app, at_table, run_all  # noqa: F401  (the fixture)
from .ui_support import run_async


def test_a_bot_thinks_once_its_modules_are_imported(app, monkeypatch):  # noqa: F811
    from ui import bot_loop

    asked = []

    async def scenario():
        gate = asyncio.Event()

        async def load(name, pause=None, done=None):  # stepwise.load, held until the test says
            asked.append(name)
            await gate.wait()

        monkeypatch.setattr(bot_loop.stepwise, "load", load)
        app.pace = "instant"
        s = at_table(app, "thurn_taxis", ["bot", "human"])  # the bot moves first
        moves = len(s.state.actions)

        async def browser(turns=30):  # frames and tasks run while the bots' loop goes on
            for _ in range(turns):
                await asyncio.sleep(0)
                run_all(app)

        task = asyncio.ensure_future(app.run_bots())
        await browser()
        waited = len(s.state.actions) == moves and not task.done()
        gate.set()
        await browser()
        task.cancel()
        return waited, len(s.state.actions) > moves

    waited, moved = run_async(scenario())
    assert asked == ["engine.thurn_taxis.bots"], asked
    assert waited, "a bot thought before its modules were imported"
    assert moved, "the bot never moved once they were"


def test_a_table_of_humans_without_hints_imports_no_bots(app):  # noqa: F811
    async def scenario():
        from ui.session import Session
        from .test_hotseat import players

        s = Session.start("thurn_taxis", players("human", "human"), None, 3, "t", hints=False)
        app.enter_table(s)
        run_all(app)
        return dict(app.bots_warm)

    assert run_async(scenario()) == {}
