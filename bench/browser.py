"""Browser measurements for BENCHMARKS.md (issue 6), in headless Chromium.

    make dist && .venv/bin/python bench/browser.py [--runs 5] [--decisions 300]

1. Start-up: navigation → interactive lobby (body[data-ready=lobby]), cold (new
   profile) and warm (files from the service worker), beside a bare PyScript page
   on the same runtime that prints one line, cached by a service worker the same way.
2. Download size of the first visit (bytes as sent, and gzip-compressed).
3. Bot decisions in the browser: median, 90th percentile and slowest per game
   and level, over whole games the level plays against itself.
4. The longest main-thread stall (long tasks) while bots play on the real table.
"""

from __future__ import annotations

import argparse
import gzip
import json
import os
import shutil
import statistics
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "scripts"))
sys.path.insert(0, str(ROOT))

from serve import serve  # noqa: E402

ARGS = ["--no-sandbox", "--disable-gpu", "--disable-background-networking",
        "--disable-component-update", "--disable-sync", "--no-first-run"]


def bare_site(dist: Path) -> Path:
    """A bare PyScript page on the same runtime, with its own service worker."""
    site = Path(tempfile.mkdtemp()) / "bare"
    site.mkdir()
    shutil.copytree(dist / "runtime", site / "runtime")
    shutil.copy(ROOT / "bench/bare/index.html", site / "index.html")
    (site / "pyscript.json").write_text(json.dumps({"interpreter": "./runtime/pyodide/pyodide.mjs"}))
    files = ["./"] + sorted("./" + p.relative_to(site).as_posix() for p in site.rglob("*") if p.is_file())
    sw = (ROOT / "web/sw.js").read_text().replace("__VERSION__", "bare").replace("__FILES__", json.dumps(files))
    (site / "sw.js").write_text(sw)
    return site


def start_times(browser, url, ready, runs):
    """Cold and warm start in ms: each run a fresh profile; warm = second visit."""
    cold, warm = [], []
    for _ in range(runs):
        context = browser.new_context()
        page = context.new_page()
        t0 = time.perf_counter()
        page.goto(url)
        page.wait_for_selector(f"body[data-ready={ready}]", state="attached", timeout=120_000)
        cold.append((time.perf_counter() - t0) * 1000)
        page.wait_for_function("navigator.serviceWorker.controller !== null", timeout=120_000)
        page.wait_for_timeout(500)
        t0 = time.perf_counter()
        page.goto(url)
        page.wait_for_selector(f"body[data-ready={ready}]", state="attached", timeout=120_000)
        warm.append((time.perf_counter() - t0) * 1000)
        context.close()
    return cold, warm


def first_visit_bytes(browser, url):
    context = browser.new_context()
    page = context.new_page()
    sizes = []
    page.on("response", lambda r: sizes.append(r))
    page.goto(url)
    page.wait_for_selector("body[data-ready=lobby]", state="attached", timeout=120_000)
    raw = packed = 0
    for response in sizes:
        try:
            body = response.body()
        except Exception:
            continue
        raw += len(body)
        packed += len(gzip.compress(body, 6))
    context.close()
    return raw, packed


def bot_times(browser, url, decisions):
    import engine
    from engine import bots

    context = browser.new_context()
    page = context.new_page()
    page.goto(url)
    page.wait_for_selector("body[data-ready=lobby]", state="attached", timeout=120_000)
    rows = []
    for game_id in sorted(engine.GAMES):
        seats = 2 if engine.GAMES[game_id].min_seats <= 2 else 6
        for level in bots.LEVELS[game_id]:
            times = json.loads(run_in_page(page, "bot_decisions", game_id, level, seats, decisions))
            p90 = sorted(times)[int(0.9 * (len(times) - 1))]
            rows.append((game_id, level, seats, statistics.median(times), p90, max(times), len(times)))
    context.close()
    return rows


IN_PAGE = (ROOT / "bench" / "in_page.py").read_text()
# exec bench/in_page.py in the page's own interpreter (reached through the
# table object tests already use), then call one of its functions
RUN_IN_PAGE = """([src, name, args]) => {
    const py = speeltafelApp.start.__func__.__globals__.get('__builtins__');
    const get = (k) => (typeof py.get === 'function' ? py.get(k) : py[k]);
    const ns = get('dict')();
    get('exec')(src, ns);
    return ns.get(name)(...args);
}"""


