"""Thurn und Taxis in a real browser, played by clicking the screen's controls:
a whole game against a bot to the final score (with checks that the bot's hand
and bonus values never reach the page), the north map with horses (cards played
to the carriage as horses, a map target taken from the keyboard, the portrait
layout), the hand-off between two humans, and what the bot did since the
human's last turn: in the log and marked on the map in both orientations.
One page for the whole file.

The human's policy is "the first sensible control": score when offered, else
play a card to the route, else select a card, else draw the first open card,
else discard, end the turn, abandon the route, call the Postmeister."""

from __future__ import annotations

import json
import os
import sys
from collections import Counter
from pathlib import Path

import pytest

import engine

ROOT = Path(__file__).resolve().parent.parent
DIST = ROOT / "dist"
sys.path.insert(0, str(ROOT / "web"))
from ui.i18n import Words  # noqa: E402
from ui.names import isolate  # noqa: E402

PRIORITY = [".tt-score-go", ".tt-play", ".tt-horse", ".tt-pick:not(.selected)", ".tt-take",
            ".tt-discard", ".tt-pass", ".tt-abandon", ".tt-official.on[data-cmd=act]"]

# marks the control to click next (or says why there is none); clicked by Playwright
CHOOSE = """sels => {
  document.querySelectorAll('[data-e2e-next]').forEach(e => e.removeAttribute('data-e2e-next'));
  if (document.querySelector('.result')) return 'result';
  if (document.querySelector('.handoff')) return 'handoff';
  for (const s of sels) {
    const el = document.querySelector('#screen ' + s);
    if (el) { el.setAttribute('data-e2e-next', '1'); return s; }
  }
  return null;
}"""


@pytest.fixture(scope="module")
def site():
    """dist/ served under /speeltafel/; SPEELTAFEL_DIST may point at a private
    build so a colleague's rebuild of dist/ cannot pull the files away mid-test."""
    from serve import serve

    dist = Path(os.environ.get("SPEELTAFEL_DIST") or DIST)
    if not (dist / "index.html").exists():
        pytest.fail("dist/ is not built: run `make dist` (make test does)")
    server, url = serve(dist, 0, "/speeltafel/")
    yield url
    server.shutdown()


@pytest.fixture(scope="module")
def tab(browser, site):
    """One page for this file (each game still boots the page once)."""
    from .conftest import Tab

    t = Tab(browser, site)
    yield t
    try:
        assert t.foreign == [], f"the page asked another host: {t.foreign[:3]}"
        assert t.errors == [], f"errors on the page: {t.errors[:3]}"
    finally:
        t.close()


def step(page, timeout=30_000, before_click=None, priority=PRIORITY):
    """Wait until something can be clicked (or the game is over); click it.
    `before_click` runs while the page is steady (the human's turn)."""
    page.wait_for_function(f"() => ({CHOOSE})({json.dumps(priority)}) !== null", timeout=timeout)
    what = page.evaluate(CHOOSE, priority)
    if what in ("result", "handoff"):
        return what
    if before_click:
        before_click()
    page.click("[data-e2e-next]")
    return what


def shown_hand(page) -> Counter:
    cards = page.eval_on_selector_all(
        "#screen [data-zone=hand]",
        "els => els.map(e => [e.dataset.city, (e.querySelector('.tt-count') || {textContent: '×1'}).textContent])")
    out = Counter()
    for city, count in cards:
        out[city] += int(count.lstrip("×"))
    return out


def check_no_secrets(page, tab, me=0, bot=1):
    """The page shows the human's hand and nothing of the bot's hand or bonus values."""
    st = engine.load(tab.state_json())
    b = st.board
    assert not st.is_over()
    assert shown_hand(page) == Counter(b.cities[b.card_city(c)] for c in st.hands[me])
    zones = set(page.eval_on_selector_all("[data-zone]", "els => els.map(e => e.dataset.zone)"))
    assert zones <= {"hand", "open", "route"}, zones
    shown_open = Counter(page.eval_on_selector_all("#screen [data-zone=open]", "els => els.map(e => e.dataset.city)"))
    assert shown_open == Counter(b.cities[b.card_city(c)] for c in st.display if c is not None)
    panel = page.locator(f'.players-panel .tt-player[data-seat="{bot}"]')
    assert panel.locator("[data-value], .tt-mytile").count() == 0
    assert f"Cards: {len(st.hands[bot])}" in panel.inner_text()
    assert f"Bonus tiles: {len(st.bonus[bot])}" in panel.inner_text()
    # nowhere in the page (markup included): no tile list of the bot, no line
    # of the log telling the bot's values
    html = page.inner_html("#app")
    assert html.count('class="tt-mytile"') == sum(1 for _ in st.bonus[me])
    words = Words("en", "thurn_taxis", lambda s: isolate(["Anna", "Bot"][s]))  # names as the table says them
    text = page.inner_text("body")
    for key, value in st.bonus[bot]:
        assert words.entry({"k": "tile_own", "seat": bot, "tile": key, "value": value}) not in text
    return len(st.bonus[bot])


