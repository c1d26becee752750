"""Carcassonne – Het Rad van Fortuin in a real browser: a whole game against a
bot played by clicking the board, to the final scoring feature by feature; the
classic start played a few turns from the keyboard alone (placing, rotating,
confirming, a follower, zoom/pan/fit); pan and zoom by mouse and by pinch."""

import json
import re

import pytest

from .conftest import Tab

CONTROLS = ".cc-cell, #cc-none, .cc-pest, .result"
# the pieces of the bar above the board that a tile placed (the close-up coming in) leaves where they are
BAR_STAYS = (".cc-pigseg", ".cc-left", ".cc-actions")
# marks the first of `sel` wholly inside the board's view (the board pans: some lie outside)
# after the frame that shows the last drawing: the board's view follows its size on
# screen, which the browser tells in that frame (a ResizeObserver), after the drawing's task
IN_VIEW = """async sel => {
  await new Promise(r => requestAnimationFrame(() => requestAnimationFrame(r)));
  document.querySelectorAll('[data-e2e-next]').forEach(e => e.removeAttribute('data-e2e-next'));
  const b = document.querySelector('.cc-board-wrap').getBoundingClientRect();
  for (const c of document.querySelectorAll(sel)) {
    const r = c.getBoundingClientRect();
    if (r.left >= b.left && r.right <= b.right && r.top >= b.top && r.bottom <= b.bottom) {
      c.setAttribute('data-e2e-next', '1');
      return true;
    }
  }
  return false;
}"""


# the board's SVG: its layout size and viewBox; the height of its part of the screen
SVG_LAYOUT = """() => { const el = document.querySelector('#cc-board');
    return {svg: [el.clientWidth, el.clientHeight, el.getAttribute('viewBox')], wrap: el.parentElement.clientHeight}; }"""


def view_box(page):
    """The part of the board shown (the SVG's viewBox stays: the view is a transform, ui.kit.PanZoom)."""
    return [float(v) for v in page.get_attribute("#cc-board", "data-view").split()]


def units_per_pixel(page):
    """Board units per screen px: the view shown, fitted ("meet") to the board's part of the screen."""
    return page.evaluate("""() => { const el = document.querySelector('.cc-board-wrap');
        const [x, y, w, h] = document.querySelector('#cc-board').dataset.view.split(' ').map(Number);
        return Math.max(w / el.clientWidth, h / el.clientHeight); }""")


def tab_to(page, selector, back=False, limit=60):
    """Press Tab (or Shift+Tab) until `selector` has the focus: proves it is
    in the tab order."""
    for _ in range(limit):
        if page.evaluate("s => document.activeElement && document.activeElement.matches(s)", selector):
            return
        page.keyboard.press("Shift+Tab" if back else "Tab")
    raise AssertionError(f"{selector} cannot be reached with Tab")


def focused_id(page):
    return page.evaluate("document.activeElement && document.activeElement.id")


