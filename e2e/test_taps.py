"""A tap acts once, on what was on the screen (ui/taps.py): hot-seat games of
every game played by double and triple taps, 40-80 ms apart, with a finger and
with a mouse, in both orientations, on every kind of control that acts (a move,
a target on the board, a hand-over confirm, "seen", a public answer, "nobody",
stepping forward and back, undo), and some with the later presses elsewhere,
as taps queued while the page drew.  After each multi-tap exactly one thing
has happened: the table's decision moved on once (`Session.decision`), with
the moves the control makes and no more.

The presses are sent as the device would (CDP input events stamped with the
times the finger touched), so a tap that waits while the page is busy keeps
its time, as on a phone.  One page for every game: each game is put on the
table from a save made with the engine (e2e/positions.py)."""

from __future__ import annotations

import json
import time

import pytest

import engine

from .conftest import DIST_GAMES
from .positions import open_table, save_of

GAPS = (40, 50, 60, 70, 80)
BOUND = "[data-cmd=act], [data-cmd=ui], [data-cmd=forward], [data-cmd=answer], #window-nobody, #undo"
LANDSCAPE, PORTRAIT = {"width": 1280, "height": 800}, {"width": 800, "height": 1280}
TRIALS: dict[str, int] = {}  # game -> multi-taps tried
WRONG: list = []  # every multi-tap that did more (or less) than its control does once


@pytest.fixture(scope="module")
def touch_tab(browser, site):
    """One touch device for the whole file (a mouse is plugged in too)."""
    from .conftest import Tab

    tab = Tab(browser, site, touch=True)
    tab.page.set_viewport_size(LANDSCAPE)
    yield tab
    try:
        assert tab.errors == [], f"errors on the page: {tab.errors[:3]}"
        assert tab.foreign == [] and tab.crashes == tab.rebooted
    finally:
        tab.close()


class Finger:
    """Presses sent as a device sends them, each stamped with its own time."""

    def __init__(self, page):
        self.page = page
        self.cdp = page.context.new_cdp_session(page)
        self.last = 0.0  # when the last press was sent ...
        self.spot = None  # ... and where
        page.evaluate("() => { if (window.__clicks === undefined) { window.__clicks = window.__ups = 0; "
                      "document.addEventListener('click', () => { window.__clicks++; }, true); "
                      "document.addEventListener('pointerup', () => { window.__ups++; }, true); "
                      "window.__seen = []; document.addEventListener('click', e => { const t = speeltafelApp.taps; if (!t) return; "
                      "window.__seen.push([Math.round(e.timeStamp), e.detail, e.target.id || e.target.className, "
                      "Math.round(t.shown_at), t.shown, t.last ? Math.round(t.last.started) : null, String(t.last && t.last.first)]); }); } }")

    def taps(self, points, gap_ms: int, touch: bool, busy_ms: int = 0):
        """Press at each of `points` (x, y), `gap_ms` apart, then wait until
        the page has heard every click.  `busy_ms`: the first press was that
        long ago (the page was busy: the presses waited in its queue)."""
        before = self.page.evaluate("() => { window.__until = performance.now() + 3000; "
                                    "return [window.__clicks, window.__ups]; }")
        pause = self.last + 0.32 - time.time()  # a finger that taps the same place again after a pause:
        near = self.spot is not None and abs(points[0][0] - self.spot[0]) + abs(points[0][1] - self.spot[1]) < 80
        if touch and near and pause > 0:        # a new multi-tap
            time.sleep(pause)
        base = time.time() - busy_ms / 1000
        for k, (x, y) in enumerate(points):
            ts = base + k * gap_ms / 1000
            if ts > time.time():
                time.sleep(ts - time.time())  # the finger's own rhythm, not a wait for the page
            if touch:
                self.cdp.send("Input.dispatchTouchEvent", {"type": "touchStart", "touchPoints": [{"x": x, "y": y}],
                                                           "timestamp": ts})
                self.cdp.send("Input.dispatchTouchEvent", {"type": "touchEnd", "touchPoints": [], "timestamp": ts + 0.012})
            else:
                for kind, dt in (("mousePressed", 0), ("mouseReleased", 0.012)):
                    self.cdp.send("Input.dispatchMouseEvent", {"type": kind, "x": x, "y": y, "button": "left",
                                                               "clickCount": k + 1, "timestamp": ts + dt})
        self.last, self.spot = time.time(), points[-1]
        # every release heard, and each its click, unless what it pressed was drawn anew under the finger meanwhile
        n = len(points)
        self.page.wait_for_function("([c, u]) => window.__ups >= u && (window.__clicks >= c || performance.now() > "
                                    "window.__until)", arg=[before[0] + n, before[1] + n])

