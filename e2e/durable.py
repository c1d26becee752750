"""A browser killed right after a move (issue 23): the trial run by
e2e/test_durability.py (a few trials) and bench/durability.py (the 20 of
BENCHMARKS.md).  Chromium with a profile on disk is started, the table opened,
a move tapped on Carcassonne's board, the browser's process killed (SIGKILL)
a set time after the move was drawn, and the same profile started again: the
moves the table showed must all be there."""

from __future__ import annotations

import json
import os
import signal
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "scripts"))

from chromium import ARGS, CHROMIUM  # noqa: E402

from .test_carcassonne import IN_VIEW  # noqa: E402  (marks the first square in the board's view)

# Carcassonne's controls: a square to place on, "no follower", the plague
CONTROLS = ".cc-cell, #cc-none, .cc-pest"
BOOT_MS = 90_000
NO_JOURNAL = "Object.defineProperty(window, 'speeltafelJournal', {get() { return undefined; }, set() {}});"


def moves(page) -> int:
    return page.evaluate("speeltafelApp.session.state.actions.length")


def tap_a_move(page) -> int:
    """One move of Carcassonne made by taps, drawn (a step of it that asks
    the player again is on the screen): the number of moves before it, plus one."""
    n = moves(page)
    page.wait_for_selector(CONTROLS, timeout=30_000)
    if page.locator("#screen .cc-cell").count():
        page.evaluate(IN_VIEW, ".cc-cell")
        page.click("[data-e2e-next]")
        page.click("#cc-confirm")
    elif page.locator("#cc-none").count():
        page.click("#cc-none")
    else:
        page.locator(".cc-actions .cc-choice").first.click()
        page.click("#cc-confirm")
    page.wait_for_function("n => speeltafelApp.session.state.actions.length > n", arg=n)
    # drawn: the board shows the move's next step (a new control under the finger)
    page.wait_for_selector(CONTROLS, timeout=30_000)
    return n + 1


def _route(route):
    url = route.request.url
    if url.startswith("http://127.0.0.1") or url.startswith("blob:") or url.startswith("data:"):
        route.continue_()
    else:
        route.abort()


def browser_pid(profile: Path) -> int:
    """The browser's own process (not its renderers) using `profile`."""
    mine = {}
    for entry in Path("/proc").iterdir():
        if not entry.name.isdigit():
            continue
        try:
            cmd = (entry / "cmdline").read_bytes().split(b"\0")
            ppid = int((entry / "stat").read_text().rsplit(")", 1)[1].split()[1])
        except (OSError, ValueError, IndexError):
            continue
        if f"--user-data-dir={profile}".encode() in cmd:
            mine[int(entry.name)] = ppid
    roots = [pid for pid, ppid in mine.items() if ppid not in mine]
    assert len(roots) == 1, f"which process is the browser? {mine}"
    return roots[0]


class Profile:
    """Chromium on a profile kept on disk (persistent), started and killed."""

    def __init__(self, chromium, folder: Path, site: str, journal: bool = True):
        self.chromium, self.folder, self.site, self.journal = chromium, Path(folder), site, journal
        self.context = None
        self.errors: list[str] = []

    def start(self, ready: str | None = None):
        """Start the browser; open the table unless `ready` is None (then the
        page is blank), and wait until it is `ready` ("table|lobby": either)."""
        self.context = self.chromium.launch_persistent_context(
            str(self.folder), executable_path=CHROMIUM, args=ARGS, headless=True,
            viewport={"width": 1280, "height": 800})
        self.context.route("**/*", _route)
        if not self.journal:
            self.context.add_init_script(NO_JOURNAL)
        page = self.context.pages[0] if self.context.pages else self.context.new_page()
        page.on("pageerror", lambda e: self.errors.append(str(e)))
        if ready:
            self.open(page, ready)
        return page

    def open(self, page, ready: str):
        page.goto(self.site)
        page.wait_for_selector(", ".join(f"body[data-ready={r}]" for r in ready.split("|")),
                               state="attached", timeout=BOOT_MS)

    def kill(self):
        os.kill(browser_pid(self.folder), signal.SIGKILL)
        try:
            self.context.close()
        except Exception:  # noqa: BLE001 - its browser is gone
            pass
        self.context = None

    def close(self):
        if self.context:
            self.context.close()


def start_game(profile: Profile, page=None):
    """A new Carcassonne game of two humans (no bots: every move is a tap),
    set up from a plain file of the site (where no table runs)."""
    page = page or profile.start()
    model = {"game": "carcassonne", "seats": 2, "options": {}, "seed": 20261122,
             "players": [{"name": "Anna", "kind": "human", "level": None},
                         {"name": "Bram", "kind": "human", "level": None}]}
    page.goto(profile.site + "manifest.webmanifest")
    page.evaluate("m => { localStorage.setItem('speeltafel:prefs', JSON.stringify({lobby: m, lang: 'en'}));"
                  " localStorage.removeItem('speeltafel:current'); }", model)
    profile.open(page, "lobby")
    page.click("#start")
    page.wait_for_selector("body[data-ready=table]", state="attached", timeout=BOOT_MS)
    return page


def kill_trials(chromium, folder: Path, site: str, delays, journal: bool = True, log=None) -> list[dict]:
    """For each delay (s): tap a move, wait that long after it is drawn, kill
    the browser, start it again on the same profile; how many moves shown
    before the kill came back.  Each restart is the next trial's table."""
    profile = Profile(chromium, folder, site, journal)  # chromium: Playwright's BrowserType
    page = start_game(profile)
    results = []
    try:
        for delay in delays:
            shown = tap_a_move(page)
            time.sleep(delay)  # the time under test, not a wait for the page
            profile.kill()
            page = profile.start("table|lobby")  # the game in progress comes back
            at_table = page.evaluate("document.body.dataset.ready") == "table"
            found = moves(page) if at_table else 0  # lost with its start: no game in progress
            results.append({"delay": delay, "shown": shown, "found": found, "lost": shown - found})
            if log:
                log(results[-1])
            if not at_table:
                page = start_game(profile, page)
    finally:
        profile.close()
    results_errors = profile.errors
    assert not results_errors, f"errors on the page: {results_errors[:3]}"
    return results


def saved_actions(page) -> list:
    """The actions localStorage holds for the game in progress."""
    return json.loads(page.evaluate(
        "localStorage.getItem('speeltafel:save:' + speeltafelApp.session.save_id)"))["actions"]