def test_full_game_against_a_bot_by_clicking(tab):
    page = tab.start_game("thurn_taxis", [("Anna", "human", None), ("Bot", "bot", "greedy")])
    assert page.locator("#screen svg.tt-map").count() == 1
    assert page.locator("#screen .tt-official").count() == 4
    assert page.locator("#screen .tt-official[title]").count() == 4
    checked = []

    def check():
        checked.append(check_no_secrets(page, tab))

    for n in range(1500):
        if step(page, before_click=check if n % 3 == 0 else None) == "result":
            break
    else:
        pytest.fail("the game did not end")
    # the final score: the result screen with every seat's points
    assert page.locator(".result .breakdown").is_visible()
    st = engine.load(tab.state_json())
    assert st.is_over()
    totals = page.eval_on_selector_all(".result tr.total td", "els => els.map(e => e.textContent.trim())")
    assert totals == [str(v) for v in st.result()["scores"]]
    assert max(checked) > 0 or not st.bonus[1], "never checked while the bot held bonus tiles"
    # after the end the bonus values are public
    page.click("#result-close")
    assert page.locator('.players-panel .tt-player[data-seat="1"] .tt-mytile').count() == len(st.bonus[1])


HORSE_FIRST = [".tt-score-go", ".tt-horse", ".tt-play", ".tt-pick:not(.selected)", ".tt-take",
               ".tt-discard", ".tt-pass", ".tt-abandon", ".tt-official.on[data-cmd=act]"]


def test_north_map_with_horses_starts_and_plays(tab):
    page = tab.start_game("thurn_taxis", [("Anna", "human", None), ("Bot", "bot", "random")],
                          options={"map": "north", "horses": True})
    assert page.locator("#screen .tt[data-map=north]").count() == 1
    assert "reconstruction" in page.locator("#screen .tt-recon").inner_text()
    assert page.locator("#screen .tt-shoes").count() > 0  # horseshoes on the cards
    # the bonus tiles lie on the map: in the regions, beside the free cities, in a row
    tiles = page.eval_on_selector_all("#screen svg.tt-map .tt-tile", "els => els.map(e => e.dataset.stack)")
    assert "region:preussen" in tiles and "free:hamburg" in tiles and "len8" in tiles and "end" in tiles
    # a hand card selected, one route end lights up on the map; Enter plays it
    for _ in range(6):  # the first turn: two cards drawn, then a card selected
        if page.locator("#screen svg.tt-map .tt-target").count():
            break
        step(page, priority=[".tt-pick:not(.selected)", ".tt-take"])
    before = len(json.loads(tab.state_json())["actions"])
    page.locator("#screen svg.tt-map .tt-target").first.focus()
    page.keyboard.press("Enter")
    page.wait_for_function(f"JSON.parse(speeltafelApp.session.state.to_json()).actions.length > {before}")
    assert json.loads(tab.state_json())["actions"][before][1]["type"] == "play"
    # play on, a card to the carriage whenever one can
    horses = 0
    for _ in range(40):
        what = step(page, priority=HORSE_FIRST)
        if what == "result":
            break
        horses += what == ".tt-horse"
        if horses >= 2:
            break
    # no bot at work (one about to start would redraw the table under the checks)
    page.wait_for_function("speeltafelApp.bot_task == null && speeltafelApp.thinking == null")
    st = engine.load(tab.state_json())
    assert horses >= 2 and st.turn >= 3
    assert sum(1 for a in json.loads(tab.state_json())["actions"] if a[1]["type"] == "horse") >= 2
    # the carriage in the players' panel: base 2 horses plus the horseshoes played
    power = st.horse_power(0)
    assert f"Horses: {power}" in page.locator('.players-panel .tt-player[data-seat="0"]').inner_text()
    # the officials: the cartwright is not in a game with horses
    assert "not with horses" in page.locator("#screen .tt-official", has_text="Cartwright").inner_text()
    # a 10-inch tablet held upright: everything fits the width, the map on top
    page.set_viewport_size({"width": 800, "height": 1280})
    try:
        assert page.evaluate("document.scrollingElement.scrollWidth") <= 800
        box = page.locator("#screen svg.tt-map").bounding_box()
        # the whole map on the first screen, above the cards (the log strip and the since-line over it)
        hand = page.locator("#screen .tt-hand").first.bounding_box()
        assert box["width"] > 700 and box["y"] + box["height"] <= 1280 and box["y"] < hand["y"]
    finally:
        page.set_viewport_size({"width": 1280, "height": 800})


