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


def test_zooming_out_stops_at_the_minimum_and_fit_comes_back_to_it():
    pz = board([-1000, -1000, 3000, 2800], focus=(0, 0))
    pz.limit(900, 560)
    most = pz.shown()[2]
    pz.step("zoom:out")
    assert pz.shown()[2] <= most + 1e-6
    pz.step("zoom:in")
    assert pz.shown()[2] < most
    pz.step("fit")
    pz.limit(900, 560)
    assert abs(pz.shown()[2] - most) < 1e-6


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