def run_in_page(page, name, *args):
    return page.evaluate(RUN_IN_PAGE, [IN_PAGE, name, list(args)])


def longest_stall(browser, url, game_id, seats, level, seconds):
    context = browser.new_context()
    page = context.new_page()
    page.add_init_script("""
        window.__longtasks = [];
        new PerformanceObserver(list => { for (const e of list.getEntries()) window.__longtasks.push(e.duration); })
            .observe({type: 'longtask', buffered: true});
    """)
    page.goto(url)
    page.wait_for_selector("body[data-ready=lobby]", state="attached", timeout=120_000)
    model = {"game": game_id, "seats": seats, "options": {},
             "players": [{"name": f"Bot {i + 1}", "kind": "bot", "level": level} for i in range(seats)]}
    page.evaluate("m => localStorage.setItem('speeltafel:prefs', JSON.stringify({lobby: m, bot_delay_ms: 0}))", model)
    page.reload()
    page.wait_for_selector("body[data-ready=lobby]", state="attached", timeout=120_000)
    page.click("#start")
    page.wait_for_selector("body[data-ready=table]", state="attached", timeout=60_000)
    page.evaluate("window.__longtasks = []")  # from the table's first drawing on: bots at play
    page.wait_for_timeout(seconds * 1000)
    stalls = page.evaluate("window.__longtasks")
    moves = page.evaluate("speeltafelApp.session.state.actions.length")
    context.close()
    return max(stalls or [0]), len(stalls), moves


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--runs", type=int, default=5)
    parser.add_argument("--decisions", type=int, default=300)
    parser.add_argument("--stall-seconds", type=int, default=20)
    parser.add_argument("--parts", default="start,size,bots,stalls",
                        help="which measurements to run, comma-separated")
    args = parser.parse_args()
    parts = set(args.parts.split(","))
    from playwright.sync_api import sync_playwright

    dist = Path(os.environ.get("SPEELTAFEL_DIST") or ROOT / "dist").resolve()
    table_server, table_url = serve(dist, 0, "/speeltafel/")
    bare_server, bare_url = serve(bare_site(dist), 0, "/bare/")
    with sync_playwright() as p:
        browser = p.chromium.launch(executable_path="/usr/bin/chromium", args=ARGS)
        out = {}
        med = statistics.median
        if "start" in parts:
            bare_cold, bare_warm, table_cold, table_warm = [], [], [], []
            for _ in range(args.runs):  # interleaved, so both see the same machine
                c, w = start_times(browser, bare_url, "bare", 1)
                bare_cold += c
                bare_warm += w
                c, w = start_times(browser, table_url, "lobby", 1)
                table_cold += c
                table_warm += w
            out["start"] = {"bare_cold": med(bare_cold), "bare_warm": med(bare_warm),
                            "table_cold": med(table_cold), "table_warm": med(table_warm),
                            "cold_ratio": round(med(table_cold) / med(bare_cold), 2),
                            "warm_ratio": round(med(table_warm) / med(bare_warm), 2),
                            "runs": args.runs}
            print(json.dumps(out["start"]), flush=True)
        if "size" in parts:
            raw, packed = first_visit_bytes(browser, table_url)
            out["first_visit"] = {"bytes": raw, "gzip_bytes": packed}
            print(json.dumps(out["first_visit"]), flush=True)
        if "bots" in parts:
            for row in bot_times(browser, table_url, args.decisions):
                print(json.dumps({"game": row[0], "level": row[1], "seats": row[2], "median_ms": round(row[3], 1),
                                  "p90_ms": round(row[4], 1), "max_ms": round(row[5], 1), "decisions": row[6]}),
                      flush=True)
        if "stalls" in parts:
            import engine
            from engine import bots as bot_levels

            for game_id in sorted(engine.GAMES):
                seats = 2 if engine.GAMES[game_id].min_seats <= 2 else 6
                for level in bot_levels.LEVELS[game_id][1:]:
                    stall, count, moves = longest_stall(browser, table_url, game_id, seats, level,
                                                        args.stall_seconds)
                    print(json.dumps({"game": game_id, "level": level, "seats": seats,
                                      "longest_stall_ms": stall, "long_tasks": count,
                                      "moves_in_window": moves, "seconds": args.stall_seconds}), flush=True)
        browser.close()
    table_server.shutdown()
    bare_server.shutdown()


if __name__ == "__main__":
    main()
