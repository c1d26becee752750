"""Browser measurements for BENCHMARKS.md (issues 6 and 16), in headless Chromium.

    make dist && .venv/bin/python bench/browser.py [--runs 5] [--decisions 300]
        [--parts start,size,lighthouse,bots,stalls] [--lighthouse-runs 3]
    PYTHONPATH=. .venv/bin/python bench/browser.py --parts draw [--draws 30]
    PYTHONPATH=. .venv/bin/python bench/browser.py --parts waits [--rounds 20] [--paces instant,fast,normal,slow]
    .venv/bin/python bench/browser.py --parts tasks [--runs 5] [--before /tmp/before-26s] [--lighthouse-runs 0]
    PYTHONPATH=. .venv/bin/python bench/browser.py --parts memory [--memory-games carcassonne:5,kutschfahrt:10]

1. Start-up, cold (new profile) and warm (files from the service worker), beside
   a bare PyScript page on the same runtime as Pyodide ships it (its whole stdlib)
   that prints one line, cached by a service worker the same way: navigation →
   the prerendered lobby on screen (usable, #prelobby) and → Python's lobby
   (body[data-ready=lobby]); the bare page: → its line (body[data-ready=bare]).
2. Download size of the first visit until Python's lobby (bytes as sent, and
   gzip-compressed).
3. Lighthouse (bench/package.json pins it; installed here on first use, never
   by `make test`), mobile and desktop, the table and the bare page: first and
   largest contentful paint, time to interactive, total blocking time.
4. Bot decisions in the browser: median, 90th percentile and slowest per game
   and level, over whole games the level plays against itself.
5. The longest main-thread stall (long tasks) while bots play on the real table.
6. (draw) Drawing the table of a game with 1,000 log entries (App.render_table
   and the browser's style and layout), per game, in both orientations.
7. (waits) The human's wait per round at each bot pace: from the human's move
   until the table is drawn with the human able to act again, 1 human + bots
   of the default level (4-player Carcassonne, 4-player Thurn und Taxis,
   6-player Kutschfahrt).
8. (tasks) The main thread's long tasks while the page starts, from a trace
   (CPU time x4) and from Lighthouse: bench/start_tasks.py.
9. (memory) Renderer memory after long games, three in a row, against the
   bare page: bench/memory.py.
"""

from __future__ import annotations

import argparse
import gzip
import json
import math
import os
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "scripts"))
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "bench"))

from chromium import ARGS, CHROMIUM  # noqa: E402
from serve import serve  # noqa: E402


def bare_site(dist: Path) -> Path:
    """A bare PyScript page on the same runtime as Pyodide ships it (its whole
    stdlib as sources, its full lock file), with its own service worker."""
    site = Path(tempfile.mkdtemp()) / "bare"
    site.mkdir()
    shutil.copytree(dist / "runtime", site / "runtime")
    for name in ("python_stdlib.zip", "pyodide-lock.json", "pyodide.mjs"):  # (dist/ patches pyodide.mjs)
        shutil.copy(ROOT / "node_modules" / "pyodide" / name, site / "runtime" / "pyodide" / name)
    shutil.copy(ROOT / "bench/bare/index.html", site / "index.html")
    (site / "pyscript.json").write_text(json.dumps({"interpreter": "./runtime/pyodide/pyodide.mjs"}))
    files = ["./"] + sorted("./" + p.relative_to(site).as_posix() for p in site.rglob("*") if p.is_file())
    sw = (ROOT / "web/sw.js").read_text().replace("__VERSION__", "bare").replace("__FILES__", json.dumps(files))
    (site / "sw.js").write_text(sw)
    return site


def visit(page, url, ready, shown):
    """ms from navigation until `shown` is on screen and until body[data-ready=<ready>]."""
    t0 = time.perf_counter()
    page.goto(url, wait_until="commit")
    page.wait_for_selector(shown, timeout=120_000)
    on_screen = (time.perf_counter() - t0) * 1000
    page.wait_for_selector(f"body[data-ready={ready}]", state="attached", timeout=120_000)
    return on_screen, (time.perf_counter() - t0) * 1000


