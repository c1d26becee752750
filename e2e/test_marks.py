"""What looks tappable is tappable (issue 23), with real taps: a city's name on
the Thurn und Taxis map is part of its target; a seat asked for in Kutschfahrt
is chosen by a tap on its middle, even on the name of its revealed occupation
(which otherwise opens the rules); Carcassonne's "fit" shows the whole of a
large board, "−" says when there is nothing more to show, and a tap on a
board shown too small zooms in first, so the square is finger-sized when
chosen.  One page for all three, the positions made with the engine."""

from __future__ import annotations

import pytest

import engine

from .positions import bot_game, late_carcassonne, open_table, save_of

TAP = 44  # css px: the smallest target a finger may be asked to hit


@pytest.fixture(scope="module")
def touch(browser, site):
    """One touch device for the file (a mouse is plugged in too)."""
    from .conftest import Tab

    tab = Tab(browser, site, touch=True)
    open_table(tab, save_of(engine.new_game("carcassonne", 2, {}, 1), 0))
    yield tab
    try:
        assert tab.errors == [] and tab.foreign == [] and tab.crashes == tab.rebooted, tab.errors[:3]
    finally:
        tab.close()


def sit(tab, key, state, seat):
    """Put `state` on the table with `seat` its only human (the others wait)."""
    tab.sit(key, save_of(state, seat))
    return tab.page


def moves(page):
    return page.evaluate("speeltafelApp.session.state.actions.length")


def last_action(page):
    return page.evaluate("JSON.parse(speeltafelApp.session.state.to_json()).actions.at(-1)")


def middle(page, selector):
    box = page.locator(selector).first.bounding_box()
    return box["x"] + box["width"] / 2, box["y"] + box["height"] / 2


def test_a_city_name_is_part_of_the_target(touch):
    state, seat = bot_game("thurn_taxis", 3, 2, lambda s, v: v["phase"] == "play" and sum(
        a["type"] == "play" for a in s.legal_actions(v["seat"])) >= 2)
    page = sit(touch, "tt", state, seat)
    played = {a["city"] for a in state.legal_actions(seat) if a["type"] == "play"}
    page.locator(f"#screen [data-cmd=ui][data-arg^='sel:']").first.click()
    page.wait_for_selector("#screen g.tt-target")
    city = page.locator("#screen g.tt-target").first.get_attribute("data-city")
    name = page.locator(f"#screen [data-city='{city}'] text.tt-label").first
    name.evaluate("e => e.scrollIntoView({block: 'center'})")
    n = moves(page)
    box = name.bounding_box()
    page.touchscreen.tap(box["x"] + box["width"] / 2, box["y"] + box["height"] / 2)  # on the letters of the name
    page.wait_for_function("n => speeltafelApp.session.state.actions.length > n", arg=n)
    seat_, action = last_action(page)
    assert seat_ == seat and action["type"] == "play" and action["city"] == city and city in played


def test_a_seat_asked_for_wins_over_the_name_on_it(touch):
    """ "Whom do you attack? (tap a seat)": a tap on the middle of a seat whose
    occupation is face up attacks that seat; the occupation's rules stay shut."""
    def revealed_target(s, v):
        up = {p["seat"] for p in v["players"] if p["occupation"] and p["seat"] != v["seat"]}
        return v["phase"] == "turn" and any(a["type"] == "attack" and a["to"] in up
                                            for a in s.legal_actions(v["seat"]))
    state, seat = bot_game("kutschfahrt", 5, 3, revealed_target)
    view = state.view(seat)
    up = [p["seat"] for p in view["players"] if p["occupation"] and p["seat"] != seat
          and {"type": "attack", "to": p["seat"]} in state.legal_actions(seat)]
    page = sit(touch, "kf", state, seat)
    page.click('#screen [data-arg="mode:attack"]')
    target = f'#screen .kr-seat.kr-target[data-seat="{up[0]}"]'
    page.wait_for_selector(f"{target} .kr-occ.up")
    n = moves(page)
    occ = page.locator(f"{target} .kr-occ.up")
    box = occ.bounding_box()
    page.touchscreen.tap(box["x"] + box["width"] / 2, box["y"] + box["height"] / 2)  # on the occupation's name
    page.wait_for_function("n => speeltafelApp.session.state.actions.length > n", arg=n)
    assert last_action(page) == [seat, {"type": "attack", "to": up[0]}]
    assert page.locator(".rules").count() == 0, "the rules opened instead"


@pytest.mark.parametrize("size", [{"width": 1280, "height": 800}, {"width": 800, "height": 1280}])
def test_fit_shows_a_large_board_whole_and_a_tap_zooms_in_before_choosing(touch, size):
    touch.page.set_viewport_size(size)
    state, seat = late_carcassonne("place")
    page = sit(touch, "cc", state, seat)  # (the second size: the first one's moves are forgotten)
    page.wait_for_selector("#cc-board .cc-cell")
    # the table's own view keeps the squares finger-sized: not the whole of 60+ tiles
    cell = page.locator("#cc-board .cc-cell").first.bounding_box()
    assert cell["width"] >= TAP - 1
    page.click("#cc-fit")
    inside = """() => { const b = document.querySelector('.cc-board-wrap').getBoundingClientRect();
        return [...document.querySelectorAll('#cc-board .cc-cell')].every(e => {  // they ring the whole board
            const r = e.getBoundingClientRect();
            return r.left >= b.left - 1 && r.right <= b.right + 1 && r.top >= b.top - 1 && r.bottom <= b.bottom + 1; }); }"""
    page.wait_for_function(inside)
    assert page.get_attribute("#cc-zoom-out", "aria-disabled") == "true", "− must look spent once all is shown"
    small = page.locator("#cc-board .cc-cell").first
    box = small.bounding_box()
    assert box["width"] < cell["width"] - 1, "the whole of 60+ tiles is shown smaller than the table's own view"
    arg = small.get_attribute("data-arg")
    page.touchscreen.tap(box["x"] + box["width"] / 2, box["y"] + box["height"] / 2)
    page.wait_for_function("a => { const e = document.querySelector(`#cc-board [data-arg='${a}']`); "
                           "return e && e.getBoundingClientRect().width >= 43; }", arg=arg)
    assert page.locator("#cc-confirm").count() == 0, "the first tap on a square too small only zooms in"
    assert page.get_attribute("#cc-zoom-out", "aria-disabled") == "false"
    x, y = middle(page, f"#cc-board [data-arg='{arg}']")
    page.touchscreen.tap(x, y)
    page.wait_for_selector("#cc-confirm")
    assert page.locator("#cc-board .cc-cell-sel").bounding_box()["width"] >= TAP - 1
    page.set_viewport_size({"width": 1280, "height": 800})
