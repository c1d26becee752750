"""The longest step a bot takes between two yields (issue 26 item 2).

    PYTHONPATH=. nice -n 10 .venv/bin/python bench/bot_steps.py [--games kutschfahrt,...]
        [--levels basic,...] [--positions 12] [--logs new,long] [--seeds 3] [--out FILE.jsonl]
    PYTHONPATH=. nice -n 10 .venv/bin/python bench/bot_steps.py --page [--cpu-slowdown 4] ...

The page runs a bot's thinking (a generator, engine.bots.think) in slices of
25 ms (web/ui/bot_loop.py): a slice ends before a step that the longest step
so far says would overrun, but one step is never cut.  A bot whose step is
long makes a long task however the page slices.  For every registered game
and every bot level this plays positions and times each step (the work
between two `next()` calls):

- "new": the first `--positions` decisions with a real choice of a new game
  at the game's largest table (every seat played by the middle level);
- "long": `--positions` decisions with a real choice from the moment a seat's
  view holds 1,000 log entries (bench/browser.py `long_game`: the middle
  level's game; a game whose logs never grow that long gives its longest of
  `--seeds` games' last decisions instead).

Each level decides on the same positions with the same seeds, without the
table's deadline (no `stop`), so a decision is the same work every time; the
clock is CPython's thread CPU time (time.thread_time), the page's wall clock.
Every decision runs `--repeats` times.  Per game, log and level a JSON line:
`longest_least_step_ms`, the longest step when each step counts its least
time over the repeats (the step's own work: a busy machine or a garbage
collection lands in one run only; the figure to judge a bot by); the
longest step of any run and the 90th percentile of the runs' longest steps;
the longest step less the garbage collections in it, how many full
collections (generation 2) came and the longest; the median decision time
(its fastest run) and steps per decision.

`--page`: the same measure in the built site's Python (Pyodide in headless
Chromium, `dist/` or $SPEELTAFEL_DIST), its CPU slowed `--cpu-slowdown`
times; each line then holds the CPython figure beside (`cpython_*`) and the
ratio of the median decision times: how many times slower the same work
is in the page.  Every row first decides its first position once untimed
(the page imports a bot's modules on its first decision, a cost of its own:
`first_decision_longest_step_ms`).
"""

from __future__ import annotations

import gc
import json
import sys
import time

# the page's Python runs this file's text (no __file__, a trimmed stdlib: no argparse)
if "__file__" in globals():
    from pathlib import Path

    ROOT = Path(__file__).resolve().parent.parent
    sys.path.insert(0, str(ROOT))

LONG_ENTRIES = 1000


# ----------------------------------------------------------------- positions
def positions(game_id: str, seats: int, count: int, log: str, seeds: int = 3) -> list:
    """`count` positions [(state JSON, seat)] with a real choice: from a new
    game ("new") or from 1,000 log entries on ("long"), in games of the
    middle bot level at every seat."""
    import engine
    from engine.play import bot_chooser, play

    level = engine.bots.LEVELS[game_id][min(1, len(engine.bots.LEVELS[game_id]) - 1)]
    longest = []
    for seed in range(1, seeds + 1):
        state = engine.new_game(game_id, seats, None, seed)
        got, late = [], []  # late: the last `count` positions of a game that never grew long
        for state in play(state, bot_chooser([level] * seats, seed=seed)):
            if state.is_over():
                break
            seat = state.to_act()[0]
            if len(state.legal_actions(seat)) < 2:
                continue
            if log == "new" or len(state.view(seat)["log"]) >= LONG_ENTRIES:
                got.append((state.to_json(), seat))
                if len(got) >= count:
                    return got
            else:
                late = (late + [(state.to_json(), seat)])[-count:]
        if log == "new":
            return got
        if len(late) + len(got) > len(longest):
            longest = (late + got)[-count:]
    return longest