def start_times(browser, url, ready, shown):
    """One cold start (fresh profile) and one warm (second visit, files from the
    service worker): {"cold"|"warm": (on screen ms, ready ms)}."""
    context = browser.new_context()
    page = context.new_page()
    cold = visit(page, url, ready, shown)
    page.wait_for_function("navigator.serviceWorker.controller !== null", timeout=120_000)
    page.wait_for_timeout(500)
    warm = visit(page, url, ready, shown)
    context.close()
    return {"cold": cold, "warm": warm}


def first_visit_bytes(browser, url, dist):
    """Bytes of the first visit until Python's lobby, as sent and gzip-compressed;
    and what the service worker then fetches besides (the files of the site the
    page did not ask for), read from dist/."""
    context = browser.new_context()
    page = context.new_page()
    sizes = []
    page.on("response", lambda r: sizes.append(r))
    page.goto(url)
    page.wait_for_selector("body[data-ready=lobby]", state="attached", timeout=120_000)
    raw = packed = 0
    fetched = set()
    for response in sizes:
        try:
            body = response.body()
        except Exception:
            continue
        fetched.add(response.url[len(url):])
        raw += len(body)
        packed += len(gzip.compress(body, 6))
    context.close()
    sw = (dist / "sw.js").read_text()
    files = json.loads(sw[sw.index("const FILES = ") + len("const FILES = "):].split(";\n", 1)[0])
    later = [dist / f[2:] for f in files if f != "./" and f[2:] not in fetched]
    later_raw = sum(p.stat().st_size for p in later)
    later_packed = sum(len(gzip.compress(p.read_bytes(), 6)) for p in later)
    return {"bytes": raw, "gzip_bytes": packed, "sw_later_bytes": later_raw, "sw_later_gzip_bytes": later_packed,
            "sw_later_files": len(later)}


LIGHTHOUSE = ROOT / "bench" / "node_modules" / "lighthouse" / "cli" / "index.js"
LH_AUDITS = {"fcp_ms": "first-contentful-paint", "lcp_ms": "largest-contentful-paint",
             "tti_ms": "interactive", "tbt_ms": "total-blocking-time", "cls": "cumulative-layout-shift",
             "bytes": "total-byte-weight"}


def ensure_lighthouse():
    if not LIGHTHOUSE.exists():  # the bench's own tools, pinned in bench/package.json
        subprocess.run(["npm", "ci", "--no-audit", "--no-fund"], cwd=ROOT / "bench", check=True)


def lighthouse(url, preset, runs):
    """Median Lighthouse figures over `runs` runs with Debian's chromium (no
    download): the mobile profile (Lighthouse's default: simulated slow 4G,
    4x slower CPU) or the desktop one."""
    ensure_lighthouse()
    results = []
    for _ in range(runs):
        with tempfile.TemporaryDirectory() as tmp:
            out = Path(tmp) / "report.json"
            args = ["node", str(LIGHTHOUSE), url, f"--chrome-path={CHROMIUM}",
                    "--chrome-flags=--headless=new --no-sandbox --disable-gpu", "--only-categories=performance",
                    "--output=json", f"--output-path={out}", "--quiet"]
            args.append("--only-audits=" + ",".join(LH_AUDITS.values()))  # no body fetching audits
            if preset == "desktop":
                args.append("--preset=desktop")
            for attempt in range(3):  # DevTools can time out on a busy machine
                if subprocess.run(args).returncode == 0:
                    break
            else:
                raise RuntimeError(f"lighthouse failed three times on {url}")
            report = json.loads(out.read_text())
        results.append({key: report["audits"][audit]["numericValue"] for key, audit in LH_AUDITS.items()})
    row = {key: round(statistics.median(r[key] for r in results), 3 if key == "cls" else 0) for key in LH_AUDITS}
    return {**row, "lighthouse": report["lighthouseVersion"], "runs": runs}


