"""The frame budget of a move on a slow device (issue 26), in headless Chromium.

    make dist && PYTHONPATH=. .venv/bin/python bench/frames.py [--dist after=dist --dist before=/tmp/before]
        [--decisions 20] [--cpu-slowdown 4] [--games carcassonne,...] [--logs short,long]
        [--orientations landscape,portrait] [--parts]

One human and bots of the middle level at bot pace "instant" (Carcassonne and
Thurn und Taxis 1 + 2 bots, Kutschfahrt 1 + 5), the human's decisions made by
real taps (touch) on the controls on screen, chosen at random (seeded) among
those that act; Chromium slows the page's CPU `--cpu-slowdown` times once the
table is drawn.  "short": a new game; "long": a game at 1,000 log entries
(Kutschfahrt: a 10-player game of bots at 1,000 entries, bench/browser.py
`long_game`, the seat to act human; Carcassonne and Thurn und Taxis: a new
game whose log is made that long with copies of its first entries put
before it once (bench/in_page.py `pad_log_once`), the game going on after
them, and the table drawn once so before the count, as a save that long is
when it is opened).  Per run:

- long tasks (> 50 ms, `longtask`) and long animation frames (> 50 ms,
  `long-animation-frame`: script and the rendering after it), their count per
  move and the longest;
- tap to paint: the Event Timing duration of each tap's interaction (from the
  touch to the next paint after its handlers), the longest and the 90th pct;
  and tap to answer: from the touch until the frame after the first change of
  the page that the tap caused is drawn (two animation frames after it);
- elements inserted into the page per drawing (a MutationObserver on #app:
  every element added, with its descendants), median and most;
- with `--parts`: the morph of each frame part (web/morph.js
  `speeltafelMorphPart`, wall ms at the slowdown) of the game's screen
  (#screen): mean, most, and its elements on the page after it; and the
  parse of each drawing (`speeltafelParse`, the whole drawing's HTML parsed
  in the task that builds it): mean, most, and the HTML's KB;
- from a Chromium trace of the same play: the main thread's CPU time per task
  (thread time: Chromium's throttling counts in it, 4 x slower is 4 x the
  time, but waiting for a core taken by other processes on a shared machine
  does not): the longest, the five longest, how many pass 50 ms, and what the
  longest one's time went to (script, HTML parsing, style, layout, paint).

Several dists (`--dist label=path`) are measured one after another per game,
orientation and log length, so "before" and "after" see the same machine.
"""

from __future__ import annotations

import argparse
import json
import os
import random
import statistics
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "scripts"))
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "bench"))

from chromium import ARGS, CHROMIUM  # noqa: E402
from serve import serve  # noqa: E402

GAMES = (("carcassonne", 3), ("thurn_taxis", 3), ("kutschfahrt", 6))
SIZES = {"landscape": {"width": 1280, "height": 800}, "portrait": {"width": 800, "height": 1280}}

WATCH = """
(() => {
  const w = window.__frames = {long: [], loaf: [], events: [], inserted: [], taps: [], answers: [], muts: 0};
  new PerformanceObserver(l => { for (const e of l.getEntries()) w.long.push(e.duration); })
    .observe({type: 'longtask', buffered: false});
  new PerformanceObserver(l => { for (const e of l.getEntries()) w.loaf.push({d: e.duration,
      block: e.blockingDuration, render: e.renderStart ? e.startTime + e.duration - e.renderStart : 0,
      style: e.styleAndLayoutStart ? e.startTime + e.duration - e.styleAndLayoutStart : 0}); })
    .observe({type: 'long-animation-frame', buffered: false});
  // a tap's entry comes a while after its paint: one begun before the count began (the lobby's
  // "Start", before the CPU was slowed) is left out
  new PerformanceObserver(l => { for (const e of l.getEntries())
      if (e.interactionId && e.startTime >= (w.since || 0))
        w.events.push({id: e.interactionId, name: e.name, d: e.duration, delay: e.processingStart - e.startTime,
                       run: e.processingEnd - e.processingStart}); })
    .observe({type: 'event', durationThreshold: 16, buffered: false});
  let waiting = null;  // the touch whose answer is awaited
  addEventListener('pointerdown', e => { waiting = e.timeStamp; }, true);
  const count = n => n.nodeType === 1 ? 1 + n.getElementsByTagName('*').length : 0;
  const start = () => {
    const app = document.getElementById('app');
    new MutationObserver(records => {
      let n = 0;
      for (const r of records) for (const a of r.addedNodes) n += count(a);
      w.muts += 1;
      if (w.on) w.inserted.push(n);
      if (waiting !== null && w.on) {
        const t = waiting; waiting = null;
        requestAnimationFrame(() => requestAnimationFrame(() => w.answers.push(performance.now() - t)));
      }
    }).observe(app, {childList: true, subtree: true});
  };
  if (document.readyState === 'loading') addEventListener('DOMContentLoaded', start); else start();
})();
"""

