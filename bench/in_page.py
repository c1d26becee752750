"""Measurements made inside the page's Python (bench/browser.py runs them).

Not part of the site: bench/browser.py hands this file's text to the page's
interpreter itself (run_in_page), so the players' page carries no benchmark
hook.  They run the real engine and bots in the browser's Python, so the
figures are what a player's device does, not CPython's."""

from __future__ import annotations

import json

import engine
from engine.play import bot_chooser, play


def bot_decisions(game_id: str, level: str, seats: int, decisions: int, seed: int = 1,
                  budget_ms: int = 1000) -> str:
    """Time `decisions` decisions of `level` in games it plays against itself
    at every seat, from the first move to the last (late positions, long logs
    and big boards included); only decisions with a real choice are timed.
    The deadline is the table's (engine.bots.hurry_after).  A JSON list of
    milliseconds."""
    times = []
    game = 0
    while len(times) < decisions:
        state = engine.new_game(game_id, seats, None, seed + game)
        game += 1


        def timed(seat, legal, ms):
            if len(legal) > 1:
                times.append(ms)

        chooser = bot_chooser([level] * seats, budget_ms=budget_ms, on_decision=timed, first=True,
                              seeds=lambda state, moves: seed * 7919 + moves, hurry=True)
        for moves, _ in enumerate(play(state, chooser), 1):
            if len(times) >= decisions or moves >= 5000:
                break
    return json.dumps(times)


def _app():
    """The table's App (ui/app.py), as the page exposes it for tests."""
    import js

    return js.window.speeltafelApp


def pad_log(pad_to: int) -> int:
    """For a game whose logs never grow `pad_to` entries long: the view the
    table draws gets copies of its own entries put before them (older
    history, never "new") until it is that long.  Returns the entries drawn."""
    session = _app().session
    shown_view = session.shown_view
    if pad_to:
        def padded():
            view = shown_view()
            log = view["log"]
            view["log"] = [dict(log[i % len(log)], move=0) for i in range(max(0, pad_to - len(log)))] + log
            return view
        session.shown_view = padded
    return len(session.shown_view()["log"])


def pad_log_once(pad_to: int) -> int:
    """As pad_log, but the copies put before the log are made once, from the
    log as it is now: the game goes on after them (new entries come at the
    end, the older ones never change), as in a game that long.  Returns
    the entries drawn."""
    session = _app().session
    shown_view = session.shown_view
    log = shown_view()["log"]
    before = [dict(log[i % len(log)], move=0) for i in range(max(0, pad_to - len(log)))]

    def padded():
        view = shown_view()
        view["log"] = before + view["log"]
        return view
    session.shown_view = padded
    return len(session.shown_view()["log"])


def forget_words() -> None:
    """The log's entries are worded anew at the next drawing (as after the page opens)."""
    from ui import history

    history._worded.clear()


def draw_times(draws: int) -> str:
    """Time `draws` drawings of the table on the screen (App.render_table,
    then a forced style and layout), the first one with no entry worded
    yet; and where the time goes: the engine's view, the board (the game's
    screen), the log, the page (the HTML put in, style and layout).
    Wall-clock ms.  JSON: {"first_ms", "ms": [...], "parts": {part: [...]}}."""
    import time

    import js
    from ui import history

    app = _app()
    session = app.session
    view = session.shown_view()
    times = []
    for i in range(draws + 1):
        if i == 0:
            history._worded.clear()
        t0 = time.perf_counter()
        app.render_table()
        js.document.body.offsetHeight  # style and layout now, inside the timing
        times.append((time.perf_counter() - t0) * 1000)
    parts = {"view": [], "screen": [], "log": [], "page": []}
    ctx = app.context()
    root = js.document.getElementById("app")
    html = root.innerHTML

    def page():
        root.innerHTML = html
        js.document.body.offsetHeight

    for _ in range(draws):
        for part, work in (("view", session.shown_view), ("screen", lambda: app.screen.render(view, session.my_legal())),
                           ("log", lambda: history.render_log(view, ctx, app.log_opened())), ("page", page)):
            t0 = time.perf_counter()
            work()
            parts[part].append((time.perf_counter() - t0) * 1000)
    app.render_table()
    return json.dumps({"first_ms": times[0], "ms": times[1:], "parts": parts})


async def waits(rounds: int, human: int = 0) -> str:
    """Play the human's seat at the table with the default bot level's
    choices and time each wait: from the human's move until the table is
    drawn again with the human able to act, counted only when bots moved in
    between (the human's own next step is no wait).  JSON: {"ms": [...],
    "over": whether the game ended first}."""
    import asyncio
    import time

    from engine import bots

    app = _app()
    session = app.session
    game = session.game_id
    level = bots.default_level(game)
    draw = app.render_table
    can_act = asyncio.Event()
    seen = {"at": None}

    def drawn():
        draw()
        if session.my_legal() and seen["at"] is None:
            seen["at"] = time.perf_counter()
            can_act.set()
        elif session.state.is_over():
            can_act.set()

    app.render_table = drawn
    times = []

    async def until_drawn():  # a table that stops moving (a bot's error) ends the run, said in "stuck"
        await asyncio.wait_for(can_act.wait(), 120)
        can_act.clear()

    try:
        while len(times) < rounds and not session.state.is_over() and app.session is session:
            if not session.my_legal():
                can_act.clear()
                seen["at"] = None
                while not session.my_legal() and not session.state.is_over():
                    await until_drawn()
            legal = session.my_legal()
            if not legal or session.state.is_over():
                break
            moves = len(session.state.actions)
            view = session.state.view(human)
            action = bots.choose(game, view, legal, level, seed=session.state.seed * 31 + moves)
            can_act.clear()
            seen["at"] = None
            t0 = time.perf_counter()
            app.play(action)
            while seen["at"] is None and not session.state.is_over():
                await until_drawn()
            if seen["at"] is None:
                break
            bot_moves = sum(1 for seat, _ in session.state.actions[moves + 1:] if seat != human)
            if bot_moves:
                times.append((seen["at"] - t0) * 1000)
            await asyncio.sleep(0)
    except asyncio.TimeoutError:
        return json.dumps({"ms": times, "over": False, "stuck": {
            "message": app.message, "to_act": session.state.to_act(), "thinking": app.thinking,
            "bot_task": app.bot_task is not None, "moves": len(session.state.actions)}})
    finally:
        del app.render_table  # the class's own again
    return json.dumps({"ms": times, "over": session.state.is_over()})
