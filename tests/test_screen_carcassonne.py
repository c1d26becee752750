"""Carcassonne screen (web/ui/screens/carcassonne/) in CPython: random-legal
games rendered for the acting seat in every language; every control points at
a legal action; the place/follower/plague steps offer exactly `legal`."""

import re

import pytest
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "web"))

from engine import new_game  # noqa: E402
from engine.play import finish, random_chooser  # noqa: E402
from engine.play import play as play_through  # noqa: E402
from engine.rng import Rng  # noqa: E402
from ui.i18n import Words  # noqa: E402
from ui.table import TableContext  # noqa: E402
from ui.screens.carcassonne.screen import Screen, rotate_point  # noqa: E402

ACT = re.compile(r'data-cmd="act" data-arg="(\d+)"')
UI = re.compile(r'data-cmd="ui" data-arg="([^"]+)"')
LEFTOVER = re.compile(r"\{\w+(:\w+)?\}")


def context(lang, seats, viewer):
    players = [{"name": f"P{i}", "kind": "human", "level": None} for i in range(seats)]
    words = Words(lang, "carcassonne", lambda s: players[s]["name"])
    return TableContext(words, players, viewer)


def check_html(html, legal):
    for arg in ACT.findall(html):
        assert 0 <= int(arg) < len(legal), arg
    assert not LEFTOVER.search(re.sub(r"<[^>]*>", "", html)), "an untranslated placeholder"
    assert "None" not in re.sub(r"<[^>]*>", "", html)


def drive(screen, view, legal):
    """Walk the screen's own steps and return the actions its confirm buttons play."""
    played = set()
    phase = view["phase"]
    html = screen.render(view, legal)
    check_html(html, legal)
    if phase == "place":
        cells = sorted({(a["x"], a["y"]) for a in legal})
        assert len(set(UI.findall(html)) & {f"cell:{x}:{y}" for x, y in cells}) == len(cells)
        for x, y in cells:
            want = {i for i, a in enumerate(legal) if (a["x"], a["y"]) == (x, y)}
            seen = set()
            screen.on_ui(f"cell:{x}:{y}")
            for _ in range(len(want)):
                html = screen.render(view, legal)
                check_html(html, legal)
                confirm = re.search(r'id="cc-confirm" class="primary" data-cmd="act" data-arg="(\d+)"', html)
                seen.add(int(confirm.group(1)))
                screen.on_ui("rot")
            assert seen == want, (x, y, seen, want)
            played |= seen
    else:
        picks = {int(a.split(":")[1]) for a in UI.findall(html) if a.startswith("pick:")}
        for i in picks:
            screen.on_ui(f"pick:{i}")
            html = screen.render(view, legal)
            check_html(html, legal)
            confirm = re.search(r'id="cc-confirm" class="primary" data-cmd="act" data-arg="(\d+)"', html)
            played.add(int(confirm.group(1)))
        direct = {int(a) for a in ACT.findall(html)} - played
        played |= direct
    return played


def play(seats, seed, options=None, langs=("nl", "en", "de"), deep_every=3):
    s = new_game("carcassonne", seats, options, seed)
    screens = {(lang, v): Screen(context(lang, seats, v)) for lang in langs for v in range(seats)}
    phases = set()
    random = random_chooser(Rng(seed + 1), first=True)
    n = 0

    def checked(s):
        """Check the screens of this position, then move at random."""
        nonlocal n
        seat = s.to_act()[0]
        legal = s.legal_actions(seat)
        view = s.view(seat)
        phases.add(view["phase"])
        for lang in langs:
            screen = screens[(lang, seat)]
            if n % deep_every == 0 or view["phase"] == "pest":
                played = drive(screen, view, legal)
                # every legal action can be reached from the screen
                assert played == set(range(len(legal))), (view["phase"], played, legal)
            else:
                check_html(screen.render(view, legal), legal)
            other = (seat + 1) % seats
            check_html(screens[(lang, other)].render(s.view(other), []), [])
        n += 1
        return random(s)

    finish(s, checked)
    for lang in langs:
        for v in range(seats):
            html = screens[(lang, v)].render(s.view(v), [])
            check_html(html, [])
            assert 'class="cc-final"' in html
    return phases


@pytest.mark.slow  # 15 s here; tests/contract covers every game's screen in the plain run
def test_wheel_games_in_three_languages_offer_exactly_the_legal_actions():
    phases = set()
    for seats, seed in ((2, 1), (3, 7), (5, 2)):
        phases |= play(seats, seed)
    assert {"place", "follower", "pest"} <= phases


def test_classic_start_renders_without_a_wheel():
    s = new_game("carcassonne", 2, {"start": "classic"}, 4)
    html = Screen(context("en", 2, 0)).render(s.view(0), s.legal_actions(0))
    assert "cc-seg" not in html and "cc-cell" in html
    play(2, 11, {"start": "classic"}, langs=("en",), deep_every=5)


def test_final_screen_lists_every_final_score_entry():
    s = finish(new_game("carcassonne", 3, None, 5), random_chooser(Rng(9), first=True))
    view = s.view(0)
    html = Screen(context("nl", 3, 0)).render(view, [])
    final = [e for e in view["log"] if e["k"] in ("end_road", "end_city", "end_monastery", "farm")]
    assert final
    assert html.count("<li style=") >= len(final)