# the controls a player may tap now that act (or lead to acting: a square, a spot, a card to pick)
CANDIDATES = """() => {
  const visible = el => {
    const b = el.getBoundingClientRect();
    if (b.width < 4 || b.height < 4) return null;
    const x = b.left + b.width / 2, y = b.top + b.height / 2;
    if (x < 0 || y < 0 || x > innerWidth || y > innerHeight) return null;
    const hit = document.elementFromPoint(x, y);
    return hit && (hit === el || el.contains(hit)) ? [x, y] : null;
  };
  if (document.querySelector('.modal')) return {over: true, acts: [], steps: []};
  const pick = sel => [...document.querySelectorAll(sel)].filter(e => !e.disabled).map(visible).filter(Boolean);
  return {over: false, acts: pick('#screen [data-cmd=act]'),
          steps: pick(['cell:', 'pick:', 'sel:'].map(a => `#screen [data-cmd=ui][data-arg^="${a}"]`).join(', '))};
}"""


TRACE = ["toplevel", "devtools.timeline", "disabled-by-default-devtools.timeline", "blink", "v8"]
GC = ("MajorGC", "V8.GCIncrementalMarkingStart")
PARTS = {"script": ("FunctionCall", "EvaluateScript", "TimerFire", "FireAnimationFrame", "EventDispatch",
                    "v8.callFunction", "RunMicrotasks"),
         "parse_html": ("ParseHTML", "ParseFragment"), "style": ("UpdateLayoutTree", "RecalculateStyles"),
         "layout": ("Layout",), "paint": ("Paint", "PrePaint", "Layerize", "UpdateLayer", "PaintImage")}


def main_thread(trace) -> list:
    """The events of a Chromium trace (its JSON, parsed) on the page's renderer main thread."""
    events = trace["traceEvents"] if isinstance(trace, dict) else trace
    main = {(e["pid"], e["tid"]) for e in events
            if e.get("ph") == "M" and e.get("name") == "thread_name" and e["args"].get("name") == "CrRendererMain"}
    return [e for e in events if (e.get("pid"), e.get("tid")) in main]