def lobby_page(browser, url, slowdown=1):
    """A page of the site at its lobby, in a context of its own; `slowdown`
    > 1 has Chromium throttle its CPU that many times once it is there."""
    context = browser.new_context()
    page = context.new_page()
    page.goto(url)
    page.wait_for_selector("body[data-ready=lobby]", state="attached", timeout=120_000)
    if slowdown > 1:
        context.new_cdp_session(page).send("Emulation.setCPUThrottlingRate", {"rate": slowdown})
    return page


def bot_times(browser, url, decisions, levels=None, games=None, slowdown=1):
    """Decision times of each bot level in the page; `slowdown` > 1 has
    Chromium throttle the page's CPU that many times (a slower tablet)."""
    import engine
    from engine import bots

    page = lobby_page(browser, url, slowdown)
    rows = []
    for game_id in sorted(games or engine.GAMES):
        seats = 2 if engine.GAMES[game_id].min_seats <= 2 else 6
        for level in bots.LEVELS[game_id]:
            if levels and level not in levels:
                continue
            times = json.loads(run_in_page(page, "bot_decisions", game_id, level, seats, decisions))
            p90 = sorted(times)[int(0.9 * (len(times) - 1))]
            hurried = sum(t >= bots.HURRY_AT * 1000 for t in times)  # reached the table's deadline
            rows.append((game_id, level, seats, statistics.median(times), p90, max(times), len(times), hurried))
    page.context.close()
    return rows


IN_PAGE = (ROOT / "bench" / "in_page.py").read_text()
# exec bench/in_page.py in the page's own interpreter (reached through the
# table object tests already use), then call one of its functions
RUN_IN_PAGE = """async ([src, name, args]) => {
    const py = speeltafelApp.start.__func__.__globals__.get('__builtins__');
    const get = (k) => (typeof py.get === 'function' ? py.get(k) : py[k]);
    const ns = get('dict')();
    get('exec')(src, ns);
    return await ns.get(name)(...args);  // a coroutine (e.g. waits) is awaited as a promise
}"""


def run_in_page(page, name, *args):
    return page.evaluate(RUN_IN_PAGE, [IN_PAGE, name, list(args)])


def longest_stall(browser, url, game_id, seats, level, seconds, slowdown=1):
    """Long tasks while bots play on the table (`slowdown` as in bot_times)."""
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
    if slowdown > 1:
        context.new_cdp_session(page).send("Emulation.setCPUThrottlingRate", {"rate": slowdown})
    page.click("#start")
    page.wait_for_selector("body[data-ready=table]", state="attached", timeout=60_000)
    page.evaluate("window.__longtasks = []")  # from the table's first drawing on: bots at play
    page.wait_for_timeout(seconds * 1000)
    stalls = page.evaluate("window.__longtasks")
    moves = page.evaluate("speeltafelApp.session.state.actions.length")
    context.close()
    return max(stalls or [0]), len(stalls), moves


def open_save(page, url, save: str):
    """Open the table of `save` as a reload resumes it; its bots wait a
    minute a move (an own delay, see web/ui/pace.py), so the position stays."""
    page.goto(url + "manifest.webmanifest")
    items = {"speeltafel:save:g1": save, "speeltafel:current": "g1",
             "speeltafel:prefs": json.dumps({"lang": "en", "bot_delay_ms": 60_000})}
    page.evaluate("items => { localStorage.clear(); for (const [k, v] of Object.entries(items)) "
                  "localStorage.setItem(k, v); }", items)
    page.goto(url)
    page.wait_for_selector("body[data-ready=table]", state="attached", timeout=120_000)


