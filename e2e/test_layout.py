"""The table held as a 10-inch tablet, in both orientations: nothing scrolls
sideways, the controls one needs stay on the screen, the coach seats of a
full table do not overlap, the log shows its newest entry, and the result of a
10-seat game fits its dialog.  Positions are loaded from saves made here with
the engine, so each check looks at a known table."""

from __future__ import annotations

import json
import random

import pytest

import engine

LANDSCAPE = {"width": 1280, "height": 800}
PORTRAIT = {"width": 800, "height": 1280}
# two animation frames after the window has its new size: the layout is done
SETTLED = """s => window.innerWidth === s.width && window.innerHeight === s.height
    && new Promise(r => requestAnimationFrame(() => requestAnimationFrame(() => r(true))))"""


def _resize(page, size):
    page.set_viewport_size(size)
    page.wait_for_function(SETTLED, arg=size)
NAMES = ["Anna", "Bram", "Carla", "Daan", "Eva", "Femke", "Gijs", "Hanna", "Ivo", "Joost"]

SCROLL = "() => [document.documentElement.scrollWidth - innerWidth, document.documentElement.scrollHeight - innerHeight]"


def _save(game, seats, *, moves=None, to_end=False, options=None, seed=11):
    """A save of `game` after random legal moves: `moves` of them and then on
    until seat 0 alone must act, or to the end.  Seat 0 is the human."""
    state = engine.new_game(game, seats, options or {}, seed)
    rng = random.Random(seed)

    def step():
        seat = state.to_act()[0]
        legal = state.legal_actions(seat)
        if not to_end:  # keep the game going: no early claims of victory
            legal = [a for a in legal if a.get("type") != "claim"] or legal
        state.apply(seat, rng.choice(legal))

    if to_end:
        while not state.is_over():
            step()
    else:
        for _ in range(moves or 0):
            if state.is_over():
                break
            step()
        while not state.is_over() and state.to_act() != [0]:
            step()
        assert not state.is_over(), "pick another seed: the game ended early"
    players = [{"name": NAMES[i], "kind": "human" if i == 0 else "bot", "level": None if i == 0 else "random"}
               for i in range(seats)]
    meta = {"players": players, "names": NAMES[:seats], "created": 1, "updated": 2,
            "over": state.is_over(), "viewer": 0, "notes": {}}
    return state.to_json(meta=meta)


def _open(tab, *, save=None, lobby=None, lang="nl"):
    # bots wait (a minute a move): the position stays as loaded while we look
    prefs = {"lang": lang, "bot_delay_ms": 60_000}
    items = {}
    if lobby:
        prefs["lobby"] = lobby
    if save:
        items = {"speeltafel:save:g1": save, "speeltafel:current": "g1"}
    items["speeltafel:prefs"] = json.dumps(prefs)
    tab.replace_storage(items)
    tab.page.goto(tab.site)
    tab.wait("table" if save else "lobby")
    return tab.page


def _inside(page, selector):
    """Every visible element matching `selector` lies wholly in the viewport."""
    size = page.viewport_size
    boxes = [b for b in (el.bounding_box() for el in page.query_selector_all(selector)) if b]
    assert boxes, f"nothing matches {selector}"
    for b in boxes:
        assert b["x"] >= -0.5 and b["y"] >= -0.5, (selector, b)
        assert b["x"] + b["width"] <= size["width"] + 0.5, (selector, b, size)
        assert b["y"] + b["height"] <= size["height"] + 0.5, (selector, b, size)


def test_lobby_start_in_reach_and_tappable_options_both_ways(tab):
    page = _open(tab, lobby={"game": "kutschfahrt", "seats": 10, "players": [], "options": {}})
    for size in (LANDSCAPE, PORTRAIT):
        page.set_viewport_size(size)
        page.evaluate("window.scrollTo(0, 0)")
        sideways, downwards = page.evaluate(SCROLL)
        assert sideways <= 0, f"the lobby scrolls sideways at {size}"
        assert downwards > 0  # ten seats and every option: the form is longer than the window...
        _inside(page, "#start")  # ...and the start button is on the screen all the same
        for label in page.query_selector_all(".option > label, .subset-item"):
            assert label.bounding_box()["height"] >= 44, label.inner_text()


