"""The frame around a running game: autosave and reload, undo, full storage,
hand-off between humans.  Moves are made through the app (screens have their
own click-through tests), so these checks hold for every game."""

import json

import pytest

import engine

PLAY_FIRST = "() => { const app = speeltafelApp; app.play(app.session.my_legal().get(0)); }"


def game_with_screen(tab, preferred=("carcassonne", "thurn_taxis", "kutschfahrt")):
    page = tab.open()
    offered = page.eval_on_selector_all(".game-card", "cards => cards.map(c => c.dataset.arg)")
    for game_id in preferred:
        if game_id in offered:
            return game_id
    pytest.fail(f"no game has a screen yet: {offered}")


def test_reload_mid_game_brings_back_the_same_position(tab):
    game_id = game_with_screen(tab)
    page = tab.start_game(game_id, [("Anna", "human", None), ("Bot", "bot", "random")])
    for _ in range(3):
        page.wait_for_function("speeltafelApp.session.my_legal().length > 0 && speeltafelApp.thinking == null")
        page.evaluate(PLAY_FIRST)
    page.wait_for_function("speeltafelApp.thinking == null && speeltafelApp.bot_task == null")
    before = tab.state_json()
    page.reload()
    tab.wait("table")
    assert json.loads(tab.state_json())["actions"] == json.loads(before)["actions"]
    saved = page.evaluate("localStorage.getItem('speeltafel:save:' + localStorage.getItem('speeltafel:current'))")
    assert json.loads(saved)["actions"] == json.loads(before)["actions"]


def test_undo_takes_back_the_viewers_own_move(tab):
    game_id = game_with_screen(tab)
    page = tab.start_game(game_id, [("Anna", "human", None), ("Bram", "human", None)])
    # play until an undoable own move happens (e.g. a tile placed before the follower step)
    for _ in range(40):
        if page.locator(".handoff").count():
            page.click("#handoff-ok")
        before = tab.state_json()
        page.evaluate(PLAY_FIRST)
        if page.locator("#undo").count():
            page.click("#undo")
            page.wait_for_function("b => speeltafelApp.session.state.to_json() === b", arg=before)
            return
    pytest.fail("no undoable move in 40 moves")


def test_full_storage_shows_a_message_and_keeps_the_previous_save(tab):
    game_id = game_with_screen(tab)
    page = tab.start_game(game_id, [("Anna", "human", None), ("Bot", "bot", "random")], lang="nl")
    page.wait_for_function("speeltafelApp.session.my_legal().length > 0 && speeltafelApp.thinking == null")
    key = page.evaluate("'speeltafel:save:' + localStorage.getItem('speeltafel:current')")
    previous = tab.storage(key)
    page.evaluate("""() => {
        const real = Storage.prototype.setItem;
        Storage.prototype.setItem = function (k, v) {
            if (k.startsWith('speeltafel:save:')) throw new DOMException('full', 'QuotaExceededError');
            return real.call(this, k, v);
        };
    }""")
    page.evaluate(PLAY_FIRST)
    page.wait_for_selector(".notice[role=alert]")
    assert "geen ruimte meer" in page.locator(".notice").inner_text()
    assert tab.storage(key) == previous


def test_hand_off_between_humans_only_when_views_differ(tab):
    page = tab.open()
    offered = page.eval_on_selector_all(".game-card", "cards => cards.map(c => c.dataset.arg)")
    secret_games = [g for g in ("thurn_taxis", "kutschfahrt") if g in offered]
    if not secret_games:
        pytest.fail("no hidden-information game has a screen yet")
    game_id = secret_games[0]
    seats = max(engine.GAMES[game_id].min_seats, 3)
    humans = [(f"Mens {i + 1}", "human", None) for i in range(2)]
    page = tab.start_game(game_id, humans + [("Bot", "bot", "random")] * (seats - 2))
    seen_handoff = 0
    for _ in range(60):
        if page.locator(".handoff").count():
            seen_handoff += 1
            title = page.locator(".handoff h2").inner_text()
            # nothing private is on the page behind the hand-off screen
            assert page.locator("#screen").inner_text().strip() == ""
            page.click("#handoff-ok")
            me = page.locator(".player.me").inner_text()
            assert any(name in title and name in me for name, _, _ in humans)
            if page.locator("#looked").count():  # the opening: each human looks at their cards once
                page.click("#looked")
                continue
        page.wait_for_function("speeltafelApp.thinking == null && speeltafelApp.bot_task == null")
        if page.evaluate("speeltafelApp.session.state.is_over()"):
            break
        if page.evaluate("speeltafelApp.session.my_legal().length") > 0:
            page.evaluate(PLAY_FIRST)
        if seen_handoff >= 2:
            break
    assert seen_handoff >= 2


def test_the_bots_pace_changes_during_play_and_is_remembered(tab):
    # an old table's own delay of a minute: the bot waits once it has thought
    page = tab.start_game("thurn_taxis", [("Anna", "human", None), ("Bot", "bot", "random")], bot_delay_ms=60_000)
    assert page.input_value("#pace") == "slow"  # the pace nearest to that delay
    for _ in range(20):  # Anna's turn, to its end
        page.wait_for_function("speeltafelApp.session.my_legal().length > 0 || speeltafelApp.session.bots_to_act().length > 0")
        if page.evaluate("speeltafelApp.session.bots_to_act().length > 0"):
            break
        page.evaluate(PLAY_FIRST)
    page.wait_for_function("speeltafelApp.thinking === 1")
    moves = page.evaluate("speeltafelApp.session.state.actions.length")
    assert page.locator(".turn-banner").inner_text().startswith("\u2068Bot\u2069")  # "Bot is thinking…", the name isolated
    page.select_option("#pace", "instant")  # during play: the waiting bot moves at once
    page.wait_for_function("n => speeltafelApp.session.state.actions.length > n", arg=moves)
    assert json.loads(tab.storage("speeltafel:prefs"))["bot_pace"] == "instant"
    page.reload()
    tab.wait("table")
    assert page.input_value("#pace") == "instant", "the pace is not remembered"
    assert page.evaluate("speeltafelApp.pace") == "instant"
