"""The garbage collector's pauses of a page left alone, CPU slowed 4x (issue 26).

    make dist && PYTHONPATH=. .venv/bin/python bench/idle_gc.py [--seconds 40] [--rounds 2]

V8's memory reducer collects the whole heap when a page goes quiet, and
Pyodide's runtime is most of any PyScript page's heap (its wasm functions'
wrappers, its symbol tables).  So the pauses are measured with no move at all,
on three pages side by side, one after another per round: the bare PyScript
page (bench/bare: the same runtime, one printed line), Speeltafel's lobby, and
Speeltafel's table (Carcassonne, 1 human + 2 bots, drawn and waiting for the
human).  Each row: the main thread's CPU time (thread time from a Chromium
trace) of every major GC task and every start of incremental marking in
`--seconds` of quiet, the longest, and how many pass 50 ms.
"""

from __future__ import annotations

import argparse
import json
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path[:0] = [str(ROOT / "scripts"), str(ROOT), str(ROOT / "bench")]

from chromium import ARGS, CHROMIUM  # noqa: E402
from frames import WATCH, main_thread, open_game  # noqa: E402
from serve import serve  # noqa: E402

GC = ("MajorGC", "V8.GCIncrementalMarkingStart")


def pauses(trace: bytes) -> dict:
    """Thread time (ms) of the main thread's major GCs and marking starts."""
    out = {name: [] for name in GC}
    for e in main_thread(json.loads(trace)):
        if e.get("ph") == "X" and e["name"] in GC:
            out[e["name"]].append(round(e.get("tdur", e["dur"]) / 1000, 1))
    return out


def quiet(browser, page, seconds: float, slowdown: float) -> dict:
    """The page left alone for `seconds` at the slowdown, traced."""
    page.context.new_cdp_session(page).send("Emulation.setCPUThrottlingRate", {"rate": slowdown})
    browser.start_tracing(page=page, categories=["toplevel", "devtools.timeline", "v8"])
    began = time.monotonic()
    while time.monotonic() - began < seconds:
        page.wait_for_timeout(1000)  # nothing happens: that is what is measured
    got = pauses(browser.stop_tracing())
    every = got["MajorGC"] + got["V8.GCIncrementalMarkingStart"]
    return {"major_gc_ms": got["MajorGC"], "marking_start_ms": got["V8.GCIncrementalMarkingStart"],
            "longest_ms": max(every, default=0), "over_50ms": sum(1 for ms in every if ms > 50)}


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--dist", default=str(ROOT / "dist"))
    parser.add_argument("--seconds", type=float, default=40)
    parser.add_argument("--rounds", type=int, default=2)
    parser.add_argument("--cpu-slowdown", type=float, default=4)
    args = parser.parse_args()
    from browser import bare_site
    from playwright.sync_api import sync_playwright

    dist = Path(args.dist)
    _, bare_url = serve(bare_site(dist), 0, "/bare/")
    _, url = serve(dist)
    with sync_playwright() as p:
        browser = p.chromium.launch(executable_path=CHROMIUM, args=ARGS)
        for round_no in range(args.rounds):
            for page_name in ("bare", "lobby", "table"):
                context = browser.new_context(viewport={"width": 1280, "height": 800}, has_touch=True)
                page = context.new_page()
                if page_name == "table":
                    page.add_init_script(WATCH)
                    open_game(page, url, "carcassonne", 3, 7)
                else:
                    page.goto(bare_url if page_name == "bare" else url)
                    page.wait_for_selector(f"body[data-ready={page_name if page_name == 'bare' else 'lobby'}]",
                                           state="attached", timeout=180_000)
                row = {"page": page_name, "round": round_no, "seconds": args.seconds,
                       "cpu_slowdown": args.cpu_slowdown, **quiet(browser, page, args.seconds, args.cpu_slowdown)}
                print(json.dumps(row), flush=True)
                context.close()
        browser.close()


if __name__ == "__main__":
    main()