# ---------------------------------------------------------------- the measure
def _clock():
    """CPU time of this thread where there is one (CPython: a core taken by
    another process on a shared machine does not count), else the wall clock
    (the page)."""
    try:
        time.thread_time()
        return time.thread_time
    except (AttributeError, OSError):
        return time.perf_counter


class _Collections:
    """Python's cyclic garbage collections while it is open: the time of each
    (on `clock`) and of the full ones (generation 2) apart.  A full
    collection walks every object the interpreter holds (in the page: the
    whole app), so it may land in any step."""

    def __init__(self, clock):
        self.clock, self.spent, self.full, self._start = clock, 0.0, [], None

    def __call__(self, phase, info):
        if phase == "start":
            self._start = self.clock()
            return
        ms = (self.clock() - self._start) * 1000
        self.spent += ms
        if info["generation"] == 2:
            self.full.append(ms)

    def __enter__(self):
        gc.callbacks.append(self)
        return self

    def __exit__(self, *_):
        gc.callbacks.remove(self)


def steps(game_id: str, view: dict, legal: list, level: str, seed: int, clock=None):
    """(the decision's steps in ms, the garbage collections' ms in each,
    the full collections' ms, its action): one bot decision run step by step
    as the page runs it."""
    from engine import bots

    clock = clock or _clock()
    thinker = bots.think(game_id, view, legal, level, seed, 1000)
    times, collecting = [], []
    with _Collections(clock) as gcs:
        while True:
            gcs.spent = 0.0
            t0 = clock()
            try:
                next(thinker)
                action = None
            except StopIteration as done:
                action = done
            times.append((clock() - t0) * 1000)
            collecting.append(gcs.spent)
            if action is not None:
                return times, collecting, gcs.full, action.value


