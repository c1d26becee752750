"""Which taps count (ui/taps.py): a control bound to the table's decision
acts once, on what was on the screen when the finger came down.  Times in ms
on the page's clock, as the browser stamps its events."""

from . import ui_support  # noqa: F401

from ui.taps import DOUBLE_MS, SLOP_PX, Taps  # noqa: E402


def table(decision=1, at=0.0):
    taps = Taps()
    taps.drawn(decision, at)
    return taps


def press(taps, t, detail=1, x=100.0, y=100.0, touch=False):
    """A press and its click at time t (the click a few ms later); `detail`:
    the browser's count of clicks in a row."""
    taps.down(t, x, y, touch)
    return taps.click(t + 5, detail)


def test_a_double_click_acts_once_when_the_page_draws_faster_than_the_finger():
    taps = table(1, 0)
    first = press(taps, 1000)
    assert taps.counts(first, ("act", "0", "1"), 1, True)
    taps.drawn(2, 1020)  # the move is made and the next decision drawn at once
    second = press(taps, 1060, detail=2)  # the same finger again, 60 ms later: a "Pass" now under it
    assert second is first
    assert not taps.counts(second, ("act", "0", "2"), 2, True)
    third = press(taps, 1120, detail=3)  # a triple click: its third press neither
    assert not taps.counts(third, ("act", "0", "2"), 2, True)
    # the player looks, then taps the new button: it counts
    assert taps.counts(press(taps, 1500), ("act", "0", "2"), 2, True)


def test_a_double_tap_counts_as_one_even_where_the_browser_counts_each_tap_alone():
    taps = table(1, 0)
    first = press(taps, 1000, touch=True)
    assert taps.counts(first, ("handoff", "", "1"), 1, True)
    taps.drawn(2, 1010)
    again = press(taps, 1070, touch=True)  # detail 1 again, but close in time and place
    assert again is first and not taps.counts(again, ("act", "3", "2"), 2, True)
    apart = press(taps, 1140 + DOUBLE_MS, touch=True)
    assert apart is not first and taps.counts(apart, ("act", "3", "2"), 2, True)
    far = press(taps, apart.started + 50, detail=3, x=100 + SLOP_PX + 30, touch=True)
    assert far is not apart, "a tap elsewhere is a new one, whatever count the browser gives it"


def test_a_quick_single_click_on_a_new_screen_counts():
    """A quick player (or a test) taps each button as it appears: a click the
    browser counts as a first one is a new tap."""
    taps = table(1, 0)
    assert taps.counts(press(taps, 1000), ("answer", "0:0:5", "1"), 1, True)
    taps.drawn(2, 1040)
    assert taps.counts(press(taps, 1090), ("answer", "1:0:6", "2"), 2, True)


def test_a_tap_queued_behind_the_redraw_does_nothing():
    taps = table(1, 0)
    first = press(taps, 1000)
    assert taps.counts(first, ("handoff", "", "1"), 1, True)
    queued = press(taps, 1050, x=400, y=300)  # elsewhere, while the page was still busy drawing
    taps.drawn(2, 1300)  # the redraw ends after that press began
    assert not taps.counts(queued, ("act", "3", "2"), 2, True)


def test_the_same_control_pressed_again_counts():
    """ "rotate" twice, "+" three times: a repeated local step is meant."""
    taps = table(4, 0)
    tap = press(taps, 1000)
    assert taps.counts(tap, ("ui", "rot", "4"), 4, True)
    assert taps.counts(press(taps, 1080, 2), ("ui", "rot", "4"), 4, True)
    assert taps.counts(press(taps, 1160, 3), ("ui", "rot", "4"), 4, True)
    # ... but a control that the step put under the finger does not
    assert not taps.counts(press(taps, 1240, 4), ("act", "2", "4"), 4, True)


def test_a_control_drawn_for_another_decision_does_nothing():
    taps = table(7, 0)
    assert not taps.counts(press(taps, 1000), ("act", "0", "6"), 7, True)
    assert not taps.counts(press(taps, 5000), ("act", "0", None), 7, True)
    # the decision changed but is not drawn yet: nothing on the screen is for it
    assert not taps.counts(press(taps, 9000), ("act", "0", "8"), 8, True)


def test_controls_not_bound_to_the_decision_always_count():
    taps = table(1, 0)
    tap = press(taps, 1000)
    assert taps.counts(tap, ("menu", "", None), None, False)
    taps.drawn(2, 1010)
    assert taps.counts(press(taps, 1060, 2), ("rules", "x", "2"), 2, False)
    # the menu was this multi-tap's first control: a bound one under it does not count
    assert not taps.counts(press(taps, 1120, 3), ("act", "0", "2"), 2, True)


def test_a_key_or_a_script_click_is_a_tap_of_its_own():
    taps = table(1, 0)
    press(taps, 1000)
    taps.drawn(2, 1010)
    key = taps.click(1040, 0)
    assert key.started == 1040 and taps.counts(key, ("act", "0", "2"), 2, True)
    assert not taps.counts(taps.click(1005, 0), ("act", "0", "2"), 2, True)  # queued behind the redraw


def test_a_guests_taps_are_bound_to_the_hosts_decision_its_table_was_drawn_for():
    """On a guest's device (ui/devices/joining.py) the table is drawn for the
    host's decision number: a tap on a control drawn for an earlier one does
    nothing; with no table up (joining) nothing is bound."""
    from types import SimpleNamespace

    from . import fake_dom

    fake_dom.install()
    from ui.app import App

    app = SimpleNamespace(guest=SimpleNamespace(decision=7), session=None, replay=None, taps=table(7, 0),
                          BOUND=App.BOUND)
    before, now = SimpleNamespace(decision="6"), SimpleNamespace(decision="7")
    assert not App.tap_counts(app, "act", "0", before, press(app.taps, 1000))
    assert App.tap_counts(app, "act", "0", now, press(app.taps, 2000))
    app.guest.decision = None
    assert App.tap_counts(app, "act", "0", before, press(app.taps, 3000))