ANSWERED = "!speeltafelApp.answering"


def table(page):
    """(decision, moves, shown kind, shown seat) of the table once the taps
    made are answered (web/ui/answering.py: a frame or a few after the tap)."""
    page.wait_for_function(ANSWERED)
    return tuple(page.evaluate("() => { const s = speeltafelApp.session, sh = s.shown(); "
                               "return [s.decision ?? null, s.state.actions.length, sh.kind, sh.seat ?? null]; }"))


def centre(page, locator):
    """The middle of `locator`, brought to the middle of the screen (not under the top bar)."""
    x, y, free = locator.evaluate(
        "e => { e.scrollIntoView({block: 'center', inline: 'center'}); const r = e.getBoundingClientRect(); "
        "const x = r.left + r.width / 2, y = r.top + r.height / 2; return [x, y, e.contains(document.elementFromPoint(x, y))]; }")
    assert free, f"something covers the middle of {locator}"
    return x, y


def elsewhere(page, point):
    """Another control on the screen that acts, well away from `point`, to
    press as the finger's next tap meant for this screen (or None)."""
    found = page.evaluate(
        """([sel, x0, y0]) => { for (const e of document.querySelectorAll(sel)) { const r = e.getBoundingClientRect();
             const x = r.left + r.width / 2, y = r.top + r.height / 2;
             if (r.width && Math.abs(x - x0) + Math.abs(y - y0) > 120 && x > 0 && y > 0 && x < innerWidth
                 && y < innerHeight && e.contains(document.elementFromPoint(x, y))) return [x, y]; } return null; }""",
        [BOUND, *point])
    return tuple(found) if found else None


class Trials:
    """A game played by multi-taps: each `tap` presses one control twice or
    three times and checks that it acted exactly once."""

    def __init__(self, tab, game, save, seed):
        self.page = tab.page
        self.game = game
        self.n = 0
        self.rng = __import__("random").Random(seed)
        tab.sit(game, save)
        self.finger = Finger(self.page)

    def tap(self, locator, what: str, moves: int | None = 1, steps: int = 1, queued: bool = False):
        """Multi-tap `locator`; it must move the decision on `steps` times and
        the game by `moves` moves (None: any number, e.g. "nobody").  `queued`:
        now and then the later presses go to another control, as taps made
        while the page was busy drawing."""
        page, rng = self.page, self.rng
        self.n += 1
        if self.n % 25 == 0:  # turn the device now and then
            page.set_viewport_size(PORTRAIT if page.viewport_size["width"] > 1000 else LANDSCAPE)
        point = centre(page, locator)
        count = 2 + rng.randrange(2)
        points = [point] * count
        busy = 0
        also = elsewhere(page, point) if queued and rng.randrange(4) == 0 else None
        if also is not None:  # the later presses elsewhere, queued while the page was busy
            points, busy = [point] + [also] * (count - 1), 150
            up = page.evaluate("() => performance.now() - (speeltafelApp.taps ? speeltafelApp.taps.shown_at : 0)")
            if up < busy + 100:  # the first press still on this screen
                time.sleep((busy + 100 - up) / 1000)
        gap = rng.choice(GAPS)
        touch = self.n % 2 == 0
        before = table(page)
        if not touch and self.n % 7 == 3 and len(set(points)) == 1:
            locator.dblclick()  # Playwright's own double click, too
            count = 2
        else:
            self.finger.taps(points, gap, touch, busy)
        after = table(page)
        TRIALS[self.game] = TRIALS.get(self.game, 0) + 1
        once = before[0] is None or after[0] - before[0] == steps  # (a table that does not number its decisions: moves only)
        ok = once and (moves is None or after[1] - before[1] == moves)
        if not ok:
            WRONG.append({"game": self.game, "what": what, "taps": count, "gap": gap, "touch": touch,
                          "before": before, "after": after, "points": points,
                          "viewport": page.viewport_size, "seen": page.evaluate("() => window.__seen.slice(-4)")})
        return after