def test_two_humans_get_the_hand_off_screen(tab):
    page = tab.start_game("thurn_taxis", [("Anna", "human", None), ("Bram", "human", None)])
    # the game starts with Bram looking at his cards (Anna's first turn is her look), then a hand-off to Anna
    assert step(page) == "handoff" and "Bram" in page.locator(".handoff h2").inner_text()
    page.click("#handoff-ok")
    page.click("#looked")
    assert step(page) == "handoff" and "Anna" in page.locator(".handoff h2").inner_text()
    page.click("#handoff-ok")
    for _ in range(30):
        if step(page) == "handoff":
            break
    else:
        pytest.fail("no hand-off screen between the two humans")
    assert "Bram" in page.locator(".handoff h2").inner_text()
    assert page.locator("#screen .tt-hand").count() == 0  # nothing of either hand behind it
    page.click("#handoff-ok")
    st = engine.load(tab.state_json())
    b = st.board
    assert shown_hand(page) == Counter(b.cities[b.card_city(c)] for c in st.hands[1])


def _bot_news(page, tab):
    """At the human's turn: what the bot did since her last turn is in the
    log (marked new) and on the map; returns how many cards laid, routes
    scored and open cards taken were checked."""
    st = engine.load(tab.state_json())
    since = page.evaluate("speeltafelApp.session.seen_until(0)")
    view = st.view(0)
    recent = [e for e in view["log"] if e["move"] > since and e.get("seat") == 1]
    words = Words("en", "thurn_taxis", lambda s: isolate(["Anna", "Bot"][s]))  # names as the table says them
    new_lines = page.eval_on_selector_all(".log .log-entry.new", "els => els.map(e => e.textContent)")
    for e in recent:  # each public step of the bot, worded, among the log's new lines
        text = words.entry(e)
        assert any(text in line for line in new_lines), (text, new_lines[-8:])
    assert "Bot" in page.inner_text(".since-line")
    route = [c["city"] for c in view["players"][1]["route"]]
    laid = [e["city"] for e in recent if e["k"] in ("play_start", "play_head", "play_tail") and e["city"] in route]
    for city in laid:  # a card the bot laid and still in its route: ringed in its colour
        ring = page.locator(f'#screen svg.tt-map [data-city="{city}"] .tt-news-card[data-seat="1"]')
        assert ring.count() == 1 and ring.is_visible()
    scored = [e for e in recent if e["k"] in ("score", "score_no_houses")]
    assert page.locator('#screen .tt-news-route[data-seat="1"]').count() == len(scored)
    pills = page.eval_on_selector_all('#screen .tt-news-score[data-seat="1"] .tt-news-pts',
                                      "els => els.map(e => e.textContent)")
    assert pills == [f"+{e['points']}" for e in scored]
    for e in scored:
        for city in e.get("houses", []):
            house = page.locator(f'#screen [data-city="{city}"] .tt-house.new[data-seat="1"]')
            assert house.count() == 1 and house.is_visible()
    taken = [e for e in recent if e["k"] == "take"]
    return len(laid), len(scored), len(taken)


def _in_view(page, selector):
    """Every element of `selector` lies inside the window and is drawn at least 10 px wide."""
    boxes = page.eval_on_selector_all(selector, "els => els.map(e => e.getBoundingClientRect().toJSON())")
    size = page.viewport_size
    return boxes and all(b["width"] >= 10 and 0 <= b["x"] and b["x"] + b["width"] <= size["width"]
                         and 0 <= b["y"] and b["y"] + b["height"] <= size["height"] for b in boxes)


def test_the_bots_moves_are_in_the_log_and_marked_on_the_map_when_the_humans_turn_comes(tab):
    page = tab.start_game("thurn_taxis", [("Anna", "human", None), ("Bot", "bot", "greedy")], seed=11)
    seen = [0, 0, 0]
    shots = []

    def check():
        st = engine.load(tab.state_json())
        if not (st.current == 0 and st.drawn == 0 and st.actions and st.actions[-1][0] == 1):
            return  # not the first step of the human's turn
        for i, n in enumerate(_bot_news(page, tab)):
            seen[i] += n
        if page.locator("#screen .tt-news-score").count() and not shots:
            # a scoring marked: at a glance in both orientations
            for width, height in ((1280, 800), (800, 1280)):
                page.set_viewport_size({"width": width, "height": height})
                page.evaluate("document.querySelector('#screen').scrollTop = 0")
                assert _in_view(page, "#screen .tt-news-score rect"), (width, height)
                assert _in_view(page, "#screen .tt-news-route")
                shots.append(page.screenshot())
            page.set_viewport_size({"width": 1280, "height": 800})

    for _ in range(400):
        if step(page, before_click=check) == "result" or (min(seen) >= 2 and shots):
            break
    assert seen[0] >= 2 and seen[1] >= 2 and seen[2] >= 2, seen  # cards laid, routes scored, open cards taken
    assert shots