def task_cpu(trace):
    """The renderer main thread's tasks from a trace: CPU ms of each (the
    throttled CPU's time: the slowdown counts in thread time), the longest,
    how many pass 50 ms, and the longest one's CPU by kind of work."""
    mine = [e for e in main_thread(trace) if e.get("ph") == "X" and "tdur" in e]
    tasks, end = [], 0
    for e in sorted((e for e in mine if e["name"] in ("RunTask", "ThreadControllerImpl::RunTask")),
                    key=lambda e: e["ts"]):
        if e["ts"] >= end:  # top-level tasks only
            tasks.append(e)
            end = e["ts"] + e["dur"]
    if not tasks:
        return {}
    slow = [t["tdur"] / 1000 for t in tasks]
    # what each long task was: a drawing (an animation frame's callbacks), a tap, or other work (bots)
    kinds: dict = {}
    frames = sorted(e["ts"] for e in mine if e["name"] == "FireAnimationFrame")
    taps = sorted(e["ts"] for e in mine if e["name"] == "EventDispatch"
                  and (e.get("args", {}).get("data") or {}).get("type") in ("click", "pointerup", "touchend"))
    # V8's garbage collection (a major GC, the start of incremental marking): the engine's own work
    gcs = sorted(e["ts"] for e in mine if e["name"] in GC and e["tdur"] > 5_000)
    with_gc = 0  # tasks over 50 ms with a GC in them
    longest: dict = {}  # the longest task of each kind, however short
    for t in tasks:
        if t["tdur"] <= 10_000:
            continue
        within = lambda stamps: any(t["ts"] <= x < t["ts"] + t["dur"] for x in stamps)  # noqa: E731
        # a tap's task is the tap's, also where the browser ran an animation frame in it
        kind = "tap" if within(taps) else "draw" if within(frames) else "other"
        longest[kind] = max(longest.get(kind, 0), round(t["tdur"] / 1000))
        if t["tdur"] > 50_000:
            kinds.setdefault(kind, []).append(round(t["tdur"] / 1000))
            with_gc += within(gcs)
    top = max(tasks, key=lambda t: t["tdur"])
    inside = [e for e in mine if top["ts"] <= e["ts"] < top["ts"] + top["dur"] and e is not top
              and (e["pid"], e["tid"]) == (top["pid"], top["tid"])]
    parts = {}
    for part, names in PARTS.items():
        spans, end = [], 0
        for e in sorted((e for e in inside if e["name"] in names), key=lambda e: e["ts"]):
            if e["ts"] >= end:  # outermost only: a call inside a call counts once
                spans.append(e["tdur"])
                end = e["ts"] + e["dur"]
        parts[part] = round(sum(spans) / 1000)
    return {"cpu_longest_task_ms": round(max(slow)), "cpu_top5_ms": [round(t) for t in sorted(slow)[-5:][::-1]],
            "cpu_tasks_over_50ms": sum(t > 50 for t in slow), "cpu_over_50ms_with_gc": with_gc,
            "cpu_over_50ms_by_kind": {k: {"n": len(v), "max": max(v)} for k, v in sorted(kinds.items())},
            "cpu_longest_by_kind": dict(sorted(longest.items())),
            "cpu_tasks": len(slow), "cpu_longest_parts_ms": parts}


def open_game(page, url, game_id, seats, seed, long_save=None):
    """The table of a new game (or of `long_save`, a game at 1,000 entries)
    with the first seat human and bots at pace instant."""
    from engine import bots

    level = bots.LEVELS[game_id][1]
    prefs = {"lang": "en", "bot_pace": "instant"}
    page.goto(url + "manifest.webmanifest")
    if long_save:
        items = {"speeltafel:save:g1": long_save, "speeltafel:current": "g1", "speeltafel:prefs": json.dumps(prefs)}
        page.evaluate("items => { localStorage.clear(); for (const [k, v] of Object.entries(items)) "
                      "localStorage.setItem(k, v); }", items)
        page.goto(url)
    else:
        model = {"game": game_id, "seats": seats, "options": {}, "seed": seed,
                 "players": [{"name": "You", "kind": "human", "level": None}]
                 + [{"name": f"Bot {i}", "kind": "bot", "level": level} for i in range(1, seats)]}
        page.evaluate("p => { localStorage.clear(); localStorage.setItem('speeltafel:prefs', JSON.stringify(p)); }",
                      {**prefs, "lobby": model})
        page.goto(url)
        page.wait_for_selector("body[data-ready=lobby]", state="attached", timeout=120_000)
        page.click("#start")
    page.wait_for_selector("body[data-ready=table]", state="attached", timeout=120_000)


def long_save_of(game_id, seats):
    """A save at 1,000 log entries with the first human seat at the table
    and bots of the middle level (bench/browser.py long_game)."""
    from browser import long_game

    return long_game(game_id, seats, 1000)


