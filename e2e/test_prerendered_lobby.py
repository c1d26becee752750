"""The lobby at once (issue 16): `make dist` puts the lobby in the page, so it
is usable before the Python runtime has loaded.  These tests hold the
runtime's wasm back (the page then cannot have Python), use the lobby, and
let the runtime go: nothing set is lost, a "Start" pressed early starts the
game by itself, a game being resumed is named at once."""

from __future__ import annotations

import itertools
import json

import pytest

import engine

from .conftest import BOOT_MS
from .test_table import a_save

VISIBLE_OPTIONS = """g => [...document.querySelectorAll(`#prelobby .pre-game[data-game="${g}"] [data-option]`)]
    .filter(e => e.checkVisibility()).map(e => e.dataset.option)"""
VISIBLE_ROWS = """g => [...document.querySelectorAll(`#prelobby .pre-game[data-game="${g}"] .seat-row`)]
    .filter(e => e.checkVisibility()).length"""


class HeldRuntime:
    """Keeps pyodide.asm.wasm from arriving until `release()`: until then the
    page has no Python."""

    def __init__(self, page):
        self.page = page
        self.held = []
        self.released = False
        page.route("**/pyodide.asm.wasm", self.hold)

    def hold(self, route):
        if self.released:
            route.fallback()
        else:
            self.held.append(route)

    def release(self, ready):
        """Let the runtime through; the page must reach `ready`."""
        self.released = True
        for route in self.held:
            route.fallback()  # on to the tab's own routing (local files pass)
        self.page.wait_for_selector("body:not([data-ready=loading])", state="attached", timeout=BOOT_MS)
        state = self.page.evaluate("document.body.dataset.ready")
        assert state == ready, f"{state}: {self.page.locator('#boot-error').inner_text()}"


def open_held(tab, prefs=None, storage=None):
    """The site with the runtime held back; `prefs`/`storage` put in first."""
    page = tab.page
    if prefs is not None or storage:
        page.goto(tab.site + "manifest.webmanifest")
        items = dict(storage or {})
        if prefs is not None:
            items["speeltafel:prefs"] = json.dumps(prefs)
        tab.set_storage(items)
    held = HeldRuntime(page)
    with page.expect_request(lambda r: r.url.endswith("/pyodide.asm.wasm")):
        page.goto(tab.site)  # the page asks for the runtime, and waits for it
    page.wait_for_selector("#prelobby:not([hidden]), .resume")
    assert page.evaluate("document.body.dataset.ready") == "loading"
    assert page.evaluate("typeof window.speeltafelApp") == "undefined"  # no Python yet
    return page, held


def pre(game, name):
    return f'#prelobby .pre-game[data-game="{game}"] [name="{name}"]'


# counts the calls of every MutationObserver that watches the whole document
# (PyScript's, web/boot.js ends its watch when Python has taken over)
PAGE_WATCHERS = """(() => {
  window.__pageWatch = 0;
  const Observer = MutationObserver;
  window.MutationObserver = class extends Observer {
    constructor(callback) { super((records, o) => { if (o.watchesPage) window.__pageWatch += 1; return callback(records, o); }); }
    observe(target, options) { if (target === document) this.watchesPage = true; return super.observe(target, options); }
  };
})();"""
PLUGINS = ("codemirror", "deprecations-manager", "donkey", "py-editor", "py-game", "py-terminal")


