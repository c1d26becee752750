"""What the save after a move costs in the page (issue 26), part by part.

    make dist && PYTHONPATH=. .venv/bin/python bench/save_cost.py [--dist before=/work/dist-f619e32 --dist after=dist]
        [--decisions 6] [--cpu-slowdown 4] [--orientation landscape]

The 1,009-entry Kutschfahrt game of bench/frames.py ("long": ten seats, the
seat to act human, bots at pace instant), played by the same seeded taps;
App.autosave and its parts (Session.to_json, the journal's write,
localStorage's put and read-back, update_saving, the current-game mark) are
wrapped from here (the page carries no hook) with console.timeStamp marks,
and each one's main-thread CPU time is read from a Chromium trace (thread
time: robust on a shared machine; 4x slowdown counts in it), with the
whole task each save ran in (the bot's move applied, or the tap's command).
"""

from __future__ import annotations

import argparse
import json
import random
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path[:0] = [str(ROOT / "scripts"), str(ROOT), str(ROOT / "bench")]

from chromium import ARGS, CHROMIUM  # noqa: E402
from frames import SIZES, TRACE, WATCH, long_save_of, main_thread, open_game, play  # noqa: E402
from serve import serve  # noqa: E402

# wrap the parts on the page's objects (instance attributes win over the class's methods)
WRAP = """
import js

def install():
    app = js.window.speeltafelApp
    def wrap(obj, name, label):
        inner = getattr(obj, name)
        def timed(*args, **kwargs):
            js.console.timeStamp(label + "<")
            try:
                return inner(*args, **kwargs)
            finally:
                js.console.timeStamp(label + ">")
        setattr(obj, name, timed)
    wrap(app, "autosave", "save")
    wrap(app.session, "to_json", "to_json")
    wrap(app.journal, "write", "journal")
    wrap(app.store, "put", "local_put")
    wrap(app.store, "get", "local_get")
    wrap(app.store, "set_current", "set_current")
    wrap(app, "update_saving", "update_saving")
    wrap(app.journal.backend, "put", "journal_backend_put")
"""
# and the browser's own calls under them (what is left of a part is Python, and strings crossing over)
WRAP_JS = """() => {
    const wrap = (obj, name, label) => { const inner = obj[name];
        obj[name] = function (...args) { console.timeStamp(label + '<');
            try { return inner.apply(this, args); } finally { console.timeStamp(label + '>'); } }; };
    wrap(window.speeltafelJournal, 'put', 'js_journal_put');
    wrap(Storage.prototype, 'setItem', 'js_setItem');
    wrap(Storage.prototype, 'getItem', 'js_getItem');
}"""
RUN = """([src]) => {
    const py = speeltafelApp.start.__func__.__globals__.get('__builtins__');
    const get = (k) => (typeof py.get === 'function' ? py.get(k) : py[k]);
    const ns = get('dict')();
    get('exec')(src, ns);
    return ns.get('install')();
}"""


def parts(trace) -> dict:
    """Per mark: the CPU ms between each `label<` and its `label>` on the main thread; and
    "save_task": the CPU ms of each whole task a save ran in."""
    mine = main_thread(trace)
    marks = sorted((e for e in mine if e.get("name") == "TimeStamp" and "tts" in e), key=lambda e: e["ts"])
    tasks = sorted((e for e in mine if e.get("ph") == "X" and "tdur" in e
                    and e["name"] in ("RunTask", "ThreadControllerImpl::RunTask")), key=lambda e: e["ts"])
    open_, got, series, tasks_series = {}, {}, [], []
    for e in marks:
        message = e["args"]["data"].get("message", "")
        label, edge = message[:-1], message[-1:]
        if edge == "<":
            open_[label] = e
        elif edge == ">" and label in open_:
            start = open_.pop(label)
            got.setdefault(label, []).append((e["tts"] - start["tts"]) / 1000)
            if label == "save":
                series.append(round((e["tts"] - start["tts"]) / 1000))
                within = [t for t in tasks if t["ts"] <= start["ts"] < t["ts"] + t["dur"]]
                if within:
                    got.setdefault("save_task", []).append(max(t["tdur"] for t in within) / 1000)
                    tasks_series.append(round(got["save_task"][-1]))
    return {**{label: {"n": len(v), "median": round(sorted(v)[len(v) // 2], 1), "max": round(max(v), 1)}
               for label, v in sorted(got.items())}, "saves_ms": series, "save_tasks_ms": tasks_series}


def measure(browser, url, save, orientation, decisions, slowdown, seed):
    context = browser.new_context(viewport=SIZES[orientation], has_touch=True)
    page = context.new_page()
    page.add_init_script(WATCH)
    open_game(page, url, "kutschfahrt", 6, seed, save)
    page.evaluate(RUN, [WRAP])
    page.evaluate(WRAP_JS)
    if slowdown > 1:
        context.new_cdp_session(page).send("Emulation.setCPUThrottlingRate", {"rate": slowdown})
    page.evaluate("(() => { const w = window.__frames; w.long = []; w.loaf = []; w.events = []; w.on = true; })()")
    browser.start_tracing(page=page, categories=TRACE)
    made, taps, over = play(page, random.Random(seed), decisions)
    page.evaluate("new Promise(r => requestAnimationFrame(() => requestAnimationFrame(r)))")
    trace = json.loads(browser.stop_tracing())
    events = page.evaluate("window.__frames.events")
    context.close()
    taps_ms = [e for e in events if e["name"] in ("pointerup", "click", "pointerdown")]
    return {"decisions": made, "taps": taps, "over": over, **parts(trace),
            "tap_input_delay_max_ms": round(max((e["delay"] for e in taps_ms), default=0))}


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--dist", action="append", default=[])
    parser.add_argument("--decisions", type=int, default=6)
    parser.add_argument("--cpu-slowdown", type=float, default=4)
    parser.add_argument("--orientation", default="landscape")
    parser.add_argument("--seed", type=int, default=7)
    args = parser.parse_args()
    dists = [d.split("=", 1) for d in args.dist] or [["after", str(ROOT / "dist")]]
    save = long_save_of("kutschfahrt", 10)[0]
    from playwright.sync_api import sync_playwright

    with sync_playwright() as p:
        browser = p.chromium.launch(executable_path=CHROMIUM, args=ARGS)
        for label, path in dists:
            server, url = serve(Path(path).resolve(), 0, "/speeltafel/")
            row = measure(browser, url, save, args.orientation, args.decisions, args.cpu_slowdown, args.seed)
            print(json.dumps({"dist": label, **row}), flush=True)
            server.shutdown()
        browser.close()


if __name__ == "__main__":
    main()
