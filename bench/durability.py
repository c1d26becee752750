"""Moves kept when the browser is killed, and what the journal's commit costs
(issue 23), for BENCHMARKS.md.

    make dist && .venv/bin/python bench/durability.py [--trials 20] [--baseline 9]
        [--writes 50] [--moves 12] [--cpu-slowdown 4] [--busy 12] [--parts latency,busy,kill]

1. The kill test (e2e/durable.py): Chromium on a profile kept on disk, a move
   tapped on Carcassonne's board, the browser's process killed (SIGKILL) 0.2,
   1 or 3 s after the move was drawn (in turn), started again: moves lost.
   `--baseline N` runs N trials more with the journal switched off (only
   localStorage, as before issue 23).
2. The journal's commit latency in the page: `--writes` strict writes of a
   whole five-player game's save, one after another, on an idle page (from the write's start to its
   answer); and, for `--moves` moves tapped on the table (optionally with the
   CPU slowed down, a slow tablet), from the write's start (before the table
   is drawn) to the answer reaching the page, from the table drawn (the
   page's last change) to that answer, and from the tap to the move drawn.
   The answer waits for the page's thread; the write does not:
3. (busy) `--busy` writes each followed by 3 s of a busy page thread, the
   browser killed 5 to 50 ms after the write's start: how many writes were
   on disk all the same.
"""

from __future__ import annotations

import argparse
import statistics
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "scripts"))
sys.path.insert(0, str(ROOT))

from serve import serve  # noqa: E402

from e2e.durable import Profile, kill_trials, start_game, tap_a_move  # noqa: E402
from tests.reliability_cases import save_text  # noqa: E402

DELAYS = (0.2, 1, 3)
TIMED = """() => {  // each journal write: from its start to its commit, and from the table drawn to it (ms)
  const put = speeltafelJournal.put;
  window.benchCommits = [];
  window.benchAfterDraw = [];
  let drawn = 0;  // the last change of the page (the table drawn)
  new MutationObserver(() => { drawn = performance.now(); })
    .observe(document.getElementById('app'), { childList: true, subtree: true });
  window.benchIssue = [];
  speeltafelJournal.put = function (...args) {
    const t0 = performance.now();
    const asked = put.apply(this, args);
    benchIssue.push(performance.now() - t0);  // what starting the write costs the page before it draws
    return asked.then(r => {
      const t1 = performance.now();
      benchCommits.push(t1 - t0);
      if (drawn > t0) benchAfterDraw.push(t1 - drawn);
      return r;
    });
  };
}"""
ALONE = """async ([text, n]) => {  // n strict writes of `text`, one after another, on an idle page
  const out = [];
  let rev = 0;
  for (let i = 0; i < n; i++) {
    const t0 = performance.now();
    const r = await speeltafelJournal.put('bench-latency', text, rev);
    out.push(performance.now() - t0);
    rev = r.rev;
  }
  await speeltafelJournal.remove('bench-latency');
  return out;
}"""


def figures(values) -> str:
    values = sorted(values)
    p95 = values[min(len(values) - 1, int(round(0.95 * (len(values) - 1))))]
    return f"median {statistics.median(values):.1f} ms, p95 {p95:.1f} ms, max {values[-1]:.1f} ms (n={len(values)})"


def kills(chromium, site, trials: int, journal: bool) -> list[dict]:
    delays = [DELAYS[i % len(DELAYS)] for i in range(trials)]
    label = "journal" if journal else "localStorage only"
    return kill_trials(chromium, Path(tempfile.mkdtemp()) / "profile", site, delays, journal,
                       log=lambda r: print(f"  {label}: killed {r['delay']} s after move {r['shown']}: "
                                           f"{r['found']} back, {r['lost']} lost", flush=True))


