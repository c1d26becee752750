"""Browser tests: the built site (dist/) served from a sub-path, driven by
Playwright in Debian's Chromium, with every request to another host aborted
(the table must never need the network)."""

from __future__ import annotations

import json
import os
import sys
import warnings
import zipfile
from pathlib import Path

import pytest
from playwright.sync_api import Error as PlaywrightError
from playwright.sync_api import Keyboard, Locator, Mouse, Page, Touchscreen

ROOT = Path(__file__).resolve().parent.parent
DIST = Path(os.environ.get("SPEELTAFEL_DIST") or ROOT / "dist").resolve()
BOOT_MS = 90_000
# deletes web/journal.js's database; resolves once it is gone (or could not be)
FORGET_JOURNAL = """() => new Promise(done => {
    const r = indexedDB.deleteDatabase('speeltafel-journal');
    r.onsuccess = r.onerror = r.onblocked = () => done(); })"""

sys.path.insert(0, str(ROOT / "scripts"))
sys.path.insert(0, str(ROOT / "web"))

from chromium import ARGS, CHROMIUM  # noqa: E402

# A tap on the table is answered in two steps (web/ui/answering.py): the
# control is marked pressed at once, the move is played and drawn a frame or
# a few later.  As Playwright waits for the navigation a click starts, every
# click, tap and key press here waits until the page has answered it, so a
# test looks at the table the tap drew, as a player does.
ANSWERED = "() => !(window.speeltafelApp && speeltafelApp.answering)"


def answered(page) -> None:
    """Until the taps made on `page` are answered."""
    try:
        page.wait_for_function(ANSWERED)
    except PlaywrightError as err:
        left = page.is_closed() or "context was destroyed" in str(err) or "navigat" in str(err)
        if not left:  # else the press left the page (a reload, a closed tab): nothing to answer there
            raise


def _waits_for_its_answer(method):
    def pressed(self, *args, **kwargs):
        result = method(self, *args, **kwargs)
        answered(self if isinstance(self, Page) else self.page if isinstance(self, Locator) else self.on_page)
        return result

    pressed.__doc__ = method.__doc__
    return pressed


def _device(prop):
    """`Page.keyboard` / `.mouse` / `.touchscreen`, which know the page their presses wait on."""
    def of(page):
        device = prop.fget(page)
        device.on_page = page
        return device
    return property(of)


Page.keyboard, Page.mouse, Page.touchscreen = _device(Page.keyboard), _device(Page.mouse), _device(Page.touchscreen)
for _cls, _name in ((Page, "click"), (Page, "dblclick"), (Page, "tap"), (Page, "press"), (Keyboard, "press"),
                    (Mouse, "click"), (Mouse, "dblclick"), (Touchscreen, "tap"),
                    (Locator, "click"), (Locator, "dblclick"), (Locator, "tap"), (Locator, "press")):
    setattr(_cls, _name, _waits_for_its_answer(getattr(_cls, _name)))


def dist_plugins() -> dict:
    """The game packages the built site registers besides engine/ (its
    ui/plugins.json: the tests' own games in a `make test` build)."""
    for path in DIST.glob("app-*.zip"):
        with zipfile.ZipFile(path) as zf:
            if "ui/plugins.json" in zf.namelist():
                return json.loads(zf.read("ui/plugins.json"))
    return {}


def dist_games() -> list[str]:
    """Every game the built site offers, asked of the registry: the real
    games, and the tests' own when the build carries them (registered here
    too, so a test about every game meets the same ones as the page)."""
    import engine
    from engine.registry import PLUGINS
    from ui import plugins, screens

    extra = dist_plugins()
    plugins.register(extra)
    roots = tuple(f"{p}." for p in ["engine", *extra.get("games", [])])
    return [g for g in screens.playable(sorted(engine.GAMES)) if PLUGINS[g].state.startswith(roots)]


DIST_GAMES = dist_games() if DIST.exists() else []


@pytest.fixture(scope="session")
def site():
    """The base URL of dist/ served under /speeltafel/ (as on GitHub Pages)."""
    from serve import serve

    if not (DIST / "index.html").exists():
        pytest.fail("dist/ is not built: run `make dist` (make test does)")
    server, url = serve(DIST, 0, "/speeltafel/")
    yield url
    server.shutdown()


@pytest.fixture(scope="session")
def pw():
    """Playwright, once per process: a second sync_playwright() in a worker
    that already runs one fails ("Sync API inside the asyncio loop"), so a
    file that needs a browser of its own (test_devices) launches it here."""
    from playwright.sync_api import sync_playwright

    if not Path(CHROMIUM).exists():
        pytest.fail(f"{CHROMIUM} is missing: install Debian's chromium (make test does)")
    with sync_playwright() as p:
        yield p


@pytest.fixture(scope="session")
def browser(pw):
    b = pw.chromium.launch(executable_path=CHROMIUM, args=ARGS)
    yield b
    b.close()


class CrashedWhileBooting(UserWarning):
    """The browser's renderer crashed during a page's boot (see Tab._boot)."""