def play(page, rng, decisions, deadline_s=240):
    """Make `decisions` decisions of the human by taps; (decisions made, taps, over)."""
    import time

    made = taps = 0
    t_end = time.time() + deadline_s
    while made < decisions and time.time() < t_end:
        try:
            page.wait_for_function(f"() => ({CANDIDATES})().over || ({CANDIDATES})().acts.length "
                                   f"|| ({CANDIDATES})().steps.length", timeout=60_000, polling=100)
        except Exception:  # noqa: BLE001 - a table that stopped moving ends the run
            break
        found = page.evaluate(CANDIDATES)
        if found["over"]:
            return made, taps, True
        if not found["acts"] and not found["steps"]:
            continue  # drawn again between the wait and the look (a part of a move in a frame of its own)
        # a step (a square, a spot) first when no action is offered yet; an action otherwise
        if found["acts"] and (not found["steps"] or rng.random() < 0.6):
            x, y = rng.choice(found["acts"])
            made += 1
        else:
            x, y = rng.choice(found["steps"])
        before = page.evaluate("window.__frames.muts")
        page.touchscreen.tap(x, y)
        taps += 1
        try:
            page.wait_for_function("n => window.__frames.muts > n", arg=before, timeout=30_000, polling=50)
        except Exception:  # noqa: BLE001 - a tap that changed nothing (the end of a drag, a disabled spot)
            pass
    return made, taps, False


# --parts: each drawing's parse timed, wrapped from here (the page has no hook); each part's
# morph is timed for every row by the wrapper of Idiomorph.morph in `measure` (window.__parts)
PARTS_WATCH = """() => {
  const parse = window.speeltafelParse;
  window.__parses = [];
  window.speeltafelParse = (html, root) => {
    const t = performance.now(), parsed = parse(html, root);
    window.__parses.push({d: performance.now() - t, kb: html.length / 1024});
    return parsed;
  };
}"""


def parts_row(page):
    """The screen part's morphs and the drawings' parses (--parts)."""
    parts = page.evaluate("window.__parts['screen'] || []")
    parses = page.evaluate("window.__parses")

    def stats(xs, key, digits=1):
        vals = [x[key] for x in xs]
        return (round(statistics.mean(vals), digits), round(max(vals), digits)) if vals else (None, None)

    morph, most = stats(parts, "ms")
    parse, parse_most = stats(parses, "d")
    return {"screen_morphs": len(parts), "screen_morph_mean_ms": morph, "screen_morph_max_ms": most,
            "screen_elements_mean": stats(parts, "n", 0)[0], "parses": len(parses), "parse_mean_ms": parse,
            "parse_max_ms": parse_most, "parse_kb_mean": stats(parses, "kb")[0]}