def measure(game_id: str, level: str, saves: list, repeats: int = 1) -> dict:
    """Every position of `saves` [(state JSON, seat)] decided by `level`
    `repeats` times: the figures of the module docstring.  A decision is the
    same work every time (seeded, no deadline), so the least time of a step
    over the repeats is its own work, without what a busy machine or a
    garbage collection added to one run of it."""
    import engine

    first = engine.load(saves[0][0])  # a warm-up: the page imports the bot's modules on its first decision
    cold = max(steps(game_id, first.view(saves[0][1]), first.legal_actions(saves[0][1]), level, 1)[0])
    longest, least, own, totals, counts, full = [], [], [], [], [], []
    for i, (text, seat) in enumerate(saves):
        runs = []
        for _ in range(repeats):
            state = engine.load(text)
            times, collecting, fulls, _ = steps(game_id, state.view(seat), state.legal_actions(seat), level,
                                                7919 * i + 1)
            runs.append(times)
            longest.append(max(times))
            own.append(max(t - c for t, c in zip(times, collecting)))
            full += fulls
        assert len({len(r) for r in runs}) == 1, "a decision took other steps when repeated"
        least.append(max(min(step) for step in zip(*runs)))
        totals.append(min(sum(r) for r in runs))
        counts.append(len(runs[0]))
    log = max(len(engine.load(text).view(seat)["log"]) for text, seat in saves)
    return {"decisions": len(saves), "repeats": repeats, "log_entries": log,
            "longest_step_ms": round(max(longest), 2),
            "p90_longest_step_ms": round(sorted(longest)[int(0.9 * (len(longest) - 1))], 2),
            "longest_step_but_gc_ms": round(max(own), 2),
            "longest_least_step_ms": round(max(least), 2),
            "full_gcs": len(full), "longest_full_gc_ms": round(max(full, default=0), 2),
            "median_decision_ms": round(sorted(totals)[len(totals) // 2], 2),
            "median_steps": sorted(counts)[len(counts) // 2],
            "least_steps_ms": [round(x, 1) for x in least], "first_decision_longest_step_ms": round(cold, 1)}


def in_page_measure(game_id: str, level: str, saves_json: str, repeats: int) -> str:
    """`measure` in the page's own Python (bench/browser.py run_in_page)."""
    return json.dumps(measure(game_id, level, json.loads(saves_json), repeats))


# -------------------------------------------------------------------- the run
def run_page(rows, slowdown: float, repeats: int):
    """Measure `rows` [(game, log, level, saves, CPython figures)] again in
    the built site's Python, the page's CPU slowed `slowdown` times."""
    import os

    sys.path.insert(0, str(ROOT / "scripts"))
    sys.path.insert(0, str(ROOT / "bench"))
    from chromium import ARGS, CHROMIUM
    from playwright.sync_api import sync_playwright
    from serve import serve

    import browser as page_bench

    dist = Path(os.environ.get("SPEELTAFEL_DIST") or ROOT / "dist").resolve()
    _server, url = serve(dist, 0, "/speeltafel/")
    source = Path(__file__).read_text()
    with sync_playwright() as p:
        chromium = p.chromium.launch(executable_path=CHROMIUM, args=ARGS)
        page = page_bench.lobby_page(chromium, url, slowdown)
        for game_id, log, level, saves, here in rows:
            got = json.loads(page.evaluate(page_bench.RUN_IN_PAGE, [
                source.replace('if __name__ == "__main__":', "if False:"), "in_page_measure",
                [game_id, level, json.dumps(saves), repeats]]))
            ratio = got["median_decision_ms"] / here["median_decision_ms"] if here["median_decision_ms"] else None
            step_ratio = got["longest_least_step_ms"] / here["longest_least_step_ms"] \
                if here["longest_least_step_ms"] else None
            yield {"game": game_id, "log": log, "level": level, "cpu_slowdown": slowdown, **got,
                   **{"cpython_" + k: v for k, v in here.items() if k.endswith("_ms") and k != "least_steps_ms"},
                   "page_over_cpython": round(ratio, 1) if ratio else None,
                   "longest_step_page_over_cpython": round(step_ratio, 1) if step_ratio else None}
        page.context.close()
        chromium.close()


def main():
    import argparse

    import engine
    from engine import bots

    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--games", default="", help="games (default: every registered game)")
    parser.add_argument("--levels", default="", help="levels (default: every level but random)")
    parser.add_argument("--logs", default="new,long")
    parser.add_argument("--positions", type=int, default=12, help="decisions per game and log")
    parser.add_argument("--seeds", type=int, default=3, help="games tried for a long log")
    parser.add_argument("--seats", type=int, default=0, help="players (default: the game's most)")
    parser.add_argument("--repeats", type=int, default=3, help="runs of each decision (its steps' least time)")
    parser.add_argument("--page", action="store_true", help="measure in the page too (Pyodide, Chromium)")
    parser.add_argument("--cpu-slowdown", type=float, default=4, help="--page: Chromium's CPU slowdown")
    parser.add_argument("--out", default="", help="also append the JSON lines to this file")
    args = parser.parse_args()
    games = [g for g in args.games.split(",") if g] or sorted(engine.GAMES)
    wanted = {x for x in args.levels.split(",") if x}
    out = open(args.out, "a") if args.out else None
    rows = []
    for game_id in games:
        seats = args.seats or engine.GAMES[game_id].max_seats
        for log in args.logs.split(","):
            saves = positions(game_id, seats, args.positions, log, args.seeds)
            for level in bots.LEVELS[game_id][1:]:
                if wanted and level not in wanted:
                    continue
                here = measure(game_id, level, saves, args.repeats)
                rows.append((game_id, log, level, saves, here))
                line = {"game": game_id, "seats": seats, "log": log, "level": level, **here}
                if not args.page:
                    print(json.dumps(line), flush=True)
                    if out:
                        out.write(json.dumps(line) + "\n")
    if args.page:
        for line in run_page(rows, args.cpu_slowdown, args.repeats):
            print(json.dumps(line), flush=True)
            if out:
                out.write(json.dumps(line) + "\n")


if __name__ == "__main__":
    main()