def latency(chromium, site, writes: int, moves: int, slowdown: float):
    profile = Profile(chromium, Path(tempfile.mkdtemp()) / "profile", site)
    try:
        page = start_game(profile)
        text = save_text("carcassonne", 5, 1000, seed=3)  # a whole game of five: the largest usual save
        alone = page.evaluate(ALONE, [text, writes])
        page.evaluate(TIMED)
        if slowdown != 1:
            profile.context.new_cdp_session(page).send("Emulation.setCPUThrottlingRate", {"rate": slowdown})
        taps = []
        for _ in range(moves):
            t0 = time.perf_counter()
            tap_a_move(page)
            taps.append((time.perf_counter() - t0) * 1000)
        page.wait_for_function("n => benchCommits.length >= n", arg=moves)
        in_play = page.evaluate("benchCommits")
        after_draw = page.evaluate("benchAfterDraw")
        issue = page.evaluate("benchIssue")
        size = len(text)
    finally:
        profile.close()
    return alone, issue, in_play, after_draw, taps, size


BUSY = """([i]) => { setTimeout(() => {  // a write, then the page's thread busy for 3 s
  speeltafelJournal.put('bench-busy', 'text ' + i, i);
  const t = performance.now(); while (performance.now() - t < 3000) {}
}, 0); }"""
NEWEST = "speeltafelJournal.load().then(r => (r.games.find(g => g.id === 'bench-busy') || {}).text || null)"


def busy(chromium, site, delays) -> list[bool]:
    """Killed while the page's thread is busy right after a write: is the write on disk?"""
    profile = Profile(chromium, Path(tempfile.mkdtemp()) / "profile", site)
    page = profile.start("lobby")
    kept = []
    try:
        for i, delay in enumerate(delays):
            page.evaluate(BUSY, [i])
            time.sleep(delay)  # the time under test
            profile.kill()
            page = profile.start("lobby")
            kept.append(page.evaluate(NEWEST) == f"text {i}")
            print(f"  killed {delay * 1000:.0f} ms after a write, page busy: {'kept' if kept[-1] else 'lost'}",
                  flush=True)
    finally:
        profile.close()
    return kept


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--trials", type=int, default=20)
    parser.add_argument("--baseline", type=int, default=9, help="trials without the journal (0: none)")
    parser.add_argument("--writes", type=int, default=50)
    parser.add_argument("--moves", type=int, default=12)
    parser.add_argument("--cpu-slowdown", type=float, default=1)
    parser.add_argument("--busy", type=int, default=12)
    parser.add_argument("--parts", default="latency,busy,kill")
    args = parser.parse_args()
    from playwright.sync_api import sync_playwright

    server, site = serve(ROOT / "dist", 0, "/speeltafel/")
    try:
        with sync_playwright() as p:
            if "latency" in args.parts:
                alone, issue, in_play, after_draw, taps, size = latency(p.chromium, site, args.writes, args.moves,
                                                                 args.cpu_slowdown)
                print(f"strict journal write of a {size}-character save, alone: {figures(alone)}")
                print(f"in play (CPU x{args.cpu_slowdown:g}), starting the write (page's thread): {figures(issue)}")
                print(f"in play (CPU x{args.cpu_slowdown:g}), write start -> its answer in the page: {figures(in_play)}")
                print(f"in play (CPU x{args.cpu_slowdown:g}), table drawn -> that answer: {figures(after_draw)}")
                print(f"in play (CPU x{args.cpu_slowdown:g}), tap -> move drawn (Playwright's clock): {figures(taps)}")
            if "busy" in args.parts:
                delays = [(0.005, 0.01, 0.02, 0.05)[i % 4] for i in range(args.busy)]
                kept = busy(p.chromium, site, delays)
                for d in sorted(set(delays)):
                    got = [k for k, x in zip(kept, delays) if x == d]
                    print(f"killed {d * 1000:.0f} ms after a write, page thread busy: {sum(got)} of {len(got)} on disk")
            if "kill" in args.parts:
                for journal, trials in ((True, args.trials), (False, args.baseline)):
                    if not trials:
                        continue
                    results = kills(p.chromium, site, trials, journal)
                    lost = sum(r["lost"] for r in results)
                    hit = sum(1 for r in results if r["lost"])
                    by_delay = {d: sum(r["lost"] for r in results if r["delay"] == d) for d in DELAYS}
                    print(f"{'journal' if journal else 'localStorage only'}: {len(results)} kills, "
                          f"{lost} moves lost ({hit} trials lost any); lost by delay {by_delay}")
    finally:
        server.shutdown()


if __name__ == "__main__":
    main()
