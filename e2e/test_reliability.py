"""Nothing lost and nothing bricked, in the real browser: a subset of the
fault matrix (tests/reliability_cases.py; the whole matrix runs in CPython
in tests/test_startup_faults.py), damaged imports, and two tabs on one game.

Each storage case: one good save beside the damaged entry, then a reload;
the app must reach the lobby (or the table), say what it set aside in the
player's language, and keep every save byte for byte."""

from __future__ import annotations

import json

import pytest

from tests.reliability_cases import PREFIX, PREFS, import_cases, save_text, storage_cases

from .conftest import Tab

SUBSET = {  # case name -> language the player reads the message in
    "prefs delay is a word": "de",
    "prefs null": None,
    "lobby players without name": "nl",
    "current meta is [1]": "nl",
    "current players lack kind": "nl",
    "current seed 1e999": "nl",
    "current kutschfahrt to 1.0": "nl",
    "current updated NaN": "de",
    "current 100000 nested [": "en",
    "entry 100000 nested [": "nl",
}
CASES = [c for c in storage_cases() if c[0] in SUBSET]
IMPORTS = [c for c in import_cases() if c[0] in ("updated NaN", "kutschfahrt to 1.0", "100000 nested [",
                                                  "seed 1e999", "game id a list")]
WORDS = {  # the start of each message, per language (ui/i18n.py)
    "boot.prefs_reset": {"nl": "Sommige instellingen", "en": "Some settings", "de": "Einige Einstellungen"},
    "boot.set_aside": {"nl": "Het spel dat bezig was", "en": "The game in progress", "de": "Das laufende Spiel"},
    "boot.damaged": {"nl": "Beschadigde opgeslagen spellen: 1", "en": "Damaged saved games: 1",
                     "de": "Beschädigte gespeicherte Spiele: 1"},
}


@pytest.fixture
def tab(module_tab):
    """One context for the matrix: each case rewrites the storage and reloads."""
    return module_tab


def fill(tab, items):
    """Replace the site's storage with `items` (localStorage; no journal)."""
    tab.replace_storage(items)


def saves_now(tab):
    return tab.page.evaluate("""() => Object.fromEntries(Object.keys(localStorage)
        .filter(k => k.startsWith('speeltafel:save:')).map(k => [k, localStorage.getItem(k)]))""")


@pytest.mark.parametrize("name,items,notice,stage", CASES, ids=[c[0] for c in CASES])
def test_damaged_storage_reaches_the_lobby_with_a_message_and_keeps_every_save(tab, name, items, notice, stage):
    lang = SUBSET[name]
    good = save_text("carcassonne", 2, 4, seed=3)
    items = {PREFIX + "good": good, **items}
    if lang and PREFS not in items:
        items[PREFS] = json.dumps({"lang": lang})
    elif lang:
        prefs = json.loads(items[PREFS])
        items[PREFS] = json.dumps({**prefs, "lang": lang})
    fill(tab, items)
    before = saves_now(tab)
    page = tab.page
    page.goto(tab.site)
    tab.wait(stage)
    shown = lang or page.evaluate("navigator.language").split("-")[0]
    shown = shown if shown in ("nl", "en", "de") else "en"
    notice_el = page.locator(".notice[role=alert]")
    assert WORDS[notice][shown] in notice_el.inner_text()
    assert saves_now(tab) == before, "a save was changed or removed"
    damaged = page.locator(".save.damaged")
    if notice in ("boot.set_aside", "boot.damaged"):
        assert damaged.count() == 1 and damaged.locator(".save-why").is_visible()
    # the good save still opens, and the lobby comes back after it
    page.click('.save[data-save="good"] [data-cmd=save-resume]')
    tab.wait("table")
    page.click("[data-cmd=menu]")
    tab.wait("lobby")
    assert json.loads(tab.storage(PREFIX + "good"))["actions"] == json.loads(good)["actions"]


@pytest.mark.parametrize("name,text,key", IMPORTS, ids=[c[0] for c in IMPORTS])
def test_a_damaged_import_is_refused_in_words(tab, tmp_path, name, text, key):
    fill(tab, {PREFS: json.dumps({"lang": "nl"}), PREFIX + "good": save_text()})
    tab.page.goto(tab.site)
    tab.wait("lobby")
    before = saves_now(tab)
    path = tmp_path / "import.json"
    path.write_text(text, encoding="utf-8")
    tab.page.set_input_files("#import", str(path))
    tab.page.wait_for_selector(".notice[role=alert]")
    message = tab.page.locator(".notice[role=alert]").inner_text()
    assert message.startswith("Dit bestand is geen geldig opgeslagen spel: "), message
    assert saves_now(tab) == before


PLAY_FIRST = "() => { const app = speeltafelApp; app.play(app.session.my_legal().get(0)); }"


def moves(page):
    return page.evaluate("speeltafelApp.session.state.actions.length")


def stored_moves(page):
    return page.evaluate("""() => JSON.parse(localStorage.getItem(
        'speeltafel:save:' + localStorage.getItem('speeltafel:current'))).actions.length""")


def test_two_tabs_on_one_game_never_lose_moves(browser, site):
    a = Tab(browser, site)
    try:
        page_a = a.start_game("carcassonne", [("Anna", "human", None), ("Bram", "human", None)], lang="nl")
        page_b = a.context.new_page()
        errors_b = []
        page_b.on("pageerror", lambda e: errors_b.append(str(e)))
        page_b.on("dialog", lambda d: d.accept())
        page_b.goto(site)
        page_b.wait_for_selector("body[data-ready=table]", state="attached", timeout=90_000)
        start = moves(page_a)
        assert moves(page_b) == start
        # A plays two moves; B hears of it and stops, saying so
        for n in (1, 2):
            page_a.evaluate(PLAY_FIRST)
            page_a.wait_for_function("n => speeltafelApp.session.state.actions.length === n", arg=start + n)
        page_b.wait_for_selector("#conflict-reload")
        assert "ander tabblad" in page_b.locator(".conflict").inner_text()
        assert stored_moves(page_a) == start + 2
        # B cannot play over A's moves: nothing is offered, and a move forced through is not saved
        assert page_b.locator("#screen [data-cmd=act]").count() == 0
        page_b.evaluate("() => { const app = speeltafelApp; app.conflict = false; "
                        "app.play(app.session.my_legal().get(0)); }")
        page_b.wait_for_selector("#conflict-reload")
        assert stored_moves(page_a) == start + 2
        # B takes A's position and plays on; now A is told
        page_b.click("#conflict-reload")
        page_b.wait_for_function("n => speeltafelApp.session.state.actions.length === n && !speeltafelApp.conflict",
                                 arg=start + 2)
        page_b.evaluate(PLAY_FIRST)
        page_b.wait_for_function("n => speeltafelApp.session.state.actions.length === n", arg=start + 3)
        page_a.wait_for_selector("#conflict-reload")
        # reloading A brings every move back: A's two and B's one
        page_a.reload()
        a.wait("table")
        assert moves(page_a) == start + 3 == stored_moves(page_a)
        assert errors_b == []
    finally:
        a.close()