def first_visible(page, selector):
    """The first element of `selector` that is drawn (one look at the page), or None."""
    i = page.evaluate("sel => [...document.querySelectorAll(sel)].findIndex(e => e.getClientRects().length > 0)",
                      selector)
    return None if i < 0 else page.locator(selector).nth(i)


def controls(page):
    """The screen's controls, for a message."""
    return page.evaluate("() => [...document.querySelectorAll('#screen [data-cmd]')].map(e => e.outerHTML.slice(0, 100))")


def on_board(page, selector):
    """The first of `selector` whose middle is on the board as shown."""
    wrap = page.locator(".cc-board-wrap")  # the board's part of the screen
    board = wrap.bounding_box() if wrap.count() else None
    if board is None:
        return None
    for el in page.locator(selector).all():
        box = el.bounding_box()
        x, y = box["x"] + box["width"] / 2, box["y"] + box["height"] / 2
        if board["x"] < x < board["x"] + board["width"] and board["y"] < y < board["y"] + board["height"]:
            return el
    return None


# ------------------------------------------------------------------ the games
def kutschfahrt_step(t, kind):
    page = t.page
    if kind == "window":
        forward = first_visible(page, "[data-cmd=forward]")
        if forward is not None and t.rng.randrange(6) == 0:
            t.tap(forward, "step forward", moves=0)
        elif page.locator("#window-nobody").count():
            t.tap(page.locator("#window-nobody"), "nobody", moves=None, queued=True)
        else:
            t.tap(first_visible(page, ".window-answer"), "a public answer", queued=True)
        return
    back = first_visible(page, "#back-out")  # a private view
    attack = first_visible(page, '#screen [data-cmd=ui][data-arg="mode:attack"]')
    act = first_visible(page, "#screen .kr-actions [data-cmd=act]")
    if back is not None and t.rng.randrange(3) == 0:
        t.tap(back, "back out", moves=0)
    elif attack is not None and t.rng.randrange(2) == 0:
        attack.click()  # whom to attack? a seat is the target, whatever is on it
        t.tap(first_visible(page, "#screen .kr-seat.kr-target"), "a seat as the target")
    elif act is not None:
        t.tap(act, "a move")
    else:
        pytest.fail(f"nothing to play on a private screen: {table(page)}")


def thurn_taxis_step(t, kind):
    page = t.page
    undo = first_visible(page, "#undo")
    card = first_visible(page, "#screen [data-cmd=ui][data-arg^='sel:']")
    act = first_visible(page, "#screen [data-cmd=act]:not(.tt-abandon)") or first_visible(page, "#screen .tt-abandon")
    if undo is not None and t.rng.randrange(4) == 0:
        t.tap(undo, "undo", moves=-1)
    elif card is not None and (act is None or t.rng.randrange(3) > 0):
        card.click()  # a card of the hand chosen: its cities on the map are targets
        city = first_visible(page, "#screen g.tt-target")
        if city is not None:
            t.tap(city, "a city on the map")
        else:
            card.click()  # it goes nowhere: unchosen
            if act is not None:
                t.tap(act, "a move", queued=True)
    elif act is not None:
        t.tap(act, "a move", queued=True)
    else:
        pytest.fail(f"nothing to play: {table(page)} {controls(page)}")


