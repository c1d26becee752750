"""Renderer memory of the table against the bare PyScript page (issue 26).

    .venv/bin/python bench/browser.py --parts memory [--memory-games carcassonne:5,kutschfahrt:10] [--memory-rounds 3]

Each page gets a browser of its own, so its renderer is the one process of
type "renderer" that holds the page (Chromium's SystemInfo.getProcessInfo;
the largest, should a spare one be waiting).  Memory is read from Linux's
/proc after a garbage collection (HeapProfiler.collectGarbage): resident set
(VmRSS) and private bytes (Private_Clean + Private_Dirty of smaps_rollup,
what the page holds for itself, without shared libraries).

- bare: bench/bare/ (see browser.py `bare_site`) once its line is printed;
- table: the lobby, then `rounds` games in a row in the same page, each
  played to the end by bots (the first level above random, at the "instant"
  pace), back to the lobby between games with its menu button.
"""

from __future__ import annotations

import time
from pathlib import Path

from chromium import ARGS, CHROMIUM

GC = "HeapProfiler.collectGarbage"


def _kb(text: str, field: str) -> int:
    for line in text.splitlines():
        if line.startswith(field + ":"):
            return int(line.split()[1])
    return 0


def process_memory(pid: int) -> dict:
    """MB resident and private of one process."""
    status = Path(f"/proc/{pid}/status").read_text()
    rollup = Path(f"/proc/{pid}/smaps_rollup").read_text()
    private = _kb(rollup, "Private_Clean") + _kb(rollup, "Private_Dirty")
    return {"rss_mb": round(_kb(status, "VmRSS") / 1024, 1), "private_mb": round(private / 1024, 1)}


def renderer_memory(browser, page) -> dict:
    """The page's renderer after a garbage collection: {"rss_mb", "private_mb"}."""
    page.context.new_cdp_session(page).send(GC)
    info = browser.new_browser_cdp_session().send("SystemInfo.getProcessInfo")
    pids = [p["id"] for p in info["processInfo"] if p["type"] == "renderer"]
    return max((process_memory(pid) for pid in pids), key=lambda m: m["rss_mb"])


def bare_memory(playwright, url) -> dict:
    browser = playwright.chromium.launch(executable_path=CHROMIUM, args=ARGS)
    page = browser.new_page()
    page.goto(url)
    page.wait_for_selector("body[data-ready=bare]", state="attached", timeout=120_000)
    got = renderer_memory(browser, page)
    browser.close()
    return got


def play_to_end(page, timeout_s=1800):
    """Start the lobby's game and wait until it is over; seconds it took."""
    t0 = time.perf_counter()
    page.click("#start")
    page.wait_for_selector("body[data-ready=table]", state="attached", timeout=60_000)
    page.wait_for_function("speeltafelApp.session.state.is_over()", timeout=timeout_s * 1000, polling=1000)
    return time.perf_counter() - t0


def table_memory(playwright, url, game_id: str, seats: int, rounds: int) -> dict:
    """The lobby, then after each of `rounds` games played to the end in one page."""
    import engine

    level = engine.bots.LEVELS[game_id][1]
    model = {"game": game_id, "seats": seats, "options": {},
             "players": [{"name": f"Bot {i + 1}", "kind": "bot", "level": level} for i in range(seats)]}
    browser = playwright.chromium.launch(executable_path=CHROMIUM, args=ARGS)
    page = browser.new_page(viewport={"width": 1280, "height": 800})
    page.goto(url + "manifest.webmanifest")
    page.evaluate("m => { localStorage.clear(); localStorage.setItem('speeltafel:prefs', "
                  "JSON.stringify({lobby: m, bot_pace: 'instant', lang: 'en'})); }", model)
    page.goto(url)
    page.wait_for_selector("body[data-ready=lobby]", state="attached", timeout=120_000)
    row = {"game": game_id, "seats": seats, "level": level, "lobby": renderer_memory(browser, page), "games": []}
    for _ in range(rounds):
        seconds = play_to_end(page)
        moves = page.evaluate("speeltafelApp.session.state.actions.length")
        row["games"].append({**renderer_memory(browser, page), "moves": moves, "seconds": round(seconds)})
        page.evaluate("document.querySelector('[data-cmd=menu]').click()")  # also under the result
        page.wait_for_selector("body[data-ready=lobby]", state="attached", timeout=60_000)
    row["lobby_after"] = renderer_memory(browser, page)
    browser.close()
    return row


def memory_rows(playwright, table_url, bare_url, games, rounds):
    """One row for the bare page, one per game: memory and the ratio to the bare page's."""
    bare = bare_memory(playwright, bare_url)
    yield {"page": "bare", **bare}
    for game_id, seats in games:
        row = table_memory(playwright, table_url, game_id, seats, rounds)
        for key in ("rss_mb", "private_mb"):
            row[f"worst_{key.split('_')[0]}_ratio"] = round(max(g[key] for g in row["games"]) / bare[key], 2)
        yield row


def parse_games(text: str):
    """"carcassonne:5,kutschfahrt:10" -> [("carcassonne", 5), ("kutschfahrt", 10)]."""
    return [(g.split(":")[0], int(g.split(":")[1])) for g in text.split(",") if g]

