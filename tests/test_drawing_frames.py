"""A drawing's large parts each in a frame of their own only where a part
runs long (web/ui/drawing.py, issue 26): a slow tablet gets short frames, a
fast device the whole move in one frame."""

from __future__ import annotations

from . import fake_dom
from .test_answering import app, at_table  # noqa: F401  (the fixture)


def frames_for_a_drawing(app, monkeypatch, part_ms: float, parts: int = 3) -> int:
    """How many animation frames a bot's move drawing takes when each of its
    `parts` parts takes `part_ms` of script to morph."""
    at_table(app, "thurn_taxis", ["human", "bot"])
    left = [parts]
    now = [0.0]

    def render_part():
        if not left[0]:
            return False
        left[0] -= 1
        now[0] += part_ms
        return True

    frames = []
    monkeypatch.setattr(fake_dom.dom, "render_part", render_part, raising=False)
    monkeypatch.setattr(fake_dom.dom, "clock", lambda: now[0], raising=False)
    monkeypatch.setattr(fake_dom.dom, "in_frame", frames.append, raising=False)
    app.request_draw()
    while app.later:  # the tasks before the first frame: the build, asking for the frame
        app.later.pop(0)()
    count = 0
    while frames:
        count += 1
        frames.pop(0)()
        while app.later:
            app.later.pop(0)()
    assert not app.draw_asked and left[0] == 0
    return count


def test_quick_parts_share_one_frame(app, monkeypatch):  # noqa: F811
    assert frames_for_a_drawing(app, monkeypatch, part_ms=1) == 1


def test_a_part_that_runs_long_leaves_the_next_to_the_next_frame(app, monkeypatch):  # noqa: F811
    # a frame a part, and the rest of the table (its bars, dialogs) in one more
    assert frames_for_a_drawing(app, monkeypatch, part_ms=20) == 4


def building_tasks(app, monkeypatch, between=None):
    """Run a drawing asked for task by task: in which task the game's screen
    and the frame around it were built, and what the page got."""
    import ui.table

    task, built = [0], []
    screen_parts, render_frame = app.screen_parts, ui.table.render_frame
    monkeypatch.setattr(app, "screen_parts", lambda *a: (built.append(("screen", task[0])), screen_parts(*a))[1])
    monkeypatch.setattr(ui.table, "render_frame", lambda *a, **k: (built.append(("frame", task[0])),
                                                                   render_frame(*a, **k))[1])
    app.request_draw()
    while app.later:
        task[0] += 1
        app.later.pop(0)()
        if between and task[0] == 1:
            between()
    assert not app.draw_asked and app.building is None
    return built


def test_a_drawing_is_built_in_two_tasks(app, monkeypatch):  # noqa: F811
    at_table(app, "thurn_taxis", ["human", "bot"])
    assert building_tasks(app, monkeypatch) == [("screen", 1), ("frame", 2)]


def test_a_move_between_the_two_is_drawn_built_anew(app, monkeypatch):  # noqa: F811
    s = at_table(app, "thurn_taxis", ["human", "bot"])
    moves = len(s.state.actions)

    def a_move():  # the human moves after the screen was built for the table before it
        s.act(s.my_legal()[0])
        app.request_draw()

    built = building_tasks(app, monkeypatch, between=a_move)
    assert built == [("screen", 1), ("screen", 2), ("frame", 3)]  # the half built for before is let go
    assert len(s.state.actions) == moves + 1
    assert f'data-decision="{s.decision}"' in fake_dom.dom.by_id("app").html