def test_full_coach_fits_both_ways_and_the_log_shows_the_newest(tab):
    page = _open(tab, save=_save("kutschfahrt", 9, moves=60, seed=5))
    _resize(page, LANDSCAPE)
    sideways, downwards = page.evaluate(SCROLL)
    # landscape: the frame is the window; board and side column scroll inside it
    assert sideways <= 0 and downwards <= 0, (sideways, downwards)
    _inside(page, ".table-top button, .table-top .turn-banner")
    top = page.query_selector_all(".table-top > *")
    assert len({round(el.bounding_box()["y"] + el.bounding_box()["height"] / 2) // 20 for el in top}) == 1, \
        "the top bar wraps in landscape"
    # the board and the side column are the body's two columns (placed by position: style.css), the side
    # 17rem wide at this width, 0.8rem from each other and from the body's edges, both as tall as the body
    body, screen, side = (page.locator(s).bounding_box() for s in (".table-body", "#screen", ".side"))
    gap = 0.8 * 16
    assert abs(side["width"] - 17 * 16) <= 1, side
    assert abs(screen["x"] - body["x"] - gap) <= 1 and abs(side["x"] - screen["x"] - screen["width"] - gap) <= 1, \
        (body, screen, side)
    assert abs(body["x"] + body["width"] - side["x"] - side["width"] - gap) <= 1, (body, side)
    for box in (screen, side):
        assert abs(box["y"] - body["y"] - gap) <= 1, (body, box)
        assert abs(body["y"] + body["height"] - box["y"] - box["height"] - gap) <= 1, (body, box)
    log = page.locator(".log-scroll").bounding_box()
    last = page.locator(".log-entry").last.bounding_box()
    assert log["y"] - 1 <= last["y"] and last["y"] + last["height"] <= log["y"] + log["height"] + 1, \
        "the newest log entry is not in view"

    _resize(page, PORTRAIT)
    assert page.evaluate(SCROLL)[0] <= 0, "the table scrolls sideways when held upright"
    page.evaluate("window.scrollTo(0, 0)")
    _inside(page, ".table-top button, .table-top .turn-banner")
    seats = [el.bounding_box() for el in page.query_selector_all(".kr-seat")]
    assert len(seats) == 9
    for i, a in enumerate(seats):
        for b in seats[i + 1:]:
            w = min(a["x"] + a["width"], b["x"] + b["width"]) - max(a["x"], b["x"])
            h = min(a["y"] + a["height"], b["y"] + b["height"]) - max(a["y"], b["y"])
            assert w <= 1 or h <= 1, f"two seats on the coach overlap: {a} {b}"
    for el in page.query_selector_all("#screen .kr-actions button, #screen .kr-panel button"):
        if el.is_visible():
            assert el.bounding_box()["height"] >= 44, el.inner_text()


def test_ten_seat_result_fits_its_dialog(tab):
    page = _open(tab, save=_save("kutschfahrt", 10, to_end=True, seed=3))
    for size in (LANDSCAPE, PORTRAIT):
        _resize(page, size)
        page.wait_for_selector(".result .breakdown")
        wrap = page.locator(".result .breakdown-wrap")
        assert wrap.evaluate("e => e.scrollWidth <= e.clientWidth"), f"the result table is cut off at {size}"
        _inside(page, ".result .result-buttons button")
        assert page.locator(".result .breakdown tbody tr").count() == 10  # one row per player
        assert "victory" not in page.locator(".result").inner_text()  # the category is translated


def test_finished_game_top_bar_keeps_one_row_in_landscape(tab):
    page = _open(tab, save=_save("carcassonne", 5, to_end=True, seed=2), lang="de")
    page.set_viewport_size(LANDSCAPE)
    page.click("#result-close")
    sideways, downwards = page.evaluate(SCROLL)
    assert sideways <= 0 and downwards <= 0, (sideways, downwards)
    _inside(page, ".table-top button")
    assert page.locator(".table-top").bounding_box()["height"] < 80


def _latest_in_view(page, size):
    """The since-line and the newest log entry are on the screen as the page
    opens (not scrolled), the entry also inside the log's own scroller."""
    page.evaluate("window.scrollTo(0, 0)")
    _inside(page, ".since-line")
    entry = page.locator(".log-entry").last.bounding_box()
    box = page.locator(".log-scroll").bounding_box()
    assert entry["y"] >= 0 and entry["y"] + entry["height"] <= size["height"] + 0.5, (size, entry)
    assert box["y"] - 1 <= entry["y"] and entry["y"] + entry["height"] <= box["y"] + box["height"] + 1, \
        f"the newest log entry is scrolled away in its log at {size}"


def _mid_game(game, seats, seed, moves, entries):
    """A game of greedy bots where the seat to act (the human) has seen others
    play since its last turn, after `moves` moves and `entries` log entries."""
    from e2e.positions import bot_game, save_of

    state, seat = bot_game(game, seats, seed, lambda s, v: v["moves"] >= moves and len(v["log"]) >= entries
                           and any(e.get("move", 0) > 0 and not e.get("private") for e in v["log"][-5:]))
    return save_of(state, seat)


@pytest.mark.parametrize("game, seats, seed, moves, entries", [
    ("carcassonne", 4, 3, 40, 0), ("thurn_taxis", 4, 3, 60, 0), ("kutschfahrt", 6, 3, 60, 0),
    ("kutschfahrt", 10, 1, 0, 1000)])
def test_the_latest_events_are_in_view_without_scrolling_both_ways(tab, game, seats, seed, moves, entries):
    page = _open(tab, save=_mid_game(game, seats, seed, moves, entries), lang="en")
    for size in (PORTRAIT, LANDSCAPE):
        _resize(page, size)
        _latest_in_view(page, size)
