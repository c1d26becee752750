"""A board's pan and zoom (ui.kit.PanZoom), pure arithmetic: a minimum
on-screen scale turns "fit to the screen" into a view of the largest part
that keeps it, around the screen's focus, and the player pans from there;
the view is shown by a transform of an SVG whose size and viewBox stay."""

import re

from . import ui_support  # noqa: F401

from ui.kit import PanZoom  # noqa: E402


def board(fit, focus=None, min_scale=0.56):
    pz = PanZoom(min_scale=min_scale)
    pz.fit, pz.focus = list(fit), focus
    return pz


def test_a_small_board_is_fitted_as_before():
    pz = board([0, 0, 800, 500])
    assert not pz.limit(900, 560)
    assert pz.shown() == [0, 0, 800, 500] and pz.box is None


def test_a_large_board_is_not_shrunk_below_the_minimum_but_shown_around_the_focus():
    pz = board([-1000, -1000, 3000, 2800], focus=(450, 250))
    assert pz.limit(900, 560)
    x, y, w, h = pz.shown()
    assert (w, h) == (900 / 0.56, 560 / 0.56)  # 56 px per board cell of 100 units
    assert (x + w / 2, y + h / 2) == (450, 250)


def test_zooming_out_stops_at_the_whole_board_and_fit_shows_all_of_it():
    """The table's own view keeps the minimum; the player may zoom out until
    the whole board is in view, and "fit" shows it all, however large."""
    pz = board([-1000, -1000, 3000, 2800], focus=(0, 0))
    pz.limit(900, 560)
    assert not pz.too_small() and pz.can_zoom("out")
    for _ in range(20):
        pz.step("zoom:out")
    x, y, w, h = pz.shown()
    assert w == 2800 * 900 / 560 and not pz.can_zoom("out"), "out to the whole board in the screen's shape, no further"
    pz.step("fit")
    pz.limit(900, 560)
    assert pz.shown() == [-1000, -1000, 3000, 2800] and not pz.can_zoom("out")
    assert pz.too_small(), "the whole board is smaller than its targets may be chosen at"
    pz.fit = [-1200, -1000, 3400, 2900]  # the board grew: "fit" still shows all of it
    pz.limit(900, 560)
    assert pz.shown() == [-1200, -1000, 3400, 2900]


def test_a_tap_on_a_board_shown_too_small_zooms_in_to_the_spot():
    pz = board([-1000, -1000, 3000, 2800], focus=(0, 0))
    pz.step("fit")
    pz.limit(900, 560)
    pz.zoom_to(1250, 350)
    x, y, w, h = pz.shown()
    assert (x + w / 2, y + h / 2) == (1250, 350) and abs(pz.scale() - 0.56) < 1e-9
    assert not pz.too_small() and pz.can_zoom("out") and pz.can_zoom("in")
    for _ in range(20):
        pz.step("zoom:in")
    assert not pz.can_zoom("in")


def test_the_view_follows_the_board_until_the_player_pans():
    pz = board([-1000, -1000, 3000, 2800], focus=(0, 0))
    pz.limit(900, 560)
    pz.focus = (700, 700)  # the next turn: the squares to place on are elsewhere
    assert pz.limit(900, 560)
    x, y, w, h = pz.shown()
    assert (x + w / 2, y + h / 2) == (700, 700)
    pz.step("pan:l")  # the player moved the view: it stays where they put it
    before = pz.shown()
    pz.focus = (0, 0)
    assert not pz.limit(900, 560) and pz.shown() == before


def test_a_choice_from_a_list_is_brought_into_view():
    pz = board([-1000, -1000, 3000, 2800], focus=(0, 0))
    pz.limit(900, 560)
    pz.show_point(1800, 1500)
    x, y, w, h = pz.shown()
    assert x <= 1800 <= x + w and y <= 1500 <= y + h


def test_a_focus_near_the_boards_edge_shows_no_empty_margin_where_the_board_is_larger():
    pz = board([0, 0, 3000, 2800], focus=(2900, 100))  # near the top right corner
    pz.limit(900, 560)
    x, y, w, h = pz.shown()
    assert (x + w, y) == (3000, 0)  # the view ends at the board's edges, not past them
    pz = board([0, 0, 3000, 800], focus=(2900, 100))  # the board's height fits: all of it, centred
    pz.limit(900, 560)
    x, y, w, h = pz.shown()
    assert x + w == 3000 and y + h / 2 == 400


def drawn_at(pz, x, y):
    """Where the board's point (x, y) is drawn, in px from the top left of
    the board's part of the screen, as the browser does it: the SVG laid out
    at `frame` with the viewBox `viewbox()` ("meet", centred), then moved by
    the transform in `style()` (origin 0 0)."""
    vx, vy, vw, vh = (float(v) for v in pz.viewbox().split())
    fw, fh = pz.frame
    s = min(fw / vw, fh / vh)
    qx, qy = (x - vx - vw / 2) * s + fw / 2, (y - vy - vh / 2) * s + fh / 2
    tx, ty, k = (float(v) for v in re.fullmatch(r"transform: translate\((\S+)px, (\S+)px\) scale\((\S+)\)",
                                                 pz.style()).groups())
    return tx + k * qx, ty + k * qy


def close(a, b):
    return all(abs(u - v) < 0.02 for u, v in zip(a, b))


def test_a_bar_growing_above_the_board_changes_its_transform_not_its_viewbox():
    """The board fitted to the space under the bars, whatever their height:
    only the transform changes (no layout of the board's tiles), and a drag
    moves the point under the finger with the finger."""
    pz = board([0, 0, 800, 500], min_scale=0)  # a small board: fitted whole
    pz.frame = (900, 800)  # the SVG's own size (CSS: the wrap's width, the window's height)
    pz.limit(900, 560)
    drawn = pz.viewbox()
    # 1.12 px per unit (560 / 500), centred across the 900 px
    assert close(drawn_at(pz, 0, 0), (2, 0)) and close(drawn_at(pz, 800, 500), (898, 560))
    pz.limit(900, 400)  # the bar above grew by 160 px
    assert pz.viewbox() == drawn
    assert close(drawn_at(pz, 0, 0), (130, 0)) and close(drawn_at(pz, 800, 500), (770, 400))  # 0.8 px per unit
    # the player zooms and pans: still the same viewBox, the view shown fills the space, centred
    pz.step("zoom:in")
    pz.step("pan:l")
    x, y, w, h = pz.shown()
    s = min(900 / w, 400 / h)
    assert pz.viewbox() == drawn
    assert close(drawn_at(pz, x + w / 2, y + h / 2), (450, 200))
    assert close(drawn_at(pz, x + w, y + h), (450 + s * w / 2, 200 + s * h / 2))
    # a drag: the board's point under the finger follows it
    rect = (0, 0, 900, 400)
    under = (x + w / 2 + (100 - 450) / s, y + h / 2 + (100 - 200) / s)
    assert close(drawn_at(pz, *under), (100, 100))
    pz.pointer_down(1, 100, 100)
    assert pz.pointer_move(1, 160, 130, rect) == "capture"
    assert pz.viewbox() == drawn and close(drawn_at(pz, *under), (160, 130))