@pytest.fixture(scope="module")
def tab(browser, site):
    """One page for this file: each game after the first starts with a reload
    instead of a fresh boot (Pyodide takes most of the time here)."""
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
    # the score track: one marker per player, named for screen readers
    assert page.locator(".cc-track .cc-marker").count() == 2
    assert "\u2068Anna\u2069 0" in page.get_attribute(".cc-track", "aria-label")  # the name isolated (ui/names.py)
    # ... its SVG as wide as its drawing, in the middle of its room (where a full-width SVG drew it): the
    # list button beside it changing its width, or going, moves it and does not resize it (a resized SVG
    # lays all of its squares, texts and markers out again in the frame that draws a move: issue 26)
    box, alone, room, markers = page.evaluate("""() => { const svg = document.querySelector('.cc-track-svg');
        const toggle = document.getElementById('cc-list-toggle'), r = () => svg.getBoundingClientRect().toJSON();
        const box = r(), room = svg.parentElement.getBoundingClientRect().toJSON();
        toggle.style.display = 'none'; const alone = r(); toggle.style.display = '';
        const vb = svg.viewBox.baseVal; box.drawn = box.height * vb.width / vb.height; box.overflow = getComputedStyle(svg).overflow;
        return [box, alone, room, [...svg.querySelectorAll('.cc-marker')].map(m => m.getBoundingClientRect().toJSON())]; }""")
    assert abs(box["width"] - box["drawn"]) < 0.5 and box["width"] < room["width"] - 50, (box, room)
    assert abs(box["x"] + box["width"] / 2 - (room["x"] + room["width"] / 2)) < 0.5, (box, room)
    assert (alone["width"], alone["height"]) == (box["width"], box["height"]), (alone, box)
    # a marker at 0 reaches beyond the drawing's left end (its outline): shown whole, as in a full-width SVG
    assert box["overflow"] == "visible", box
    assert all(room["x"] <= m["x"] and m["x"] + m["width"] <= room["x"] + room["width"] for m in markers), (markers, room)
    left0 = int(page.inner_text("#cc-tiles-left"))
    turns = followers = closeups = pests = 0
    for _ in range(300):  # a two-player game takes about 80 of these steps
        page.wait_for_selector(CONTROLS, timeout=30_000)
        if page.locator(".result").count():
            break
        if page.locator(".cc-cell").count():
            assert page.locator(".cc-drawn .cc-mini").count() == 1  # the drawn tile is shown
            # a square in view (a large board is shown around the squares one may place on, not shrunk)
            assert page.evaluate(IN_VIEW, ".cc-cell"), "no square to place on is in view"
            page.click("[data-e2e-next]")
            # the preview sits on the chosen cell; rotate when the cell allows it
            if page.locator("#cc-rotate:not([disabled])").count() and turns % 3 == 0:
                page.click("#cc-rotate")
            page.evaluate(f"() => {list(BAR_STAYS)}.forEach(s => {{ document.querySelector(s).e2eKept = true; }})")
            page.click("#cc-confirm")
            turns += 1
            page.wait_for_selector(f"{CONTROLS}, .cc-last", timeout=30_000)
            # the last tile is marked: her own new one, or (her turn over) the bot's since then
            assert page.locator("#cc-board .cc-last, #cc-board .cc-recent").count() >= 1
        elif page.locator("#cc-none").count():
            # the pieces of the bar that stay were redrawn in place, not anew, as the close-up came in
            assert page.evaluate(f"() => {list(BAR_STAYS)}.every(s => document.querySelector(s).e2eKept)")
            spots = page.locator("#cc-board .cc-spot")  # marks on the board
            close = page.locator(".cc-closeup .cc-cspot")  # the tile's spots, large
            crowns = page.locator(".cc-crowns .cc-choice")  # the free crown spaces, as buttons
            # exactly the legal spots are marked and offered (the tile's free ones and the free crowns)
            legal = page.evaluate("speeltafelApp.session.my_legal().length")
            assert spots.count() == legal - 1 and close.count() + crowns.count() == legal - 1
            if close.count() and turns % 4 == 0:
                close.first.click()  # the large copy of the new tile
                page.click("#cc-confirm")
                followers += 1
                closeups += 1
            elif crowns.count() and turns % 4 == 2:
                crowns.first.click()
                page.click("#cc-confirm")
                followers += 1
            else:
                page.click("#cc-none")
        else:
            page.locator(".cc-actions .cc-choice").first.click()  # whom the plague strikes
            page.click("#cc-confirm")
            pests += 1
    else:
        raise AssertionError("the game did not end in 300 steps")
    assert turns >= 25 and followers >= 3 and closeups >= 1
    result = page.locator(".result")
    assert result.is_visible()
    saved = json.loads(tab.state_json())
    assert saved["game"] == "carcassonne"
    totals = result.locator(".breakdown .total td").all_inner_texts()
    assert len(totals) == 2 and all(re.fullmatch(r"\d+", t) for t in totals)
    assert left0 > 60
    # the log explains the scores in words
    log = page.locator(".log").inner_text()
    assert re.search(r"(krijgt \d+ punten|Eindtelling: \+\d+|: \+\d+ voor)", log)
    # the board behind the result shows the final scoring feature by feature
    page.click("#result-close")
    final = page.locator(".cc-final")
    final.scroll_into_view_if_needed()
    assert final.is_visible()
    assert final.locator("h3").count() == 4  # cities, roads, monasteries, farms
    rows = final.locator(".cc-final-table tbody tr")
    assert rows.count() == 6  # during the game, four kinds of feature, total
    assert final.locator(".cc-final-table tr.cc-total td").all_inner_texts() == totals
    entries = final.locator(".cc-final-list li, .cc-none")
    assert entries.count() >= 4
    for text in final.locator(".cc-final-list li").all_inner_texts():
        assert re.search(r"(Eindtelling|Weide \d+): \+\d+ voor", text), text
    assert page.inner_text("#cc-tiles-left") == "0"
    # the drawn board: coats of arms and monasteries among the tiles
    assert page.locator("#cc-board .cc-coat").count() > 0
    assert page.locator("#cc-board .cc-monastery").count() > 0