def long_game(game_id: str, seats: int, entries: int, seeds: int = 3):
    """A save of a real game of the middle bot level at the first moment a
    seat alone must act with `entries` log entries in its view; for a game
    whose logs never grow that long, the last such moment of the longest of
    `seeds` games.  (save, log entries of the human's view)."""
    import engine
    from engine.play import bot_chooser, play

    level = engine.bots.LEVELS[game_id][1]
    best = None
    for seed in range(1, seeds + 1):
        state = engine.new_game(game_id, seats, {}, seed)
        for state in play(state, bot_chooser([level] * seats, seed=seed)):
            if state.is_over() or len(state.to_act()) != 1:
                continue
            seat = state.to_act()[0]
            n = len(state.view(seat)["log"])
            if best is None or n >= best[2]:
                best = (state.to_json(), seat, n)
            if n >= entries:
                break
        if best[2] >= entries:
            break
    text, seat, n = best
    players = [{"name": f"P{i + 1}", "kind": "human" if i == seat else "bot",
                "level": None if i == seat else level} for i in range(seats)]
    meta = {"players": players, "names": [p["name"] for p in players], "created": 1, "updated": 2,
            "over": False, "viewer": seat, "notes": {}}
    return engine.load(text).to_json(meta=meta), n


DRAW_GAMES = (("carcassonne", 5), ("thurn_taxis", 4), ("kutschfahrt", 10))


DRAW = "() => { console.timeStamp('speeltafel-draw'); speeltafelApp.render_table(); document.body.offsetHeight; }"


def main_thread_ms(browser, page, draws):
    """CPU time of the page's main thread for a first drawing of the table
    (no log entry worded yet) and `draws` more (App.render_table with style
    and layout), read from a Chromium trace (the thread time of the task
    that drew): what the drawing costs whatever else the machine runs."""
    run_in_page(page, "forget_words")  # the first drawing words the entries it shows
    browser.start_tracing(page=page, categories=["toplevel", "devtools.timeline", "disabled-by-default-devtools.timeline"])
    for _ in range(draws + 1):
        page.evaluate(DRAW)
    trace = json.loads(browser.stop_tracing())
    events = trace["traceEvents"] if isinstance(trace, dict) else trace
    stamps = [e for e in events if e.get("name") == "TimeStamp" and "speeltafel-draw" in json.dumps(e.get("args"))]
    where = {(e["pid"], e["tid"]) for e in stamps}
    tasks = [e for e in events if e.get("name") == "RunTask" and e.get("ph") == "X" and (e["pid"], e["tid"]) in where]
    out = []
    for stamp in stamps:
        task = max((t for t in tasks if t["ts"] <= stamp["ts"] <= t["ts"] + t["dur"]), key=lambda t: t["dur"])
        out.append(task["tdur"] / 1000)
    return out


def draw_times(browser, url, draws, entries=1000):
    """Drawing the table of a game with `entries` log entries, in both
    orientations: wall-clock ms of the first drawing (no entry worded yet)
    and of `draws` more, the main thread's CPU ms of `draws` drawings, and
    where the wall-clock time goes."""
    rows = []
    for game_id, seats in DRAW_GAMES:
        save, n = long_game(game_id, seats, entries)
        for size in ({"width": 1280, "height": 800}, {"width": 800, "height": 1280}):
            context = browser.new_context(viewport=size)
            page = context.new_page()
            open_save(page, url, save)
            drawn = run_in_page(page, "pad_log", entries if n < entries else 0)
            got = json.loads(run_in_page(page, "draw_times", draws))
            cpu_first, *cpu = main_thread_ms(browser, page, draws)
            ms = got["ms"]
            rows.append({"game": game_id, "seats": seats, "viewport": f'{size["width"]}x{size["height"]}',
                         "entries": drawn, "real_entries": n,
                         "cpu_first_ms": round(cpu_first, 1), "cpu_median_ms": round(statistics.median(cpu), 1),
                         "cpu_max_ms": round(max(cpu), 1),
                         "first_ms": round(got["first_ms"], 1), "median_ms": round(statistics.median(ms), 1),
                         "max_ms": round(max(ms), 1), "draws": len(ms),
                         **{f"{part}_median_ms": round(statistics.median(t), 1) for part, t in got["parts"].items()}})
            context.close()
    return rows


