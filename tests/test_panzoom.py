"""A board's pan and zoom (ui.kit.PanZoom), pure arithmetic: a minimum
on-screen scale turns "fit to the screen" into a view of the largest part
that keeps it, around the screen's focus, and the player pans from there."""

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