def test_classic_start_a_few_turns_from_the_keyboard(tab):
    page = tab.start_game("carcassonne", [("Anna", "human", None), ("Bot", "bot", "random")],
                          options={"start": "classic"}, lang="en")
    page.wait_for_selector("#cc-board .cc-cell")
    assert page.locator("#cc-board .cc-seg").count() == 0  # no wheel
    assert page.locator("#cc-board .cc-crown").count() == 0
    assert int(page.inner_text("#cc-tiles-left")) == 70  # 71 in the stack, one drawn
    page.locator("#cc-board").focus()
    placed = 0
    for turn in range(3):
        page.wait_for_selector("#cc-list-toggle", timeout=30_000)
        page.wait_for_selector("#cc-board .cc-cell")
        # the list of squares: open it, choose one, all with Tab and Enter
        tab_to(page, "#cc-list-toggle")
        if page.get_attribute("#cc-list-toggle", "aria-expanded") == "false":
            page.keyboard.press("Enter")
        page.wait_for_selector("#cc-list-toggle[aria-expanded=true]")
        assert focused_id(page) == "cc-list-toggle"  # the re-render keeps the focus
        cells = page.locator("#cc-board .cc-cell").count()
        assert page.locator("#cc-opts .cc-opt").count() == cells
        page.keyboard.press("Tab")
        assert page.evaluate("document.activeElement.classList.contains('cc-opt')")
        page.keyboard.press("Enter")
        page.wait_for_selector("#cc-confirm")
        assert page.locator("#cc-board .cc-preview").count() == 1
        # rotate (when the square allows more than one way) and confirm
        if page.locator("#cc-rotate:not([disabled])").count():
            before = page.get_attribute("#cc-board .cc-preview", "transform")
            tab_to(page, "#cc-rotate", back=True)
            page.keyboard.press("Enter")
            page.wait_for_function("b => document.querySelector('#cc-board .cc-preview')"
                                   ".getAttribute('transform') !== b", arg=before)
            assert focused_id(page) == "cc-rotate"
        tab_to(page, "#cc-confirm", back=not page.locator("#cc-rotate:not([disabled])").count())
        page.keyboard.press("Enter")
        placed += 1
        page.wait_for_selector("#cc-none")
        # the follower step: the close-up's spots are buttons in the tab order
        if turn == 0 and page.locator(".cc-cspot").count():
            tab_to(page, ".cc-cspot")
            label = page.evaluate("document.activeElement.getAttribute('aria-label')")
            assert re.fullmatch(r"As (knight|highwayman|robber|monk|farmer) on the tile \(.+\)", label), label
            page.keyboard.press("Enter")
            page.wait_for_selector(".cc-cspot[aria-pressed=true]")
            tab_to(page, "#cc-confirm")
        else:
            tab_to(page, "#cc-none")
        page.keyboard.press("Enter")
        page.wait_for_selector("#cc-board .cc-cell, .result", timeout=30_000)
    assert page.locator(".result").count() == 0
    assert int(page.inner_text("#cc-tiles-left")) == 70 - 2 * placed
    assert page.locator("#cc-board .cc-meeple").count() >= 1
    # zoom and fit from the keyboard: the buttons, and keys on the board itself
    fit = view_box(page)
    fit_attr = page.get_attribute("#cc-board", "data-view")
    tab_to(page, "#cc-zoom-in")
    page.keyboard.press("Enter")
    page.wait_for_function("f => document.querySelector('#cc-board').getAttribute('data-view') !== f",
                           arg=fit_attr)
    zoomed = view_box(page)
    assert zoomed[2] < fit[2] and focused_id(page) == "cc-zoom-in"
    page.keyboard.press("Enter")
    assert view_box(page)[2] < zoomed[2]
    tab_to(page, "#cc-zoom-out")
    page.keyboard.press("Enter")
    tab_to(page, "#cc-board", back=True)
    b0 = view_box(page)
    page.keyboard.press("ArrowLeft")
    page.keyboard.press("ArrowUp")
    b1 = view_box(page)
    assert b1[0] < b0[0] and b1[1] < b0[1] and b1[2] == b0[2]
    page.keyboard.press("-")
    assert view_box(page)[2] > b1[2]
    page.keyboard.press("0")
    assert view_box(page) == fit
    page.keyboard.press("=")
    assert view_box(page)[2] < fit[2]
    tab_to(page, "#cc-fit")
    page.keyboard.press("Enter")
    page.wait_for_function("f => document.querySelector('#cc-board').getAttribute('data-view').split(' ')"
                           ".map(Number).every((v, i) => Math.abs(v - f[i]) < 0.05)", arg=fit)