WAIT_GAMES = (("carcassonne", 4), ("thurn_taxis", 4), ("kutschfahrt", 6))


def wait_times(browser, url, rounds, paces):
    """The human's wait per round at each pace: one human (the first seat) and bots
    of the default level, started from the lobby; new games (seeds 1, 2, ...)
    until `rounds` waits are timed."""
    from engine import bots

    rows = []
    for game_id, seats in WAIT_GAMES:
        level = bots.default_level(game_id)
        for pace in paces:
            context = browser.new_context(viewport={"width": 1280, "height": 800})
            page = context.new_page()
            waits, seed = [], 0
            while len(waits) < rounds:
                seed += 1
                model = {"game": game_id, "seats": seats, "options": {}, "seed": seed,
                         "players": [{"name": "You", "kind": "human", "level": None}]
                         + [{"name": f"Bot {i}", "kind": "bot", "level": level} for i in range(1, seats)]}
                page.goto(url + "manifest.webmanifest")
                page.evaluate("p => { localStorage.clear(); localStorage.setItem('speeltafel:prefs', JSON.stringify(p)); }",
                              {"lobby": model, "bot_pace": pace, "lang": "en"})
                page.goto(url)
                page.wait_for_selector("body[data-ready=lobby]", state="attached", timeout=120_000)
                page.click("#start")
                page.wait_for_selector("body[data-ready=table]", state="attached", timeout=60_000)
                got = json.loads(run_in_page(page, "waits", rounds - len(waits)))
                waits += got["ms"]
                if got.get("stuck"):
                    print(json.dumps({"game": game_id, "pace": pace, "seed": seed, "stuck": got["stuck"]}), flush=True)
            context.close()
            p90 = sorted(waits)[math.ceil(0.9 * len(waits)) - 1]  # nearest rank
            rows.append({"game": game_id, "seats": seats, "level": level, "pace": pace, "rounds": len(waits),
                         "median_ms": round(statistics.median(waits)), "p90_ms": round(p90), "max_ms": round(max(waits)),
                         "games": seed})
    return rows


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--runs", type=int, default=5)
    parser.add_argument("--decisions", type=int, default=300)
    parser.add_argument("--stall-seconds", type=int, default=20)
    parser.add_argument("--lighthouse-runs", type=int, default=3)
    parser.add_argument("--parts", default="start,size,lighthouse,bots,stalls",
                        help="which measurements to run, comma-separated (also: draw, waits)")
    parser.add_argument("--draws", type=int, default=30, help="draw: drawings timed per table")
    parser.add_argument("--rounds", type=int, default=20, help="waits: waits timed per game and pace")
    parser.add_argument("--paces", default="instant,fast,normal,slow", help="waits: the bots' paces")
    parser.add_argument("--before", default="", help="tasks, memory: an older build's dist/ to measure beside")
    parser.add_argument("--memory-games", default="carcassonne:5,kutschfahrt:10", help="memory: game:seats,...")
    parser.add_argument("--memory-rounds", type=int, default=3, help="memory: games in a row in one page")
    parser.add_argument("--levels", default="", help="bot levels to time/stall-test (default all)")
    parser.add_argument("--games", default="", help="games for the bot parts (default all)")
    parser.add_argument("--cpu-slowdown", type=float, default=1,
                        help="bots: Chromium slows the page's CPU this many times (a slower device)")
    args = parser.parse_args()
    parts = set(args.parts.split(","))
    levels = set(filter(None, args.levels.split(",")))
    games = list(filter(None, args.games.split(",")))
    from playwright.sync_api import sync_playwright

    dist = Path(os.environ.get("SPEELTAFEL_DIST") or ROOT / "dist").resolve()
    table_server, table_url = serve(dist, 0, "/speeltafel/")
    bare_server, bare_url = serve(bare_site(dist), 0, "/bare/")
    with sync_playwright() as p:
        browser = p.chromium.launch(executable_path=CHROMIUM, args=ARGS)
        out = {}
        med = statistics.median
        if "start" in parts:
            runs = {"bare": [], "table": []}
            for _ in range(args.runs):  # interleaved, so both see the same machine
                runs["bare"].append(start_times(browser, bare_url, "bare", "body[data-ready=bare]"))
                runs["table"].append(start_times(browser, table_url, "lobby", "#prelobby, #app .lobby"))
            row = {"runs": args.runs}
            for visit_kind in ("cold", "warm"):
                bare = med(r[visit_kind][1] for r in runs["bare"])
                shown = med(r[visit_kind][0] for r in runs["table"])
                ready = med(r[visit_kind][1] for r in runs["table"])
                row[visit_kind] = {"bare_ms": round(bare), "lobby_on_screen_ms": round(shown),
                                   "python_lobby_ms": round(ready), "on_screen_ratio": round(shown / bare, 2),
                                   "python_lobby_ratio": round(ready / bare, 2)}
            out["start"] = row
            print(json.dumps(row), flush=True)
        if "size" in parts:
            out["first_visit"] = first_visit_bytes(browser, table_url, dist)
            print(json.dumps(out["first_visit"]), flush=True)
        if "lighthouse" in parts:
            for preset in ("mobile", "desktop"):
                for name, url in (("bare", bare_url), ("table", table_url)):
                    row = {"page": name, "preset": preset, **lighthouse(url, preset, args.lighthouse_runs)}
                    print(json.dumps(row), flush=True)
        if "bots" in parts:
            for row in bot_times(browser, table_url, args.decisions, levels, games, args.cpu_slowdown):
                print(json.dumps({"game": row[0], "level": row[1], "seats": row[2], "median_ms": round(row[3], 1),
                                  "p90_ms": round(row[4], 1), "max_ms": round(row[5], 1), "decisions": row[6],
                                  "hurried": row[7], "cpu_slowdown": args.cpu_slowdown}),
                      flush=True)
        if "stalls" in parts:
            import engine
            from engine import bots as bot_levels

            for game_id in sorted(games or engine.GAMES):
                seats = 2 if engine.GAMES[game_id].min_seats <= 2 else 6
                for level in bot_levels.LEVELS[game_id][1:]:
                    if levels and level not in levels:
                        continue
                    stall, count, moves = longest_stall(browser, table_url, game_id, seats, level,
                                                        args.stall_seconds, args.cpu_slowdown)
                    print(json.dumps({"game": game_id, "level": level, "seats": seats,
                                      "longest_stall_ms": stall, "long_tasks": count,
                                      "moves_in_window": moves, "seconds": args.stall_seconds,
                                      "cpu_slowdown": args.cpu_slowdown}), flush=True)
        if "draw" in parts:
            for row in draw_times(browser, table_url, args.draws):
                print(json.dumps(row), flush=True)
        if "waits" in parts:
            for row in wait_times(browser, table_url, args.rounds, args.paces.split(",")):
                print(json.dumps(row), flush=True)
        urls = {"table": table_url}  # tasks and memory: this build, and an older one beside
        if args.before:
            before_server, urls["before"] = serve(Path(args.before), 0, "/speeltafel/")
        if "tasks" in parts:
            import start_tasks

            for row in start_tasks.trace_rows(browser, urls, args.runs):
                print(json.dumps(row), flush=True)
            if args.lighthouse_runs:
                ensure_lighthouse()
            for name, url in urls.items() if args.lighthouse_runs else ():
                print(json.dumps({"build": name, **(start_tasks.lighthouse_tasks(LIGHTHOUSE, CHROMIUM, url) or {})}),
                      flush=True)
        if "memory" in parts:
            import memory

            for name, url in urls.items():
                for row in memory.memory_rows(p, url, bare_url, memory.parse_games(args.memory_games),
                                              args.memory_rounds):
                    print(json.dumps({"build": name, **row}), flush=True)
        browser.close()
    table_server.shutdown()
    bare_server.shutdown()


if __name__ == "__main__":
    main()