class Tab:
    """A fresh browser context (empty storage) on the site, offline to the
    world; `touch`: a touch device (a mouse is plugged in too)."""

    def __init__(self, browser, site, touch=False):
        self.site = site
        device = {"has_touch": True, "is_mobile": True} if touch else {}
        self.context = browser.new_context(viewport={"width": 1280, "height": 800}, accept_downloads=True, **device)
        self.foreign: list[str] = []
        self.errors: list[str] = []
        self.crashes = 0
        self.rebooted = 0  # crashes while booting, booted again
        self.context.route("**/*", self._route)
        self._new_page()

    def _new_page(self):
        self.page = self.context.new_page()
        self.page.on("pageerror", lambda e: self.errors.append(str(e)))
        self.page.on("dialog", lambda d: d.accept())
        self.page.on("crash", self._crashed)

    def _crashed(self, _page):
        self.crashes += 1

    def _boot(self, steps):
        """Run the navigation `steps` (they load the page and wait for it).
        Chromium's renderer has crashed (SIGSEGV) while a page booted, about once
        in a full CI run and never in 738 boots tried here for it (some beside
        a loaded CPU): then the boot runs once more on a new page, as a player
        would reload, with a warning in the test report.  A second crash, or a crash at any other moment,
        fails the test."""
        before = self.crashes
        try:
            return steps()
        except Exception:
            if self.crashes == before:
                raise
        warnings.warn(CrashedWhileBooting(f"Chromium's renderer crashed while {self.site} booted; booted again"))
        self.rebooted += 1
        self._new_page()
        return steps()

    def _route(self, route):
        url = route.request.url
        if url.startswith("http://127.0.0.1") or url.startswith("blob:") or url.startswith("data:"):
            route.continue_()
        else:
            self.foreign.append(url)
            route.abort()

    def open(self, ready="lobby", query=""):
        def steps():
            self.page.goto(self.site + query)
            self.wait(ready)
            return self.page
        return self._boot(steps)

    def wait(self, ready):
        self.page.wait_for_selector(f"body[data-ready={ready}]", timeout=BOOT_MS, state="attached")

    def forget_journal(self):
        """Delete the saves' journal (web/journal.js, IndexedDB) from a page
        where no table runs: a test that sets localStorage up by hand means
        the storage to hold only that, and the journal's newer copy of a
        game or its game-in-progress mark would win over it (ui/storage.py)."""
        self.page.evaluate(FORGET_JOURNAL)

    def replace_storage(self, items: dict):
        """The site's storage holds only `items` (localStorage) from now on,
        set from a plain file of the site where no table runs; open the site next."""
        self.page.goto(self.site + "manifest.webmanifest")
        self.page.evaluate("items => { localStorage.clear(); for (const [k, v] of Object.entries(items)) "
                           "localStorage.setItem(k, v); }", items)
        self.forget_journal()

    def sit(self, key: str, save: str):
        """Sit down at `save` in the running page, as the saved games list
        opens one: the storage's copies of `key` (localStorage's and the
        journal's, whose newer copy would win: ui/storage.py) are deleted
        first, so the table is exactly `save`."""
        self.page.evaluate("([k, v]) => { speeltafelApp.store.delete(k); "
                           "localStorage.setItem('speeltafel:save:' + k, v); speeltafelApp.open_save(k); }", [key, save])

    def set_storage(self, items: dict):
        """Put entries in localStorage before the app reads it, then reload."""
        self.page.evaluate("items => { for (const [k, v] of Object.entries(items)) localStorage.setItem(k, v); }", items)

    def storage(self, key):
        return self.page.evaluate("k => localStorage.getItem(k)", key)

    def start_game(self, game, players, options=None, lang="en", seed=20261122, bot_delay_ms=0):
        """Start a game through the lobby.  players: [(name, "human"|"bot", level)].
        Bots move without the usual pause (unless `bot_delay_ms`), so tests run
        fast; the deal is fixed (seed) so a failure can be replayed."""
        model = {"game": game, "seats": len(players), "options": options or {}, "seed": seed,
                 "players": [{"name": n, "kind": k, "level": lv} for n, k, lv in players]}
        def steps():
            # set the lobby up from a plain file of the site, where no table runs
            self.page.goto(self.site + "manifest.webmanifest")
            self.page.evaluate(
                """m => { localStorage.setItem('speeltafel:prefs', JSON.stringify({lobby: m[0], bot_delay_ms: m[2], lang: m[1]}));
                          localStorage.removeItem('speeltafel:current'); }""",
                [model, lang, bot_delay_ms])
            self.forget_journal()
            self.page.goto(self.site)
            self.wait("lobby")
            self.page.click("#start")
            self.wait("table")
            return self.page
        return self._boot(steps)

    def state_json(self):
        """The engine's save of the game on the table (for checks, not for
        playing), once the taps made are answered (web/ui/answering.py)."""
        answered(self.page)
        return self.page.evaluate("speeltafelApp.session.state.to_json()")

    def close(self):
        self.context.close()


def _checked_tab(browser, site):
    t = Tab(browser, site)
    yield t
    try:
        assert t.foreign == [], f"the page asked another host: {t.foreign[:3]}"
        assert t.errors == [], f"errors on the page: {t.errors[:3]}"
        assert t.crashes == t.rebooted, "the browser's renderer crashed during the test"
    finally:
        t.close()


@pytest.fixture
def tab(browser, site):
    yield from _checked_tab(browser, site)


@pytest.fixture(scope="module")
def module_tab(browser, site):
    """One context for a whole test file (the runtime boots once per page load,
    not per context); the same checks as `tab` at the end."""
    yield from _checked_tab(browser, site)