def test_classic_start_pan_and_zoom_by_mouse_and_pinch(tab):
    page = tab.start_game("carcassonne", [("Anna", "human", None), ("Bot", "bot", "random")],
                          options={"start": "classic"}, lang="de")
    page.wait_for_selector("#cc-board .cc-cell")
    fit = view_box(page)
    fit_attr = page.get_attribute("#cc-board", "data-view")
    box = page.locator(".cc-board-wrap").bounding_box()  # the board's part of the screen
    cx, cy = box["x"] + box["width"] / 2, box["y"] + box["height"] / 2
    # mouse wheel zooms in
    before = units_per_pixel(page)
    page.mouse.move(cx, cy)
    page.mouse.wheel(0, -300)
    page.wait_for_function("f => document.querySelector('#cc-board').getAttribute('data-view') !== f",
                           arg=fit_attr)
    zoomed = view_box(page)
    assert units_per_pixel(page) < before * 0.95
    # a drag pans and is not a tap on a cell
    page.mouse.move(cx, cy)
    page.mouse.down()
    page.mouse.move(cx + 60, cy + 40, steps=6)
    page.mouse.up()
    panned = view_box(page)
    assert panned[0] < zoomed[0] and panned[2] == zoomed[2]
    assert page.locator("#cc-confirm").count() == 0
    # two fingers moving apart zoom in (touch pointers)
    upp = units_per_pixel(page)
    page.evaluate("""([cx, cy]) => { const el = document.querySelector('#cc-board');
        const ev = (type, id, x) => el.dispatchEvent(new PointerEvent(type, {pointerId: id, pointerType: 'touch',
            clientX: x, clientY: cy, bubbles: true, cancelable: true, isPrimary: id === 11}));
        ev('pointerdown', 11, cx - 40); ev('pointerdown', 12, cx + 40);
        for (let d = 50; d <= 120; d += 10) { ev('pointermove', 11, cx - d); ev('pointermove', 12, cx + d); }
        ev('pointerup', 11, cx - 120); ev('pointerup', 12, cx + 120); }""", [cx, cy])
    pinched = units_per_pixel(page)
    assert pinched < upp * 0.5, (upp, pinched)
    pinched_box = view_box(page)
    # the view survives a re-render (choosing a cell from the list; the open
    # list takes room below the board, so the box is compared, not the scale)
    laid_out = page.evaluate(SVG_LAYOUT)
    page.click("#cc-list-toggle")
    page.locator("#cc-opts .cc-opt").first.click()
    page.wait_for_selector("#cc-confirm")
    assert view_box(page) == pinched_box
    # the list under the board took room from it (a bar above it grows the same way), yet the SVG keeps
    # its size and viewBox: its tiles are not laid out again, the view follows by a transform
    now = page.evaluate(SVG_LAYOUT)
    assert now["wrap"] < laid_out["wrap"] and now["svg"] == laid_out["svg"], (laid_out, now)
    assert page.locator("#cc-board .cc-preview").count() == 1
    # a tap on the chosen square turns the tile, as the rotate button does
    if page.locator("#cc-rotate:not([disabled])").count():
        label = page.inner_text("#cc-rotate")
        page.locator("#cc-board .cc-cell-sel").click()
        page.wait_for_function("l => document.querySelector('#cc-rotate').innerText !== l", arg=label)
    # "fit" brings the whole board back
    page.click("#cc-fit")
    page.wait_for_function("f => document.querySelector('#cc-board').getAttribute('data-view').split(' ')"
                           ".map(Number).every((v, i) => Math.abs(v - f[i]) < 0.05)", arg=fit)