def carcassonne_step(t, kind):
    page = t.page
    undo = first_visible(page, "#undo")
    if undo is not None and t.rng.randrange(4) == 0:
        t.tap(undo, "undo", moves=-1)
    elif page.locator("#screen .cc-cell").count():
        cell = on_board(page, "#screen .cc-cell")
        if cell is not None and t.rng.randrange(3) == 0:  # a square: chosen (and turned), nothing played
            t.tap(cell, "a square", moves=0, steps=0)
        else:
            if not page.locator("#cc-opts").count():
                page.locator("#cc-list-toggle").click()
            page.locator("#cc-opts .cc-opt").first.click()
        t.tap(page.locator("#cc-confirm"), "place the tile")
    elif page.locator("#cc-none").count():
        spot = first_visible(page, "#screen .cc-cspot, #screen .cc-choice")
        if spot is not None and t.rng.randrange(2) == 0:
            spot.click()
            t.tap(page.locator("#cc-confirm"), "a follower")
        else:
            t.tap(page.locator("#cc-none"), "no follower")
    elif page.locator("#screen .cc-choice").count():  # the plague: which follower goes back
        page.locator("#screen .cc-choice").first.click()
        t.tap(page.locator("#cc-confirm"), "a follower taken back")
    else:
        pytest.fail(f"nothing to play: {table(page)}")


def any_step(t, kind):
    """A game without steps of its own here (the tests' own games): its
    moves, and now and then a local step of its screen first."""
    page = t.page
    local = first_visible(page, "#screen [data-cmd=ui]")
    if local is not None and t.rng.randrange(2) == 0:
        local.click()
        page.wait_for_function(ANSWERED)  # the step drawn, the move's control takes taps again
    act = first_visible(page, "#screen [data-cmd=act]")
    if act is None:
        pytest.fail(f"nothing to play: {table(page)} {controls(page)}")
    t.tap(act, "a move", queued=True)


# game: (seats, all humans, seed, multi-taps, one step of play on a screen of the game's own)
STEPS = {"thurn_taxis": (2, 11, 100, thurn_taxis_step), "kutschfahrt": (3, 5, 110, kutschfahrt_step),
         "carcassonne": (2, 1, 100, carcassonne_step)}


def steps(game):
    """How `game` is played here: its own steps, or any game's (20 multi-taps)."""
    return STEPS.get(game) or (max(2, engine.GAMES[game].min_seats), 1, 20, any_step)


def play(tab, game):
    """A hot-seat game of `game` played by multi-taps; the hand-overs and the
    opening's looks are the same in every game."""
    seats, seed, trials, step = steps(game)
    t = Trials(tab, game, save_of(engine.new_game(game, seats, {}, seed), *range(seats)), seed=seed)
    page = t.page
    while t.n < trials and not page.locator(".result").count():
        kind = table(page)[2]
        back = first_visible(page, "#handoff-back")
        if kind == "handoff" and back is not None and t.rng.randrange(3) == 0:
            t.tap(back, "hand-over back", moves=0)
        elif kind == "handoff":
            t.tap(page.locator("#handoff-ok"), "hand-over confirm", moves=0)
        elif kind == "look":
            t.tap(page.locator("#looked"), "seen: hide my cards", moves=0)
        else:
            step(t, kind)
    return t


@pytest.fixture(scope="module")
def page_up(touch_tab):
    open_table(touch_tab, save_of(engine.new_game("carcassonne", 2, {}, 1), 0, 1))
    return touch_tab


@pytest.mark.parametrize("game", DIST_GAMES)
def test_a_multi_tap_acts_once(page_up, game):
    start = time.time()
    t = play(page_up, game)
    wrong = [w for w in WRONG if w["game"] == game]
    print(json.dumps({"game": game, "trials": t.n, "s": round(time.time() - start)}))
    assert not wrong, f"{len(wrong)} of {t.n} multi-taps did not act exactly once: {wrong[:3]}"


def test_at_least_300_multi_taps_were_tried():
    if len(TRIALS) < len(DIST_GAMES):
        pytest.skip("counted over the games' tests")
    assert set(TRIALS) == set(DIST_GAMES), "every game the site offers is tried"
    assert sum(TRIALS.values()) >= 300, TRIALS