def test_the_lobby_is_usable_before_python_and_kept_when_it_takes_over(tab):
    tab.page.add_init_script(PAGE_WATCHERS)
    page, held = open_held(tab, prefs={"lang": "en"})
    assert page.evaluate("document.querySelectorAll('template[id^=pre-]').length") == 6
    assert page.locator("#prelobby").is_visible() and page.locator("#start").is_visible()
    assert page.locator("#boot-progress").is_visible()
    # pick a game, seats, names, kinds, options: all before Python
    page.click("#game-thurn_taxis")
    assert page.locator('.pre-game[data-game="thurn_taxis"]').is_visible()
    assert page.locator('.pre-game[data-game="carcassonne"]').is_hidden()
    page.select_option(pre("thurn_taxis", "seats"), "3")
    assert page.evaluate(VISIBLE_ROWS, "thurn_taxis") == 3
    page.fill(pre("thurn_taxis", "name-1"), "Zoë")
    page.select_option(pre("thurn_taxis", "kind-0"), "bot:greedy")
    assert "horses" not in page.evaluate(VISIBLE_OPTIONS, "thurn_taxis")
    page.select_option(pre("thurn_taxis", "opt-map"), '"north"')
    assert "horses" in page.evaluate(VISIBLE_OPTIONS, "thurn_taxis")
    page.check(pre("thurn_taxis", "opt-horses"))
    assert "horses_stay" in page.evaluate(VISIBLE_OPTIONS, "thurn_taxis")
    page.click(pre("thurn_taxis", "name-2"))  # the caret is in a name when Python arrives
    assert page.evaluate("typeof window.speeltafelApp") == "undefined"
    held.release("lobby")
    # the live lobby took over with every choice
    assert page.locator("#prelobby").count() == 0
    assert page.get_attribute("#game-thurn_taxis", "aria-pressed") == "true"
    assert page.input_value("#seats") == "3"
    assert page.input_value("#name-1") == "Zoë"
    assert page.input_value("#kind-0") == "bot:greedy"
    assert page.input_value("#opt-map") == '"north"'
    assert page.is_checked("#opt-horses") and page.locator("#opt-horses_stay").count() == 1
    assert page.evaluate("document.activeElement.id") == "name-2"
    model = page.evaluate("speeltafelApp.model.toJs({dict_converter: Object.fromEntries})")
    assert model["game"] == "thurn_taxis" and model["seats"] == 3
    # a default name follows the kind, as when the kind is changed in the live lobby
    assert [p["name"] for p in model["players"]] == ["Bot 1", "Zoë", "Bot 3"]
    assert model["options"]["map"] == "north" and model["options"]["horses"] is True
    assert page.locator(".saves").is_visible() and page.locator("#import").count() == 1
    # what served only the start is gone: the prerendered templates, the
    # watch of the page PyScript keeps for scripts added later; PyScript's
    # plugins (an editor polling the page, a terminal ...) were never loaded
    assert page.evaluate("document.querySelectorAll('template').length") == 0
    fetched = page.evaluate("performance.getEntriesByType('resource').map(e => e.name)")
    assert any("/pyscript/core" in url for url in fetched)
    assert not [url for url in fetched if any(f"/{p}-" in url for p in PLUGINS)]
    watched = page.evaluate("window.__pageWatch")
    page.click("#game-carcassonne")  # the lobby drawn again: nodes come and go
    page.wait_for_selector('#game-carcassonne[aria-pressed="true"]')
    assert page.evaluate("window.__pageWatch") == watched


def option_settings(spec):
    """Every combination of the options that others depend on (by value)."""
    keys = sorted({k for opt in spec.options for k in opt.requires})
    choices = []
    for key in keys:
        opt = spec.option(key)
        choices.append([(key, v) for v in ((False, True) if opt.kind == "bool" else opt.values)])
    return [dict(combo) for combo in itertools.product(*choices)]


def test_the_prerendered_form_shows_the_options_and_rows_the_rules_give(tab):
    """For every game, seat count and setting of the options others depend on,
    the prerendered form shows exactly the seat rows and options that the
    engine says apply (what the live lobby shows)."""
    page, held = open_held(tab, prefs={"lang": "en"})
    games = page.eval_on_selector_all("#prelobby [name=game]", "radios => radios.map(r => r.value)")
    assert len(games) >= 3
    checked = 0
    for game_id in games:
        spec = engine.GAMES[game_id]
        page.click(f"#game-{game_id}")
        for seats in range(spec.min_seats, spec.max_seats + 1):
            page.select_option(pre(game_id, "seats"), str(seats))
            for setting in option_settings(spec):
                for key, value in setting.items():  # set as the form holds it (hidden ones too)
                    if spec.option(key).kind == "bool":
                        page.eval_on_selector(pre(game_id, f"opt-{key}"), "(el, v) => { el.checked = v; }", value)
                    else:
                        page.eval_on_selector(pre(game_id, f"opt-{key}"), "(el, v) => { el.value = v; }",
                                              json.dumps(value))
                resolved = spec.resolve_options(setting, seats)
                expected = [o.id for o in spec.options if o.applies(seats, resolved)]
                assert page.evaluate(VISIBLE_OPTIONS, game_id) == expected, (game_id, seats, setting)
                assert page.evaluate(VISIBLE_ROWS, game_id) == seats
                no_options = page.locator(f'#prelobby .pre-game[data-game="{game_id}"] .no-options')
                assert no_options.is_visible() == (not expected)
                checked += 1
    assert checked > 30
    held.release("lobby")


