"""Carcassonne – Het Rad van Fortuin in a real browser: a whole game against a
bot played by clicking the board, the classic start, pan and zoom."""

import json
import re
import time

import pytest

from .conftest import Tab

CONTROLS = ".cc-cell, #cc-none, .cc-pest, .result"


def view_box(page):
    return page.get_attribute("#cc-board", "viewBox")


def units_per_pixel(page):
    return page.evaluate("""() => { const el = document.querySelector('#cc-board');
        const [x, y, w, h] = el.getAttribute('viewBox').split(' ').map(Number);
        return Math.max(w / el.clientWidth, h / el.clientHeight); }""")


@pytest.fixture(scope="module")
def tab(browser, site):
    """One page for this file: the second game starts with a single reload
    instead of two fresh boots (Pyodide takes most of the time here)."""
    t = Tab(browser, site)
    yield t
    try:
        assert t.foreign == [], f"the page asked another host: {t.foreign[:3]}"
        assert t.errors == [], f"errors on the page: {t.errors[:3]}"
    finally:
        t.close()


def test_full_game_against_a_bot_by_clicking(tab):
    page = tab.start_game("carcassonne", [("Anna", "human", None), ("Bot", "bot", "random")], lang="nl")
    assert page.locator("#cc-board .cc-seg").count() == 6  # the wheel with its six segments
    assert page.locator("#cc-board .cc-pig").count() == 1
    assert page.locator("#cc-board .cc-crown").count() == 9
    left0 = int(page.inner_text("#cc-tiles-left"))
    turns = followers = pests = 0
    deadline = time.time() + 150
    while time.time() < deadline:
        page.wait_for_selector(CONTROLS, timeout=30_000)
        if page.locator(".result").count():
            break
        if page.locator(".cc-cell").count():
            page.locator(".cc-cell").first.click()
            # the preview sits on the chosen cell; rotate when the cell allows it
            if page.locator("#cc-rotate:not([disabled])").count() and turns % 3 == 0:
                page.click("#cc-rotate")
            page.click("#cc-confirm")
            turns += 1
            page.wait_for_selector(f"{CONTROLS}, .cc-last", timeout=30_000)
            assert page.locator("#cc-board .cc-last").count() == 1  # the last tile is marked
        elif page.locator("#cc-none").count():
            spots = page.locator("#cc-board .cc-spot")
            if spots.count() and turns % 2 == 0:
                spots.first.click()
                page.click("#cc-confirm")
                followers += 1
            else:
                page.click("#cc-none")
        else:
            page.locator("#cc-board .cc-pest").first.click()
            page.click("#cc-confirm")
            pests += 1
    else:
        raise AssertionError("the game did not end in time")
    assert turns >= 25 and followers >= 3
    result = page.locator(".result")
    assert result.is_visible()
    saved = json.loads(tab.state_json())
    assert saved["game"] == "carcassonne"
    totals = result.locator(".breakdown .total td").all_inner_texts()
    assert len(totals) == 2 and all(re.fullmatch(r"\d+", t) for t in totals)
    assert left0 > 60
    # the board behind the result shows the final scoring feature by feature
    page.click("#result-close")
    final = page.locator(".cc-final")
    assert final.is_visible()
    assert final.locator("h3").count() == 4
    assert page.inner_text("#cc-tiles-left") == "0"


def test_classic_start_pan_and_zoom(tab):
    page = tab.start_game("carcassonne", [("Anna", "human", None), ("Bot", "bot", "random")],
                          options={"start": "classic"}, lang="en")
    page.wait_for_selector("#cc-board .cc-cell")
    assert page.locator("#cc-board .cc-seg").count() == 0  # no wheel
    assert page.locator("#cc-board .cc-crown").count() == 0
    assert int(page.inner_text("#cc-tiles-left")) == 70  # 71 in the stack, one drawn
    fit = view_box(page)
    box = page.locator("#cc-board").bounding_box()
    cx, cy = box["x"] + box["width"] / 2, box["y"] + box["height"] / 2
    # mouse wheel zooms in
    before = units_per_pixel(page)
    page.mouse.move(cx, cy)
    page.mouse.wheel(0, -300)
    page.wait_for_function("f => document.querySelector('#cc-board').getAttribute('viewBox') !== f", arg=fit)
    zoomed = [float(v) for v in view_box(page).split()]
    assert units_per_pixel(page) < before * 0.95
    # a drag pans and is not a tap on a cell
    page.mouse.move(cx, cy)
    page.mouse.down()
    page.mouse.move(cx + 60, cy + 40, steps=6)
    page.mouse.up()
    panned = [float(v) for v in view_box(page).split()]
    assert panned[0] < zoomed[0] and panned[2] == zoomed[2]
    assert page.locator("#cc-confirm").count() == 0
    # the view survives a re-render (choosing a cell from the keyboard list)
    page.click(".cc-list summary")
    cells = page.locator("#cc-board .cc-cell").count()
    assert page.locator(".cc-list .cc-opt").count() == cells
    page.locator(".cc-list .cc-opt").first.click()
    page.wait_for_selector("#cc-confirm")
    assert [float(v) for v in view_box(page).split()] == panned
    assert page.locator("#cc-board .cc-preview").count() == 1
    # "fit" brings the whole board back
    page.click("#cc-fit")
    page.wait_for_function("f => document.querySelector('#cc-board').getAttribute('viewBox') === f", arg=fit)