def test_rotate_point_turns_clockwise():
    assert rotate_point(0.5, 0.0, 90) == (1.0, 0.5)
    assert rotate_point(0.5, 0.0, 180) == (0.5, 1.0)
    assert rotate_point(0.5, 0.0, 270) == (0.0, 0.5)


def test_a_board_shown_too_small_is_zoomed_into_before_a_square_is_chosen():
    """Once the whole board is fitted (smaller than a finger's targets), a tap
    on a square brings it up large; only a tap on it then chooses it.  The
    list's squares (finger-sized buttons) choose at once."""
    state = new_game("carcassonne", 2, {}, 5)
    seat = state.to_act()[0]
    legal = state.legal_actions(seat)
    screen = Screen(context("en", 2, seat))
    screen.render(state.view(seat), legal)
    x, y = legal[0]["x"], legal[0]["y"]
    screen.zoom.limit(180, 120)  # a small board on screen: the whole board is below the minimum
    screen.on_ui("fit")
    assert screen.zoom.too_small()
    screen.on_ui(f"cell:{x}:{y}")
    assert screen.sel.cell is None and not screen.zoom.too_small(), "zoomed in, nothing chosen yet"
    screen.on_ui(f"cell:{x}:{y}")
    assert screen.sel.cell == (x, y)
    screen.on_ui("fit")
    screen.on_ui(f"square:{x}:{y}")
    assert screen.sel.cell == (x, y) and 'id="cc-confirm"' in screen.render(state.view(seat), legal)
    # the zoom buttons say when there is nothing more to do
    html = screen.render(state.view(seat), legal)
    assert re.search(r'id="cc-zoom-out"[^>]*aria-disabled="true"', html), "the whole board is in view: − does nothing"
    assert re.search(r'id="cc-zoom-in"[^>]*aria-disabled="false"', html)


@pytest.mark.parametrize("lang", ["nl", "en", "de"])
def test_a_square_is_named_alike_in_the_list_the_hint_and_the_log(lang):
    """The list of squares, the hint and the log name a square in the same
    words (from the wheel, its place on the grid telling neighbours apart)."""
    for options in ({}, {"start": "classic"}):
        state = new_game("carcassonne", 2, options, 3)
        seat = state.to_act()[0]
        legal = state.legal_actions(seat)
        screen = Screen(context(lang, 2, seat))
        screen.render(state.view(seat), legal)
        for a in legal[:: max(1, len(legal) // 6)]:
            name = screen._option_label(a)
            assert name in screen.describe(a), "the hint names the square as the list does"
            after = new_game("carcassonne", 2, options, 3)
            after.apply(seat, a)
            entry = next(e for e in after.view(seat)["log"] if e["k"] == "place")
            assert name in screen.ctx.words.entry(entry), "the log names the square as the list does"
        squares = {(a["x"], a["y"]) for a in legal}
        assert len({screen._option_label(a) for a in legal}) == len(squares), "two squares, one name"


BOARD_SVG = re.compile(r'<svg id="cc-board"[^>]*viewBox="([^"]+)" style="transform: ([^"]+)" data-view="([^"]+)"')


def test_the_board_keeps_its_viewbox_as_it_grows_and_its_view_follows_by_a_transform():
    """A new viewBox (or size) of the board's SVG lays every tile out again in
    the browser (issue 26): the SVG keeps the viewBox it was first drawn with
    while tiles are placed and the space under the bars changes; the view
    shown (data-view) and the transform that fits it there follow."""
    state = new_game("carcassonne", 2, {}, 5)
    screen = Screen(context("en", 2, 0))
    drawn, _, shown = BOARD_SVG.search(screen.render(state.view(0), state.legal_actions(0))).groups()
    screen.zoom.frame, screen.zoom.size = (900.0, 800.0), (900.0, 500.0)  # as ui.dom measures them
    moves = play_through(state, random_chooser(Rng(6), first=True))
    while len(state.view(0)["tiles"]) < 8:
        next(moves)
    legal = state.legal_actions(0) if 0 in state.to_act() else []
    box, transform, view = BOARD_SVG.search(screen.render(state.view(0), legal)).groups()
    assert box == drawn and view != shown, "the board grew: the view shown follows, the viewBox stays"
    screen.zoom.limit(900.0, 380.0)  # the bar above it grew
    box, smaller, _ = BOARD_SVG.search(screen.render(state.view(0), legal)).groups()
    assert box == drawn and smaller != transform


def test_the_board_is_a_part_of_its_own_frame():
    """The board's SVG is a part the drawing morphs in an animation frame of
    its own (data-frame, web/morph.js), before the rest of the screen around
    it: a move's tile and the step's bar are then never one long frame on a
    slow tablet (issue 26)."""
    state = new_game("carcassonne", 2, {}, 5)
    html = Screen(context("en", 2, 0)).render(state.view(0), state.legal_actions(0))
    board = re.search(r'<svg id="cc-board"[^>]*>', html).group(0)
    assert re.search(r"\sdata-frame[\s>=]", board), board