def test_start_before_python_is_ready_starts_the_game_by_itself(tab):
    page, held = open_held(tab, prefs={"lang": "en", "bot_delay_ms": 0})
    page.click("#game-kutschfahrt")
    page.select_option(pre("kutschfahrt", "seats"), "3")
    page.fill(pre("kutschfahrt", "name-0"), "Anna")
    page.click("#start")
    # said in the progress line, the form waits; no second tap is needed
    assert page.locator("#boot-msg").inner_text() == "The game starts as soon as the table is ready…"
    assert page.evaluate("document.body.dataset.ready") == "loading"
    held.release("table")
    session = page.evaluate("""() => { const s = speeltafelApp.session;
        return {game: s.game_id, names: s.players.toJs({dict_converter: Object.fromEntries}).map(p => p.name)}; }""")
    assert session == {"game": "kutschfahrt", "names": ["Anna", "Bot 2", "Bot 3"]}
    assert page.locator("#screen").is_visible()


def test_resuming_a_game_names_it_at_once(tab):
    game_id, save = a_save()
    page, held = open_held(tab, prefs={"lang": "en"},
                           storage={"speeltafel:save:g1": save, "speeltafel:current": "g1"})
    resume = page.locator(".resume")
    assert resume.is_visible()
    assert resume.locator("h2").inner_text() == engine.GAMES[game_id].names["en"]
    assert resume.locator(".resume-players").inner_text() == "Anna, Bram"
    assert resume.locator(".resume-line").inner_text() == "Resuming the game…"
    assert page.locator("#prelobby").is_hidden()
    held.release("table")
    assert json.loads(tab.state_json())["actions"] == json.loads(save)["actions"]


def test_a_damaged_current_game_shows_the_lobby(tab):
    page, held = open_held(tab, prefs={"lang": "en"},
                           storage={"speeltafel:save:g1": "{broken", "speeltafel:current": "g1"})
    assert page.locator("#prelobby").is_visible() and page.locator(".resume").count() == 0
    held.release("lobby")


@pytest.mark.parametrize("browser_lang", ["de"])
def test_the_lobby_speaks_the_players_language_from_the_first_paint(browser, site, browser_lang):
    from .conftest import Tab

    tab = Tab(browser, site)
    try:
        page, held = open_held(tab, prefs={"lang": browser_lang})
        assert page.locator("#saves-h").inner_text() == "Gespeicherte Spiele"
        assert page.evaluate("document.documentElement.lang") == "de"
        page.select_option("#lang", "nl")  # before Python: the lobby in Dutch
        assert page.locator("#saves-h").inner_text() == "Opgeslagen spellen"
        assert page.input_value(pre("carcassonne", "name-0")) == "Speler 1"
        held.release("lobby")
        assert page.locator("#saves-h").inner_text() == "Opgeslagen spellen"
        assert json.loads(tab.storage("speeltafel:prefs"))["lang"] == "nl"  # remembered
        assert tab.errors == [] and tab.foreign == []
    finally:
        tab.close()


def test_the_last_settings_are_in_the_form_at_once(tab):
    last = {"game": "thurn_taxis", "seats": 3, "options": {"map": "north", "horses": True},
            "players": [{"name": "Ada", "kind": "human", "level": None},
                        {"name": "Bob", "kind": "bot", "level": "random"},
                        {"name": "Cas", "kind": "human", "level": None}]}
    page, held = open_held(tab, prefs={"lang": "en", "lobby": last})
    assert page.is_checked('#prelobby [name=game][value="thurn_taxis"]')
    assert page.input_value(pre("thurn_taxis", "seats")) == "3"
    assert [page.input_value(pre("thurn_taxis", f"name-{i}")) for i in range(3)] == ["Ada", "Bob", "Cas"]
    assert page.input_value(pre("thurn_taxis", "kind-1")) == "bot:random"
    assert page.is_checked(pre("thurn_taxis", "opt-horses"))
    assert page.evaluate(VISIBLE_OPTIONS, "thurn_taxis")[:3] == ["map", "horses", "all_countries"]
    held.release("lobby")
    assert [page.input_value(f"#name-{i}") for i in range(3)] == ["Ada", "Bob", "Cas"]
    assert page.input_value("#kind-1") == "bot:random" and page.is_checked("#opt-horses")



def test_the_bots_pace_is_in_the_form_at_once_and_a_change_before_python_is_kept(tab):
    page, held = open_held(tab, prefs={"lang": "en", "bot_pace": "slow"})
    assert page.input_value(pre("carcassonne", "pace")) == "slow"  # boot.js put the stored pace in
    page.select_option(pre("carcassonne", "pace"), "fast")  # changed before Python is ready
    held.release("lobby")
    assert page.input_value("#pace") == "fast"
    assert json.loads(tab.storage("speeltafel:prefs"))["bot_pace"] == "fast"
    page.select_option("#pace", "instant")  # and in Python's lobby
    page.wait_for_function("speeltafelApp.pace === 'instant'")
    assert json.loads(tab.storage("speeltafel:prefs"))["bot_pace"] == "instant"
