"""The table's shared frame in a real browser: boot, language, saves."""

import json

import engine
from engine.rng import Rng

from .conftest import DIST_GAMES


def a_save(moves=6, seed=3, names=("Anna", "Bram")):
    """A real save made by the engine, with the table's meta."""
    game_id = sorted(engine.GAMES)[0]
    state = engine.new_game(game_id, len(names), seed=seed)
    rng = Rng(seed)
    for _ in range(moves):
        seat = state.to_act()[0]
        state.apply(seat, rng.choice(state.legal_actions(seat)))
    players = [{"name": n, "kind": "human", "level": None} for n in names]
    return game_id, state.to_json(meta={"players": players, "names": list(names),
                                        "created": 1, "updated": 2, "over": False})


def test_boots_to_the_lobby_from_a_sub_path_without_network(tab):
    page = tab.open()
    assert page.evaluate("document.body.dataset.ready") == "lobby"
    assert page.locator("#boot").is_hidden()
    assert page.locator("#start").is_visible() or page.locator(".saves").is_visible()
    # every game is offered: the registry's, the tests' own in a `make test` build
    assert page.locator(".game-card").count() == len(DIST_GAMES) >= 3
    for game_id in DIST_GAMES:
        assert page.locator(f"#game-{game_id}").count() == 1
    assert "/speeltafel/" in page.url


def test_lobby_offers_an_option_only_where_it_applies(tab):
    page = tab.open()
    page.click("#game-thurn_taxis")
    page.wait_for_selector("#opt-map")
    assert page.locator("#opt-horses").count() == 0  # horses: northern map only
    page.select_option("#opt-map", '"north"')
    page.wait_for_selector("#opt-horses")
    assert page.locator("#opt-horses_stay").count() == 0
    page.check("#opt-horses")
    page.wait_for_selector("#opt-horses_stay")
    page.select_option("#opt-map", '"south"')
    page.wait_for_function("!document.querySelector('#opt-horses')")


def test_language_switch_translates_and_is_remembered(tab):
    page = tab.open()
    page.select_option("#lang", "de")
    page.wait_for_function("document.documentElement.lang === 'de'")
    assert page.locator("#saves-h").inner_text() == "Gespeicherte Spiele"
    page.select_option("#lang", "nl")
    assert page.locator("#saves-h").inner_text() == "Opgeslagen spellen"
    page.reload()
    tab.wait("lobby")
    assert page.locator("#saves-h").inner_text() == "Opgeslagen spellen"
    assert page.evaluate("document.documentElement.lang") == "nl"
    page.select_option("#lang", "en")
    assert page.locator("#saves-h").inner_text() == "Saved games"


def test_damaged_saves_are_listed_kept_and_never_stop_the_app(tab):
    page = tab.open()
    game_id, good = a_save()
    damaged = {
        "speeltafel:save:broken": "{this is not json",
        "speeltafel:save:future": json.dumps({**json.loads(good), "version": 99}),
        "speeltafel:save:strange": json.dumps({**json.loads(good), "game": "chess"}),
    }
    tab.set_storage({"speeltafel:save:good": good, **damaged})
    page.reload()
    tab.wait("lobby")
    assert page.locator(".save").count() == 4
    assert page.locator(".save.damaged").count() == 3
    good_row = page.locator('.save[data-save="good"]')
    assert "Anna" in good_row.inner_text() and "Bram" in good_row.inner_text()
    for key, text in damaged.items():
        assert tab.storage(key) == text, "a damaged save must be kept as it is"
    # deleting a damaged entry works and leaves the others
    page.click('.save[data-save="broken"] [data-cmd=save-delete]')
    page.wait_for_function("() => document.querySelectorAll('.save').length === 3")
    assert tab.storage("speeltafel:save:broken") is None
    assert tab.storage("speeltafel:save:good") == good


def test_export_and_import_round_trip(tab, tmp_path):
    page = tab.open()
    _, good = a_save(moves=8)
    tab.set_storage({"speeltafel:save:good": good})
    page.reload()
    tab.wait("lobby")
    with page.expect_download() as info:
        page.click('.save[data-save="good"] [data-cmd=save-export]')
    exported = tmp_path / "export.json"
    info.value.save_as(exported)
    assert json.loads(exported.read_text()) == json.loads(good)
    # import it back: a second entry with the same game appears
    page.set_input_files("#import", str(exported))
    page.wait_for_function("() => document.querySelectorAll('.save:not(.damaged)').length === 2")
    assert page.locator(".notice").count() == 1
    keys = page.evaluate("Object.keys(localStorage).filter(k => k.startsWith('speeltafel:save:'))")
    texts = [tab.storage(k) for k in keys]
    assert all(json.loads(t)["actions"] == json.loads(good)["actions"] for t in texts)
    # a file that is no save is refused with a message, nothing stored
    bad = tmp_path / "bad.json"
    bad.write_text('{"format": "something else"}')
    page.set_input_files("#import", str(bad))
    page.wait_for_selector(".notice[role=alert]")
    page.wait_for_function("() => document.querySelectorAll('.save').length === 2")


def test_a_runtime_that_cannot_load_is_said_clearly(browser, site):
    from .conftest import Tab

    tab = Tab(browser, site)
    try:
        tab.context.route("**/pyodide.asm.wasm", lambda route: route.abort())
        tab.page.goto(site)
        tab.wait("failed")
        error = tab.page.locator("#boot-error")
        assert error.is_visible()
        assert error.locator("button").count() == 1  # try again
        assert tab.page.evaluate("document.getElementById('prelobby').inert")  # its Start cannot work now
    finally:
        tab.close()
