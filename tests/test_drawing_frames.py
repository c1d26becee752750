"""A drawing's large parts each in a frame of their own only where a part
runs long (web/ui/drawing.py, issue 26): a slow tablet gets short frames, a
fast device the whole move in one frame."""

from __future__ import annotations

from . import fake_dom
from .test_answering import app, at_table  # noqa: F401  (the fixture)


def frames_for_a_drawing(app, monkeypatch, part_ms, rest_ms: float = 1) -> list:
    """The animation frames a bot's move drawing takes when its parts take
    `part_ms` (one figure each) of script to morph and the rest `rest_ms`:
    what each frame drew ("" the rest)."""
    at_table(app, "thurn_taxis", ["human", "bot"])
    left = [f"part{i}" for i in range(len(part_ms))]
    cost = dict(zip(left, part_ms), **{"": rest_ms})
    now = [0.0]

    def render_part():
        now[0] += cost[left.pop(0)]
        return True

    frames, drawn = [], []
    monkeypatch.setattr(fake_dom.dom, "next_part", lambda: left[0] if left else "", raising=False)
    monkeypatch.setattr(fake_dom.dom, "render_part", lambda: (drawn[-1].append(left[0]), render_part())[1],
                        raising=False)
    monkeypatch.setattr(fake_dom.dom, "clock", lambda: now[0], raising=False)
    monkeypatch.setattr(fake_dom.dom, "in_frame", frames.append, raising=False)
    render = fake_dom.dom.render
    monkeypatch.setattr(fake_dom.dom, "render", lambda *a: (drawn[-1].append(""), render(*a),
                                                            now.__setitem__(0, now[0] + rest_ms)), raising=False)
    app.request_draw()
    while app.later:  # the tasks before the first frame: the build, asking for the frame
        app.later.pop(0)()
    while frames:
        drawn.append([])
        frames.pop(0)()
        while app.later:
            app.later.pop(0)()
    assert not app.draw_asked and not left
    return drawn


def test_quick_parts_share_one_frame(app, monkeypatch):  # noqa: F811
    assert frames_for_a_drawing(app, monkeypatch, [1, 1, 1]) == [["part0", "part1", "part2", ""]]


def test_a_part_that_runs_long_leaves_the_next_to_the_next_frame(app, monkeypatch):  # noqa: F811
    # a frame a part, and the rest of the table (its bars, dialogs) in one more
    assert frames_for_a_drawing(app, monkeypatch, [20, 20, 20]) == [["part0"], ["part1"], ["part2"], [""]]


def test_a_part_that_ran_long_the_last_time_waits_for_a_frame_of_its_own(app, monkeypatch):  # noqa: F811
    # the first drawing learns what each part takes; the next one does not put a
    # quick part and a long one in one frame, nor the rest after a part if it ran long
    frames_for_a_drawing(app, monkeypatch, [1, 20, 1], rest_ms=6)
    assert frames_for_a_drawing(app, monkeypatch, [1, 20, 1], rest_ms=6) == [["part0"], ["part1"], ["part2"], [""]]


def building_tasks(app, monkeypatch, between=None):
    """Run a drawing asked for task by task: in which task the view, the
    game's screen, the lines around it, the frame around it and its parsing
    were done, and what the page got."""
    import ui.table

    task, built = [0], []

    def noted(what, f):
        return lambda *a, **k: (built.append((what, task[0])), f(*a, **k))[1]

    s = app.session
    monkeypatch.setattr(s, "shown_view", noted("view", s.shown_view))
    monkeypatch.setattr(app.screen, "render", noted("screen", app.screen.render))
    monkeypatch.setattr(app.screen, "player_details", noted("lines", app.screen.player_details))
    monkeypatch.setattr(ui.table, "render_frame", noted("frame", ui.table.render_frame))
    monkeypatch.setattr(fake_dom.dom, "parse_ahead", noted("parse", fake_dom.dom.parse_ahead), raising=False)
    app.request_draw()
    while app.later:
        task[0] += 1
        app.later.pop(0)()
        if between and task[0] == 2:
            between()
    assert not app.draw_asked and app.building is None
    return built


BUILT = [("view", 1), ("screen", 2), ("lines", 3), ("frame", 4), ("parse", 5)]


def test_a_drawing_is_built_in_short_tasks(app, monkeypatch):  # noqa: F811
    at_table(app, "thurn_taxis", ["human", "bot"])
    assert building_tasks(app, monkeypatch) == BUILT


def test_a_move_between_the_steps_is_drawn_built_anew(app, monkeypatch):  # noqa: F811
    s = at_table(app, "thurn_taxis", ["human", "bot"])
    moves = len(s.state.actions)

    def a_move():  # the human moves after the screen was built for the table before it
        s.act(s.my_legal()[0])
        app.request_draw()

    built = building_tasks(app, monkeypatch, between=a_move)
    # the half built for before is let go: built anew from the view on
    assert built == [("view", 1), ("screen", 2)] + [(what, n + 2) for what, n in BUILT]
    assert len(s.state.actions) == moves + 1
    assert f'data-decision="{s.decision}"' in fake_dom.dom.by_id("app").html