def _rgb(colour):
    return "rgb({}, {}, {})".format(*(int(colour[i:i + 2], 16) for i in (1, 3, 5)))


def test_bots_moves_are_in_the_log_and_marked_on_the_board_when_my_turn_comes(tab):
    """Issue 12: two bots play; when Anna's turn comes again each bot's tile
    is outlined in its colour on the board (in view, both orientations), its
    move is in the log in words, and the line above the board names each
    turn and shows its tile on a tap."""
    from tests import ui_support  # noqa: F401, PLC0415 (web/ on the path)
    from ui.kit import seat_colour  # noqa: PLC0415

    page = tab.start_game("carcassonne", [("Anna", "human", None), ("Bram", "bot", "random"),
                                          ("Carla", "bot", "random")], lang="en")
    page.wait_for_selector("#cc-board .cc-cell")
    assert page.locator("#cc-board .cc-recent").count() == 0  # nothing happened yet
    page.evaluate(IN_VIEW, ".cc-cell")
    page.click("[data-e2e-next]")
    page.click("#cc-confirm")
    for _ in range(10):  # Anna's follower step (if any), a plague choice, then her next turn
        page.wait_for_selector("#cc-none, #cc-board .cc-cell, .cc-actions .cc-choice", timeout=30_000)
        if page.locator("#cc-board .cc-cell").count():
            break
        if page.locator("#cc-none").count():
            page.click("#cc-none")
        else:
            page.locator(".cc-actions .cc-choice").first.click()
            page.click("#cc-confirm")
    actions = json.loads(tab.state_json())["actions"]
    mine = max(i for i, (s, a) in enumerate(actions) if s == 0 and a["type"] == "place")
    bots = [(s, a) for s, a in actions[mine + 1:] if a["type"] == "place"]
    assert [s for s, _ in bots] == [1, 2]
    names = {1: "Bram", 2: "Carla"}
    log = page.locator(".log")
    for seat, a in bots:
        mark = page.locator(f'#cc-board .cc-recent[data-x="{a["x"]}"][data-y="{a["y"]}"][data-seat="{seat}"]')
        assert mark.count() == 1
        stroke = mark.locator(".cc-recent-line").evaluate("e => getComputedStyle(e).stroke")
        assert stroke == _rgb(seat_colour(seat)), stroke
        # in the log, in words, marked as new: who placed which tile where
        said = log.locator(".log-entry.new", has_text=f"\u2068{names[seat]}\u2069 places")  # the name isolated
        assert said.count() == 1
        assert re.search(r"places .+ \d+ squares? [a-z-]+ of the wheel \(-?\d+, -?\d+\), (not turned|turned [a-z ]+), "
                         r"(joining a [a-z ]+|among fields)\.", said.inner_text()), said.inner_text()
    assert page.locator("#cc-board .cc-recent").count() == 2
    # the line above the board: one tap per bot's turn
    chips = page.locator(".since-line .cc-since")
    assert chips.count() == 2
    assert chips.nth(0).inner_text().startswith("▲ \u2068Bram\u2069: tile")
    assert "\u2068Carla\u2069: tile" in chips.nth(1).inner_text()
    for size in ({"width": 1280, "height": 800}, {"width": 800, "height": 1280}):
        page.set_viewport_size(size)
        page.wait_for_function("s => window.innerWidth === s.width", arg=size)
        board = page.locator(".cc-board-wrap").bounding_box()
        for i in range(2):  # each mark on the board in view, without scrolling
            box = page.locator("#cc-board .cc-recent").nth(i).bounding_box()
            assert board["x"] <= box["x"] and box["x"] + box["width"] <= board["x"] + board["width"] + 1
            assert board["y"] <= box["y"] and box["y"] + box["height"] <= size["height"], (size, box)
        line = page.locator(".since-line").bounding_box()
        assert 0 <= line["y"] and line["y"] + line["height"] <= size["height"]
    # a tap on Carla's turn marks her tile more strongly
    chips.nth(1).click()
    x, y = bots[1][1]["x"], bots[1][1]["y"]
    page.wait_for_selector(f'#cc-board .cc-recent.cc-flash[data-x="{x}"][data-y="{y}"]')
    page.set_viewport_size({"width": 1280, "height": 800})