def measure(browser, url, game_id, seats, orientation, log, decisions, slowdown, seed, label="after",
            parts=False):
    context = browser.new_context(viewport=SIZES[orientation], has_touch=True)
    page = context.new_page()
    page.add_init_script(WATCH)
    # Kutschfahrt's logs grow 1,000 long (10 players); the others' never do, so a new game's
    # log is made that long by copies of its own entries (bench/in_page.py pad_log)
    long_save = long_save_of(game_id, 10)[0] if log == "long" and game_id == "kutschfahrt" else None
    open_game(page, url, game_id, seats, seed, long_save)
    if log == "long" and not long_save:
        from browser import run_in_page

        while not page.evaluate("speeltafelApp.session.shown_view().get('log').length"):
            play(page, random.Random(seed), 1)  # a first entry to copy (Thurn und Taxis starts with none)
        run_in_page(page, "pad_log_once", 1000)
        # drawn once that long before the count, as a game of 1,000 entries is when it is opened
        # (its first drawing words the entries in view and puts the whole log in: not a move's work)
        page.evaluate("speeltafelApp.render_table()")
        page.evaluate("new Promise(r => requestAnimationFrame(() => requestAnimationFrame(r)))")
    entries = page.evaluate("speeltafelApp.session.shown_view().get('log').length")
    moves0 = page.evaluate("speeltafelApp.session.state.actions.length")
    if slowdown > 1:
        context.new_cdp_session(page).send("Emulation.setCPUThrottlingRate", {"rate": slowdown})
    # the morph's own time per drawing (web/morph.js), wrapped from here: the page has no hook for it
    page.evaluate("""() => { const morph = window.speeltafelMorph; window.__morphs = [];
        if (morph) window.speeltafelMorph = (root, html) => { const t = performance.now(); const kept = morph(root, html);
                                                              window.__morphs.push(performance.now() - t); return kept; }; }""")
    # each data-frame part's morph (web/morph.js speeltafelMorphPart calls Idiomorph.morph with the
    # page's node of the part; speeltafelMorph with #app for the rest), by the node's id: wall ms at
    # the slowdown, and the nodes idiomorph compared (beforeNodeMorphed) and added (beforeNodeAdded)
    page.evaluate("""() => { const morph = Idiomorph.morph; window.__parts = {};
        Idiomorph.morph = function (old, content, config) {
            const seen = {walked: 0, added: 0}, cb = (config && config.callbacks) || {};
            const counted = Object.assign({}, config, {callbacks: Object.assign({}, cb, {
                beforeNodeMorphed: function () { seen.walked += 1; return cb.beforeNodeMorphed ? cb.beforeNodeMorphed.apply(this, arguments) : true; },
                beforeNodeAdded: function () { seen.added += 1; return cb.beforeNodeAdded ? cb.beforeNodeAdded.apply(this, arguments) : true; }})});
            const t = performance.now(); const kept = morph.call(this, old, content, counted);
            const id = (old && old.id) || '?', n = old && old.getElementsByTagName ? old.getElementsByTagName('*').length : 0;
            (window.__parts[id] = window.__parts[id] || []).push({ms: performance.now() - t, n, ...seen});
            return kept; }; }""")
    if parts:
        page.evaluate(PARTS_WATCH)
    page.evaluate("(() => { const w = window.__frames; w.long = []; w.loaf = []; w.events = []; w.on = true; "
                  "w.since = performance.now(); })()")
    rng = random.Random(seed)
    # FRAMES_TRACE_INVALIDATIONS=1: which nodes each style recalc / layout / paint was for (a heavier trace)
    extra = ["devtools.timeline.invalidationTracking", "disabled-by-default-devtools.timeline.invalidationTracking"]
    extra = extra if os.environ.get("FRAMES_TRACE_INVALIDATIONS") else []
    # FRAMES_TRACE_GC=1: V8's and Blink's garbage collections phase by phase
    extra += ["disabled-by-default-v8.gc", "disabled-by-default-blink_gc"] if os.environ.get("FRAMES_TRACE_GC") else []
    browser.start_tracing(page=page, categories=TRACE + extra)
    made, taps, over = play(page, rng, decisions)
    page.evaluate("new Promise(r => requestAnimationFrame(() => requestAnimationFrame(r)))")
    trace = browser.stop_tracing()
    if os.environ.get("FRAMES_TRACE_DIR"):  # the trace kept, to look into (chrome://tracing, Perfetto)
        Path(os.environ["FRAMES_TRACE_DIR"], f"{label}-{game_id}-{orientation}-{log}.json").write_bytes(trace)
    cpu = task_cpu(json.loads(trace))
    got = page.evaluate("(() => { const w = window.__frames; w.on = false; return w; })()")
    morphs = sorted(page.evaluate("window.__morphs"))
    part_row = parts_row(page) if parts else {}
    moves = page.evaluate("speeltafelApp.session.state.actions.length") - moves0
    log_morphs = page.evaluate("window.__parts['table-log'] || []")
    log_ms = sorted(m["ms"] for m in log_morphs)
    log_nodes = page.evaluate("(() => { const log = document.getElementById('table-log'); "
                              "return log ? 1 + log.getElementsByTagName('*').length : 0; })()")
    context.close()
    per_tap, tap_parts = {}, {}
    for e in got["events"]:
        if e["d"] >= per_tap.get(e["id"], 0):  # the interaction's longest event: its input delay, handlers, the rest
            per_tap[e["id"]] = e["d"]
            tap_parts[e["id"]] = (e["delay"], e["run"], e["d"] - e["delay"] - e["run"])
    tap_ms = sorted(per_tap.values()) or [0]
    worst = tap_parts[max(per_tap, key=per_tap.get)] if per_tap else (0, 0, 0)
    answers = sorted(got["answers"]) or [0]
    inserted = [n for n in got["inserted"] if n]
    loaf = got["loaf"]

    def p90(xs):
        return round(sorted(xs)[int(0.9 * (len(xs) - 1))]) if xs else 0

    return {"game": game_id, "seats": seats, "orientation": orientation, "log": log, "entries": entries,
            "decisions": made, "taps": taps, "moves": moves, "over": over, "cpu_slowdown": slowdown,
            "long_tasks": len(got["long"]), "long_tasks_per_move": round(len(got["long"]) / max(moves, 1), 2),
            "longest_task_ms": round(max(got["long"] or [0])),
            "loafs": len(loaf), "loafs_per_move": round(len(loaf) / max(moves, 1), 2),
            "longest_loaf_ms": round(max([f["d"] for f in loaf] or [0])),
            "loaf_p90_ms": p90([f["d"] for f in loaf]),
            "longest_loaf_render_ms": round(max([f["render"] for f in loaf] or [0])),
            "tap_paint_max_ms": round(max(tap_ms)), "tap_paint_p90_ms": p90(tap_ms),
            "taps_timed": len(per_tap),
            "tap_paint_worst_parts_ms": {"input_delay": round(worst[0]), "handlers": round(worst[1]),
                                         "to_paint": round(worst[2])},
            "tap_paint_handlers_max_ms": round(max([p[1] for p in tap_parts.values()] or [0])),
            "tap_paint_delay_p90_ms": p90([p[0] for p in tap_parts.values()]),
            "tap_answer_max_ms": round(max(answers)), "tap_answer_p90_ms": p90(answers),
            "inserted_median": round(statistics.median(inserted)) if inserted else 0,
            "inserted_max": max(inserted or [0]), "drawings": len(got["inserted"]),
            # a drawing may come in several frames (its parts): what a move inserted in all
            "inserted_per_move": round(sum(inserted) / max(moves, 1)),
            "morph_median_ms": round(statistics.median(morphs), 1) if morphs else None,
            "morph_max_ms": round(morphs[-1], 1) if morphs else None, **part_row,
            # the log's part (#table-log): its morph per drawing (wall ms at the slowdown), its elements at the end
            "log_morph_median_ms": round(statistics.median(log_ms), 1) if log_ms else None,
            "log_morph_max_ms": round(log_ms[-1], 1) if log_ms else None, "log_morphs": len(log_ms),
            "log_walked_median": statistics.median(m["walked"] for m in log_morphs) if log_morphs else None,
            "log_walked_max": max((m["walked"] for m in log_morphs), default=None),
            "log_added_per_move": round(sum(m["added"] for m in log_morphs) / max(moves, 1), 1),
            "log_elements": log_nodes, **cpu}


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--dist", action="append", default=[],
                        help="label=path of a built site (default: after=dist/); several are measured side by side")
    parser.add_argument("--decisions", type=int, default=20)
    parser.add_argument("--cpu-slowdown", type=float, default=4)
    parser.add_argument("--games", default="")
    parser.add_argument("--logs", default="short,long")
    parser.add_argument("--orientations", default="landscape,portrait")
    parser.add_argument("--seed", type=int, default=7)
    parser.add_argument("--parts", action="store_true", help="time the #screen part's morph and each parse too")
    args = parser.parse_args()
    dists = [d.split("=", 1) for d in args.dist] or [["after", str(ROOT / "dist")]]
    games = [g for g in GAMES if not args.games or g[0] in args.games.split(",")]
    from playwright.sync_api import sync_playwright

    servers = []
    urls = {}
    for label, path in dists:
        server, url = serve(Path(path).resolve(), 0, "/speeltafel/")
        servers.append(server)
        urls[label] = url
    with sync_playwright() as p:
        browser = p.chromium.launch(executable_path=CHROMIUM, args=ARGS)
        for game_id, seats in games:
            for log in args.logs.split(","):
                for orientation in args.orientations.split(","):
                    for label, url in urls.items():  # side by side: the same machine for both
                        row = measure(browser, url, game_id, seats, orientation, log, args.decisions,
                                      args.cpu_slowdown, args.seed, label, args.parts)
                        print(json.dumps({"dist": label, **row}), flush=True)
        browser.close()
    for server in servers:
        server.shutdown()


if __name__ == "__main__":
    main()
