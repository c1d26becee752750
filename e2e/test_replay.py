"""Replay in the browser: a finished game opened from the saved games list
and stepped through to its end by buttons and keys, where the final board
is the result (every total in the players panel and in the result dialog is
the engine's), then back; the same for an exported file imported in another
browser (empty storage), whose replay is offered at once.  Every target on
the replay screen is finger-sized and axe-core finds nothing grave, in both
orientations."""

from __future__ import annotations

import re

from . import positions as P
from .conftest import Tab
from .test_fingers import _measure_both_ways, _no_grave_violations, _resize, LANDSCAPE

AT = "#replay-at"


def _at(page) -> tuple[int, int]:
    k, n = re.search(r"(\d+)\D+(\d+)", page.locator(AT).inner_text()).groups()
    return int(k), int(n)


def _wait_at(page, k: int):
    page.wait_for_function("([sel, k]) => (document.querySelector(sel)?.textContent.match(/\\d+/) || [])[0] == k",
                           arg=[AT, str(k)])


def _scores(page) -> list[int]:
    return [int(s) for s in page.locator(".players-panel .score").all_inner_texts()]


def _scores_after(state, k):
    """The totals the players panel shows after `k` moves ([]: the game shows none yet)."""
    from engine.protocol import replay

    return replay(state.game_id, state.seats, state.options, state.seed, state.actions[:k]).view(None)["scores"] or []


def test_a_finished_game_from_the_saved_games_list_to_its_end_and_back(tab):
    state = P.finished("carcassonne", 4, 1)
    n = len(state.actions)
    result = state.result()["scores"]
    page = P.open_lobby(tab, {"g1": P.save_of(state, 0)})
    row = page.locator('.save[data-save="g1"]')
    assert row.locator("[data-cmd=save-replay]").count() == 1
    page.click("#replay-g1")
    tab.wait("replay")
    assert _at(page) == (0, n) and _scores(page) == [0, 0, 0, 0]
    assert page.locator("#screen [data-cmd=act]").count() == 0, "nothing can be played in a replay"
    assert page.locator("#replay-back").is_disabled()
    page.click("#replay-forward")
    _wait_at(page, 1)
    page.keyboard.press("ArrowRight")  # the keys step too
    _wait_at(page, 2)
    # step through to the end, a turn at a time
    turns = 0
    while _at(page)[0] < n:
        k = _at(page)[0]
        page.click("#replay-next-turn")
        page.wait_for_function("([sel, k]) => +document.querySelector(sel).textContent.match(/\\d+/)[0] > k",
                               arg=[AT, k])
        turns += 1
    assert turns > 20 and _at(page) == (n, n)
    assert page.locator("#replay-next-turn").is_disabled() and page.locator("#replay-end").is_disabled()
    # the final board is the result
    assert _scores(page) == result
    assert page.locator(".turn-banner").inner_text() == "The game is over"
    page.click("#result-open")
    page.wait_for_selector(".modal .result")
    totals = [int(t) for t in page.locator(".result .breakdown tr.total td").all_inner_texts()]
    assert totals == result
    _no_grave_violations(page, "the replay's result")
    page.click("#result-close")
    page.wait_for_selector(".modal", state="detached")
    # and back: one move, then by the key to the start and the end again
    page.click("#replay-back")
    _wait_at(page, n - 1)
    assert _scores(page) == _scores_after(state, n - 1)
    page.keyboard.press("Home")
    _wait_at(page, 0)
    page.keyboard.press("End")
    _wait_at(page, n)
    assert _scores(page) == result
    # halfway, seen by one player: that seat's own view on the game's screen
    page.locator("#replay-to").fill(str(n // 2))
    _wait_at(page, n // 2)
    assert _scores(page) == _scores_after(state, n // 2)
    page.select_option("#replay-seat", "2")
    page.wait_for_function("() => document.querySelector('.players-panel') && "
                           "document.querySelector('#replay-seat').value === '2'")
    assert _at(page) == (n // 2, n)
    _measure_both_ways(page, ".replay-bar #replay-forward")
    _no_grave_violations(page, "the replay")
    _resize(page, LANDSCAPE)
    page.click("#menu")
    tab.wait("lobby")


def test_an_exported_finished_game_replays_in_another_browser(tab, browser, site, tmp_path):
    state = P.finished("thurn_taxis", 3, 2)
    n = len(state.actions)
    page = P.open_lobby(tab, {"g1": P.save_of(state, 0)})
    with page.expect_download() as info:
        page.click('.save[data-save="g1"] [data-cmd=save-export]')
    exported = tmp_path / "finished.json"
    info.value.save_as(exported)
    other = Tab(browser, site)  # another device: nothing in its storage
    try:
        there = other.open()
        assert there.locator(".save").count() == 0
        there.set_input_files("#import", str(exported))
        there.wait_for_selector(".save.offered [data-cmd=save-replay].primary")
        assert "finished" in there.locator(".notice").inner_text()
        assert there.evaluate("document.activeElement.dataset.cmd") == "save-replay", "offered at once"
        there.keyboard.press("Enter")
        other.wait("replay")
        assert _at(there) == (0, n)
        there.keyboard.press("End")
        _wait_at(there, n)
        assert _scores(there) == state.result()["scores"]
        there.keyboard.press("ArrowLeft")
        _wait_at(there, n - 1)
        assert _scores(there) == _scores_after(state, n - 1)
        assert there.locator(".turn-banner").inner_text() != "The game is over"
        _measure_both_ways(there, ".replay-bar #replay-back")
        assert other.errors == [] and other.foreign == []
    finally:
        other.close()
