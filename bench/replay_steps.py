"""How fast a replay steps in the browser (issue 12, item 7), in headless Chromium.

    make dist && PYTHONPATH=. .venv/bin/python bench/replay_steps.py

For a long finished game of each kind (bots played it here with the engine):
opening its replay from the saved games list (the save checked and replayed,
the turns indexed, the first drawing), then the engine's part of a step
(Replay.move) forward, to the end, the first step back from the end (the game
replayed once, a state kept every N moves) and further steps back, then one
drawing of the whole replay screen; all in milliseconds, the median of many.
A tap is the engine's part plus a drawing (plus the browser's layout).
"""

from __future__ import annotations

import json
import statistics
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "scripts"))
sys.path.insert(0, str(ROOT))

import engine  # noqa: E402
from engine.play import bot_chooser, finish  # noqa: E402
from e2e import positions as P  # noqa: E402

CASES = [("thurn_taxis", 4, 3, "random"), ("carcassonne", 5, 4, "greedy"), ("kutschfahrt", 10, 3, "random")]
CLICK = "id => { const t = performance.now(); document.getElementById(id).click(); return performance.now() - t; }"
MOVE = "how => { const r = speeltafelApp.replay; const t = performance.now(); r.move(how); return performance.now() - t; }"
DRAW = "() => { const t = performance.now(); speeltafelApp.render_replay(); return performance.now() - t; }"


def main():
    from chromium import ARGS, CHROMIUM
    from playwright.sync_api import sync_playwright
    from serve import serve

    server, url = serve(ROOT / "dist", 0, "/speeltafel/")
    with sync_playwright() as p:
        browser = p.chromium.launch(executable_path=CHROMIUM, args=ARGS)
        page = browser.new_context(viewport={"width": 1280, "height": 800}).new_page()
        for game, seats, seed, level in CASES:
            state = finish(engine.new_game(game, seats, {}, seed), bot_chooser([level] * seats, seed=seed))
            page.goto(url + "manifest.webmanifest")
            page.evaluate("items => { localStorage.clear(); for (const [k, v] of Object.entries(items)) "
                          "localStorage.setItem(k, v); }",
                          {"speeltafel:save:g1": P.save_of(state, 0), "speeltafel:prefs": json.dumps({"lang": "en"})})
            page.goto(url)
            page.wait_for_selector("body[data-ready=lobby]", timeout=90_000, state="attached")
            page.evaluate(CLICK, "replay-g1")  # the game's screen and words load the first time
            page.evaluate(CLICK, "menu")
            opened = page.evaluate(CLICK, "replay-g1")
            forward = [page.evaluate(MOVE, "forward") for _ in range(40)]
            page.evaluate(MOVE, "end")
            first_back = page.evaluate(MOVE, "back")
            back = [page.evaluate(MOVE, "back") for _ in range(80)]
            page.evaluate(CLICK, "replay-end")
            drawn = [page.evaluate(DRAW) for _ in range(15)]
            every = page.evaluate("speeltafelApp.replay.every")
            med = statistics.median
            print(f"{game}, {seats} players ({level} bots), {len(state.actions)} moves, {len(state.events)} log "
                  f"entries, a state kept every {every} moves: open {opened:.0f}; forward {med(forward):.1f}; "
                  f"first back from the end {first_back:.0f}; back {med(back):.1f} (slowest {max(back):.0f}); "
                  f"drawing at the end {med(drawn):.0f}")
        browser.close()
    server.shutdown()


if __name__ == "__main__":
    main()
